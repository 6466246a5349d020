// Where to act: scroll a node into view, find the centre of its visible part in top-level
// viewport coordinates, and hit-test that point (is the node, or something inside it, what a
// click there would reach?).
//
// DOM.getContentQuads answers in the coordinates of the frame's local root (the tab, or the
// out-of-process frame the node lives in); a cross-site frame's quads are moved to the tab's
// viewport by adding, for each process boundary on the way up, the content-box origin of the
// <iframe> that holds it (frame_chain.js), and the point is hit-tested in each of those
// parents' roots too (covers drawn by the documents above the frame).

import { AxError } from '../common/errors.js';
import { afterFrames } from './after.js';
import { chainOffset, coverAbove, frameChain, hiddenLink } from './frame_chain.js';
import { devtoolsHit, hitTestFailed, pageHit } from './hit_answer.js';

/** Bounding box of a quad [x1,y1,...,x4,y4]. */
export function quadBox(quad) {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return { x: x0, y: y0, width: Math.max(...xs) - x0, height: Math.max(...ys) - y0 };
}

/** The largest part of `quads` inside the viewport {width, height}: {x0, y0, x1, y1} | null. */
export function visibleBox(quads, viewport) {
  let best = null;
  for (const quad of quads ?? []) {
    const b = quadBox(quad);
    const x0 = Math.max(0, b.x);
    const y0 = Math.max(0, b.y);
    const x1 = Math.min(viewport.width, b.x + b.width);
    const y1 = Math.min(viewport.height, b.y + b.height);
    const area = (x1 - x0) * (y1 - y0);
    if (x1 - x0 >= 1 && y1 - y0 >= 1 && (!best || area > best.area)) best = { area, x0, y0, x1, y1 };
  }
  return best;
}

const r2 = (v) => Math.round(v * 100) / 100;

/** The centre of the largest part of `quads` inside the viewport {width, height}, or null. */
export function visibleCentre(quads, viewport) {
  const b = visibleBox(quads, viewport);
  return b ? { x: r2((b.x0 + b.x1) / 2), y: r2((b.y0 + b.y1) / 2) } : null;
}

/** Where to try a click in a box, best first: its centre, then eight points around it
 * (a partly covered element still takes a click where it shows). */
export function clickPoints(box) {
  const at = (fx, fy) => ({ x: r2(box.x0 + (box.x1 - box.x0) * fx), y: r2(box.y0 + (box.y1 - box.y0) * fy) });
  const out = [at(0.5, 0.5)];
  for (const fy of [0.2, 0.5, 0.8]) for (const fx of [0.2, 0.5, 0.8]) if (fx !== 0.5 || fy !== 0.5) out.push(at(fx, fy));
  return out;
}

/** The frame's local root layout viewport: its size and its scroll (page) offset. */
async function viewportOf(session, sessionId) {
  const m = await session.send('Page.getLayoutMetrics', {}, sessionId);
  const vp = m.cssLayoutViewport ?? m.layoutViewport;
  return { width: vp.clientWidth, height: vp.clientHeight, pageX: vp.pageX ?? 0, pageY: vp.pageY ?? 0 };
}

/** Is the whole of the largest quad inside the viewport? */
export function wholeInView(quads, viewport) {
  const box = visibleBox(quads, viewport);
  if (!box) return false;
  return (quads ?? []).some((q) => {
    const b = quadBox(q);
    return b.x >= box.x0 - 0.5 && b.y >= box.y0 - 0.5 && b.x + b.width <= box.x1 + 0.5 && b.y + b.height <= box.y1 + 0.5;
  });
}

async function quadsOf(session, node) {
  try {
    return (await session.send('DOM.getContentQuads', { backendNodeId: node.backendNodeId }, node.frame.sessionId)).quads;
  } catch {
    return [];
  }
}

/** The node's quads and its frame's viewport: two reads sent at once. */
async function boxOf(session, node) {
  const [quads, viewport] = await Promise.all([quadsOf(session, node), viewportOf(session, node.frame.sessionId)]);
  return { quads, viewport };
}

const hitParams = (at) => ({ x: Math.round(at.x), y: Math.round(at.y), includeUserAgentShadowDOM: false, ignorePointerEventsNone: true });

/**
 * The reads actionPoint and checkHit start with, sent for a node while it is still being
 * found ({frame, backendNodeId}: frameOfId's answer), all reads: its quads and viewport at
 * once, then, when it is wholly in view, the hit test at its centre. Resolves
 * {backendNodeId, quads, viewport, hit: {x, y, answer} | null}, or null when a read failed
 * (actionPoint then reads again). Pass it to actionPoint as `early`: it is taken only for
 * that very node, and only once.
 */
