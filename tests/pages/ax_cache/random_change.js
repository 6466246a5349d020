// One random change by the page's own script, from a seed (arguments[0]): text,
// attributes, insertions, removals, classes, hidden, a script-set value, an element wrapped
// in a new group. Run by tests/e2e/test_ax_cache_e2e.py through execute_script.
let s = arguments[0];
const rnd = (n) => { s = (s * 1103515245 + 12345) % 2147483648; return s % n; };
const all = [...document.body.querySelectorAll('*')]
  .filter((e) => !['SCRIPT', 'STYLE'].includes(e.tagName));
const el = all[rnd(all.length)];
if (!el) return 'nothing left';
const kind = ['text', 'attr', 'insert', 'remove', 'class', 'aria', 'hidden', 'value', 'wrap'][rnd(9)];
if (kind === 'text') {
  const t = [...el.childNodes].find((n) => n.nodeType === 3 && n.data.trim());
  if (t) t.data += ' x' + s; else el.append('new text ' + s);
} else if (kind === 'attr') el.setAttribute('title', 'title ' + s);
else if (kind === 'insert') {
  const b = document.createElement(['button', 'a', 'p', 'li', 'span', 'h3'][rnd(6)]);
  b.textContent = 'ins ' + s;
  if (b.tagName === 'A') b.href = '#' + s;
  el.append(b);
} else if (kind === 'remove') { if (el.parentNode) el.remove(); }
else if (kind === 'class') el.className = el.className ? '' : 'zz' + s;
else if (kind === 'aria') el.setAttribute('aria-label', 'label ' + s);
else if (kind === 'hidden') el.hidden = !el.hidden;
else if (kind === 'value') { const i = document.querySelector('input:not([type=password]),textarea'); if (i) i.value = 'v' + s; }
else if (kind === 'wrap') { const d = document.createElement('div'); d.setAttribute('role', 'group'); el.before(d); d.append(el); }
return kind + ' ' + el.tagName;
