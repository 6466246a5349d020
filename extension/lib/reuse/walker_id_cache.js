// backendNodeIds the extension already knows, per walker world, so that a read of a page it
// has read before deep-serializes only the elements it has not seen (walker_ids.js).
//
// Why: the take (Runtime.evaluate with deep serialization, one node per record) costs
// about 50–70 µs a node, 13–18 ms for the 250 records of the 1k bench page's window and
// 3–10 ms on the demo; on a settled page a second read reports the same elements again.
//
// Why it is safe: the walker names each element it reports with a stable id `w` in its
// isolated world (a WeakMap: one element, one id, for its life; ids are never reused), and
// a world has a random token (`result.world`) and lives as long as its document. A DOM
// node's backendNodeId does not change while the node lives. So (world, w) names the same
// node as long as the world exists, and a new document is a new world: nothing to
// invalidate. Kept in the service worker's memory (lost with the worker: the next read
// takes everything again), bounded in worlds and ids.

export const MAX_WORLDS = 32;
export const MAX_IDS_PER_WORLD = 100_000;

const known = new Map(); // world token -> Map(w -> {backendNodeId, loaderId})

/** The ids kept for `world` (moved to the newest end), or null. */
function worldIds(world, create) {
  if (typeof world !== 'string' || !world) return null;
  let ids = known.get(world);
  if (ids) {
    known.delete(world);
    known.set(world, ids);
  } else if (create) {
    ids = new Map();
    known.set(world, ids);
    while (known.size > MAX_WORLDS) known.delete(known.keys().next().value);
  }
  return ids ?? null;
}

/**
 * Fill `b` of the records of walker run `result` whose node is known, and the CDP frame ids
 * of their frames (`frameByLoader`: loaderId → frameId). Returns the indices of the
 * records still to take (all of them for a world not seen before) and the number filled.
 * `only`: the indices of the records the read takes ids of (a whole page's listable ones),
 * in order; no other record is filled, as an exact read (nothing recalled) fills none.
 */
export function recallIds(result, frameByLoader, only = null) {
  const records = result?.elements ?? [];
  const ids = worldIds(result?.world, false);
  const want = [];
  let filled = 0;
  for (let k = 0, n = only ? only.length : records.length; k < n; k++) {
    const i = only ? only[k] : k;
    const hit = ids && Number.isInteger(records[i].w) ? ids.get(records[i].w) : undefined;
    if (!hit) {
      want.push(i);
      continue;
    }
    records[i].b = hit.backendNodeId;
    filled += 1;
    const frame = result.frames?.[records[i].f];
    const frameId = frameByLoader.get(hit.loaderId);
    if (frame && frameId && !frame.frameId) frame.frameId = frameId;
  }
  return { want, filled };
}

/** Keep the nodes just taken for records `indices` of `result` ({backendNodeId, loaderId}). */
export function rememberIds(result, indices, nodes) {
  const ids = worldIds(result?.world, true);
  if (!ids) return;
  const records = result.elements ?? [];
  indices.forEach((index, k) => {
    const node = nodes[k];
    const w = records[index]?.w;
    if (!node || node.backendNodeId === null || !Number.isInteger(w)) return;
    if (ids.size >= MAX_IDS_PER_WORLD) ids.clear(); // a huge page read many times: start over
    ids.set(w, { backendNodeId: node.backendNodeId, loaderId: node.loaderId });
  });
}

// The execution context of each world (world token -> {contextId, sessionId}): a world is
// one context of one document, so the pair holds as long as the world's token is seen. A
// re-read of a known document then needs no Runtime binding to find the worlds its walk
// ran in (walker_ids.js): that is one CDP round trip before the walk, and one after it.
const contexts = new Map();

/** Keep the context a run of `world` reported from. */
export function rememberContext(world, where) {
  if (typeof world !== 'string' || !world || !Number.isInteger(where?.contextId)) return;
  contexts.delete(world);
  contexts.set(world, { contextId: where.contextId, sessionId: where.sessionId ?? null });
  while (contexts.size > MAX_WORLDS) contexts.delete(contexts.keys().next().value);
}

/** The context kept for `world` if its session is one of `sessionIds` (null: the tab's), or null. */
export function recallContext(world, sessionIds) {
  const where = contexts.get(world);
  return where && sessionIds.has(where.sessionId) ? where : null;
}

/** Forget the context of `world` (a command sent to it failed). */
export function forgetContext(world) {
  contexts.delete(world);
}

// Runs whose every id was known (nothing to take), per world: their elements are let go by
// the next walk over CDP in that world (walker_capture.js, walker_worlds.js) instead of a
// take of their own, one renderer task less a read (at load 5–6 every command costs the
// renderer ~1 ms, and the last frame-tree check waited behind it). A run the next read does
// not free that way (an injected walk) goes with the walker's own bound (4 runs a world).
const unfreed = new Map(); // world token -> [run...]
const MAX_UNFREED = 8;

/** Note a run of `world` that no take handed over (its elements stay pending in the page). */
export function deferFree(world, run) {
  if (typeof world !== 'string' || !world || typeof run !== 'string') return;
  const runs = unfreed.get(world) ?? [];
  unfreed.delete(world);
  unfreed.set(world, [...runs, run].slice(-MAX_UNFREED));
  while (unfreed.size > MAX_WORLDS) unfreed.delete(unfreed.keys().next().value);
}

/** The runs of `world` left pending (forgotten here: the caller's walk frees them). */
export function takeUnfreed(world) {
  const runs = unfreed.get(world) ?? [];
  unfreed.delete(world);
  return runs;
}

/** The statement that lets go of `runs` in the walker's world (prefixed to a walk's
 * expression): their elements, held for a take that will not come. */
export function freeRunsStatement(runs) {
  if (!runs.length) return '';
  return `{ const s = globalThis.__axsnapWalker; if (s) for (const r of ${JSON.stringify(runs)}) s.pending.delete(r); }`;
}

/** Forget everything (tests). */
export function clearIdCache() {
  known.clear();
  contexts.clear();
  unfreed.clear();
}
