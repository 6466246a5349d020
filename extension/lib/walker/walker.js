// axsnap DOM-channel walker: one self-contained function that runs inside the page.
//
// It is injected with chrome.scripting.executeScript({func: axsnapWalk, world: 'ISOLATED'})
// and must therefore reference nothing outside its own body (no imports, no closures).
// With opts.keepAs it keeps itself in that world, and later reads of the document run the
// kept function instead of injecting the source again (walker_capture.js). The
// same source runs in a plain page for tests (Selenium strips the `export`); there
// chrome.dom is absent and only open shadow roots are reachable.
//
// It reports facts, not verdicts: the host (pipeline/walker_merge.py, pipeline/elements.py)
// decides what is interactive and visible. The page cannot see backendNodeIds or event
// listeners: the extension adds them to the records afterwards (walker_ids.js: `b`, `k`),
// and the host can still join records to a DOMSnapshot on the frame-aware XPath.
//
// It never writes to the page: no attributes, no overlays, no expandos; only reads
// (getComputedStyle, getBoundingClientRect, elementFromPoint, chrome.dom). With
// opts.track (the extension) it keeps state in its own isolated world's globalThis, which
// the page cannot see: a stable id per reported element (a WeakMap) and, with opts.hold,
// the run's reported elements themselves, which the extension then resolves to
// backendNodeIds over CDP (walker_ids.js). Plain-page runs (tests, fixture recording)
// leave both off.
//
// Cost (viewport-only): an element whose box misses the window is not walked into unless
// something under it can still paint there: its visible overflow reaches the window (its
// scroll size beyond its client size, unclipped), or it is an ancestor of a fixed/absolute
// box that reaches the window (such boxes escape their ancestors' boxes and overflow), or
// it has no box at all (display:contents). A pruned subtree costs one
// getBoundingClientRect and four layout reads at its root; computed style is read only for
// elements that are walked, and by one lazy pass per document that reads `position` of
// every element (about 1 µs each in an isolated world) to find the escaping boxes. That
// pass enters open shadow roots and the closed roots of custom elements; a closed root on a
// built-in element (asking chrome.dom about every div and span doubles the pass) is only
// seen when the walk reaches its host.
//
// Output (compact; keys are short because a big page gives tens of thousands of records):
//   {v:1, url, title, viewport:{w,h}, scroll:{x,y,w,h}, dpr,
//    frames:[{url, parent, owner, ox, oy, n}], // walker frame 0 = the document walked first;
//                                              // n: elements in that frame's document
//    elements:[record...],                     // pre-order; a record's parent comes before it
//    [captureWalker adds subframes:[{frameId, documentId, result}] — runs in cross-origin
//     frames, frame-local coordinates; the host stitches them under their <iframe>]
//    stats:{visited, emitted, elapsed_ms, capped (node cap hit), depth_capped (subtrees cut
//           at the depth cap), hidden_subtrees (display:none / opacity:0, not walked),
//           offscreen_subtrees (boxes outside the window whose content cannot reach it,
//           not walked), outside_window (elements walked but outside the window, not
//           reported), frames_skipped (iframes whose document is not reachable:
//           cross-origin), positioned (fixed/absolute boxes reaching the window, found by
//           the scan), scan_ms (that scan), max_depth, elements_total (elements of
//           this document's light DOM)},
//    with track: world (this isolated world's token), alive (ids of elements reported by
//    earlier runs in this world that are still connected), and with hold: run (this run's
//    token: the extension takes its elements with it), reported?: true (the run was
//    reported through opts.report, the extension's binding)}
// record: {p: parent record in the flat tree or -1, f: frame, s: flat-tree step ("div[2]";
//          "html" for a frame's root) — the chain of `s` over `p` is the join key the host
//          also computes from DOMSnapshot, which lists the flat (composed) tree: a shadow
//          host's shadow-root children, a slot's assigned elements;
//          d?: DOM XPath step where it differs ("#shadow-root/span", a slotted element's
//          step among its host's children), dp?: DOM parent record where it differs (slotted
//          elements: the host) — the chain of (d||s) over (dp||p) is the displayed XPath;
//          r:[x,y,w,h] (CSS px, top-level viewport coordinates), vis:1|0, hid?: "visibility"|"size", win?:1 (in the expanded window), inv?:1 (in the
//          viewport), top?:1|0 (centre not covered; absent = not checked), cb?: what covers it when top is 0
//          ("div#overlay": the positioned box over it), ptr?:1 (own
//          cursor:pointer) | 2 (inherited from the parent), c?:[reason...] (why it may be
//          interactive; "label": a <label> of an enabled form control), a?:{attr:value},
//          tx?: text (a label's: without its controls' text), val?: current value, filled?:1|0
//          (password fields: the value itself is never read out), ptx?: the parent's text
//          (short parents only; a re-render signature hint), w?: stable id in this world
//          (track only; same element, same id, for its life), idu?:1 (its id resolves to
//          it in its root), sr?:1 (walked into its shadow root), fr?: walker frame index of the
//          document it owns (iframes), xo?:1 (an iframe whose document is cross-origin) with
//          co:[x,y] (its content-box origin, top-level viewport coordinates), scr?: 1|2|3
//          (a scroll container: overflow auto/scroll with more content than box on x: 1,
//          y: 2, both: 3)}
// A frame whose parent can reach it returns {v:1, covered:true, url}.
export function axsnapWalk(opts) {
  const t0 = performance.now();
  // opts.keepAs (the extension): keep this very function in this isolated world under that
  // name, so the next read of the document runs it without its source injected again
  // (walker_capture.js). The page cannot see the extension's world.
  if (opts && typeof opts.keepAs === 'string' && opts.keepAs.startsWith('__axsnapWalk_')) {
    globalThis[opts.keepAs] = axsnapWalk;
  }
  // The extension's one-off binding (walker_ids.js): called once at the end to name this
  // world's execution context; its global is dropped at once, whatever happens next.
  let report = null;
  if (opts && typeof opts.report === 'string') {
    report = globalThis[opts.report];
    try { delete globalThis[opts.report]; } catch (e) { report = null; }
  }
  // opts.axJournal (the AX window read, lib/reuse/ax_window_kept.js): in the main frame, take the
  // AX cache's change journal (extension/content/axwatch.js, a content script in this same world)
  // since the token `take`, or arm it: whether the AX nodes kept from the last read hold.
  // Only a document of at most `max` elements keeps them: a bigger one's journal is left
  // alone (taking or arming it reads every control's state, and it would end the
  // whole-page AX cache's journal). The journal's nodes mark the records
  // whose AX node may have changed (`axJournal.dirty`, indices into the records). Taken
  // after the walk, in the same task (nothing of the page runs in between): the walk's scan
  // of positioned boxes has visited every element of the document and found its shadow
  // roots, which the journal then need not look for again (`takeJournal`).
  let axJournal = null;
  let journalSelf = null;
  let journalTree = null;
  let journalAbove = null;
  let journalMs = 0;
  if (window !== window.top) {
    // A frame whose parent document is reachable (same origin) is walked from there.
    let covered = false;
    try { covered = window.frameElement !== null; } catch (e) { covered = false; }
    if (covered) return { v: 1, covered: true, url: document.URL };
  }
  const o = opts || {};
  const viewportOnly = o.viewportOnly !== false;
  const expand = Math.max(0, Number(o.expandPx) || 0);
  const maxNodes = o.maxNodes || 200000;
  const maxDepth = o.maxDepth || 256;
  const textMax = o.textMax || 120;
  // Semantic mode (format "semantic"): also report landmarks and text blocks with their
  // font, colours and the reasons a person could not see them (`hx`), and walk into
  // opacity:0 subtrees instead of skipping them (hidden text is what it looks for).
  const semantic = o.semantic === true;
  const blockMax = semantic ? 600 : textMax;
  const hasChromeDom = typeof chrome !== 'undefined' && chrome && chrome.dom
    && typeof chrome.dom.openOrClosedShadowRoot === 'function';

  const SKIP = new Set(['script', 'style', 'noscript', 'meta', 'link', 'head', 'template',
    'title', 'base']);
  // Elements allowed to host an author shadow root (custom elements too): never walk a
  // user-agent shadow root (<input>, <video>, ...).
  const SHADOW_HOSTS = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1',
    'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);
  const FORM = new Set(['button', 'select', 'textarea', 'input', 'option', 'summary']);
  const ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'option', 'combobox', 'textbox', 'searchbox',
    'slider', 'spinbutton', 'treeitem', 'gridcell', 'listbox', 'scrollbar']);
  const ACTION_ATTRS = ['data-action', 'ng-click', 'v-on:click', '@click', 'x-on:click',
    'data-onclick', 'jsaction', 'hx-get', 'hx-post', 'wire:click'];
  const ATTRS = ['id', 'name', 'type', 'role', 'aria-label', 'placeholder', 'title', 'alt',
    'href', 'tabindex', 'contenteditable', 'aria-expanded', 'aria-checked', 'aria-selected',
    'aria-pressed', 'aria-disabled', 'aria-haspopup', 'disabled', 'checked', 'readonly',
    'autocomplete', 'inputmode', 'for', 'data-testid', 'aria-labelledby'];  // never `value`: see `val`
  const SEM_ATTRS = [...ATTRS, 'aria-describedby', 'aria-controls', 'aria-required',
    'aria-invalid', 'required', 'aria-modal', 'src', 'width', 'height', 'class', 'action', 'method',
    'maxlength', 'pattern', 'min', 'max', 'open', 'aria-current', 'rel', 'lang'];
  const SCROLLING = new Set(['auto', 'scroll', 'overlay']);
  const SKELETON_CHILDREN = 4;
  const FIELDS = new Set(['input', 'select', 'textarea']);
  const NAMED_BY_ATTR = ['aria-label', 'aria-labelledby', 'title', 'alt', 'placeholder'];
  const LABEL_SKIP = new Set(['select', 'textarea', 'datalist', 'script', 'style']);
  const LANDMARKS = new Set(['header', 'nav', 'main', 'aside', 'footer', 'form', 'dialog', 'section',
    'article', 'table', 'tr', 'ul', 'ol', 'fieldset', 'img', 'video', 'iframe', 'frame']);
  const BLOCKS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'blockquote', 'td', 'th', 'pre',
    'figcaption', 'dd', 'dt', 'caption', 'legend', 'summary']);
  const bgMemo = new WeakMap();
  const TRACK_KEY = '__axsnapWalker';  // on the isolated world's globalThis, never the page's
  const MAX_TRACKED = 200000;
  const MAX_PENDING_RUNS = 4;

  const topWin = window;
  const vw = document.documentElement.clientWidth || topWin.innerWidth;
  const vh = document.documentElement.clientHeight || topWin.innerHeight;
  const win = viewportOnly
    ? { l: -expand, t: -expand, r: vw + expand, b: vh + expand }
    : { l: -Infinity, t: -Infinity, r: Infinity, b: Infinity };

  const stats = { visited: 0, emitted: 0, elapsed_ms: 0, capped: false, depth_capped: 0,
    hidden_subtrees: 0, offscreen_subtrees: 0, outside_window: 0, frames_skipped: 0,
    positioned: 0, scan_ms: 0, max_depth: 0, above: 0, below: 0 };
  const frames = [];
  const out = [];
  const track = o.track === true ? trackState() : null;
  const outEls = track && o.hold === true ? [] : null;  // the element of each record

  // State kept between runs in this isolated world (the extension's, invisible to the page).
  function trackState() {
    let st = globalThis[TRACK_KEY];
    if (!st) {
      st = { world: Math.random().toString(36).slice(2) + Date.now().toString(36), next: 1,
        runs: 0, ids: new WeakMap(), refs: new Map(), pending: new Map() };
      globalThis[TRACK_KEY] = st;
    }
    return st;
  }

  function trackedId(el) {
    let id = track.ids.get(el);
    if (id === undefined) {
      id = track.next++;
      track.ids.set(el, id);
    }
    track.refs.delete(id);  // re-inserted last: the oldest are dropped first
    track.refs.set(id, new WeakRef(el));
    return id;
  }

  const collapse = (s) => s.replace(/\s+/g, ' ').trim();
  const clip = (s) => (s.length > textMax ? s.slice(0, textMax) : s);

  // The colour behind an element: its own background, else its nearest painted ancestor's.
  function backgroundOf(el) {
    let n = el;
    const chain = [];
    let bg = 'rgb(255, 255, 255)';
    while (n && n.nodeType === 1) {
      const known = bgMemo.get(n);
      if (known !== undefined) { bg = known; break; }
      chain.push(n);
      const c = getComputedStyle(n).backgroundColor;
      if (c && c !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(c)) { bg = c; break; }
      n = n.parentElement || (n.parentNode && n.parentNode.host) || null;
    }
    for (const m of chain) bgMemo.set(m, bg);
    return bg;
  }

  function filterOpacity(filter) {
    let found = 1;
    for (const m of String(filter || '').matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/g)) {
      found *= parseFloat(m[1]) / (m[2] ? 100 : 1);
    }
    return found;
  }

  function scaledToNothing(transform) {
    const m = /matrix\(\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*,\s*([-\d.e]+)/.exec(String(transform || ''));
    if (!m) return false;
    const [a, b, c, d] = m.slice(1, 5).map(Number);
    return (Math.abs(a) < 1e-3 && Math.abs(b) < 1e-3) || (Math.abs(c) < 1e-3 && Math.abs(d) < 1e-3);
  }

  // Why a person cannot see what is inside this box (inherited by everything under it).
  function hidingOf(el, style, w, h, x, y) {
    const hx = [];
    // near-zero opacity, also through filter: opacity() (pipeline/hidden.py reads the same)
    const opacity = parseFloat(style.opacity);
    if ((Number.isFinite(opacity) && opacity <= 0.05) || filterOpacity(style.filter) <= 0.05) hx.push('opacity_0');
    if (scaledToNothing(style.transform)) hx.push('scaled_0');
    if (el.getAttribute('aria-hidden') === 'true') hx.push('aria_hidden');
    if ((style.clip && style.clip.startsWith('rect')) || (style.clipPath && style.clipPath !== 'none')) {
      hx.push('clipped');
    }
    const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
    if (clips && (w < 6 || h < 6)) hx.push(h === 0 || w === 0 ? 'zero_size' : 'tiny_box');
    if (x + w <= 0 || y + h + (topWin.scrollY || 0) <= 0) hx.push('off_screen');
    if ((parseFloat(style.textIndent) || 0) <= -500) hx.push('text_indent');
    return hx;
  }

  function ownText(el) {
    let s = '';
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) s += n.data;
    }
    return collapse(s);
  }

  // What an element shows as text: its text nodes in order, without <style>/<script>
  // content (an inline SVG's CSS), without hidden descendants (display:none, hidden,
  // visibility:hidden), a space where a block or a control starts (``<li>A</li><li>B</li>``
  // reads "A B", not "AB"). Bounded: it stops once it has enough text or nodes. A
  // descendant element's style is read only when it has something to hide or separate.
  const TEXT_SKIP = new Set(['style', 'script', 'noscript', 'template', 'title']);
  const INLINE = new Set(['inline', 'contents']);
  function shownText(el) {
    if (!el.firstElementChild) return collapse(el.textContent || '');
    let s = '';
    let seen = 0;
    const stack = [el];
    while (stack.length && s.length <= textMax + 20 && seen < 200) {
      const n = stack.pop();
      seen++;
      if (n === ' ') { s += ' '; continue; }
      if (n.nodeType === 3) { s += n.data; continue; }
      if (n.nodeType !== 1 || (n !== el && TEXT_SKIP.has(n.localName))) continue;
      if (n !== el) {
        if (n.hidden) continue;
        const cs = getComputedStyle(n);
        if (cs.display === 'none' || cs.visibility === 'hidden' || cs.visibility === 'collapse') {
          continue;
        }
        if (!INLINE.has(cs.display) || FORM.has(n.localName)) { s += ' '; stack.push(' '); }
      }
      for (let k = n.lastChild; k; k = k.previousSibling) stack.push(k);
    }
    return collapse(s);
  }

  // The options of a <select>, as shown: the first SELECT_OPTIONS and how many there are.
  const SELECT_OPTIONS = 12;
  function selectOptions(el) {
    const list = [];
    const opts = el.options || [];
    for (let i = 0; i < opts.length && list.length < SELECT_OPTIONS; i++) {
      list.push(clip(collapse(opts[i].label || opts[i].textContent || '')));
    }
    return { list, total: opts.length };
  }

  // Hints for a control that shows no text: what the page offers to name it (title, aria-*,
  // alt, an icon class such as fa-trash, an SVG <title>, an image's file name), its own or
  // its descendants' (a few levels).
  const ICON_CLASS = /^(?:fa|fas|far|fab|bi|glyphicon|icon|material-icons|mdi|ti|las|la)-?(.*)$/;
  function iconHint(el) {
    const todo = [el];
    for (let i = 0; i < todo.length && i < 12; i++) {
      const n = todo[i];
      for (const a of ['aria-label', 'title', 'alt', 'aria-description', 'data-tooltip',
        'data-original-title', 'data-title']) {
        const v = n.getAttribute && n.getAttribute(a);
        if (v && v.trim()) return clip(collapse(v));
      }
      if (n.localName === 'svg' || n.localName === 'title') {
        const t = n.localName === 'title' ? n : n.querySelector('title');
        if (t && t.textContent.trim()) return clip(collapse(t.textContent));
      }
      const cls = typeof n.className === 'string' ? n.className.split(/\s+/) : [];
      for (const c of cls) {
        const m = ICON_CLASS.exec(c);
        if (m && m[1] && !/^(?:solid|regular|brands|lg|xs|sm|fw|[0-9]x)$/.test(m[1])) return m[1];
      }
      const src = n.localName === 'img' ? n.getAttribute('src') : imageUrl(n);
      const file = src && /([^/?#]+?)(?:\.[a-z0-9]{2,4})?(?:[?#].*)?$/i.exec(src);
      if (file && !src.startsWith('data:')) return clip(file[1]);
      for (let k = n.firstElementChild; k; k = k.nextElementSibling) todo.push(k);
    }
    return '';
  }

  function imageUrl(n, style) {
    if (n.nodeType !== 1) return '';
    const cs = style || getComputedStyle(n);
    for (const v of [cs.content, cs.backgroundImage]) {
      const m = v && /url\(["']?([^"')]+)["']?\)/.exec(v);
      if (m) return m[1];
    }
    return '';
  }

  // A small box that shows a picture and no text: a candidate icon control (the host keeps
  // it when a click listener on it or on a close ancestor says it acts).
  function looksLikeIcon(el, tag, w, h, style) {
    if (w <= 0 || h <= 0 || w > 96 || h > 96) return false;
    if (tag === 'img' || tag === 'svg' || tag === 'i') return true;
    if (el.childElementCount > 2) return false;
    if (imageUrl(el, style)) return true;
    const cls = typeof el.className === 'string' ? el.className : '';
    return /(?:^|\s)(?:fa|fas|far|fab|bi|glyphicon|material-icons|mdi|icon)(?:[-\s]|$)/.test(cls)
      || el.querySelector('svg, img, i') !== null;
  }

  // A label's own words: what it says about its control, not the control's options/value.
  function labelText(el) {
    let s = '';
    const stack = [el];
    while (stack.length) {
      const n = stack.pop();
      if (n.nodeType === 3) s += n.data;
      else if (n.nodeType === 1 && (n === el || !LABEL_SKIP.has(n.localName))) {
        for (let k = n.lastChild; k; k = k.previousSibling) stack.push(k);
      }
    }
    return collapse(s);
  }

  // ---- What a person sees of a control (issue 30): its name and where it came from, its
  // state, the row/field/card it sits in. Read only for the records the walk reports as
  // controls; bounded (a few ancestors, a few siblings, capped text).
  const ICON_FONT = /(?:^|\s)(?:material-icons|material-symbols|material-icons-\w+|material-symbols-\w+|mi|icon-font)(?:\s|$)/;
  const OWN_TEXT_ROLES = new Set(['radio', 'checkbox', 'option', 'treeitem', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'switch', 'tab']);
  const NESTED_SKIP = new Set(['group', 'tree', 'listbox', 'menu', 'radiogroup', 'tablist']);
  const CONTROL_TAGS = new Set(['input', 'select', 'textarea', 'button', 'a']);
  function isIconFont(n) {
    if (n.nodeType !== 1) return false;
    const cls = typeof n.className === 'string' ? n.className : '';
    if (ICON_FONT.test(cls)) return true;
    const tag = n.localName;
    if (tag !== 'i' && tag !== 'span') return false;
    const t = n.textContent || '';
    if (n.childElementCount || !/^[a-z][a-z0-9_]{2,40}$/.test(t.trim())) return false;
    const ff = getComputedStyle(n).fontFamily || '';
    return /material|icon|symbol/i.test(ff);
  }
  // The words a person reads on the element: text nodes, block breaks as spaces, without
  // hidden parts, icon-font ligatures (kept apart as `lig`) and, with `own`, nested groups
  // (a tree item's children) and nested controls.
  function personText(el, own, lig) {
    let s = '';
    let seen = 0;
    const stack = [el];
    while (stack.length && s.length <= textMax && seen < 200) {
      const n = stack.pop();
      seen++;
      if (n === ' ') { s += ' '; continue; }
      if (n.nodeType === 3) { s += n.data; continue; }
      if (n.nodeType !== 1 || (n !== el && TEXT_SKIP.has(n.localName))) continue;
      if (n !== el) {
        if (n.hidden || LABEL_SKIP.has(n.localName)) continue;
        if (isIconFont(n)) { if (lig) lig.push(collapse(n.textContent || '')); continue; }
        if (own) {
          const r = n.getAttribute('role');
          if (r && (NESTED_SKIP.has(r) || OWN_TEXT_ROLES.has(r))) continue;
          if (n.localName === 'ul' || n.localName === 'ol') continue;
        }
        const cs = getComputedStyle(n);
        if (cs.display === 'none' || cs.visibility === 'hidden') continue;
        if (!INLINE.has(cs.display)) { s += ' '; stack.push(' '); }
      }
      for (let k = n.lastChild; k; k = k.previousSibling) {
        stack.push(k);
        if (k.nodeType === 1 && k.previousSibling && k.previousSibling.nodeType === 1) stack.push(' ');
      }
    }
    return collapse(s);
  }
  function idsText(el, ids) {
    const root = el.getRootNode();
    if (!root || !root.getElementById) return '';
    return collapse(ids.split(/\s+/).map((id) => root.getElementById(id))
      .filter(Boolean).map((n) => personText(n, false, null)).join(' '));
  }
  // A label a person reads beside a field: a sibling <label> without `for` in the same field
  // group, else the text right before the field in its parent (a paragraph's "Username").
  function besideLabel(el) {
    const parent = el.parentElement;
    if (!parent) return null;
    for (let k = parent.firstElementChild; k; k = k.nextElementSibling) {
      if (k.localName === 'label' && !k.hasAttribute('for') && !k.contains(el) && !k.control) {
        const t = personText(k, false, null);
        if (t) return [t, 'sibling-label'];
      }
    }
    let s = '';
    for (let n = el.previousSibling; n && s.length < 80; n = n.previousSibling) {
      if (n.nodeType === 1 && (CONTROL_TAGS.has(n.localName) || n.localName === 'br')) break;
      const t = n.nodeType === 3 ? n.data : (n.nodeType === 1 ? n.textContent : '');
      s = `${t || ''} ${s}`;
    }
    s = collapse(s).replace(/[:：]\s*$/, '');
    return s ? [clip(s), 'text-before'] : null;
  }
  function personName(el, tag, attrs, role) {
    const lby = attrs['aria-labelledby'];
    if (lby) { const t = idsText(el, lby); if (t) return [clip(t), 'aria-labelledby']; }
    if (attrs['aria-label'] && attrs['aria-label'].trim()) {
      return [clip(collapse(attrs['aria-label'])), 'aria-label'];
    }
    if (FIELDS.has(tag) && el.labels && el.labels.length) {
      const t = collapse(Array.from(el.labels).map((l) => personText(l, false, null)).join(' '));
      if (t) return [clip(t), 'label'];
    }
    if (tag === 'label' && el.control) {
      const t = personText(el, false, null);
      if (t) return [clip(t), 'label'];
    }
    if (!FIELDS.has(tag) || (tag === 'input' && /^(button|submit|reset)$/i.test(el.type))) {
      const lig = [];
      const t = personText(el, OWN_TEXT_ROLES.has(role), lig);
      if (t) return [clip(t), 'text', lig.join(' ')];
      if (tag === 'input' && el.value) return [clip(collapse(el.value)), 'value'];
      for (const a of ['title', 'alt']) {
        if (attrs[a] && attrs[a].trim()) return [clip(collapse(attrs[a])), a];
      }
      const img = el.querySelector && el.querySelector('img[alt]');
      if (img && img.getAttribute('alt').trim()) return [clip(collapse(img.getAttribute('alt'))), 'alt'];
      const svgTitle = el.querySelector && el.querySelector('svg title');
      if (svgTitle && svgTitle.textContent.trim()) {
        return [clip(collapse(svgTitle.textContent)), 'svg-title', lig.join(' ')];
      }
      const hint = iconHint(el) || lig.join(' ');
      if (hint) return [hint, 'icon', lig.join(' ')];
      return null;
    }
    const beside = besideLabel(el);
    if (beside) return beside;
    if (attrs.title && attrs.title.trim()) return [clip(collapse(attrs.title)), 'title'];
    if (attrs.placeholder && attrs.placeholder.trim()) {
      return [clip(collapse(attrs.placeholder)), 'placeholder'];
    }
    return null;
  }
  const ON_CLASS = /(?:^|[\s_-])(?:on|active|checked|enabled|selected|is-on|is-active|is-checked|is-selected|current)(?:$|\s)/i;
  // A control's state as a person sees it: aria-* first, a checked input inside, then the
  // class that draws it (a switch's "on", a tab's "active" among siblings without it).
  function personState(el, tag, attrs, role) {
    const st = {};
    const aria = (n) => { const v = el.getAttribute(n); return v === null ? null : v; };
    const checked = aria('aria-checked');
    if (checked === 'true' || checked === 'false' || checked === 'mixed') {
      st.checked = checked === 'mixed' ? 'mixed' : checked === 'true';
    } else if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
      st.checked = el.checked;
    } else if (tag === 'label' && el.control && (el.control.type === 'checkbox' || el.control.type === 'radio')) {
      st.checked = el.control.checked;
    } else if (!FIELDS.has(tag)) {
      const inner = el.querySelector && el.querySelector('input[type=checkbox], input[type=radio]');
      if (inner && role === 'switch') st.checked = inner.checked;
    }
    const pressed = aria('aria-pressed');
    if (pressed === 'true' || pressed === 'false') st.pressed = pressed === 'true';
    const selected = aria('aria-selected');
    if (selected === 'true' || selected === 'false') st.selected = selected === 'true';
    const current = aria('aria-current');
    if (current && current !== 'false') st.current = current === 'true' ? true : current;
    const expanded = aria('aria-expanded');
    if (expanded === 'true' || expanded === 'false') st.expanded = expanded === 'true';
    const cls = typeof el.className === 'string' ? el.className : '';
    if (st.checked === undefined && st.pressed === undefined && /(?:^|[\s_-])(?:toggle|switch)(?:$|[\s_-])/i.test(cls)) {
      st.checked = ON_CLASS.test(cls);  // a switch drawn by a class: "toggle on"
      st.switch = 1;
    }
    if (st.selected === undefined && st.current === undefined && st.checked === undefined
      && el.parentElement) {
      // one of a row of like siblings marked active: a tab, a segmented button
      const mine = ON_CLASS.test(cls);
      let like = 0;
      let on = 0;
      for (let k = el.parentElement.firstElementChild; k && like < 12; k = k.nextElementSibling) {
        if (k.localName !== tag) continue;
        like++;
        if (ON_CLASS.test(typeof k.className === 'string' ? k.className : '')) on++;
      }
      if (like >= 2 && on === 1) st.selected = mine;
    }
    if (tag === 'label' && el.control && (el.control.type === 'checkbox' || el.control.type === 'radio')) {
      st.control = el.control.type;
      const r = el.control.getBoundingClientRect();
      if (r.width <= 2 || r.height <= 2 || getComputedStyle(el.control).opacity === '0') st.hiddenControl = 1;
    }
    return st;
  }
  // The row, field or card a control sits in, by the words there that are not its own: the
  // first text of the nearest ancestor (up to four up) that has any ("Milestone" for the
  // "Edit" button of its row).
  const GROUP_ROLES = new Set(['group', 'radiogroup', 'tablist', 'toolbar', 'region', 'dialog',
    'listbox', 'menu', 'tree', 'grid', 'row']);
  // Not a row's words: a control, or a box holding one. A link's words may name the row of
  // another kind of control (the sender of a message row names its star button).
  function isControlish(k, links, linksInside) {
    const tag = k.localName;
    if (HEADINGS.has(tag)) return false;  // a heading names its row, a link in it or not
    // a link with a title's length names its row (a search result's heading), a command's not
    const titled = tag === 'a' && (k.textContent || '').trim().length > 15;
    if ((CONTROL_TAGS.has(tag) && !((links || titled) && tag === 'a')) || TEXT_SKIP.has(tag)) {
      return true;
    }
    const r = k.getAttribute('role');
    return (r && ROLES.has(r.split(' ')[0])) || k.hasAttribute('tabindex')
      || k.querySelector(links || linksInside ? 'input, select, textarea, button, [role], [tabindex]'
        : 'input, select, textarea, button, a[href], [role], [tabindex]') !== null;
  }
  const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
  const ROW_SETS = new Set(['html', 'body', 'table', 'thead', 'tbody', 'tfoot', 'ul', 'ol', 'dl', 'form']);
  // The region a list or a form sits in, as a person would say it: its label or heading,
  // else what it is ("footer", "navigation").
  const LANDMARK_WORDS = { nav: 'navigation', footer: 'footer', header: 'header', aside: 'sidebar',
    navigation: 'navigation', contentinfo: 'footer', banner: 'header', complementary: 'sidebar' };
  function landmarkOf(from, name) {
    for (let a = from, up = 0; a && up < 8 && a.localName !== 'body'; a = a.parentElement, up++) {
      if (a.localName === 'tr') {  // a table row's header cell ("Mozilla projects")
        const th = a.querySelector(':scope > th');
        const t = th && !th.contains(from) ? personText(th, false, null) : '';
        if (t && t !== name) return t.length > 60 ? `${t.slice(0, 59)}…` : t;
      }
      const role = a.getAttribute('role');
      const word = LANDMARK_WORDS[role] || LANDMARK_WORDS[a.localName];
      if (!word && a.localName !== 'section' && role !== 'region' && a.localName !== 'form') {
        // a box whose title comes first ("Contents" over a table of contents)
        const first = a.firstElementChild;
        if (first && first !== from && !first.contains(from) && (HEADINGS.has(first.localName)
          || /(?:^|\s)[\w-]*title(?:\s|$)/.test(typeof first.className === 'string' ? first.className : ''))) {
          const t = personText(first, false, null);
          if (t && t !== name) return t.length > 60 ? `${t.slice(0, 59)}…` : t;
        }
        continue;
      }
      const label = a.getAttribute('aria-label');
      let s = label && label.trim() ? collapse(label) : '';
      if (!s && a.getAttribute('aria-labelledby')) s = idsText(a, a.getAttribute('aria-labelledby'));
      if (!s) {
        const h = a.querySelector('h1, h2, h3, h4, h5, h6');
        if (h) s = personText(h, false, null);
      }
      if (!s) s = word || '';
      if (s && s !== name) return s.length > 60 ? `${s.slice(0, 59)}…` : s;
    }
    return '';
  }
  function personContext(el, name) {
    let child = el;
    let links = el.localName !== 'a';
    const usable = (s) => s && s !== name && !name.includes(s);
    for (let up = 0, a = el.parentElement; a && up < 4; up++, child = a, a = a.parentElement) {
      let s = '';
      const role = a.getAttribute('role');
      if ((role && GROUP_ROLES.has(role)) || a.localName === 'fieldset') {
        const label = a.getAttribute('aria-label');
        if (label && label.trim()) s = collapse(label);
        else if (a.getAttribute('aria-labelledby')) s = idsText(a, a.getAttribute('aria-labelledby'));
      }
      if (usable(s)) return s.length > 60 ? `${s.slice(0, 59)}…` : s;
      if (ROW_SETS.has(a.localName)) {
        // many rows' words; but a nested menu's list goes on to the item that holds it
        const list = a.localName === 'ul' || a.localName === 'ol';
        if (!(list && a.parentElement && a.parentElement.localName === 'li')) {
          // a list's items under a header item ("LABELS", then its links)
          for (let k = list ? child.previousElementSibling : null, n = 0; k && n < 40;
            k = k.previousElementSibling, n++) {
            if (!isControlish(k, false)) {
              const t = personText(k, false, null);
              if (usable(t)) return t.length > 60 ? `${t.slice(0, 59)}…` : t;
            }
          }
          return landmarkOf(a, name);
        }
        links = true;
        up--;
        continue;
      }
      const legend = !s && a.querySelector(':scope > legend, :scope > h1, :scope > h2, :scope > h3, :scope > h4');
      if (legend && !legend.contains(el)) s = personText(legend, false, null);
      for (let k = a.firstChild; k && !usable(s) && k !== child; k = k.nextSibling) {
        if (k.nodeType === 3) s = collapse(k.data);
        else if (k.nodeType === 1 && !isControlish(k, links)) s = personText(k, false, null);
      }
      if (!usable(s)) {
        for (let k = child.nextSibling; k && !usable(s); k = k.nextSibling) {
          if (k.nodeType === 3) s = collapse(k.data);
          else if (k.nodeType === 1 && !isControlish(k, links, true)) s = personText(k, false, null);
        }
      }
      if (usable(s)) return s.length > 60 ? `${s.slice(0, 59)}…` : s;
    }
    return '';
  }
  // The dialog a control sits in: <dialog open>, role dialog/alertdialog, aria-modal, or a
  // fixed box whose class says modal/dialog/popup (a class-only overlay). Its name: its
  // label, else its first heading, else "dialog".
  const DIALOG_CLASS = /(?:^|[\s_-])(?:modal|dialog|popup|lightbox|drawer)(?:$|[\s_-])/i;
  function dialogOf(el) {
    let d = el.closest('dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]');
    if (!d) {
      for (let a = el.parentElement, up = 0; a && up < 12 && a.localName !== 'body'; a = a.parentElement, up++) {
        const cls = typeof a.className === 'string' ? a.className : '';
        if (DIALOG_CLASS.test(cls) && getComputedStyle(a).position === 'fixed') { d = a; break; }
      }
    }
    if (!d) return '';
    const label = d.getAttribute('aria-label');
    if (label && label.trim()) return clip(collapse(label));
    if (d.getAttribute('aria-labelledby')) {
      const t = idsText(d, d.getAttribute('aria-labelledby'));
      if (t) return clip(t);
    }
    const h = d.querySelector('h1, h2, h3, h4, h5, h6');
    const t = h ? personText(h, false, null) : '';
    return t ? clip(t) : 'dialog';
  }
  function personFacts(el, tag, attrs, data) {
    const dialog = dialogOf(el);
    if (dialog) data.dlg = dialog;
    const role = (attrs.role || '').split(' ')[0];
    const named = personName(el, tag, attrs, role);
    if (named) {
      data.nm = named[0];
      data.ns = named[1];
      if (named[2]) data.lig = clip(named[2]);
    }
    const st = personState(el, tag, attrs, role);
    if (Object.keys(st).length) data.st = st;
    const ctx = personContext(el, named ? named[0] : '');
    if (ctx) data.ctx = ctx;
  }
  const LIVE_ROLES = new Set(['status', 'alert', 'log', 'alertdialog']);
  const TOAST_CLASS = /(?:^|[\s_-])(?:toast|snackbar|notification|flash|alert)(?:$|[\s_-])/i;
  function liveKind(el) {
    const role = el.getAttribute('role');
    if (role && LIVE_ROLES.has(role)) return role;
    const live = el.getAttribute('aria-live');
    if (live && live !== 'off') return 'live';
    const cls = typeof el.className === 'string' ? el.className : '';
    return TOAST_CLASS.test(cls) ? 'toast' : '';
  }

  function shadowOf(el, tag) {
    if (!(SHADOW_HOSTS.has(tag) || tag.indexOf('-') > 0)) return null;
    if (hasChromeDom) {
      try { return chrome.dom.openOrClosedShadowRoot(el) || null; } catch (e) { return null; }
    }
    return el.shadowRoot || null;
  }

  function reasons(el, tag, attrs) {
    const c = [];
    if (FORM.has(tag) && !(tag === 'input' && el.type === 'hidden')) c.push('form');
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) c.push('href');
    if (el.hasAttribute('onclick') || el.hasAttribute('onmousedown')) c.push('onclick');
    const role = attrs.role;
    if (role && ROLES.has(role.split(' ')[0])) c.push('role');
    const ti = el.getAttribute('tabindex');
    if (ti !== null && Number(ti) >= 0) c.push('tabindex');
    if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) {
      c.push('editable');
    }
    for (const name of ACTION_ATTRS) {
      if (el.hasAttribute(name)) { c.push('action'); break; }
    }
    // A click on it reaches its control (what DOMSnapshot's isClickable says of a label).
    if (tag === 'label' && el.control && !el.control.disabled) c.push('label');
    return c;
  }

  function readAttrs(el) {
    let a = null;
    for (const name of (semantic ? SEM_ATTRS : ATTRS)) {
      const v = el.getAttribute(name);
      if (v !== null) {
        if (!a) a = {};
        a[name] = v.length > 200 ? v.slice(0, 200) : v;
      }
    }
    if (el.hasAttribute('onclick')) { if (!a) a = {}; a.onclick = ''; }
    for (const name of ACTION_ATTRS) {
      if (el.hasAttribute(name)) { if (!a) a = {}; a[name] = ''; }
    }
    return a;
  }

  // The centre first, then points near the edges and corners (10% / 90% of the box).
  const HIT_POINTS = [[0.5, 0.5], [0.1, 0.5], [0.9, 0.5], [0.5, 0.1], [0.5, 0.9], [0.1, 0.1],
    [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]];
  // Is the element hit-tested to itself (or something inside it)? The centre first, then
  // the other HIT_POINTS: a partly covered element counts when one of them is its own, and
  // `pt` gets the visible point (viewport coordinates of its frame) when it is not the
  // centre. An element whose centre is out of view (beyond the viewport or its scrolling
  // box's visible rect) is not judged; other points out of view are not tested.
  function topmost(el, r, ctx, data) {
    const frameWin = ctx.fw;
    const box = ctx.clip;
    const root = el.getRootNode();
    const doc = root && root.elementFromPoint ? root : el.ownerDocument;
    const points = HIT_POINTS;
    let tested = 0;
    let firstHit = null;
    for (const [fx, fy] of points) {
      const x = r.left + r.width * fx;
      const y = r.top + r.height * fy;
      const outside = x < 0 || y < 0 || x >= frameWin.w || y >= frameWin.h
        || (box && (x < box.l || y < box.t || x >= box.r || y >= box.b));
      // A centre out of view is not judged (scrolling brings it); other points are skipped.
      if (outside && tested === 0 && fx === 0.5 && fy === 0.5) return undefined;
      if (outside) continue;
      tested++;
      const hit = doc.elementFromPoint(x, y);
      if (!firstHit) firstHit = hit;
      for (let n = hit; n; n = n.parentNode || n.host) {
        if (n === el) {
          if (fx !== 0.5 || fy !== 0.5) data.pt = [Math.round(x + ctx.ox), Math.round(y + ctx.oy)];
          return 1;
        }
      }
    }
    if (!tested) return undefined;
    const cover = coverOf(firstHit, el);
    if (cover) data.cb = cover;
    return 0;
  }

  // What covers `el` where it was hit-tested: the nearest positioned box (fixed, absolute,
  // sticky: what leaves the flow and lies over others) around the element that was hit,
  // named tag#id or tag.class, as the host names DOMSnapshot's covers; else the hit itself.
  function coverOf(hit, el) {
    for (let n = hit; n && n.nodeType === 1; n = n.parentElement || (n.getRootNode().host || null)) {
      if (n.contains(el)) break;
      const view = n.ownerDocument.defaultView;
      const position = view ? view.getComputedStyle(n).position : '';
      if (position === 'fixed' || position === 'absolute' || position === 'sticky') return boxName(n);
    }
    return hit && hit.nodeType === 1 && !hit.contains(el) ? boxName(hit) : '';
  }

  function boxName(n) {
    const tag = n.tagName.toLowerCase();
    if (n.id) return `${tag}#${n.id}`.slice(0, 120);
    const first = typeof n.className === 'string' ? n.className.trim().split(/\s+/)[0] : '';
    return (first ? `${tag}.${first}` : tag).slice(0, 120);
  }

  function meets(wn, x, y, w, h) {
    return x + w >= wn.l && y + h >= wn.t && x <= wn.r && y <= wn.b;
  }

  // Does content overflowing the element's box (unclipped) reach the window? Overflow
  // grows right and down from the padding box: the scroll size beyond the client size.
  function overflowReaches(el, x, y, w, h, wn) {
    const sw = el.scrollWidth;
    const sh = el.scrollHeight;
    const cw = el.clientWidth;
    const ch = el.clientHeight;
    if (sw <= cw && sh <= ch) return false;
    const cs = getComputedStyle(el);
    if (cs.overflowX !== 'visible' && cs.overflowY !== 'visible') return false;  // clipped
    return meets(wn, x, y, Math.max(w, sw + w - cw), Math.max(h, sh + h - ch));
  }

  // Fixed and absolute boxes leave their ancestors' boxes and overflow: one pass per
  // document (its shadow trees included) finds those that reach the window, and their
  // flat-tree ancestors are never pruned.
  const scanned = new Set();
  const forced = new Set();

  function markPath(el) {
    const todo = [el];
    while (todo.length) {
      let n = todo.pop();
      while (n && !forced.has(n)) {
        forced.add(n);
        if (n.assignedSlot) todo.push(n.assignedSlot);  // walked under its slot
        n = n.parentNode || n.host;
      }
    }
  }

  // The main document's shadow roots the scan met (open, and closed ones of custom
  // elements: axwatch.js looks for the same), for the journal; complete once the document
  // is in scanRoots.
  const scanRoots = new Map();
  const foundRoots = [];
  function scanTree(root, ctx) {
    const all = root.querySelectorAll('*');
    for (let i = 0; i < all.length; i++) {
      const e = all[i];
      const pos = getComputedStyle(e).position;
      if (pos === 'fixed' || pos === 'absolute') {
        const b = e.getBoundingClientRect();
        const x = b.left + ctx.ox;
        const y = b.top + ctx.oy;
        if (meets(ctx.win, x, y, b.width, b.height)
          || overflowReaches(e, x, y, b.width, b.height, ctx.win)) {
          stats.positioned++;
          markPath(e);
        }
      }
      // Open roots cost a property read; closed ones are asked of chrome.dom for custom
      // elements only (see the header).
      const sr = e.shadowRoot || (e.localName.indexOf('-') > 0 ? shadowOf(e, e.localName) : null);
      if (sr) {
        if (ctx.doc === document) foundRoots.push(sr);
        scanTree(sr, ctx);
      }
    }
  }

  function keep(el, ctx) {
    if (!scanned.has(ctx.doc)) {
      scanned.add(ctx.doc);
      const ts = performance.now();
      scanTree(ctx.doc, ctx);
      scanRoots.set(ctx.doc, []);  // complete: the document's shadow roots are all in it
      stats.scan_ms += performance.now() - ts;
    }
    return forced.has(el);
  }

  // The journal of the main document (see opts.axJournal above), given the shadow roots the
  // scan found when it ran to its end (else the journal looks for them itself).
  function takeJournal() {
    const watch = globalThis.__axsnapAxWatch;
    const journalMax = Number.isInteger(opts.axJournal.max) ? opts.axJournal.max : Infinity;
    if (window !== window.top || !watch || frames[0].n > journalMax) return;
    const tj = performance.now();
    const roots = scanRoots.has(document) ? foundRoots : undefined;
    try {
      const take = opts.axJournal.take;
      const j = typeof take === 'string' ? watch.take(take, roots) : null;
      axJournal = j ? { status: j[0], token: j[1], changed: j.length - 3 }
        : { status: 'armed', token: watch.arm(roots), changed: 0 };
      if (j && j[0] === 'ok') {
        journalSelf = new Set(j.slice(3, 3 + j[2]));
        journalTree = new Set(j.slice(3 + j[2]));
        journalAbove = new Set(typeof watch.above === 'function' ? watch.above() : []);
      }
    } catch (e) { axJournal = null; }
    journalMs = performance.now() - tj;
  }

  // Positional XPath steps of a list of sibling elements, computed once per parent: one
  // pass counts each tag, a second numbers them (the linear fix for browser-use's rescans).
  function steps(kids) {
    const n = kids.length;
    const total = new Map();
    const tags = new Array(n);
    for (let i = 0; i < n; i++) {
      const t = kids[i].nodeName.toLowerCase();
      tags[i] = t;
      total.set(t, (total.get(t) || 0) + 1);
    }
    const seen = new Map();
    const res = new Array(n);
    for (let i = 0; i < n; i++) {
      const t = tags[i];
      const k = (seen.get(t) || 0) + 1;
      seen.set(t, k);
      res[i] = total.get(t) > 1 ? t + '[' + k + ']' : t;
    }
    return { tags, steps: res };
  }

  const lightSteps = new WeakMap();  // shadow host -> Map(light child -> DOM step)
  function lightStepOf(host, el) {
    let m = lightSteps.get(host);
    if (!m) {
      m = new Map();
      const kids = host.children;
      const st = steps(kids).steps;
      for (let i = 0; i < kids.length; i++) m.set(kids[i], st[i]);
      lightSteps.set(host, m);
    }
    return m.get(el);
  }

  // Children in the flat tree (what DOMSnapshot reports): a shadow host's shadow-root
  // children, a slot's assigned elements (or its fallback content), else the DOM children.
  // `s` is the flat-tree step (the join key); `d`/`dp` give the DOM XPath where it differs.
  function walkChildren(el, tag, rec, ctx) {
    const sr = shadowOf(el, tag);
    let kids;
    let domPrefix = '';
    let slotHost = null;
    if (sr) {
      rec.data.sr = 1;
      kids = sr.children;
      domPrefix = '#shadow-root/';
    } else if (tag === 'slot' && typeof el.assignedElements === 'function'
      && el.assignedElements().length) {
      kids = el.assignedElements();
      const root = el.getRootNode();
      slotHost = root && root.host ? root.host : null;
    } else {
      kids = el.children;
    }
    const n = kids.length;
    if (!n) return;
    const st = steps(kids);
    for (let i = 0; i < n; i++) {
      const t = st.tags[i];
      if (SKIP.has(t)) continue;
      if (stats.visited >= maxNodes) { stats.capped = true; return; }
      const kid = kids[i];
      let dom = null;
      if (domPrefix) dom = { d: domPrefix + st.steps[i], dp: null };
      else if (slotHost && kid.parentElement === slotHost) {
        let hostRec = rec;
        while (hostRec && hostRec.el !== slotHost) hostRec = hostRec.parent;
        const ds = lightStepOf(slotHost, kid);
        if (hostRec && ds) dom = { d: ds === st.steps[i] ? null : ds, dp: hostRec };
      }
      visit(kid, t, st.steps[i], dom, rec, ctx);
    }
  }

  function emit(rec) {
    // Emit the still-pending ancestors first so every record's parent precedes it.
    if (rec.id >= 0) return;
    if (rec.parent && rec.parent.id < 0) emit(rec.parent);
    rec.id = out.length;
    rec.data.p = rec.parent ? rec.parent.id : -1;
    const el = rec.el;
    if (!rec.data.a && el.id) {
      // Ancestors emitted as skeleton carry their id too: selectors anchor on it.
      rec.data.a = { id: el.id };
      const root = el.getRootNode();
      if (root && root.getElementById && root.getElementById(el.id) === el) rec.data.idu = 1;
    }
    // A small ancestor emitted as skeleton may hold a click listener the walker cannot see
    // (the host learns it from CDP): its text lets the host tell it from its targets.
    if (rec.data.tx === undefined && !rec.data.c && rec.data.vis && el.childElementCount
      <= SKELETON_CHILDREN && el.localName !== 'html' && el.localName !== 'body') {
      const txt = shownText(el);
      if (txt) rec.data.tx = clip(txt);
    }
    if (rec.dom) {
      if (rec.dom.d) rec.data.d = rec.dom.d;
      if (rec.dom.dp) { emit(rec.dom.dp); rec.data.dp = rec.dom.dp.id; }
    }
    if (track) {
      rec.data.w = trackedId(el);
      if (outEls) outEls.push(el);
    }
    out.push(rec.data);
  }

  // Semantic mode: landmarks with their attributes; text blocks with their whole text, font
  // and colours. Returns whether the record is reported for that.
  function semanticFacts(el, tag, style, data) {
    const role = el.getAttribute('role');
    let report = false;
    if (LANDMARKS.has(tag) || role) {
      data.a = readAttrs(el) || {};
      report = true;
    }
    let text = '';
    if (BLOCKS.has(tag)) text = collapse(el.textContent || '');
    else text = ownText(el);
    const lby = semantic && el.getAttribute('aria-labelledby');
    if (lby) {
      const root = el.getRootNode();
      const parts = lby.split(/\s+/).map((id) => root.getElementById && root.getElementById(id))
        .filter(Boolean).map((n) => collapse(n.textContent || ''));
      if (parts.length) data.lb = clip(parts.join(' '));
    }
    if (text) {
      data.tx = text.length > blockMax ? text.slice(0, blockMax) : text;
      data.fs = parseFloat(style.fontSize) || 0;
      const weight = Number(style.fontWeight) || 400;
      if (weight >= 600) data.fw = weight;
      data.col = style.color;
      data.bg = backgroundOf(el);
      if (BLOCKS.has(tag)) data.blk = 1;
      report = true;
    }
    return report;
  }

  function visit(el, tag, step, dom, parentRec, ctx) {
    stats.visited++;
    const depth = ctx.depth + 1;
    if (depth > stats.max_depth) stats.max_depth = depth;
    const b = el.getBoundingClientRect();
    const x = b.left + ctx.ox;
    const y = b.top + ctx.oy;
    const w = b.width;
    const h = b.height;
    const inWin = meets(ctx.win, x, y, w, h);
    // The cheap cut: a box off the window whose content cannot reach it (no style read).
    if (viewportOnly && !inWin && (w > 0 || h > 0) && !keep(el, ctx)
      && !overflowReaches(el, x, y, w, h, ctx.win)) {
      stats.offscreen_subtrees++;
      if (y + h <= ctx.win.t) stats.above++;  // what DOM text says lies outside the window
      else if (y >= ctx.win.b) stats.below++;
      return;
    }
    const style = getComputedStyle(el);
    if (style.display === 'none') { stats.hidden_subtrees++; return; }
    if (style.opacity === '0' && !semantic) { stats.hidden_subtrees++; return; }
    const data = { p: -1, f: ctx.f, s: step, r: [Math.round(x), Math.round(y), Math.round(w),
      Math.round(h)], vis: 1 };
    const rec = { id: -1, parent: parentRec, data, el, dom, ptr: false };
    let hx = ctx.hx || null;
    if (semantic) {
      const own = hidingOf(el, style, w, h, x, y);
      if (own.length) hx = [...new Set([...(hx || []), ...own])];
      if (hx) data.hx = hx;
    }
    let visible = true;
    if (style.visibility === 'hidden' || style.visibility === 'collapse') {
      visible = false; data.hid = 'visibility';
    } else if ((w === 0 || h === 0) && style.display !== 'contents') {
      visible = false; data.hid = 'size';
    }
    if (!visible) data.vis = 0;
    if (inWin) data.win = 1;
    else stats.outside_window++;
    if (x + w > 0 && y + h > 0 && x < vw && y < vh) data.inv = 1;
    // A scroll container (the AX formats' window scope reads it here, not in DOMSnapshot).
    const ox = style.overflowX;
    const oy = style.overflowY;
    if ((ox !== 'visible' || oy !== 'visible') && tag !== 'html' && tag !== 'body') {
      const sx = (ox === 'auto' || ox === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      const sy = (oy === 'auto' || oy === 'scroll') && el.scrollHeight > el.clientHeight + 1;
      if (sx || sy) data.scr = (sx ? 1 : 0) + (sy ? 2 : 0);
    }
    const cursorPtr = style.cursor === 'pointer';
    const parentPtr = parentRec ? parentRec.ptr : false;
    rec.ptr = cursorPtr;
    if (cursorPtr) data.ptr = parentPtr ? 2 : 1;

    // A box that scrolls: its content may lie beyond its fold (the host marks it).
    const scrolls = (SCROLLING.has(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      || (SCROLLING.has(style.overflowX) && el.scrollWidth > el.clientWidth + 1);
    // Outside the visible part of the scrolling/clipping boxes around it (below a list's
    // fold): reported with clip:1, for the whole-page read, never hit-tested. Fixed and
    // absolute boxes leave those boxes (taken as escaping: the hit test still decides).
    if (style.position === 'fixed' || style.position === 'absolute') ctx = { ...ctx, clip: null };
    const clipped = ctx.clip && (b.right <= ctx.clip.l || b.bottom <= ctx.clip.t
      || b.left >= ctx.clip.r || b.top >= ctx.clip.b);
    let report = false;
    if (semantic && inWin && (visible || data.hid === 'size')) report = semanticFacts(el, tag, style, data);
    // Semantic mode: the page's layout blocks (a top bar, a side column, a modal), by which the
    // host places what no landmark holds; only near the root, or fixed and sticky ones.
    if (semantic && inWin && visible && !report && (tag === 'div' || tag.includes('-'))
      && w >= 120 && h >= 40
      && (depth <= 5 || style.position === 'fixed' || style.position === 'sticky')) {
      data.a = readAttrs(el) || {};
      data.lay = 1;
      report = true;
    }
    if (semantic && report && (style.position === 'fixed' || style.position === 'sticky')) {
      data.pos = style.position;
    }
    if (visible && inWin) {
      const attrs = readAttrs(el) || {};
      const c = reasons(el, tag, attrs);
      if (cursorPtr && !parentPtr) c.push('pointer');
      if (scrolls && tag !== 'html' && tag !== 'body') { c.push('scroll'); data.scr = 1; }
      const own = ownText(el);
      const icon = !c.length && !own && looksLikeIcon(el, tag, w, h, style);
      if (c.length || icon) {
        if (c.length) data.c = c;
        else data.ic = 1;  // an icon: interactive only if a listener says so (the host)
        // A select's or textarea's textContent is its option list / initial value, not
        // what it shows: `val` carries that.
        let txt = '';
        if (tag === 'label') txt = labelText(el);
        else if (tag !== 'select' && tag !== 'textarea') txt = shownText(el);
        if (txt) data.tx = clip(txt);
        else if (!NAMED_BY_ATTR.some((a) => attrs[a]) && !FIELDS.has(tag)) {
          const hint = iconHint(el);
          if (hint) data.hint = hint;
        }
        if (tag === 'input' || tag === 'textarea' || tag === 'select') {
          if (tag === 'input' && (el.type || '').toLowerCase() === 'password') {
            data.filled = el.value ? 1 : 0;
          } else if (tag === 'select') {
            const opt = el.selectedOptions && el.selectedOptions[0];
            data.val = clip(opt ? collapse(opt.textContent || '') : '');
            const options = selectOptions(el);
            data.opts = options.list;
            data.optn = options.total;
          } else if (!(tag === 'input' && (el.type === 'checkbox' || el.type === 'radio'))) {
            data.val = clip(String(el.value || ''));
          }
          if (el.type === 'checkbox' || el.type === 'radio') data.chk = el.checked ? 1 : 0;
        }
        if (el.disabled) data.dis = 1;
        personFacts(el, tag, attrs, data);
        // Context for the host's re-render signature (tells the "Delete" buttons of a
        // list apart): the parent's text, only for small parents so it stays cheap.
        const parent = el.parentElement;
        if (parent && parent.childElementCount <= 16) {
          const ptx = collapse(parent.textContent || '');
          if (ptx) data.ptx = ptx.slice(0, 80);
        }
        report = true;
      } else if (own && !data.tx) {
        data.tx = clip(own);
        report = true;
      }
      const live = liveKind(el);
      if (live) {
        const said = shownText(el);
        if (said) { data.live = live; data.ltx = clip(said); report = true; }
      }
      if (report) {
        if (Object.keys(attrs).length) data.a = attrs;
        if (attrs.id) {
          const root = el.getRootNode();
          if (root && root.getElementById && root.getElementById(attrs.id) === el) data.idu = 1;
        }
        if (ctx.frameCovered) data.top = 0;
        else if (clipped) data.clip = 1;
        else {
          const t = topmost(el, b, ctx, data);
          if (t !== undefined) data.top = t;
        }
      }
    }
    if (report) { emit(rec); stats.emitted++; }

    if (depth >= maxDepth) { stats.depth_capped++; return; }
    if (tag === 'svg' || tag === 'math') return;
    // A box that clips its overflow and lies outside the window shows nothing there but
    // the fixed/absolute boxes that escape it (kept by the scan).
    const clips = style.overflowX !== 'visible' && style.overflowY !== 'visible';
    if (viewportOnly && !inWin && clips && style.display !== 'contents' && !keep(el, ctx)) {
      stats.offscreen_subtrees++;
      return;
    }
    if (tag === 'iframe' || tag === 'frame') {
      walkFrame(el, rec, b, ctx, depth, inWin, data);
      return;
    }
    // Its content shows only inside its padding box when it clips (scrolls or hides).
    let innerClip = ctx.clip;
    if ((style.overflowX !== 'visible' || style.overflowY !== 'visible') && tag !== 'html'
      && tag !== 'body' && style.display !== 'contents') {
      const l = b.left + el.clientLeft;
      const t = b.top + el.clientTop;
      const box = { l, t, r: l + el.clientWidth, b: t + el.clientHeight };
      innerClip = ctx.clip ? { l: Math.max(box.l, ctx.clip.l), t: Math.max(box.t, ctx.clip.t),
        r: Math.min(box.r, ctx.clip.r), b: Math.min(box.b, ctx.clip.b) } : box;
    }
    walkChildren(el, tag, rec, { f: ctx.f, ox: ctx.ox, oy: ctx.oy, fw: ctx.fw,
      frameCovered: ctx.frameCovered, depth, win: ctx.win, doc: ctx.doc, hx, clip: innerClip });
  }

  function walkFrame(el, rec, b, ctx, depth, inWin, data) {
    let doc = null;
    try { doc = el.contentDocument; } catch (e) { doc = null; }
    const cs = getComputedStyle(el);
    const ox = ctx.ox + b.left + el.clientLeft + (parseFloat(cs.paddingLeft) || 0);
    const oy = ctx.oy + b.top + el.clientTop + (parseFloat(cs.paddingTop) || 0);
    if (!doc || !doc.documentElement) {
      // Cross-origin: its own walker run (injected into every frame) covers it and the host
      // stitches that run under this record, shifted by the content-box origin `co`.
      stats.frames_skipped++;
      if (data.vis && inWin) {
        data.xo = 1;
        data.co = [Math.round(ox), Math.round(oy)];
        if (data.top === undefined && !ctx.frameCovered) {
          const t = topmost(el, b, ctx, data);
          if (t !== undefined) data.top = t;
        }
        if (rec.id < 0) { emit(rec); stats.emitted++; }
      }
      return;
    }
    if (viewportOnly && !inWin) { stats.offscreen_subtrees++; return; }
    const fwin = doc.defaultView;
    const fi = frames.length;
    frames.push({ url: doc.URL, parent: ctx.f, ox: Math.round(ox), oy: Math.round(oy),
      n: doc.getElementsByTagName('*').length });
    // The iframe element must be emitted so its document's records have a parent chain.
    data.fr = fi;
    if (data.top === undefined && !ctx.frameCovered) {
      const t = topmost(el, b, ctx, data);
      if (t !== undefined) data.top = t;
    }
    if (rec.id < 0) { emit(rec); stats.emitted++; }
    frames[fi].owner = rec.id;
    const fw = { w: doc.documentElement.clientWidth || (fwin && fwin.innerWidth) || 0,
      h: doc.documentElement.clientHeight || (fwin && fwin.innerHeight) || 0 };
    // The frame's document shows only through the iframe's content box.
    const fwn = viewportOnly
      ? { l: Math.max(ctx.win.l, ox), t: Math.max(ctx.win.t, oy),
        r: Math.min(ctx.win.r, ox + fw.w), b: Math.min(ctx.win.b, oy + fw.h) }
      : ctx.win;
    const fctx = { f: fi, ox, oy, depth, fw, win: fwn, doc, hx: data.hx || null,
      frameCovered: ctx.frameCovered || data.top === 0 };
    const html = doc.documentElement;
    visit(html, html.nodeName.toLowerCase(), 'html', null, rec, fctx);
  }

  frames.push({ url: document.URL, parent: -1, owner: -1, ox: 0, oy: 0,
    n: document.getElementsByTagName('*').length });
  const html = document.documentElement;
  try {
    if (html) {
      visit(html, html.nodeName.toLowerCase(), 'html', null, null,
        { f: 0, ox: 0, oy: 0, depth: 0, fw: { w: vw, h: vh }, frameCovered: false, win,
          doc: document });
    }
  } catch (e) {
    stats.error = String((e && e.message) || e);  // keep what was walked
  }
  // Semantic mode: the whole document's shape (light DOM), whatever window the records cover,
  // so the host types the page from all of it: form fields, lists (<li> and runs of alike
  // <div> rows), prose, tables, result headings, and the labels that several controls share
  // (a semantic id qualifies those by their row in every read, not only when a twin is in it).
  function pageTally() {
    const started = performance.now();
    const LIMIT = 4000;
    const shown = (el) => (typeof el.checkVisibility === 'function'
      ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0);
    const CHROME = 'nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo], '
      + '[role=complementary]';
    const CJK = /[\u3000-\u30ff\uff00-\uffef\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/g;
    const reading = (s) => s.length + ((s.match(CJK) || []).length);
    const CARD = /card|cc-?num|cvv|cvc|csc|expir/i;
    const SEARCH_NAMES = new Set(['q', 'query', 'search', 'wd', 's']);
    const NO_ROW = new Set(['li', 'tr', 'td', 'th', 'body', 'html', 'main', 'form', 'ul', 'ol', 'table', 'tbody']);
    const t = { passwords: 0, text_inputs: 0, search_inputs: 0, textareas: 0, selects: 0, checkboxes: 0,
      radios: 0, list_items: 0, linked_items: 0, long_blocks: 0, paragraphs: 0, text_chars: 0,
      tables: 0, rows: 0, articles: 0, result_blocks: 0, row_checkboxes: 0, div_rows: 0, repeated: [],
      long_pre: 0, long_items: 0, widgets: 0, action_rows: 0, partial: false };
    const rowOf = new Map();  // a repeated row (one of 4+ alike siblings) of an element
    const alikeMemo = new Map();  // parent → (tag + class → count)
    const alike = (el) => {
      const p = el.parentElement;
      if (!p || p.childElementCount < 4) return 0;
      let counts = alikeMemo.get(p);
      if (!counts) {
        counts = new Map();
        for (const c of p.children) {
          const key = `${c.localName} ${c.getAttribute('class') || ''}`;
          counts.set(key, (counts.get(key) || 0) + 1);
        }
        alikeMemo.set(p, counts);
      }
      return counts.get(`${el.localName} ${el.getAttribute('class') || ''}`) || 0;
    };
    const rowAbove = (el, steps, items = false) => {
      for (let a = el.parentElement, i = 0; a && i < steps; a = a.parentElement, i++) {
        if (a.localName === 'tr' || (items && a.localName === 'li')) return a;
        if (!NO_ROW.has(a.localName) && alike(a) >= 4) return a;
      }
      return null;
    };
    let n = 0;
    for (const el of document.querySelectorAll('input, textarea, select')) {
      if (++n > LIMIT) { t.partial = true; break; }
      if (!shown(el)) continue;
      const tag = el.localName;
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (tag === 'textarea') t.textareas++;
      else if (tag === 'select') t.selects++;
      else if (type === 'password') {
        const named = `${el.name} ${el.id} ${el.getAttribute('autocomplete') || ''}`;
        if (!CARD.test(named)) t.passwords++;
      } else if (type === 'checkbox') {
        t.checkboxes++;
        if (rowAbove(el, 6, true)) t.row_checkboxes++;
      } else if (type === 'radio') t.radios++;
      else if (['text', 'email', 'tel', 'url', 'number', 'search', ''].includes(type)) {
        if (type === 'search' || el.getAttribute('role') === 'searchbox' || SEARCH_NAMES.has(el.name)) t.search_inputs++;
        else t.text_inputs++;
      }
    }
    n = 0;
    for (const li of document.querySelectorAll('li')) {
      if (++n > LIMIT) { t.partial = true; break; }
      if (li.closest(CHROME) || !shown(li)) continue;
      t.list_items++;
      if (li.querySelector(':scope > a, :scope > * > a')) t.linked_items++;
      const raw = li.textContent || '';
      if (raw.length >= 150 && reading(raw.replace(/\s+/g, ' ').trim()) >= 150) t.long_items++;
    }
    n = 0;
    let preChars = 0;
    for (const el of document.querySelectorAll('p, blockquote, dd, pre')) {
      if (++n > LIMIT) { t.partial = true; break; }
      const text = (el.textContent || '').replace(/\s+/g, ' ').trim();
      if (text.length < 40 || !shown(el)) continue;
      const weight = reading(text);
      const tag = el.localName;
      if (tag !== 'pre' && weight >= 200) t.long_blocks++;
      if (tag === 'pre') preChars += weight;
      if (tag === 'p' && weight >= 100) t.paragraphs++;
      t.text_chars += weight;
    }
    if (preChars >= 3000) t.long_pre = 1;  // a plain-text document (an RFC, a man page)
    t.tables = document.querySelectorAll('table').length;
    t.rows = document.querySelectorAll('tr').length;
    t.articles = document.querySelectorAll('article').length;
    for (const h of document.querySelectorAll('h2, h3')) {
      if (h.querySelector('a[href]') || h.closest('a[href]')) t.result_blocks++;
    }
    const WIDGET = /(^|[\s_-])(kpi|stat|stats|metric|widget|info-box|small-box|chart)([\s_-]|$)/i;
    n = 0;
    for (const el of document.querySelectorAll('[class*=kpi], [class*=stat], [class*=metric], '
      + '[class*=widget], [class*=info-box], [class*=small-box], [class*=chart]')) {
      if (++n > LIMIT * 5) { t.partial = true; break; }
      const cls = typeof el.className === 'string' ? el.className : '';
      if (WIDGET.test(cls) && shown(el)) t.widgets++;
    }
    for (const tr of document.querySelectorAll('tr')) {
      if (tr.querySelector('a[href], button')) t.action_rows++;
    }
    // Runs of alike <div> rows holding a link (a list without <ul>), outside the page's chrome.
    const containers = new Set();
    n = 0;
    for (const a of document.querySelectorAll('a[href]')) {
      if (++n > LIMIT) { t.partial = true; break; }
      if (a.closest(CHROME)) continue;
      const row = rowAbove(a, 4);
      if (row && row.localName !== 'tr' && !containers.has(row.parentElement)) {
        containers.add(row.parentElement);
        t.div_rows += alike(row);
      }
    }
    // Labels that several controls share.
    const counts = new Map();
    n = 0;
    const CONTROLS = 'button, a[href], input[type=button], input[type=submit], input[type=checkbox], '
      + 'input[type=radio], [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem]';
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (++n > LIMIT * 2) { t.partial = true; break; }
      let label = el.getAttribute('aria-label') || '';
      if (!label && el.localName === 'input') {
        label = (el.labels && el.labels[0] && el.labels[0].textContent) || el.value || '';
      }
      if (!label) label = el.textContent || '';
      label = label.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 60);
      if (label) counts.set(label, (counts.get(label) || 0) + 1);
    }
    for (const [label, count] of counts) {
      if (count > 1 && t.repeated.length < 400) t.repeated.push(label);
    }
    t.ms = Math.round((performance.now() - started) * 10) / 10;
    return t;
  }

  if (opts && opts.axJournal) takeJournal();
  const se = document.scrollingElement || document.documentElement;
  const result = {
    v: 1,
    url: document.URL,
    title: document.title,
    name: window.name,
    top: window === window.top,
    viewport: { w: vw, h: vh },
    scroll: { x: Math.round(topWin.scrollX), y: Math.round(topWin.scrollY),
      w: se ? se.scrollWidth : 0, h: se ? se.scrollHeight : 0 },
    dpr: topWin.devicePixelRatio || 1,
    options: { viewportOnly, expandPx: expand },
    frames,
    elements: out,
    stats,
  };
  if (semantic && window === window.top) {
    try { result.tally = pageTally(); } catch (e) { stats.tally_error = String((e && e.message) || e); }
  }
  if (track) {
    // Ids of elements reported in this world that still live (the host's index registry
    // keeps their numbers), and this run's elements for the extension to take.
    const alive = [];
    for (const [id, ref] of track.refs) {
      const e = ref.deref();
      if (e && e.isConnected) alive.push(id);
      else track.refs.delete(id);
    }
    while (track.refs.size > MAX_TRACKED) track.refs.delete(track.refs.keys().next().value);
    result.world = track.world;
    result.alive = alive;
    if (outEls) {
      track.runs += 1;
      result.run = track.world + '.' + track.runs;
      track.pending.set(result.run, outEls);
      while (track.pending.size > MAX_PENDING_RUNS) {
        track.pending.delete(track.pending.keys().next().value);
      }
      if (typeof report === 'function') {
        try { report(result.run); result.reported = true; } catch (e) { /* named later */ }
      }
    }
  }
  if (axJournal && journalSelf && outEls) {
    // This document's records whose AX node may have changed: a changed node (its flat-tree
    // ancestors are among them) or inside a changed subtree.
    // `above`: those of them there only as ancestors of a change (their AX node changes only
    // by what it computes from its contents).
    const dirty = [];
    const above = [];
    const inTree = (el) => {
      for (let n = el; n; n = n.nodeType === 11 ? n.host : (n.assignedSlot || n.parentNode)) {
        if (journalTree.has(n)) return true;
      }
      return false;
    };
    for (let i = 0; i < outEls.length; i++) {
      if (out[i].f !== 0) continue;
      const el = outEls[i];
      const underTree = inTree(el);
      if (!journalSelf.has(el) && !underTree) continue;
      dirty.push(i);
      if (!underTree && journalAbove.has(el)) above.push(i);
    }
    axJournal.dirty = dirty;
    axJournal.above = above;
  }
  if (axJournal) result.axJournal = axJournal;
  stats.scan_ms = Math.round(stats.scan_ms * 10) / 10;
  if (axJournal) stats.journal_ms = Math.round(journalMs * 10) / 10; // the take or the arming
  // The page's size, to say how much a window read left out (light DOM of this document).
  stats.elements_total = document.getElementsByTagName('*').length;
  stats.elapsed_ms = Math.round((performance.now() - t0) * 10) / 10;
  return result;
}
