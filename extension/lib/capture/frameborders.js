// The border of each child frame's owner <iframe> ([clientLeft, clientTop]): the host places
// a frame's DOMSnapshot document at its owner's layout box plus this border
// (host pipeline/dom/index.py). DOMSnapshot's `includeDOMRects` reports it too, but only
// with the client, scroll and offset rects of every node, which cost more than half of the
// call on a big page (raw CDP, generated 20k page: 0.8-1.1 s with them, 0.28-0.34 s
// without). So every whole-page read but the outline's (it reads scroll boxes) asks
// DOMSnapshot without rects and reads the owners' borders here: the owners are resolved
// into an isolated world of their parent frame (native accessors, no page script runs,
// nothing is written), one call per parent frame.

import { callOnOwners, ownerGroupName, ownersByParent, releaseOwnerGroup } from './frame_owner_call.js';

const BORDER_WORLD = 'axsnap-frame-borders';
const OBJECT_GROUP = 'axsnap-frame-borders';

/** Runs in the isolated world, the arguments being the owner elements. */
function ownerBorders(...owners) {
  return owners.map((owner) => [owner.clientLeft, owner.clientTop]);
}

async function bordersOf(send, parentId, kids, sessionId, group) {
  const borders = await callOnOwners(send, {
    parentId, kids, sessionId, world: BORDER_WORLD, group, fn: ownerBorders, what: 'borders',
  });
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
  const groups = ownersByParent(frames);
  if (!groups.size) return;
  const group = ownerGroupName(OBJECT_GROUP);
  await Promise.all([...groups].map(([parentId, kids]) => bordersOf(send, parentId, kids, sessionOf.get(parentId), group)
    .catch((e) => errors.push({ step: 'frame_border', message: e?.message ?? String(e) }))));
  await releaseOwnerGroup(send, [...groups.keys()].map((parentId) => sessionOf.get(parentId)), group);
}
