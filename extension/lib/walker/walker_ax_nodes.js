// The nodes of a whole-page read from the walk that have no backendNodeId (a heading, a
// paragraph, a text run: `{frame}-axw{w}`, design note 64), found again when an action or a
// lookup names one.
//
// The walker's world gave each such node an id `w` as it wrote the accessibility rows
// (walker/src/ax_tree.js nodeIdOf; a node with a record has its record's tracked id), an id
// that lasts as long as the node (one node, one id, never reused in the world), and keeps the
// nodes of its last rows walk. So the world that walked the document answers which node `w`
// is, and that node's backendNodeId then names it as any element id does (the caller,
// capture/resolve.js, checks that it is still in the document of the id's frame: a node gone
// from the page, or hidden since that walk, is stale, never another node).
//
// A world counts its ids from 1, so a new document's world (a navigation) would give out the
// numbers the last document's did, and an id of the page the tab left would name a node of
// the new one. Every tracked walk carries the floor (opts.idFloor): above every id a rows walk
// reported, in any tab or frame; a world below it counts on from it (walker/src/records.js
// trackState), so an id names one document's node only (design note 65). The floor is kept
// in chrome.storage.session too: a restarted worker does not count from 1 again.

import { recallContext } from '../reuse/walker_id_cache.js';

const MAX_TABS = 64;
const OBJECT_GROUP = 'axsnap-walk-node';
const FLOOR_KEY = 'axsnapWalkIdFloor';
const walks = new Map(); // tabId -> the world tokens of its last rows walk (top run first)
let floor = 1;
let floorRead = null;

/** The least id a world gives from now on (opts.idFloor of every tracked walk). */
export function walkIdFloor() {
  return floor;
}

/** Read the floor a worker before this one kept (once per worker; no storage: 1). */
export function loadWalkIdFloor() {
  floorRead ??= Promise.resolve(globalThis.chrome?.storage?.session?.get(FLOOR_KEY))
    .then((kept) => raiseFloor([kept?.[FLOOR_KEY]], false), () => {});
  return floorRead;
}

function raiseFloor(nexts, keep = true) {
  const top = Math.max(floor, ...nexts.filter((n) => Number.isSafeInteger(n)));
  if (top === floor) return;
  floor = top;
  if (keep) Promise.resolve(globalThis.chrome?.storage?.session?.set({ [FLOOR_KEY]: floor })).catch(() => {});
}

/** Keep the worlds a rows walk of `tabId` ran in (walkFrames' output `out`), or a walk whose
 * records are named by the walker's ids, and raise the floor past the ids its worlds gave
 * (each run's axt.next, else its records' largest id). */
export function rememberRowsWalk(tabId, out) {
  const runs = [out, ...(out?.subframes ?? []).map((sf) => sf?.result)];
  raiseFloor(runs.map((run) => run?.axt?.next ?? nextAfterRecords(run)));
  const worlds = runs.map((run) => run?.world).filter((w) => typeof w === 'string' && w);
  walks.delete(tabId);
  if (!worlds.length) return;
  walks.set(tabId, [...new Set(worlds)]);
  while (walks.size > MAX_TABS) walks.delete(walks.keys().next().value);
}

/** Past the largest tracked id of a run's records (a walk without rows whose records are
 * named by their ids, node_ids "walker": design note 144), or undefined. */
function nextAfterRecords(run) {
  let top = 0;
  for (const rec of run?.elements ?? []) if (Number.isSafeInteger(rec?.w) && rec.w > top) top = rec.w;
  return top ? top + 1 : undefined;
}

/** Forget every tab's rows walk, and the floor with `floorToo` (tests). */
export function forgetRowsWalks(floorToo = false) {
  walks.clear();
  if (floorToo) {
    floor = 1;
    floorRead = null;
  }
}

/** `{ordinal, w}` of a walk node's id ("0-axw57"), or null for any other id. */
export function parseWalkId(elementId) {
  const match = /^(\d{1,4})-axw(\d{1,12})$/.exec(String(elementId));
  return match ? { ordinal: Number(match[1]), w: Number(match[2]) } : null;
}

/** The expression, run in a walker's world, that gives its node `w` (or null). */
export function walkNodeExpression(w) {
  const id = Number(w);
  return `(() => { const s = globalThis.__axsnapWalker; if (!s) return null;
    const ref = s.refs && s.refs.get(${id}); const el = ref && ref.deref();
    if (el) return el;
    for (const n of s.axNodes || []) {
      if (s.axIds.get(n) === ${id} || s.ids.get(n) === ${id}) return n;
    }
    return null; })()`;
}

/**
 * The backendNodeIds of node `w` in each world of `tabId`'s last rows walk whose context
 * lives in CDP session `sessionId` (null: the tab's own), in walk order; [] when no walk is
 * known (a new worker: read again) or no world knows `w`. Several worlds of one session
 * (same-process frames) each have their own ids: the caller keeps the one in its frame.
 */
export async function walkNodeCandidates(session, tabId, sessionId, w) {
  const worlds = walks.get(tabId) ?? [];
  const found = [];
  for (const world of worlds) {
    const where = recallContext(world, new Set([sessionId ?? null]));
    if (!where) continue;
    const on = where.sessionId ?? undefined;
    try {
      const r = await session.send('Runtime.evaluate', { expression: walkNodeExpression(w),
        contextId: where.contextId, returnByValue: false, objectGroup: OBJECT_GROUP }, on);
      const objectId = !r?.exceptionDetails && r?.result?.subtype === 'node' ? r.result.objectId : null;
      if (!objectId) continue;
      const d = await session.send('DOM.describeNode', { objectId }, on);
      if (Number.isInteger(d?.node?.backendNodeId)) found.push(d.node.backendNodeId);
    } catch {
      // a world whose document is gone: it names nothing
    } finally {
      session.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }, on).catch(() => {});
    }
  }
  return found;
}
