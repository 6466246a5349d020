// The border of each child frame's owner <iframe> ([clientLeft, clientTop]): the host places
// a frame's DOMSnapshot document at its owner's layout box plus this border
// (host pipeline/dom/index.py). DOMSnapshot's `includeDOMRects` reports it too, but only
// with the client, scroll and offset rects of every node, which cost more than half of the
// call on a big page (raw CDP, generated 20k page: 0.8-1.1 s with them, 0.28-0.34 s
// without). So every whole-page read but the outline's (it reads scroll boxes) asks
// DOMSnapshot without rects and reads the owners' borders here: the owners are resolved
// into an isolated world of their parent frame (native accessors, no page script runs,
// nothing is written), one call per parent frame.

const BORDER_WORLD = 'axsnap-frame-borders';
const OBJECT_GROUP = 'axsnap-frame-borders';

/** Runs in the isolated world, the arguments being the owner elements. */
function ownerBorders(...owners) {
  return owners.map((owner) => [owner.clientLeft, owner.clientTop]);
}

async function bordersOf(send, parentId, kids, sessionId) {
  const world = await send('Page.createIsolatedWorld', { frameId: parentId, worldName: BORDER_WORLD }, sessionId);
  const resolved = await Promise.all(kids.map((frame) => send('DOM.resolveNode', {
    backendNodeId: frame.ownerBackendNodeId, executionContextId: world.executionContextId, objectGroup: OBJECT_GROUP,
  }, sessionId)));
  const ids = resolved.map((reply) => reply?.object?.objectId);
  if (ids.some((id) => !id)) throw new Error(`frame ${parentId}: an <iframe> did not resolve`);
  const reply = await send('Runtime.callFunctionOn', {
    functionDeclaration: ownerBorders.toString(), objectId: ids[0],
    arguments: ids.map((objectId) => ({ objectId })), returnByValue: true,
  }, sessionId);
  const borders = reply?.result?.value;
  if (!Array.isArray(borders) || borders.length !== kids.length) throw new Error(`frame ${parentId}: no owner borders`);
  kids.forEach((frame, i) => {
    const [left, top] = borders[i] ?? [];
    if (Number.isFinite(left) && Number.isFinite(top)) frame.ownerClient = [left, top];
  });
}

/**
 * Sets `frame.ownerClient = [clientLeft, clientTop]` on every child frame of `frames` with an
 * `ownerBackendNodeId` (capture.js frameOwners). `sessionOf`: frameId → its CDP session. A
 * parent whose owners cannot be read is reported in `errors` (its frames are placed without
 * a border).
 */
export async function readOwnerBorders(send, frames, sessionOf, errors) {
  const groups = new Map();
  for (const frame of frames) {
    if (!frame.parentFrameId || !Number.isInteger(frame.ownerBackendNodeId)) continue;
    const list = groups.get(frame.parentFrameId) ?? [];
    list.push(frame);
    groups.set(frame.parentFrameId, list);
  }
  if (!groups.size) return;
  const sessions = new Set([...groups.keys()].map((parentId) => sessionOf.get(parentId)));
  await Promise.all([...groups].map(([parentId, kids]) => bordersOf(send, parentId, kids, sessionOf.get(parentId))
    .catch((e) => errors.push({ step: 'frame_border', message: e?.message ?? String(e) }))));
  await Promise.all([...sessions].map((sessionId) => send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }, sessionId)
    .catch(() => {})));
}
