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

/** parent frameId → its child frames that have an owner element, in the given order. */
function siblingGroups(frames) {
  const groups = new Map();
  for (const frame of frames) {
    if (!frame.parentFrameId || !Number.isInteger(frame.ownerBackendNodeId)) continue;
    const list = groups.get(frame.parentFrameId) ?? [];
    list.push(frame);
    groups.set(frame.parentFrameId, list);
  }
  return [...groups].filter(([, kids]) => kids.length > 1);
}

async function orderSiblings(send, parentId, kids, sessionId, positions) {
  const world = await send('Page.createIsolatedWorld', { frameId: parentId, worldName: ORDER_WORLD }, sessionId);
  const resolved = await Promise.all(kids.map((frame) => send('DOM.resolveNode', {
    backendNodeId: frame.ownerBackendNodeId, executionContextId: world.executionContextId, objectGroup: OBJECT_GROUP,
  }, sessionId)));
  const ids = resolved.map((reply) => reply?.object?.objectId);
  if (ids.some((id) => !id)) throw new Error(`frame ${parentId}: an <iframe> did not resolve`);
  const reply = await send('Runtime.callFunctionOn', {
    functionDeclaration: composedPaths.toString(), objectId: ids[0],
    arguments: ids.map((objectId) => ({ objectId })), returnByValue: true,
  }, sessionId);
  const paths = reply?.result?.value;
  if (!Array.isArray(paths) || paths.length !== kids.length) throw new Error(`frame ${parentId}: no owner paths`);
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
  const sessions = new Set(groups.map(([parentId]) => sessionOf.get(parentId)));
  await Promise.all(groups.map(([parentId, kids]) => orderSiblings(send, parentId, kids, sessionOf.get(parentId), positions)
    .catch((e) => errors.push({ step: 'frame_order', message: e?.message ?? String(e) }))));
  await Promise.all([...sessions].map((sessionId) => send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }, sessionId)
    .catch(() => {})));
  return positions;
}
