// The documents above an out-of-process frame (issue 32, design note 124).
//
// checkHit hit-tests a node's point in the frame's local root (the tab, or the out-of-process
// frame it is drawn in); DOM.getNodeForLocation there goes down through same-process frames,
// so a cover in any document of that root is seen. A cover drawn by a document of another
// process above it (the top page's fixed banner over a cross-site frame, or a box of the
// same-site frame that holds the cross-site one) is not: that root does not draw it. So, for
// each process boundary on the way up, the point is carried into the parent's local root
// (plus the <iframe>'s content-box origin there) and hit-tested in that root's document
// coordinates (plus its scroll): the hit must be that very <iframe>. Anything else takes the
// click: occluded, naming it.

/** The process boundaries above `frame`, nearest first: [{frameId, sessionId (the parent's
 * local root), owner (the <iframe>'s backendNodeId there), origin {x, y} (its content box in
 * that root's viewport), border {x, y} (its border box's), viewport {width, height, pageX, pageY} (that root's)}]. Empty for
 * a node of the tab's own process. */
export async function frameChain(session, frames, frame) {
  const chain = [];
  let f = frame;
  while (f?.parentFrameId) {
    const parent = (frames ?? []).find((p) => p.frameId === f.parentFrameId);
    if (!parent) break;
    if (f.sessionId !== parent.sessionId) {
      const owner = await session.send('DOM.getFrameOwner', { frameId: f.frameId }, parent.sessionId);
      const [box, metrics] = await Promise.all([
        session.send('DOM.getBoxModel', { backendNodeId: owner.backendNodeId }, parent.sessionId),
        session.send('Page.getLayoutMetrics', {}, parent.sessionId),
      ]);
      const vp = metrics.cssLayoutViewport ?? metrics.layoutViewport;
      chain.push({
        frameId: f.frameId, sessionId: parent.sessionId, owner: owner.backendNodeId,
        origin: { x: box.model.content[0], y: box.model.content[1] },
        border: { x: box.model.border?.[0] ?? box.model.content[0], y: box.model.border?.[1] ?? box.model.content[1] },
        viewport: { width: vp.clientWidth, height: vp.clientHeight, pageX: vp.pageX ?? 0, pageY: vp.pageY ?? 0 },
      });
    }
    f = parent;
  }
  return chain;
}

/** The first boundary whose parent's view does not hold the point (`local`, in the node's
 * local root viewport, carried up): {link, rect} with the point as a 1 px rect in that
 * <iframe>'s border box (DOM.scrollIntoViewIfNeeded's `rect`), or null. A cross-site frame
 * below the page's fold shows the node in its own view while the tab shows none of it. */
export function hiddenLink(chain, local) {
  let x = local.x;
  let y = local.y;
  for (const link of chain) {
    x += link.origin.x;
    y += link.origin.y;
    if (x < 0 || y < 0 || x >= link.viewport.width || y >= link.viewport.height) {
      return { link, rect: { x: x - link.border.x, y: y - link.border.y, width: 1, height: 1 } };
    }
  }
  return null;
}

/** The offset of the node's local root viewport in the tab's viewport: the chain's origins. */
export function chainOffset(chain) {
  return chain.reduce((sum, link) => ({ x: sum.x + link.origin.x, y: sum.y + link.origin.y }), { x: 0, y: 0 });
}

const DESCRIBE_COVER = `function () {
  const el = this.nodeType === 1 ? this : this.parentElement || this;
  const text = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 80);
  return JSON.stringify({ tag: el.localName || '', text, id: el.id || '' });
}`;

/** What a hit in a parent's root is, for the refusal: {backendNodeId, frameId, tag, text, id}. */
async function describeCover(session, hit, sessionId) {
  const cover = { backendNodeId: hit.backendNodeId, frameId: hit.frameId, tag: '', text: '' };
  const r = await session.send('DOM.resolveNode', { backendNodeId: hit.backendNodeId, objectGroup: 'axsnap-act-cover' },
    sessionId).catch(() => null);
  if (!r?.object?.objectId) return cover;
  const d = await session.send('Runtime.callFunctionOn',
    { objectId: r.object.objectId, functionDeclaration: DESCRIBE_COVER, returnByValue: true }, sessionId).catch(() => null);
  await session.send('Runtime.releaseObjectGroup', { objectGroup: 'axsnap-act-cover' }, sessionId).catch(() => {});
  return d?.result?.value ? { ...cover, ...JSON.parse(d.result.value) } : cover;
}

/**
 * Does a click at `local` (the point in the node's local root viewport) pass every document
 * above that root? Resolves null when it does (or a root answers "no node there", as
 * checkHit lets the click decide), {cover, frameId} when another element of a parent's root
 * takes it, {failed, frameId} when a parent's hit test does not answer. `hitAt(params,
 * sessionId)`: hit_answer.js devtoolsHit bound to the session.
 */
export async function coverAbove(session, chain, local, hitAt) {
  let x = local.x;
  let y = local.y;
  for (const link of chain) {
    x += link.origin.x;
    y += link.origin.y;
    const params = { x: Math.round(x + link.viewport.pageX), y: Math.round(y + link.viewport.pageY),
      includeUserAgentShadowDOM: false, ignorePointerEventsNone: true };
    const asked = await hitAt(params, link.sessionId);
    if (asked.failed) return { failed: asked.failed, frameId: link.frameId };
    const hit = asked.answer;
    if (hit === null || hit.backendNodeId === link.owner) continue;
    return { cover: await describeCover(session, hit, link.sessionId), frameId: link.frameId };
  }
  return null;
}
