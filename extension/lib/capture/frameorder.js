// Document order of child frames for the DOM channel, which reads no DOM tree and no AX
// tree (the outline orders frames with domtree.js framePositions, SnapshotV1 with
// axFramePositions). Frame ordinals name frames in ids ("3-14"), so every output must
// number a page's frames alike: the tab's frame tree lists out-of-process frames last.
//
// Only siblings are compared. For each parent frame with two or more children, the owner
// <iframe> elements are resolved into an isolated world of the parent frame (native DOM
// accessors: no page script runs, nothing is written) and each one's composed path is read:
// child indices from the document down, a shadow root coming before its host's children,
// as DOM.getDocument(pierce) lists them.

import { callOnOwners, ownerGroupName, ownersByParent, releaseOwnerGroup } from './frame_owner_call.js';

const ORDER_WORLD = 'axsnap-frame-order';
const OBJECT_GROUP = 'axsnap-frame-order';

/** Runs in the isolated world, `this` and the arguments being the owner elements. */
function composedPaths(...owners) {
  return owners.map((owner) => {
    const path = [];
    let node = owner;
    while (node?.parentNode) {
      const parent = node.parentNode;
      path.push(Array.prototype.indexOf.call(parent.childNodes, node));
      if (parent.nodeType === 11 && parent.host) {
        path.push(-1); // the shadow root, before the host's light children
        node = parent.host;
      } else {
        node = parent;
      }
    }
    return path.reverse();
  });
}

/** Compare two composed paths (arrays of child indices) in document order. */
export function comparePaths(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

/** Parents with two or more owned children: only siblings need ordering. */
function siblingGroups(frames) {
  return [...ownersByParent(frames)].filter(([, kids]) => kids.length > 1);
}

async function orderSiblings(send, parentId, kids, sessionId, positions, group) {
  const paths = await callOnOwners(send, {
    parentId, kids, sessionId, world: ORDER_WORLD, group, fn: composedPaths, what: 'paths',
  });
  const ranked = kids.map((frame, i) => [frame, paths[i]]).sort((a, b) => comparePaths(a[1], b[1]));
  ranked.forEach(([frame], rank) => positions.set(frame.frameId, rank));
}

/**
 * frameId → rank among its siblings in document order, for `frames` with their
 * `ownerBackendNodeId` (capture.js frameOwners) and `sessionOf` (frameId → CDP session of
 * that frame). A parent whose children cannot be ordered is reported in `errors` and keeps
 * the frame tree's order; feed the result to domtree.js orderFrames.
 */
export async function ownerFramePositions(send, frames, sessionOf, errors) {
  const positions = new Map();
  const groups = siblingGroups(frames);
  const group = ownerGroupName(OBJECT_GROUP);
  await Promise.all(groups.map(([parentId, kids]) => orderSiblings(send, parentId, kids, sessionOf.get(parentId), positions, group)
    .catch((e) => errors.push({ step: 'frame_order', message: e?.message ?? String(e) }))));
  await releaseOwnerGroup(send, groups.map(([parentId]) => sessionOf.get(parentId)), group);
  return positions;
}
