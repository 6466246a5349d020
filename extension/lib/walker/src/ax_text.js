// The text of an element's content as Chromium's accessible names read it (ax_name.js):
// rendered text, not source text. Whitespace collapses the way layout collapses it (a run is
// one space; a space at the start of a line or after another space is dropped; a trailing
// one stays), text-transform applies, CSS generated content (::before/::after) counts,
// block-level boxes and out-of-flow boxes are set apart by a space, hidden parts are left
// out, and embedded controls give their value.
import { axStyle, pseudoStyle } from './ax_style.js';
import { contentValueText, isHiddenStyle, transformText } from './ax_text_css.js';

const REPLACED = new Set(['img', 'input', 'select', 'textarea', 'button', 'video', 'audio',
  'canvas', 'iframe', 'embed', 'object', 'svg', 'meter', 'progress']);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'title', 'head']);

/** A writer of collapsed text: `add` appends, `gap` sets words apart (a block edge). */
function writer() {
  return {
    out: '',
    lineStart: true,
    apart: false,  // the next text is in another box: a space before it unless it has one
    add(text, pre) {
      if (!text) return;
      let t = pre ? text : text.replace(/[ \t\n\r\f]+/g, ' ');
      if (!pre && (this.lineStart || this.out.endsWith(' ')) && t.startsWith(' ')) t = t.slice(1);
      if (!t) return;
      if (this.apart && this.out && !this.out.endsWith(' ') && !t.startsWith(' ')) this.out += ' ';
      this.apart = false;
      this.out += t;
      this.lineStart = false;
    },
    kept: -1,  // the length of `out` when a space was followed by an inline box
    atom() {
      if (this.out.endsWith(' ')) this.kept = this.out.length;
      this.lineStart = false;
      this.apart = true;
    },
    gap() {
      if (this.out && !this.out.endsWith(' ')) this.out += ' ';
      this.lineStart = true;
    },
  };
}

const RANGES = new Set(['progressbar', 'slider', 'spinbutton', 'meter', 'scrollbar']);

function controlValue(el, tag) {
  const role = el.getAttribute('role');
  if ((role && RANGES.has(role)) || tag === 'progress' || tag === 'meter') {
    const text = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
    if (text) return text;
    if (tag === 'progress' || tag === 'meter') return String(el.value);
    return null;
  }
  if (tag === 'select') {
    const opt = el.selectedOptions && el.selectedOptions[0];
    return opt ? opt.textContent || '' : '';
  }
  if (tag === 'textarea') return el.value || '';
  if (tag === 'input') {
    const type = (el.type || 'text').toLowerCase();
    if (type === 'hidden' || type === 'checkbox' || type === 'radio' || type === 'file') return '';
    if (type === 'button' || type === 'submit' || type === 'reset') return el.value || '';
    if (type === 'password') return '';
    return el.value || '';
  }
  return null;
}

// Quotes a <q> (or any ::before/::after) generates, as Chromium reads them.
const QUOTES = { 'open-quote': '“', 'close-quote': '”' };

/** The text of `el`'s generated box `which` as layout shows it: none when its own style
 * hides it, set apart when it is a block (or floats, or is placed), text-transform applied. */
function addGenerated(w, el, which) {
  const ps = pseudoStyle(el, which, contentValueText);
  const text = QUOTES[ps.content] || ps.text;
  if (!text || ps.display === 'none' || ps.visibility === 'hidden' || ps.visibility === 'collapse') return;
  const block = !(ps.display.startsWith('inline') || ps.display === 'contents')
    || ps.position === 'absolute' || ps.position === 'fixed' || ps.cssFloat !== 'none';
  if (block) w.gap();
  w.add(transformText(text, ps.textTransform, w), false);
  if (block) w.gap();
}

function addChildren(node, w, depth) {
  const root = node.shadowRoot || node;
  for (let c = root.firstChild; c; c = c.nextSibling) addNode(c, w, depth);
}

function addNode(n, w, depth) {
  if (n.nodeType === 3) {
    const parent = n.parentElement;
    const cs = parent ? axStyle(parent) : null;
    const pre = !!cs && /^pre/.test(cs.whiteSpace);
    w.add(cs ? transformText(n.data, cs.textTransform, w) : n.data, pre);
    return;
  }
  if (n.nodeType !== 1 || depth > 60) return;
  const tag = n.localName;
  if (SKIP.has(tag)) return;
  if (tag === 'slot') {
    const assigned = n.assignedNodes();
    if (assigned.length) { for (const a of assigned) addNode(a, w, depth + 1); return; }
  }
  const cs = axStyle(n);
  if (isHiddenStyle(n, cs)) return;
  const label = (n.getAttribute('aria-label') || '').trim();
  const block = !(cs.display.startsWith('inline') || cs.display === 'contents')
    || cs.position === 'absolute' || cs.position === 'fixed' || cs.cssFloat !== 'none';
  // An inline box of its own (inline-block, a replaced element) sits on the line apart.
  const box = !block && (cs.display !== 'inline' && cs.display !== 'contents' || REPLACED.has(tag));
  if (block) w.gap();
  else if (box) { w.atom(); w.lineStart = true; }
  const value = controlValue(n, tag);
  if (label) {
    w.add(label, false);
  } else if (value !== null) {
    w.add(value, false);
    w.atom();
  } else if (tag === 'img' || tag === 'area') {
    w.add(n.getAttribute('alt') || '', true);
  } else if (tag === 'br') {
    w.gap();
  } else {
    const before = w.out.trim();
    addGenerated(w, n, '::before');
    addChildren(n, w, depth + 1);
    addGenerated(w, n, '::after');
    // Nothing read inside: its tooltip names it (accname 2I).
    if (w.out.trim() === before && n.title) {
      w.add(n.title, false);
    }
  }
  if (block) w.gap();
  else if (box) {
    // its own last line ends here: a space it ends with is dropped
    if (w.out.endsWith(' ') && w.kept !== w.out.length) w.out = w.out.slice(0, -1);
    w.atom();
  }
}

// Whether text follows `el` at once on its line (then a space it ends with is not at the
// end of a line, and layout keeps it).
function continuesInline(el) {
  const next = el.nextSibling;
  return !!next && next.nodeType === 3 && /^\S/.test(next.data)
    && axStyle(el).display === 'inline';
}

/** The rendered text of `el`'s content, as Chromium's name from content reads it. */
export function contentText(el) {
  const w = writer();
  addGenerated(w, el, '::before');
  addChildren(el, w, 0);
  addGenerated(w, el, '::after');
  // A space that ends the text is dropped at the end of its line, kept before an inline box
  // or text on the same line.
  if (!w.out.endsWith(' ') || w.kept === w.out.length || continuesInline(el)) return w.out;
  return w.out.slice(0, -1);
}
