// The tally's reach (tally.js): the document and every shadow tree in it, open ones and the
// closed ones of custom elements (scan.js rootOf: the scan's rule, so a window read, whose
// scan found them, and a whole page's read reach the same trees). A page built of web
// components (a Bokeh dashboard's charts, a feed of custom elements) draws its fields, lists
// and charts inside shadow trees, where the document's own queries never look.
import { run } from './run.js';
import { rootOf } from './scan.js';

let roots = null;

/** The document and its shadow roots, found once a tally: the positioned boxes' scan found
 * them all when it ran to its end (scan.js), else one pass over each tree finds them. */
export function beginTally() {
  if (run.scanRoots && run.scanRoots.has(document)) {
    roots = [document, ...run.foundRoots];
    return;
  }
  roots = [document];
  for (let i = 0; i < roots.length; i++) {
    const all = roots[i].querySelectorAll('*');
    for (let k = 0; k < all.length; k++) {
      const sr = rootOf(all[k]);
      if (sr) roots.push(sr);
    }
  }
}

/** The elements `selector` matches in the document and in each of its shadow trees (each
 * tree's in its document order, the document's first): its NodeList alone when it has none. */
export function everywhere(selector) {
  const own = document.querySelectorAll(selector);
  if (!roots || roots.length === 1) return own;
  const found = [...own];
  for (let i = 1; i < roots.length; i++) {
    for (const el of roots[i].querySelectorAll(selector)) found.push(el);
  }
  return found;
}
