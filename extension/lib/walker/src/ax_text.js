// The text of an element's content as Chromium's accessible names read it (ax_name.js):
// rendered text, not source text. Whitespace collapses the way layout collapses it (a run is
// one space; a space at the start of a line or after another space is dropped; a trailing
// one stays), text-transform applies, CSS generated content (::before/::after) counts,
// block-level boxes and out-of-flow boxes are set apart by a space, hidden parts are left
// out, and embedded controls give their value.
import { axStyle, pseudoStyle } from './ax_style.js';
import { collapseAscii, run } from './run.js';
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
      let t = pre ? text : collapseAscii(text);
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

// A name from content is read once per element a walk, then replayed (design note 56): the
// heading, the <summary> around it and each link in it are all named by their content, and
// each read the same subtree. What an element adds to a name is the same list of writer
// operations for every ancestor that reads it; only what they write depends on the writer's
// state (collapsed spaces, a capitalized word's start), so the operations are kept and
// replayed, not their text. A program: {ops, depth, cut}, `ops` a flat list of an op code
// and its operands, `depth` the depth it was read at (the reading stops 60 deep), `cut`
// whether that stop left something out (then it is only good at that very depth).
const TEXT = 1;  // data, text-transform, pre: text as its box transforms it
const ADD = 2;  // text, pre: text as it is
const ATOM = 3;
const GAP = 4;
const BOX_OPEN = 5;  // an inline box of its own starts: apart, at a line's start
const BOX_CLOSE = 6;  // it ends: a space it ends with is dropped, then apart
const SUB = 7;  // program: an element's own
const MARK = 8;  // an element with a title: what it adds starts here
const TITLE = 9;  // title: added when nothing but white space was added since the mark
const MAX_DEPTH = 60;

/** `el`'s generated box `which` (`::before`, `::after`) as layout shows it: {text, block,
 * transform}, null when it has no content or its own style hides it; `block` when it is set
 * apart (a block, a float, a placed box). */
export function generatedBox(el, which) {
  const ps = pseudoStyle(el, which, contentValueText);
  const text = QUOTES[ps.content] || ps.text;
  if (!text || ps.display === 'none' || ps.visibility === 'hidden' || ps.visibility === 'collapse') return null;
  const block = !(ps.display.startsWith('inline') || ps.display === 'contents')
    || ps.position === 'absolute' || ps.position === 'fixed' || ps.cssFloat !== 'none';
  return { text, block, transform: ps.textTransform };
}

/** The ops of `el`'s generated box `which`: text-transform applied, apart when a block. */
function generatedOps(el, which, ops) {
  const box = generatedBox(el, which);
  if (!box) return;
  if (box.block) ops.push(GAP);
  ops.push(TEXT, box.text, box.transform, false);
  if (box.block) ops.push(GAP);
}

/** The ops of node `n` met `depth` deep, into program `into`. */
function nodeOps(n, depth, into) {
  if (n.nodeType === 3) {
    const parent = n.parentElement;
    const cs = parent ? axStyle(parent) : null;
    const pre = !!cs && /^pre/.test(cs.whiteSpace);
    into.ops.push(TEXT, n.data, cs ? cs.textTransform : null, pre);
    return;
  }
  if (n.nodeType !== 1) return;
  if (depth > MAX_DEPTH) { into.cut = true; return; }
  const sub = programOf(n, depth);
  if (sub.cut) into.cut = true;
  if (sub.ops.length) into.ops.push(SUB, sub);
}

function childrenOps(node, depth, into) {
  const root = node.shadowRoot || node;
  for (let c = root.firstChild; c; c = c.nextSibling) nodeOps(c, depth, into);
}

/** Element `el`'s program met `depth` deep: read once a walk (run.axPrograms), again only
 * deeper than a reading that was cut. */
function programOf(el, depth) {
  let memo = run.axPrograms;
  if (!memo) { memo = new Map(); run.axPrograms = memo; }
  let p = memo.get(el);
  if (p !== undefined && (p.depth === depth || (!p.cut && depth <= p.depth))) return p;
  p = elementProgram(el, depth);
  memo.set(el, p);
  return p;
}

