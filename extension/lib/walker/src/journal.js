// opts.axJournal (the AX window read, lib/reuse/ax_window_cache.js): in the main frame, take the
// AX cache's change journal (extension/content/axwatch.js, a content script in this same world)
// since the token `take`, or arm it: whether the AX nodes kept from the last read hold.
// Only a document of at most `max` elements keeps them: a bigger one's journal is left
// alone (taking or arming it reads every control's state, and it would end the
// whole-page AX cache's journal). The journal's nodes mark the records
// whose AX node may have changed (`axJournal.dirty`, indices into the records). Taken
// after the walk, in the same task (nothing of the page runs in between): the walk's scan
// of positioned boxes has visited every element of the document and found its shadow
// roots, which the journal then need not look for again.
import { run } from './run.js';

/** The journal of the main document as {reply, self, tree, above, ms}: `reply` (null when it
 * was not taken) goes out as result.axJournal; the sets are the journal's changed nodes. */
export function takeJournal(spec) {
  const taken = { reply: null, self: null, tree: null, above: null, ms: 0 };
  const watch = globalThis.__axsnapAxWatch;
  const journalMax = Number.isInteger(spec.max) ? spec.max : Infinity;
  if (window !== window.top || !watch || run.frames[0].n > journalMax) return taken;
  const tj = performance.now();
  // the shadow roots the scan found when it ran to its end (else the journal looks for them)
  const roots = run.scanRoots.has(document) ? run.foundRoots : undefined;
  try {
    const take = spec.take;
    const j = typeof take === 'string' ? watch.take(take, roots) : null;
    taken.reply = j ? { status: j[0], token: j[1], changed: j.length - 3 }
      : { status: 'armed', token: watch.arm(roots), changed: 0 };
    if (j && j[0] === 'ok') {
      taken.self = new Set(j.slice(3, 3 + j[2]));
      taken.tree = new Set(j.slice(3 + j[2]));
      taken.above = new Set(typeof watch.above === 'function' ? watch.above() : []);
    }
  } catch (e) { taken.reply = null; }
  taken.ms = performance.now() - tj;
  return taken;
}

/** This document's records whose AX node may have changed: a changed node (its flat-tree
 * ancestors are among them) or inside a changed subtree. `above`: those of them there only
 * as ancestors of a change (their AX node changes only by what it computes from its
 * contents). Needs the run's elements (opts.hold). */
export function markDirty(taken) {
  const out = run.out;
  const outEls = run.outEls;
  const dirty = [];
  const above = [];
  const inTree = (el) => {
    for (let n = el; n; n = n.nodeType === 11 ? n.host : (n.assignedSlot || n.parentNode)) {
      if (taken.tree.has(n)) return true;
    }
    return false;
  };
  for (let i = 0; i < outEls.length; i++) {
    if (out[i].f !== 0) continue;
    const el = outEls[i];
    const underTree = inTree(el);
    if (!taken.self.has(el) && !underTree) continue;
    dirty.push(i);
    if (!underTree && taken.above.has(el)) above.push(i);
  }
  taken.reply.dirty = dirty;
  taken.reply.above = above;
}
