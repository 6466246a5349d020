// What a capture asks Chromium itself for, where the in-page walk does not read the page:
// each frame's AX tree, the outline's pierced DOM trees, and DOMSnapshots.

import { DOM_SNAPSHOT_STYLES } from '../generated/contract.js';
import { captureDomTree, isCssFocus, looksDepthRelated, resolveFocusSelector } from './domtree.js';
import { timed } from './timed.js';

const AX_FALLBACK_DEPTH = 200;

/** getFullAXTree, retried with a bounded depth when the failure looks depth-related. */
export async function fullAXTree(session, frame, errors) {
  try {
    return await session.send('Accessibility.getFullAXTree', { frameId: frame.frameId }, frame.sessionId);
  } catch (e) {
    const reason = e?.message ?? String(e);
    if (!looksDepthRelated(reason)) throw e;
    const ax = await session.send('Accessibility.getFullAXTree',
      { frameId: frame.frameId, depth: AX_FALLBACK_DEPTH }, frame.sessionId);
    frame.ax_depth_fallback = { reason, depth: AX_FALLBACK_DEPTH };
    errors.push({ step: 'ax_depth', message: `frame ${frame.frameId}: retried with depth ${AX_FALLBACK_DEPTH}: ${reason}` });
    return ax;
  }
}

/**
 * Outline format: the pierced DOM tree of the tab's process (and of each out-of-process
 * frame subtree, on its root frame), plus a CSS `focus` resolved in the main frame.
 */
export async function captureOutlineTrees(session, frames, options, errors) {
  const send = (method, params, sessionId) => session.send(method, params, sessionId);
  const sessionOf = new Map(frames.map((f) => [f.frameId, f.sessionId]));
  let domTree = null;
  try {
    domTree = await captureDomTree(send, undefined);
    if (domTree.depth_fallback) errors.push({ step: 'dom_tree_depth', message: `main: ${domTree.depth_fallback.reason}` });
  } catch (e) {
    errors.push({ step: 'dom_tree', message: e?.message ?? String(e) });
  }
  for (const frame of frames) {
    if (!frame.out_of_process || sessionOf.get(frame.parentFrameId) === frame.sessionId) continue;
    try {
      frame.dom_tree = await captureDomTree(send, frame.sessionId);
      if (frame.dom_tree.depth_fallback) {
        errors.push({ step: 'dom_tree_depth', message: `frame ${frame.frameId}: ${frame.dom_tree.depth_fallback.reason}` });
      }
    } catch (e) {
      frame.dom_tree = null;
      errors.push({ step: 'dom_tree', message: `frame ${frame.frameId}: ${e?.message ?? e}` });
    }
  }
  const focus = isCssFocus(options?.focus)
    ? await resolveFocusSelector(send, domTree?.root, options.focus) : null;
  return { domTree, focus };
}

// DOM rects: only the outline reads them (client/scroll rects of scroll boxes); the other
// formats read the frame owners' borders alone (frameborders.js), which costs far less.
// Paint order: the host's hit test marks controls that a later-painted box (a modal's
// overlay) covers.
/**
 * DOMSnapshot without what no host step reads: text boxes (every text fragment's box) and
 * offset rects (the host reads client and scroll rects). On the 100k-element bench page
 * 4.2 of its 29 MB, and tens of MB of host memory once parsed.
 */
export function thinDomSnapshot(snapshot) {
  for (const doc of snapshot?.documents ?? []) {
    delete doc.textBoxes;
    if (doc.layout) delete doc.layout.offsetRects;
  }
  return snapshot;
}

const SNAPSHOT_PARAMS = (rects) => ({
  computedStyles: [...DOM_SNAPSHOT_STYLES], includeDOMRects: rects, includePaintOrder: true,
});

/**
 * The tab's DOMSnapshot (returned) plus one per out-of-process frame subtree, kept on its
 * root frame (its backendNodeIds are that process's own; the tab's snapshot lacks it).
 */
export async function captureDomSnapshots(session, frames, sessionOf, timings, errors, rects) {
  let domSnapshot = null;
  try {
    domSnapshot = thinDomSnapshot(await timed(timings, 'dom_snapshot_ms',
      () => session.send('DOMSnapshot.captureSnapshot', SNAPSHOT_PARAMS(rects))));
  } catch (e) {
    errors.push({ step: 'dom_snapshot', message: e?.message ?? String(e) });
  }
  await timed(timings, 'oopif_dom_snapshot_ms', async () => {
    for (const frame of frames) {
      if (!frame.out_of_process || sessionOf.get(frame.parentFrameId) === frame.sessionId) continue;
      try {
        frame.dom_snapshot = thinDomSnapshot(
          await session.send('DOMSnapshot.captureSnapshot', SNAPSHOT_PARAMS(rects), frame.sessionId));
      } catch (e) {
        frame.dom_snapshot = null;
        errors.push({ step: 'dom_snapshot', message: `frame ${frame.frameId}: ${e?.message ?? e}` });
      }
    }
  });
  return domSnapshot;
}
