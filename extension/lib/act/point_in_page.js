// The act's box and hit test read in the lookup's own page call (fast path act_point_in_page,
// design note 86), for a node of the top document: instead of DOM.getContentQuads,
// Page.getLayoutMetrics and DOM.getNodeForLocation (geometry.js earlyPoint, the exact path),
// the function below runs on the node in the isolated world that checks it (resolve.js
// locateNode's `also`), beside its facts. Reads only: client rects, the viewport's size and
// scroll, elementFromPoint.
//
// What it answers is earlyPoint's answer, in the same coordinates:
// - quads: the node's client rects as quads (the border boxes' bounds: what quadBox takes of
//   a content quad, transforms included), in the top document's viewport; an inline box
//   with elements inside is left to the exact path (DevTools gives its children's quads);
// - viewport: the layout viewport's size without scroll bars and its scroll;
// - hit: at the same point earlyPoint hit-tests (the centre when the node is wholly in view,
//   rounded in document coordinates), taken only when what is there is the node or inside it
//   (across shadow roots: the node's own root answers, retargeted to its scope), or a <label>
//   for it that can host no shadow root. Anything else (a cover, an <iframe>, a label's part
//   that may hold a closed shadow root) answers no hit: checkHit then asks DevTools, as the
//   exact path does. So an in-page answer can only spare a hit test whose verdict is "reaches".

import { clickPoints, quadBox, visibleBox, wholeInView } from './geometry.js';

// Elements that may hold a shadow root (attachShadow's list, and any custom element): a hit
// on one may be retargeted from a node inside a closed root, whose own label is another.
const MAY_HOST = /^(article|aside|blockquote|body|div|footer|h[1-6]|header|main|nav|p|section|span)$|-/;

/** The in-page function (a declaration for Runtime.callFunctionOn's `also`, called on the
 * node): {quads, viewport: {width, height, pageX, pageY}, hit: {x, y, reaches} | null}
 * or null (no viewport to read: the exact path answers). Built from geometry.js's own
 * functions, so the box and the point are computed as the exact path computes them. */
export const POINT_IN_PAGE = `function () {
  const r2 = (v) => Math.round(v * 100) / 100;
  ${quadBox}
  ${visibleBox}
  ${clickPoints}
  ${wholeInView}
  const doc = this.ownerDocument;
  const view = doc && doc.defaultView;
  const port = doc && (doc.compatMode === 'BackCompat' ? doc.body : doc.documentElement);
  if (!view || !port || view.top !== view) return null;
  // an inline box with elements inside: DevTools' quads are its children's, its client rects
  // its own line boxes (a label around a checkbox): not the same box, so the exact path reads it
  if (this.firstElementChild && view.getComputedStyle(this).display === 'inline') return null;
  const viewport = { width: port.clientWidth, height: port.clientHeight, pageX: view.scrollX, pageY: view.scrollY };
  const quads = this.getClientRects ? Array.from(this.getClientRects(), (r) =>
    [r.left, r.top, r.right, r.top, r.right, r.bottom, r.left, r.bottom]) : [];
  if (!wholeInView(quads, viewport)) return { quads, viewport, hit: null };
  const centre = clickPoints(visibleBox(quads, viewport))[0];
  const x = Math.round(centre.x + viewport.pageX);
  const y = Math.round(centre.y + viewport.pageY);
  const root = this.getRootNode();
  const el = root.elementFromPoint ? root.elementFromPoint(x - viewport.pageX, y - viewport.pageY) : null;
  let reaches = false;
  for (let n = el; n && !reaches; n = n.parentNode || n.host) reaches = n === this;
  if (!reaches && el && el.closest) {
    // el is what was hit, or the host of a shadow tree it was hit in: only an element that
    // holds no shadow root was surely hit itself (or its text), so its label is the hit's
    const label = el.closest('label');
    const mayHost = el.namespaceURI === 'http://www.w3.org/1999/xhtml' && ${MAY_HOST}.test(el.localName);
    reaches = !!label && !mayHost && label.control === this;
  }
  return { quads, viewport, hit: { x, y, reaches } };
}`;
