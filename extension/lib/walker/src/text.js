// What an element shows as text: its own text nodes, its shown text, a label's own words, a
// select's options, and the hints an icon-only control offers to name it.
import { clip, collapse, collapsedHead, run, shownStyle, wordsOf } from './run.js';
import { holdsOptionsOnly } from './option_group.js';
import { iconWords } from './icon_words.js';
import { swatchWords } from './swatch.js';
import { FORM, INLINE, LABEL_SKIP, TEXT_SKIP } from './tags.js';

export function ownText(el) {
  let s = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 3) s += n.data;
  }
  return collapse(s);
}

// The bounded text walk every reading of an element's words shares: its text nodes in
// order, without <style>/<script> content (an inline SVG's CSS); it stops once it has more
// than `max` characters or has taken 200 steps (`el`, each node below it and each space
// between). `enter(n, tag)` decides each element below `el`: SKIP leaves it out, BREAK reads
// it with a space before and after (a block, a control), IN reads it inline. `between`: a
// space also between two adjacent element siblings. `generated(n, which)`, when given: the
// words `n`'s generated box `which` ('::before', '::after') adds, read for `el` and each
// element entered.
// The nodes are taken one sibling at a time (a node's next sibling is asked when the walk
// leaves it): a walk that stops early never reads the nodes it did not reach (issue 33,
// design note 149: a bound list of children used to be read in full at each level, each
// child's previous sibling and node type twice over).
// Each walk reads its nodes itself: design note 153 kept what every inside read as for
// later walks of its kind; it halved rustdoc's steps but cost as much as it saved, more on
// rust-wrapping (note 158 measured it against this walk by turns, and took this one).
export const SKIP = 0;
export const IN = 1;
export const BREAK = 2;
const BLANK = /^\s*$/;
const SPACE = ' ';

export function walkText(el, max, enter, between, generated = null) {
  const type = el.nodeType;
  if (type === 3) { const d = el.data; return collapse(BLANK.test(d) ? ' ' : d); }
  if (type !== 1) return '';
  let s = generated ? generated(el, '::before') : '';
  let seen = 1;
  // (a string on the stack is text written where it is met: a space, a generated ::after)
  const stack = [];
  if (generated) { const after = generated(el, '::after'); if (after) stack.push(after); }
  const first = el.firstChild;
  if (first) stack.push(first);
  while (stack.length && s.length <= max && seen < 200) {
    const n = stack.pop();
    seen++;
    if (typeof n === 'string') { s += n; continue; }
    const t = n.nodeType;
    // what follows it and its subtree: its next sibling (after a space between two elements)
    const next = n.nextSibling;
    if (next) {
      stack.push(next);
      if (between && t === 1 && next.nodeType === 1) stack.push(SPACE);
    }
    // a text node of blanks (an inline SVG's indentation) is one space: it must not use up
    // the text's bound before the words after it (a logo link's "Sneat" after its <svg>)
    if (t === 3) { const d = n.data; s += BLANK.test(d) ? ' ' : d; continue; }
    if (t !== 1) continue;
    const tag = n.localName;
    if (TEXT_SKIP.has(tag)) continue;
    const how = enter(n, tag);
    if (how === SKIP) continue;
    if (how === BREAK) { s += ' '; stack.push(SPACE); }
    if (generated) {
      const after = generated(n, '::after');
      if (after) stack.push(after);
      s += generated(n, '::before');
    }
    const kid = n.firstChild;
    if (kid) stack.push(kid);
  }
  return collapse(s);
}

// What an element shows as text (walkText): without hidden descendants (display:none,
// hidden, visibility:hidden or collapse), a space where a block or a control starts
// (``<li>A</li><li>B</li>`` reads "A B", not "AB"). A descendant element's style is read
// only when it has something to hide or separate.
function shownEnter(n, tag) {
  if (n.hidden) return SKIP;
  const { display, visibility } = shownStyle(n);
  if (display === 'none' || visibility === 'hidden' || visibility === 'collapse') return SKIP;
  return !INLINE.has(display) || FORM.has(tag) ? BREAK : IN;
}

export function shownText(el) {
  if (!el.firstElementChild) return collapse(el.textContent || '');
  return walkText(el, run.textMax + 20, shownEnter, false);
}

// The options of a <select>, as shown: the first SELECT_OPTIONS and how many there are.
const SELECT_OPTIONS = 12;
export function selectOptions(el) {
  const list = [];
  const opts = el.options || [];
  for (let i = 0; i < opts.length && list.length < SELECT_OPTIONS; i++) {
    list.push(clip(collapse(opts[i].label || opts[i].textContent || '')));
  }
  return { list, total: opts.length };
}

