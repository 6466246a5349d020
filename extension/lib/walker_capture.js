// DOM channel: run the in-page walker (walker.js) in the tab and return its output for
// RawCapture.walker.
//
// The walker is injected into every frame the extension can reach (allFrames), in the
// ISOLATED world (it never touches the page's own JS world and writes nothing to the
// page). The top frame's run descends into open and closed shadow roots
// (chrome.dom.openOrClosedShadowRoot) and same-origin iframes (contentDocument); a frame
// that its parent can reach answers {covered:true} at once; a cross-origin frame walks
// itself and comes back in `subframes`, which the host stitches under its <iframe>
// (pipeline/walker_merge.py).
//
// Options: SnapshotOptions.viewport_only / viewport_expand_px → the walker's
// viewportOnly / expandPx. Needs the "scripting" permission and host access to the page
// (the manifest's host_permissions).

import { axsnapWalk } from './walker.js';

export const WALKER_MAX_NODES = 200000;
export const WALKER_MAX_DEPTH = 256;

export async function captureWalker(tabId, options) {
  const opts = {
    viewportOnly: options?.viewport_only !== false,
    expandPx: Number(options?.viewport_expand_px) || 0,
    maxNodes: WALKER_MAX_NODES,
    maxDepth: WALKER_MAX_DEPTH,
  };
  const t0 = performance.now();
  const inject = (target) => chrome.scripting.executeScript({
    target, world: 'ISOLATED', func: axsnapWalk, args: [opts],
  });
  let results;
  let allFrames = true;
  try {
    results = await inject({ tabId, allFrames: true });
  } catch (e) {
    // One frame refusing injection (an error page, a restricted URL) must not cost the
    // top frame: fall back to it alone.
    allFrames = false;
    results = await inject({ tabId, frameIds: [0] });
  }
  const first = (results ?? []).find((r) => r.frameId === 0);
  if (!first) throw new Error('walker: no result from the top frame');
  if (first.error) throw new Error(`walker: ${first.error.message ?? first.error}`);
  const out = first.result;
  if (!out || typeof out !== 'object') throw new Error('walker: empty result');
  out.subframes = (results ?? [])
    .filter((r) => r.frameId !== 0 && r.result && typeof r.result === 'object' && !r.result.covered)
    .map((r) => ({ frameId: r.frameId, documentId: r.documentId ?? null, result: r.result }));
  out.stats = {
    ...(out.stats ?? {}),
    inject_ms: Math.round((performance.now() - t0) * 10) / 10,
    all_frames: allFrames,
    frames_injected: (results ?? []).length,
    subframes_walked: out.subframes.length,
  };
  out.documentId = first.documentId ?? null;
  return out;
}
