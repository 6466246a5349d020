// The tab's frames: its frame tree in pre-order, the out-of-process (cross-site) frames
// attached and placed after their parent, and each child frame's owner element.

import { timed } from './timed.js';

/** Page.getFrameTree → frames in pre-order, main frame first. */
export function flattenFrameTree(tree) {
  const out = [];
  const visit = (node, parentId) => {
    if (!node?.frame) return;
    const f = node.frame;
    out.push({
      frameId: f.id, parentFrameId: parentId ?? f.parentId ?? null, url: f.url + (f.urlFragment ?? ''),
      name: f.name ?? '', loaderId: f.loaderId ?? null,
      // a frame showing Chrome's error page: the URL it failed to load (the outline's
      // inventory lists it where no <iframe> src says it)
      ...(f.unreachableUrl ? { unreachable_url: f.unreachableUrl } : {}),
    });
    for (const child of node.childFrames ?? []) visit(child, f.id);
  };
  visit(tree?.frameTree ?? tree, null);
  return out;
}

const OOPIF_MAX_DEPTH = 4;

/**
 * Attach to the out-of-process (cross-site) iframes below `sessionId` (undefined = the tab)
 * with flat auto-attach; pushes their session ids to `found`, depth first. The tab's
 * Page.getFrameTree does not list these frames at all. The attachment records child
 * sessions as they attach, so a concurrent capture of the same tab sees them too.
 */
async function attachOutOfProcessFrames(session, sessionId, found, errors, depth = 0) {
  try {
    await session.send('Target.setAutoAttach',
      { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, sessionId);
  } catch (e) {
    errors.push({ step: 'oopif', message: e?.message ?? String(e) });
    return;
  }
  for (const child of session.childSessions(sessionId)) {
    if (child.targetInfo?.type !== 'iframe') continue;
    found.push(child.sessionId);
    if (depth < OOPIF_MAX_DEPTH) await attachOutOfProcessFrames(session, child.sessionId, found, errors, depth + 1);
  }
}

/** Insert a subtree (pre-order, root first) after the last descendant of its parent frame. */
export function insertSubtree(frames, subtree) {
  const parentIndex = frames.findIndex((f) => f.frameId === subtree[0]?.parentFrameId);
  if (parentIndex < 0) {
    frames.push(...subtree);
    return;
  }
  const inside = new Set([frames[parentIndex].frameId]);
  let at = parentIndex + 1;
  while (at < frames.length && inside.has(frames[at].parentFrameId)) {
    inside.add(frames[at].frameId);
    at += 1;
  }
  frames.splice(at, 0, ...subtree);
}

/** The tab's frames, main frame first, the out-of-process ones (their own sessions) in place. */
export async function collectFrames(session, timings, errors) {
  // The tab's frame tree and the out-of-process frames' auto-attach are independent: asked
  // together, then the children's own trees together.
  const children = [];
  const [before] = await Promise.all([
    timed(timings, 'frame_tree_ms', () => session.send('Page.getFrameTree')),
    timed(timings, 'oopif_ms', () => attachOutOfProcessFrames(session, undefined, children, errors)),
  ]);
  const frames = flattenFrameTree(before);
  const trees = await timed(timings, 'oopif_ms', () => Promise.all(children.map((child) => session
    .send('Page.getFrameTree', {}, child).catch((e) => {
      errors.push({ step: 'oopif', message: e?.message ?? String(e) });
      return null;
    }))));
  children.forEach((child, i) => {
    if (!trees[i]) return;
    const subtree = flattenFrameTree(trees[i]).map((f) => ({ ...f, sessionId: child, out_of_process: true }));
    if (subtree.length && !frames.some((f) => f.frameId === subtree[0].frameId)) insertSubtree(frames, subtree);
  });
  return frames;
}

/** DOM.getFrameOwner per child frame, asked in the parent frame's process (session). */
export async function frameOwners(session, frames, sessionOf, errors) {
  for (const frame of frames) {
    if (!frame.parentFrameId) {
      frame.ownerBackendNodeId = null;
      continue;
    }
    try {
      const owner = await session.send('DOM.getFrameOwner', { frameId: frame.frameId }, sessionOf.get(frame.parentFrameId));
      frame.ownerBackendNodeId = owner.backendNodeId ?? null;
    } catch (e) {
      frame.ownerBackendNodeId = null;
      errors.push({ step: 'frame_owner', message: `frame ${frame.frameId}: ${e?.message ?? e}` });
    }
  }
}
