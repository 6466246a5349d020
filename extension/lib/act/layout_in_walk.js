// The capture after an act reads its layout in the walk's own evaluate (fast path
// act_layout_in_walk, design note 86), not with Page.getLayoutMetrics beside it.
//
// The host reads two parts of getLayoutMetrics (pipeline/dom/elements.py, act/relations.py,
// semantic/facts.py): cssLayoutViewport {pageX, pageY, clientWidth, clientHeight} (the layout
// viewport's scroll and its size without scroll bars) and cssContentSize {width, height} (the
// root scroller's contents). DevTools gives them as the integer rect the CSS viewport encloses:
// at a zoom of 1 (no browser zoom, no device scale, no pinch) the scroll offsets are whole
// pixels and they equal, exactly, scrollX/scrollY, the scrolling element's client size (the
// root, or the body in quirks mode) and its scroll size, when the scroll origin is the top
// left. Anywhere else (a zoom, a fractional scroll, no scrolling element, right to left or
// vertical lines) the in-page read answers null and the capture asks DevTools:
// tests/e2e/test_act_layout_in_walk_e2e.py compares the two on the pages where they could part.

/** An expression (run in the walk's world of the top document): the layout as JSON, or null. */
export const LAYOUT_IN_PAGE = `(() => {
  const se = document.scrollingElement;
  const scale = window.visualViewport ? window.visualViewport.scale : 1;
  if (!se || window.devicePixelRatio !== 1 || scale !== 1
    || !Number.isInteger(window.scrollX) || !Number.isInteger(window.scrollY)) return null;
  // DevTools counts the scroll from the content's left edge, the page from its scroll origin:
  // the same only when that origin is the top left (left to right, horizontal lines)
  for (const el of [document.documentElement, document.body]) {
    const style = el ? getComputedStyle(el) : null;
    if (style && (style.direction !== 'ltr' || style.writingMode !== 'horizontal-tb')) return null;
  }
  return JSON.stringify({
    cssLayoutViewport: { pageX: window.scrollX, pageY: window.scrollY, clientWidth: se.clientWidth, clientHeight: se.clientHeight },
    cssContentSize: { x: 0, y: 0, width: se.scrollWidth, height: se.scrollHeight },
  });
})()`;

const VIEWPORT_KEYS = ['pageX', 'pageY', 'clientWidth', 'clientHeight'];
const CONTENT_KEYS = ['x', 'y', 'width', 'height'];
const numbers = (part, keys) => part && typeof part === 'object'
  && keys.every((k) => Number.isFinite(part[k]));

/** The layout of LAYOUT_IN_PAGE's deep-serialized answer, in getLayoutMetrics' shape, or null
 * (it declined, or the answer is not its). */
export function layoutOf(item) {
  if (item?.type !== 'string') return null;
  let got = null;
  try {
    got = JSON.parse(item.value);
  } catch {
    return null;
  }
  if (!numbers(got?.cssLayoutViewport, VIEWPORT_KEYS) || !numbers(got?.cssContentSize, CONTENT_KEYS)) return null;
  return { cssLayoutViewport: got.cssLayoutViewport, cssContentSize: got.cssContentSize };
}
