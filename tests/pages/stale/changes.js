// The differential test's changes (tests/e2e/differential.py): each a function of `r`, a
// number in [0, 1) drawn by the test's seeded generator (no Math.random here: a seed replays
// the same changes). Each returns a condition the test waits for (a function: true once the
// change has taken effect), so the normal and the exact read read the same page.
// window.html: nothing the journals are blind to; index.html: everything issue 26 found.
const byId = (id) => document.getElementById(id);
const done = () => true;
window.__changes = {
  'window.html': {
    'attribute': (r) => { byId('other').setAttribute('aria-label', `Label ${Math.floor(r * 99)}`); return done; },
    'class-only CSS': () => { byId('slides').classList.toggle('roomy'); return done; },
    'text': (r) => { byId('other').textContent = `Other ${Math.floor(r * 99)}`; return done; },
    'add element': (r) => {
      const b = document.createElement('button');
      b.textContent = `Added ${Math.floor(r * 99)}`;
      byId('slides').after(b);
      return done;
    },
    'remove first slide': () => { document.querySelector('#slides > button')?.remove(); return done; },
    'value by script': (r) => { byId('fullname').value = `Value ${Math.floor(r * 99)}`; return done; },
    'checked by script': () => { byId('hascheck').checked = !byId('hascheck').checked; return done; },
    'scroll': (r) => { window.scrollTo(0, r < 0.5 ? 0 : 160); return done; },
    'resize-like zoom of a box': (r) => { byId('grouped').style.width = `${200 + Math.floor(r * 300)}px`; return done; },
    'slot moved': () => { const m = byId('moved'); m.slot = m.slot === 'a' ? 'b' : 'a'; return done; },
    'shadow content': (r) => {
      byId('shadowclick').shadowRoot.getElementById('target').textContent = `Shadow ${Math.floor(r * 99)}`;
      return done;
    },
    'listener added late': () => { byId('other').addEventListener('click', () => {}); return done; },
    'pushState': (r) => { history.pushState({}, '', r < 0.5 ? 'app/v2/window.html' : 'window.html'); return done; },
    'base href': (r) => {
      let b = document.querySelector('base');
      if (!b) { b = document.createElement('base'); document.head.prepend(b); }
      b.href = r < 0.5 ? 'app/v3/' : './';
      return done;
    },
    'timer': (r) => {
      let fired = false;
      setTimeout(() => { byId('other').textContent = `By timer ${Math.floor(r * 99)}`; fired = true; }, 30);
      return () => fired;
    },
    'focus by script': () => { byId('fullname').focus(); return done; },
    'rule inserted': (r) => {
      const sheet = document.styleSheets[0];
      sheet.insertRule(`#other { margin-left: ${Math.floor(r * 40)}px }`, sheet.cssRules.length);
      return done;
    },
    'dialog': () => {
      let d = document.querySelector('dialog');
      if (!d) { d = document.createElement('dialog'); d.innerHTML = '<button>In dialog</button>'; document.body.append(d); }
      if (d.open) d.close(); else d.show();
      return done;
    },
    'popover': () => { byId('tip').togglePopover(); return done; },
  },
  'index.html': {
    'animation fill forwards': () => {
      byId('anim').animate([{ visibility: 'hidden' }], { duration: 20, fill: 'forwards' });
      return () => document.getAnimations().every((a) => a.playState === 'finished');
    },
    'custom state': () => { const s = byId('state').states; if (s.has('open')) s.delete('open'); else s.add('open'); return done; },
    'slot assign': (r) => {
      byId('manual').shadowRoot.querySelector('slot').assign(byId(r < 0.5 ? 'ma' : 'mb'));
      return done;
    },
    'popover in shadow': () => { byId('popper').shadowRoot.getElementById('pop').togglePopover(); return done; },
    'custom validity': () => { const c = byId('code'); c.setCustomValidity(c.validationMessage ? '' : 'bad'); return done; },
    'define': () => { if (!customElements.get('x-late')) customElements.define('x-late', class extends HTMLElement {}); return done; },
    'closed root': (r) => { window.closedRoot.querySelector('button').textContent = `Closed ${Math.floor(r * 99)}`; return done; },
    'rule edited in place': () => {
      const rule = [...byId('rules').sheet.cssRules].find((x) => x.selectorText === '#cssom');
      rule.style.display = rule.style.display === 'none' ? 'block' : 'none';
      return done;
    },
    'muted': () => { byId('vid').muted = !byId('vid').muted; return done; },
    'frame text': (r) => {
      byId('inner').contentDocument.getElementById('tick').textContent = `Inner ${Math.floor(r * 99)}`;
      return done;
    },
    'value by script': (r) => { byId('prop').value = `Prop ${Math.floor(r * 99)}`; return done; },
  },
  // custom.html: custom elements with no ElementInternals (the fast paths stand), and with
  // ?internals one that has them (what its ARIA says changes with no mutation)
  'custom.html': {
    'text': (r) => { byId('other').textContent = `Other ${Math.floor(r * 99)}`; return done; },
    'card label': (r) => { document.querySelector('x-plain').setAttribute('label', `Card ${Math.floor(r * 99)}`); return done; },
    'card content': (r) => {
      document.querySelector('x-plain').shadowRoot.querySelector('button').textContent = `Card ${Math.floor(r * 99)}`;
      return done;
    },
    'define': () => { if (!customElements.get('x-late')) customElements.define('x-late', class extends HTMLElement {}); return done; },
    'define with internals': () => {
      if (!customElements.get('x-late-aria')) {
        customElements.define('x-late-aria', class extends HTMLElement {
          constructor() { super(); const i = this.attachInternals(); i.role = 'button'; i.ariaLabel = 'Late aria button'; }
        });
      }
      return done;
    },
    'internals aria': (r) => {
      const box = document.querySelector('x-aria');
      if (box) box.internals.ariaChecked = r < 0.5 ? 'true' : 'false';
      if (box) box.internals.ariaLabel = `Aria ${Math.floor(r * 99)}`;
      return done;
    },
  },
};
// run one change; the test polls window.__changeDone() until it is true
window.__change = (page, kind, r) => { window.__changeDone = window.__changes[page.split('?')[0]][kind](r); };
