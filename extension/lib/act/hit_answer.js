// A hit test that does not answer is not "clear" (issue 32, design note 119).
//
// DevTools' DOM.getNodeForLocation answers a node, or fails with "No node found at given
// location": nothing is there (a point on a scroll bar), and the click decides, as before.
// Any other failure is no answer at all: the frame's session is gone (a cross-site frame
// removed or navigated since the lookup), its document is not laid out, the command did not
// reach the page. checkHit then asks once the other way: DevTools' failure is asked of the
// page (HIT_IN_PAGE, elementFromPoint in the documents from the frame's local root down to the
// node's, on the node's own world); the in-page read's failure (point_in_page.js: it threw or
// declined) is already asked of DevTools. When the other way fails too the act is refused
// with hit_test_failed, naming the frame and both reasons: never a click at an unverified
// point, never an `occluded` whose cover nobody saw.

import { AxError } from '../common/errors.js';

const NO_NODE = /No node found at given location/i;

/** DevTools' hit test at `params` in a session: {answer: node} or {answer: null} (no node at
 * that point), or {failed: reason} (no answer). A tab that is gone stays its own error. */
export async function devtoolsHit(session, params, sessionId) {
  try {
    return { answer: await session.send('DOM.getNodeForLocation', params, sessionId) };
  } catch (err) {
    if (err instanceof AxError && err.code === 'tab_not_found') throw err;
    const reason = String(err?.message ?? err);
    return NO_NODE.test(reason) ? { answer: null } : { failed: reason };
  }
}

/** How many documents lie between the node's frame and its local root (the tab, or the
 * out-of-process frame it is drawn in): parents reached in the same session. */
export function depthInLocalRoot(frames, frame) {
  let depth = 0;
  let f = frame;
  while (f?.parentFrameId) {
    const parent = (frames ?? []).find((p) => p.frameId === f.parentFrameId);
    if (!parent || parent.sessionId !== f.sessionId) break;
    depth++;
    f = parent;
  }
  return depth;
}

// Called on the target in its own world: (x, y) the point in its local root's document
// coordinates (what DevTools was asked), `depth` documents above the node's in that root.
// Answers {reaches: true}, {none: true} (no element at that point), {cover: {tag, text, id}}
// or {unanswered: reason}. Each document's element at the point must be the <iframe> of the
// next one down; the point moves into that frame's viewport by its content box's origin.
export const HIT_IN_PAGE = `function (x, y, depth) {
  const describe = (el) => {
    const text = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 80);
    return { tag: el.localName || '', text, id: el.id || '' };
  };
  let view = this.ownerDocument && this.ownerDocument.defaultView;
  if (!view || !this.isConnected) return { unanswered: 'the target is in no shown document' };
  const views = [view];
  for (let i = 0; i < depth; i++) {
    const owner = view.frameElement;
    if (!owner) return { unanswered: 'a frame above the target cannot be read from the page' };
    view = owner.ownerDocument.defaultView;
    views.unshift(view);
  }
  let px = x - views[0].scrollX;
  let py = y - views[0].scrollY;
  for (let i = 0; i < views.length; i++) {
    const last = i === views.length - 1;
    const root = last ? this.getRootNode() : views[i].document;
    const el = root.elementFromPoint ? root.elementFromPoint(px, py) : null;
    if (!el) return { none: true };
    if (!last) {
      const owner = views[i + 1].frameElement;
      if (el !== owner) return { cover: describe(el) };
      const box = owner.getBoundingClientRect();
      const style = views[i].getComputedStyle(owner);
      px -= box.left + owner.clientLeft + parseFloat(style.paddingLeft || '0');
      py -= box.top + owner.clientTop + parseFloat(style.paddingTop || '0');
      continue;
    }
    for (let n = el; n; n = n.parentNode || n.host) if (n === this) return { reaches: true };
    const label = el.closest ? el.closest('label') : null;
    if (label && label.control === this) return { reaches: true };
    return { cover: describe(el) };
  }
  return { unanswered: 'no document to test' };
}`;

/** The page's own hit test at `at` for `node` (HIT_IN_PAGE): its answer, or {unanswered}
 * when the call itself failed (the frame's session or world is gone). */
export async function pageHit(session, node, at) {
  try {
    const r = await session.send('Runtime.callFunctionOn', {
      objectId: node.objectId, functionDeclaration: HIT_IN_PAGE,
      arguments: [{ value: at.x }, { value: at.y }, { value: depthInLocalRoot(node.frames, node.frame) }],
      returnByValue: true,
    }, node.frame.sessionId);
    if (r?.exceptionDetails) return { unanswered: String(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text) };
    return r?.result?.value ?? { unanswered: 'the page answered nothing' };
  } catch (err) {
    if (err instanceof AxError && err.code === 'tab_not_found') throw err;
    return { unanswered: String(err?.message ?? err) };
  }
}

/** The refusal when neither way answered: the frame, both reasons, what to do. */
export function hitTestFailed(node, devtools, inPage) {
  const frame = node.frame ?? {};
  const where = frame.parentFrameId ? `frame ${frame.frameId}${frame.url ? ` (${frame.url})` : ''}` : 'the top document';
  const err = new AxError('hit_test_failed',
    `The hit test at the click point did not answer in ${where}: DevTools: ${devtools}; the page: ${inPage}. Nothing was clicked`,
    'The frame may have been removed, navigated or not laid out yet: read the page again and act on what it shows now.');
  err.hitTest = { frame: String(frame.frameId ?? ''), url: String(frame.url ?? ''), devtools, in_page: inPage };
  return err;
}