function elementProgram(n, depth) {
  const p = { ops: [], depth, cut: false, el: n };
  const ops = p.ops;
  const tag = n.localName;
  if (SKIP.has(tag)) return p;
  if (tag === 'slot') {
    const assigned = n.assignedNodes();
    if (assigned.length) { for (const a of assigned) nodeOps(a, depth + 1, p); return p; }
  }
  const cs = axStyle(n);
  if (isHiddenStyle(n, cs)) return p;
  const label = (n.getAttribute('aria-label') || '').trim();
  const block = !(cs.display.startsWith('inline') || cs.display === 'contents')
    || cs.position === 'absolute' || cs.position === 'fixed' || cs.cssFloat !== 'none';
  // An inline box of its own (inline-block, a replaced element) sits on the line apart.
  const box = !block && (cs.display !== 'inline' && cs.display !== 'contents' || REPLACED.has(tag));
  if (block) ops.push(GAP);
  else if (box) ops.push(BOX_OPEN);
  const value = controlValue(n, tag);
  if (label) {
    ops.push(ADD, label, false);
  } else if (value !== null) {
    ops.push(ADD, value, false, ATOM);
  } else if (tag === 'img' || tag === 'area') {
    ops.push(ADD, n.getAttribute('alt') || '', true);
  } else if (tag === 'br') {
    ops.push(GAP);
  } else {
    const title = n.title;
    if (title) ops.push(MARK);
    generatedOps(n, '::before', ops);
    childrenOps(n, depth + 1, p);
    generatedOps(n, '::after', ops);
    // Nothing read inside: its tooltip names it (accname 2I).
    if (title) ops.push(TITLE, title);
  }
  if (block) ops.push(GAP);
  else if (box) ops.push(BOX_CLOSE);
  return p;
}

/** Write `ops` (a program's) with writer `w`, but what element `skip` adds. */
function play(w, ops, skip) {
  let mark = '';
  for (let i = 0; i < ops.length;) {
    switch (ops[i]) {
      case TEXT: w.add(transformText(ops[i + 1], ops[i + 2], w), ops[i + 3]); i += 4; break;
      case ADD: w.add(ops[i + 1], ops[i + 2]); i += 3; break;
      case ATOM: w.atom(); i += 1; break;
      case GAP: w.gap(); i += 1; break;
      case BOX_OPEN: w.atom(); w.lineStart = true; i += 1; break;
      case BOX_CLOSE:
        // its own last line ends here: a space it ends with is dropped
        if (w.out.endsWith(' ') && w.kept !== w.out.length) w.out = w.out.slice(0, -1);
        w.atom();
        i += 1;
        break;
      case SUB: if (ops[i + 1].el !== skip) play(w, ops[i + 1].ops, skip); i += 2; break;
      case MARK: mark = w.out.trim(); i += 1; break;
      case TITLE: if (w.out.trim() === mark) w.add(ops[i + 1], false); i += 2; break;
      default: throw new Error(`ax_text: op ${ops[i]}`);
    }
  }
}

// Whether text follows `el` at once on its line (then a space it ends with is not at the
// end of a line, and layout keeps it).
function continuesInline(el) {
  const next = el.nextSibling;
  return !!next && next.nodeType === 3 && /^\S/.test(next.data)
    && axStyle(el).display === 'inline';
}

/** The rendered text of `el`'s content, as Chromium's name from content reads it; `skip`: a
 * control inside it that it names (a <label> around its field), which adds nothing, not its
 * value (Chromium's "Email" for <label>Email <input value=a@b></label>, not "Email a@b"). */
export function contentText(el, skip = null) {
  const w = writer();
  const p = { ops: [], depth: 0, cut: false };
  generatedOps(el, '::before', p.ops);
  childrenOps(el, 0, p);
  generatedOps(el, '::after', p.ops);
  play(w, p.ops, skip);
  // A space that ends the text is dropped at the end of its line, kept before an inline box
  // or text on the same line.
  if (!w.out.endsWith(' ') || w.kept === w.out.length || continuesInline(el)) return w.out;
  return w.out.slice(0, -1);
}
