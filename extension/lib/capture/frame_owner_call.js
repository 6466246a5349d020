// Runs one function over the owner <iframe> elements of a parent frame's children, in an
// isolated world of that parent (native DOM accessors: no page script runs, nothing is
// written). Shared by frameorder.js (the owners' document order) and frameborders.js (their
// borders): both resolve the owners by backendNodeId and read them in one call.

let groupSerial = 0;
/**
 * A handle group of its own for one read of the owners: two captures of a tab may overlap (a
 * preparation and a read, or two reads), and the release of a shared group name would free
 * the other's handles mid-call ("Could not find object with given id").
 */
export function ownerGroupName(prefix) {
  groupSerial += 1;
  return `${prefix}-${groupSerial}`;
}

/** parent frameId → its child frames that have an owner element, in the given order. */
export function ownersByParent(frames) {
  const groups = new Map();
  for (const frame of frames) {
    if (!frame.parentFrameId || !Number.isInteger(frame.ownerBackendNodeId)) continue;
    const list = groups.get(frame.parentFrameId) ?? [];
    list.push(frame);
    groups.set(frame.parentFrameId, list);
  }
  return groups;
}

/**
 * `fn(...owners)` run in the world `world` of frame `parentId` with the owners of `kids` as
 * its arguments; its value (an array, one entry per owner) is returned. Throws when an owner
 * does not resolve or the value is not one entry per owner. The owners' handles stay in
 * `group` until `releaseOwnerGroup`.
 */
export async function callOnOwners(send, { parentId, kids, sessionId, world, group, fn, what }) {
  const context = await send('Page.createIsolatedWorld', { frameId: parentId, worldName: world }, sessionId);
  const resolved = await Promise.all(kids.map((frame) => send('DOM.resolveNode', {
    backendNodeId: frame.ownerBackendNodeId, executionContextId: context.executionContextId, objectGroup: group,
  }, sessionId)));
  const ids = resolved.map((reply) => reply?.object?.objectId);
  if (ids.some((id) => !id)) throw new Error(`frame ${parentId}: an <iframe> did not resolve`);
  const reply = await send('Runtime.callFunctionOn', {
    functionDeclaration: fn.toString(), objectId: ids[0],
    arguments: ids.map((objectId) => ({ objectId })), returnByValue: true,
  }, sessionId);
  const values = reply?.result?.value;
  if (!Array.isArray(values) || values.length !== kids.length) throw new Error(`frame ${parentId}: no owner ${what}`);
  return values;
}

/** Releases `group` in every session of `sessionIds` (errors ignored: the handles die with the document). */
export async function releaseOwnerGroup(send, sessionIds, group) {
  await Promise.all([...new Set(sessionIds)].map((sessionId) => send('Runtime.releaseObjectGroup', { objectGroup: group }, sessionId)
    .catch(() => {})));
}
