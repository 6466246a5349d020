// Hidden instructions in the whole-page rows (issue 33): the facts by which the host decides
// whether a person can see a row's words (pipeline/hidden.py hiding_reasons, the same decision
// a window read makes from a record's hx, fs, col and bg). Only a row whose name holds a word
// an instruction needs is read (opts.axHideWords: the host's INSTRUCTION_TRIGGERS pattern,
// contract.js), so a page of plain text pays one pattern test a named row; such a row gets
//   [row, hx, fs, col, bg]
// in axt.h: hx every reason a box around it hides what it holds (visibility.js hidingOf, up
// through shadow hosts and same-origin frames, and `covered` when the hit test finds an opaque
// box over it), fs its element's font size, col its colour, bg the colour behind it.
import { run } from './run.js';
import { backgroundOf, hidingOf, underOpaqueBox } from './visibility.js';

const NONE = Object.freeze([]);

/** The pattern of opts.axHideWords, or null (no facts are read). */
export function hideWords(opts) {
  const source = opts && opts.axHideWords;
  if (typeof source !== 'string' || !source) return null;
  try { return new RegExp(source); } catch (e) { return null; }
}

// The element holding `el` in the flat tree: its parent, a shadow root's host, or the
// <iframe> of its document (same-origin only).
function above(el) {
  if (el.parentElement) return el.parentElement;
  const parent = el.parentNode;
  if (parent && parent.host) return parent.host;
  let frame = null;
  try { frame = el.ownerDocument.defaultView.frameElement; } catch (e) { frame = null; }
  return frame || null;
}

// The reasons a box around `el` (itself included) hides what it holds, memoized a walk.
function hiddenBy(ctx, el) {
  const chain = [];
  let found = NONE;
  for (let n = el; n; n = above(n)) {
    const known = ctx.hidden.get(n);
    if (known !== undefined) { found = known; break; }
    chain.push(n);
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const n = chain[i];
    const frame = run.frames[run.frameDocs.get(n.ownerDocument)];
    const ox = frame ? frame.ox || 0 : 0;
    const oy = frame ? frame.oy || 0 : 0;
    const b = n.getBoundingClientRect();
    const own = hidingOf(n, getComputedStyle(n), b.width, b.height, b.left + ox, b.top + oy);
    if (own.length) found = [...new Set([...found, ...own])];
    ctx.hidden.set(n, found);
  }
  return found;
}

/** Row `row`, named `name`, of element `el` (a text run's: the element holding its text):
 * its hiding facts go to ctx.hides when its name has an instruction's word. */
export function noteHiding(ctx, row, name, el) {
  if (!ctx.hideWords || row < 0 || !el || !name || !ctx.hideWords.test(name.toLowerCase())) return;
  const style = getComputedStyle(el);
  let hx = hiddenBy(ctx, el);
  if (underOpaqueBox(el)) hx = [...new Set([...hx, 'covered'])];
  ctx.hides.push([row, hx, parseFloat(style.fontSize) || 0, style.color, backgroundOf(el)]);
}