export async function earlyPoint(session, node) {
  try {
    const { quads, viewport } = await boxOf(session, node);
    const box = wholeInView(quads, viewport) ? visibleBox(quads, viewport) : null;
    let hit = null;
    if (box) {
      const centre = clickPoints(box)[0];
      const params = hitParams({ x: centre.x + viewport.pageX, y: centre.y + viewport.pageY });
      // {answer: node | null (no node there)} or {failed: reason}: checkHit tells them apart
      hit = { x: params.x, y: params.y, ...await devtoolsHit(session, params, node.frame.sessionId) };
    }
    return { backendNodeId: node.backendNodeId, quads, viewport, hit };
  } catch {
    return null;
  }
}

/**
 * Find where to act on the node, scrolling it into view first when it is not wholly in
 * view: {local, point, locals, toTab, toDocument, scrolled, chain} — `local` in its frame's local
 * root viewport, `point` in the tab's viewport (for input), `toDocument` the local point in
 * that root's document coordinates (what DOM.getNodeForLocation takes: the viewport point
 * plus the root's scroll), `hit` the early hit test at the centre (earlyPoint, when `early`
 * was read of this node and nothing was scrolled; checkHit takes it), `chain` the process
 * boundaries above its root (frame_chain.js; checkHit's `above`). Throws not_actionable
 * when no part of it can be seen.
 */
export async function actionPoint(session, node, early = null) {
  const { frame, backendNodeId } = node;
  const taken = early?.backendNodeId === backendNodeId ? early : null;
  let { quads, viewport } = taken ?? await boxOf(session, node);
  let scrolled = false;
  if (!wholeInView(quads, viewport)) {
    await session.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }, frame.sessionId).catch(() => {});
    ({ quads, viewport } = await boxOf(session, node));
    scrolled = true;
  }
  let box = visibleBox(quads, viewport);
  if (!box) throw notShown();
  let chain = await frameChain(session, node.frames, frame);
  let scrolledAbove = false;
  // its frame may lie outside a parent's view (a cross-site frame below the page's fold): that
  // <iframe> is scrolled there until the point shows, nearest boundary first
  for (let hidden = hiddenLink(chain, clickPoints(box)[0]), tries = 0; hidden; hidden = hiddenLink(chain, clickPoints(box)[0])) {
    if (tries++ >= chain.length) {
      throw new AxError('not_actionable', "The element's frame is outside the page's view, and scrolling did not bring it in.",
        'Scroll the page to the frame, read it again, then act.');
    }
    await session.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: hidden.link.owner, rect: hidden.rect },
      hidden.link.sessionId).catch(() => {});
    ({ quads, viewport } = await boxOf(session, node));
    box = visibleBox(quads, viewport);
    if (!box) throw notShown();
    chain = await frameChain(session, node.frames, frame);
    scrolled = true;
    scrolledAbove = true;
  }
  // a frame of another process moved by its parent's scroll: the browser routes input by what
  // was last drawn, so the press waits until the page has drawn two frames since the scroll
  // (else it may land on the <iframe> where the frame used to be; seen in the layout corpus)
  if (scrolledAbove) await afterFrames(session, 2);
  const offset = chainOffset(chain);
  const locals = clickPoints(box);
  const toTab = (p) => ({ x: p.x + offset.x, y: p.y + offset.y });
  const toDocument = (p) => ({ x: p.x + viewport.pageX, y: p.y + viewport.pageY });
  // the early hit test, for the point it was read at (the centre, nothing scrolled since)
  const hit = taken && !scrolled ? taken.hit : null;
  return { local: locals[0], point: toTab(locals[0]), locals, toTab, toDocument, scrolled, hit, chain };
}

function notShown() {
  return new AxError('not_actionable', 'The element has no visible box (hidden, empty or outside the page).',
    'Take a new snapshot: act on an element that is shown.');
}

// Is `hit` the target, inside it (across shadow roots), or a label that forwards to it?
// A pseudo-element's box (DevTools names a ::before or ::after; the page's CSSPseudoElement)
// is its element's: a click there goes to that element, as elementFromPoint says.
export const REACHES = `function (hit) {
  if (hit && hit.nodeType === undefined && hit.element) hit = hit.element;
  for (let n = hit; n; n = n.parentNode || n.host) if (n === this) return true;
  const el = hit && hit.nodeType !== 1 ? hit.parentElement : hit;
  const label = el && el.closest ? el.closest('label') : null;
  if (label && label.control === this) return true;
  return false;
}`;

