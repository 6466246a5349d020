// The computed style the AX rows pass reads (ax_tree.js, ax_flow.js, ax_text.js, ax_role.js),
// read once per element a walk (issue 33, design note 51).
//
// Every read of a property of a computed-style declaration computes its value anew, and
// getComputedStyle makes a new declaration each call. The rows pass read the same element's
// display, white-space and text-transform again for each text node under it, and the
// accessible names read from content (a cell, the link in it, the heading around both) read
// every element and generated box of their content once per named ancestor. Here each
// element's few properties are read into a plain object the first time anyone asks, and
// its ::before/::after facts likewise (ax_pseudo.js decides which elements can have any).
// The page does not change during the synchronous walk, so what is read once stays true.
import { mayHavePseudo } from './ax_pseudo.js';
import { run } from './run.js';

/** {display, visibility, whiteSpace, textTransform, position, cssFloat[, listStyleType,
 * listStyleImage]} of `el` (the list ones on list items only), read once a walk. */
export function axStyle(el) {
  let memo = run.axStyles;
  if (!memo) { memo = new Map(); run.axStyles = memo; }
  let s = memo.get(el);
  if (s === undefined) {
    s = readStyle(getComputedStyle(el));
    memo.set(el, s);
  }
  return s;
}

/** The records walk (visit.js) hands over the declaration it holds for `el`, so the rows
 * pass after it does not ask for `el`'s style again; the facts, which the records walk reads
 * `display`, `visibility` and `position` from (and shownStyle, run.js, display and
 * visibility: an element's two read once, by either). */
export function shareStyle(el, cs) {
  let memo = run.axStyles;
  if (!memo) { memo = new Map(); run.axStyles = memo; }
  const shown = run.shown.get(el);
  const s = shown !== undefined ? facts(cs, shown.display, shown.visibility)
    : facts(cs, cs.display, cs.visibility);
  memo.set(el, s);
  return s;
}

// (all of them also for display:none: a name reads the text of hidden content it refers to)
function readStyle(cs) {
  return facts(cs, cs.display, cs.visibility);
}

function facts(cs, display, visibility) {
  const s = { display, visibility, whiteSpace: cs.whiteSpace, textTransform: cs.textTransform,
    position: cs.position, cssFloat: cs.cssFloat };
  if (display === 'list-item') {
    s.listStyleType = cs.listStyleType;
    s.listStyleImage = cs.listStyleImage;
  }
  return s;
}

// An element's ::before or ::after without generated content (nearly all of them).
const NO_CONTENT = { content: 'none', text: '' };

/** The facts of `el`'s generated box `which` ('::before' / '::after'), read once a walk:
 * {content (the computed value), text (what it says: `parse`), display, visibility,
 * whiteSpace, textTransform, position, cssFloat}; NO_CONTENT ({content: 'none', text: ''}) when it
 * generates nothing. `parse(el, content)`: the text of a computed `content` value. */
export function pseudoStyle(el, which, parse) {
  if (!run.axBefore) { run.axBefore = new Map(); run.axAfter = new Map(); }
  const after = which === '::after';
  const memo = after ? run.axAfter : run.axBefore;
  let s = memo.get(el);
  if (s === undefined) {
    if (mayHavePseudo(el)) s = readPseudo(el, which, parse);
    else {
      // no rule can give it either box: the other one is known too (asked once an element)
      s = NO_CONTENT;
      (after ? run.axBefore : run.axAfter).set(el, NO_CONTENT);
    }
    memo.set(el, s);
  }
  return s;
}

function readPseudo(el, which, parse) {
  const pcs = getComputedStyle(el, which);
  const content = pcs.content;
  if (!content || content === 'none' || content === 'normal') return NO_CONTENT;
  return { content, text: parse(el, content), display: pcs.display, visibility: pcs.visibility,
    whiteSpace: pcs.whiteSpace, textTransform: pcs.textTransform, position: pcs.position,
    cssFloat: pcs.cssFloat };
}