// Hints for a control that shows no text: what the page offers to name it (title, aria-*,
// alt, the tooltip its aria-describedby names, an SVG <title>, the icon its markup names: an
// icon set's class such as fa-trash, a sprite's symbol, data-icon (icon_words.js), an image's
// file name), its own or its descendants' (a few levels).
export function iconHint(el) {
  const todo = [el];
  for (let i = 0; i < todo.length && i < 12; i++) {
    const n = todo[i];
    for (const a of ['aria-label', 'title', 'alt', 'aria-description', 'data-tooltip',
      'data-original-title', 'data-title']) {
      const v = n.getAttribute && n.getAttribute(a);
      if (v && v.trim()) return clip(collapse(v));
    }
    const described = i === 0 && describedWords(n);
    if (described) return described;
    if (n.localName === 'svg' || n.localName === 'title') {
      const t = n.localName === 'title' ? n : n.querySelector('title');
      if (t && t.textContent.trim()) return clip(collapse(t.textContent));
    }
    const icon = iconWords(n);  // (an icon set's class, a sprite's symbol, data-icon)
    if (icon) return icon;
    const src = n.localName === 'img' ? n.getAttribute('src') : imageUrl(n);
    const file = src && /([^/?#]+?)(?:\.[a-z0-9]{2,4})?(?:[?#].*)?$/i.exec(src);
    if (file && !src.startsWith('data:')) return clip(file[1]);
    for (let k = n.firstElementChild; k; k = k.nextElementSibling) todo.push(k);
  }
  return swatchWords(el);  // (an empty box a script acts on: the colour it shows or sets)
}

// The words of the elements a control's aria-describedby names, in its own document or shadow
// root: the tooltip a wordless control shows on hover (privacyIDEA's chart bars, each a button
// described by "2026-12-05 14:19 – 15:19"; design note 308). Read from the DOM, as a screen
// reader reads a description, shown or not; '' where none.
const DESCRIBED_IDS = 4;
function describedWords(el) {
  const ids = (el.getAttribute('aria-describedby') || '').trim();
  if (!ids) return '';
  const root = el.getRootNode();
  if (!root || !root.getElementById) return '';
  const words = ids.split(/\s+/).slice(0, DESCRIBED_IDS).map((id) => root.getElementById(id))
    .filter((ref) => ref && ref !== el).map((ref) => collapse(ref.textContent || ''));
  return clip(words.filter(Boolean).join(' '));
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
export function looksLikeIcon(el, tag, w, h, style) {
  if (w <= 0 || h <= 0 || w > 96 || h > 96) return false;
  if (tag === 'img' || tag === 'svg' || tag === 'i') return true;
  if (el.childElementCount > 2) return false;
  if (imageUrl(el, style)) return true;
  const cls = typeof el.className === 'string' ? el.className : '';
  return /(?:^|\s)(?:fa|fas|far|fab|bi|glyphicon|material-icons|mdi|icon)(?:[-\s]|$)/.test(cls)
    || el.querySelector('svg, img, i') !== null;
}

// A label's own words: what it says about its control, not the control's options/value.
export function labelText(el) {
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

// A small parent's words with a space between elements written with nothing between them:
// boxes side by side that a person reads as words apart ("order" "name" "status" in a sorter's
// row, "Inbox" and its badge "8": React writes no space between elements), no longer
// "ordernamestatus" (note 327). Read only as far as the row's head needs (its first 80
// characters are kept); a script's, a style's or a template's text is no word on the screen.
const ROW_HEAD = 320;
const everyElement = () => IN;
function spacedWords(parent) {
  return parent.firstElementChild ? walkText(parent, ROW_HEAD, everyElement, true) : wordsOf(parent);
}

// The first 80 characters of a small parent's words ('' for a parent of more than 16
// children, or of options alone: option_group.js), read once a walk (run.parentWords): the
// controls side by side in it (a signature's links in a line of code) and the twins' rows
// (twins.js rowWords) share it (issue 33, design note 149).
export function parentWords(parent) {
  let ptx = run.parentWords.get(parent);
  if (ptx === undefined) {
    ptx = parent.childElementCount <= 16 && !holdsOptionsOnly(parent) ? collapsedHead(spacedWords(parent), 80) : '';
    run.parentWords.set(parent, ptx);
  }
  return ptx;
}