const DESCRIBE = `function () {
  const el = this.nodeType === 1 ? this : this.parentElement || this;
  const text = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 80);
  return JSON.stringify({ tag: el.localName || '', text, id: el.id || '' });
}`;

/**
 * Hit-test the node's action point in its frame (`at`: that point in the local root's
 * document coordinates, actionPoint's toDocument); throws occluded (with `cover`:
 * {backendNodeId, tag, text}) when another element would take the click. `early`: an
 * actionPoint's `hit`, whose answer (DevTools' node, or the in-page read's `reaches`) stands
 * for the hit test when it was read at this point. A DevTools hit test that fails (not "no
 * node there") is asked of the page once; when that fails too, throws hit_test_failed
 * (hit_answer.js): a hit test that does not answer is never taken as clear. `above`:
 * {chain, local} (actionPoint's chain, the point in the local root's viewport): the point is
 * then hit-tested in every document above that root too (frame_chain.js), a cover there
 * occluded, no answer there hit_test_failed.
 */
export async function checkHit(session, node, at, early = null, above = null) {
  await checkInRoot(session, node, at, early);
  if (!above?.chain?.length) return;
  const got = await coverAbove(session, above.chain, above.local,
    (params, sessionId) => devtoolsHit(session, params, sessionId));
  if (got?.cover) throw occluded({ ...got.cover, frame: ordinalOf(node.frames, got.cover.frameId) });
  if (got?.failed) throw hitTestFailed({ ...node, frame: node.frames.find((f) => f.frameId === got.frameId) ?? node.frame },
    got.failed, 'not asked (a document above the frame)');
}

async function checkInRoot(session, node, at, early) {
  const { frame, objectId, contextId } = node;
  const params = hitParams(at);
  const here = early && early.x === params.x && early.y === params.y;
  // the lookup's page call found the node (or its label) at this very point (point_in_page.js)
  if (here && early.reaches === true) return;
  const asked = here && (early.answer !== undefined || early.failed) ? early : await devtoolsHit(session, params, frame.sessionId);
  if (asked.failed) return pageVerdict(session, node, params, asked.failed);
  const hit = asked.answer;
  if (hit === null) return; // nothing there to compare (a point on a scrollbar): let the click decide
  if (hit.backendNodeId === node.backendNodeId) return;
  let hitObject = null;
  if (!hit.frameId || hit.frameId === frame.frameId) {
    const r = await session.send('DOM.resolveNode',
      { backendNodeId: hit.backendNodeId, executionContextId: contextId }, frame.sessionId).catch(() => null);
    hitObject = r?.object?.objectId ?? null;
  }
  if (hitObject) {
    const reaches = await session.send('Runtime.callFunctionOn', {
      objectId, functionDeclaration: REACHES, arguments: [{ objectId: hitObject }], returnByValue: true,
    }, frame.sessionId);
    if (reaches.result?.value === true) return;
  }
  // its frame's ordinal: a backendNodeId is its renderer's number, named by (frame, number)
  let cover = { backendNodeId: hit.backendNodeId, frame: ordinalOf(node.frames, hit.frameId ?? frame.frameId), tag: '', text: '' };
  if (hitObject) {
    const d = await session.send('Runtime.callFunctionOn',
      { objectId: hitObject, functionDeclaration: DESCRIBE, returnByValue: true }, frame.sessionId).catch(() => null);
    if (d?.result?.value) cover = { ...cover, ...JSON.parse(d.result.value) };
  } else {
    cover.tag = 'iframe';
  }
  throw occluded(cover);
}

/** The frame's ordinal in the frames as the capture numbers them (resolve.js outlineFrames). */
function ordinalOf(frames, frameId) {
  const i = (frames ?? []).findIndex((f) => f.frameId === frameId);
  return i < 0 ? undefined : i;
}

function occluded(cover) {
  const err = new AxError('occluded', 'Another element is on top of the target at the point a click would land',
    'Close or move what covers it (a dialog, a banner), or act on the cover; force: true skips this check.');
  err.cover = cover;
  return err;
}

/** DevTools did not answer at `params`: the page's own hit test decides, once; neither
 * answering refuses the act (hit_test_failed). */
async function pageVerdict(session, node, params, devtoolsFailed) {
  const got = await pageHit(session, node, params);
  if (got.reaches || got.none) return; // `none`: nothing there, as DevTools' "no node"
  if (got.cover) throw occluded({ tag: got.cover.tag, text: got.cover.text });
  throw hitTestFailed(node, devtoolsFailed, got.unanswered ?? 'no answer');
}
