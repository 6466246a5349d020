// Fixed and absolute boxes leave their ancestors' boxes and overflow: one pass per
// document (its shadow trees included) finds those that reach the window, and their
// flat-tree ancestors are never pruned.
import { run } from './run.js';
import { shadowOf } from './tree.js';
import { meets, overflowReaches } from './visibility.js';

export function markPath(el, forced) {
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

/** The shadow root the scan (and the page tally: tally_roots.js) enters under `e`: open roots
 * cost a property read; closed ones are asked of chrome.dom for custom elements only (see
 * walk.js). */
export function rootOf(e) {
  return e.shadowRoot || (e.localName.indexOf('-') > 0 ? shadowOf(e, e.localName) : null);
}

// The main document's shadow roots the scan meets (open, and closed ones of custom
// elements: axwatch.js looks for the same) go to run.foundRoots, for the journal; complete
// once the document is in run.scanRoots. `forced`: the set the paths go to (run.forced, or
// the act's window marks' own set, which find no roots for the journal: act_marks.js).
export function scanTree(root, ctx, forced) {
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
        if (forced === run.forced) run.stats.positioned++;
        markPath(e, forced);
      }
    }
    const sr = rootOf(e);
    if (sr) {
      if (ctx.doc === document && forced === run.forced) run.foundRoots.push(sr);
      scanTree(sr, ctx, forced);
    }
  }
}

/** Whether `el` must be walked although its box misses the window (a positioned box that
 * reaches the window lies under it); scans its document once. */
export function keep(el, ctx) {
  if (!run.scanned.has(ctx.doc)) {
    run.scanned.add(ctx.doc);
    const ts = performance.now();
    scanTree(ctx.doc, ctx, run.forced);
    run.scanRoots.set(ctx.doc, []);  // complete: the document's shadow roots are all in it
    run.stats.scan_ms += performance.now() - ts;
  }
  return run.forced.has(el);
}
