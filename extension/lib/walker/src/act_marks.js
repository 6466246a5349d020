// The act's marks (opts.actMarks, run.actWin; design notes 211, 229). A whole-page DOM read
// may be kept as the act's baseline (host act/baseline_at_read.py), whose capture is a walk
// of a window grown actMarks px past the viewport. That walk prunes by visit.js's rules with
// its window: a box off it whose content cannot reach it, a box off it that clips, a frame
// off it; a fixed or absolute box that reaches it keeps its ancestors (scan.js). The whole
// walk says on each record what the act's walk makes of it (`am`, records.js ACT_*; absent:
// written alike, in its window), so the host can cut that walk out of it (act/window_cut.py).
//
// Told after the walk, from what the walk read anyway (note 229): the boxes, and the
// `position` of every element it styles. During the walk each element off the act's window
// gets a node (its box, whether it clips, the nearest such ancestor's node), and each walked
// fixed or absolute box that reaches the act's window is a hit. The act's scan would also
// count the positioned boxes the walk never styles (in `display: none` and `opacity: 0`
// subtrees, unslotted light children, <svg>, skipped tags: a box of no layout lies at 0,0,
// inside the window). Those can only keep an ancestor off the window that holds a record
// in it: only then, or when a closed shadow root of a built-in element was walked (the scan
// does not enter one), the act's own scan runs over each document after all. Anywhere else
// the cut is the same with or without them: under a box off the window that holds nothing
// in it, the act's walk writes nothing, so PRUNED may stand where the scan would have
// visited and written nothing (records outside the window are written only as holders).
import { ACT_HOLDER, ACT_OUTSIDE, ACT_PRUNED, ACT_UNLIKE } from './records.js';
import { run } from './run.js';
import { markPath, scanTree } from './scan.js';
import { overflowReaches } from './visibility.js';

export const ACT_GONE = { gone: true };  // the act's context in a frame it never enters

/** An element's node off the act's window (box x, y, w, h in `act`'s coordinates); `up`:
 * the nearest ancestor's node (or null: every ancestor lies in the window). */
export function outsideNode(el, up, act, x, y, w, h) {
  // cut: 0 not told yet, 1 the act's walk never visits it, 2 it does;
  // kids: 0 not told yet, 1 it visits none of its children, 2 it does
  return { el, up, act, x, y, w, h, clips: false, cut: 0, kids: 0, below: false };
}

/** A walked fixed or absolute box: a hit when it reaches the act's window (scan.js's test). */
export function actHit(el, inAct, x, y, w, h, act) {
  if (inAct || overflowReaches(el, x, y, w, h, act.win)) run.actHits.push(el);
}

// Whether the act's walk visits none of n's children: it never visits n, or prunes its
// subtree. Told top-down along the nodes' chain (no recursion: chains can be deep).
function kidsGone(n, forced) {
  if (n.kids) return n.kids === 1;
  const chain = [];
  for (let m = n; m && !m.kids; m = m.up) chain.push(m);
  for (let i = chain.length - 1; i >= 0; i--) {
    const m = chain[i];
    const gone = nodeCut(m, forced);
    m.kids = gone || (m.clips && !forced.has(m.el)) ? 1 : 2;
  }
  return n.kids === 1;
}

// Whether the act's walk never visits n (its parent's children are gone, or n's box is off
// the window and its content cannot reach it): visit.js's cheap cut with the act's window.
function nodeCut(n, forced) {
  if (n.cut) return n.cut === 1;
  const gone = (n.up !== null && kidsGone(n.up, forced))
    || ((n.w > 0 || n.h > 0) && !forced.has(n.el)
      && !overflowReaches(n.el, n.x, n.y, n.w, n.h, n.act.win));
  n.cut = gone ? 1 : 2;
  return gone;
}

/** Each written record's mark, after the walk. */
export function finishActMarks() {
  const t0 = performance.now();
  let forced = new Set();
  for (const el of run.actHits) markPath(el, forced);
  const recs = run.actRecs;
  // Does a box off the window that no walked hit keeps hold a record in the window written
  // for what it says itself? (One written only to hold others is written by the act's walk
  // only when one under it is: that one asks.)
  let scan = run.actOddRoot;
  for (let i = 0; i < recs.length && !scan; i++) {
    const rec = recs[i];
    const node = rec.actNode;
    if (node === ACT_GONE || (node && node.el === rec.el) || rec.held) continue;
    for (let n = node; n && !n.below; n = n.up) {
      n.below = true;
      if (!forced.has(n.el)) { scan = true; break; }
    }
  }
  if (scan) {  // the act's own scan, each document it enters with its window there
    forced = new Set();
    for (const [doc, act] of run.actDocs) scanTree(doc, act, forced);
    run.stats.act_scan = 1;
  }
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i];
    const node = rec.actNode;  // (ACT_GONE, its own node off the window, or an ancestor's)
    let am = 0;
    if (node === ACT_GONE) am = ACT_PRUNED;
    else if (!node || node.el !== rec.el) {  // in the window
      if (node && kidsGone(node, forced)) am = ACT_PRUNED;
      else if (rec.held) am = ACT_HOLDER;
    } else if (nodeCut(node, forced)) am = ACT_PRUNED;
    else am = rec.own ? ACT_UNLIKE : ACT_OUTSIDE;
    if (am) rec.data.am = am;
  }
  run.stats.act_ms = Math.round((performance.now() - t0) * 10) / 10;
}
