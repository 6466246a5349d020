// A box drawn wholly right of the page's width (what a scroll can show): an off-canvas panel (a
// template's theme settings, a to-do list) kept off the screen until a button slides it in. No
// scroll shows it, so no one sees its fields yet (semantic/unseen_fields.py's off_canvas).
export function offCanvas(el) {
  const se = document.scrollingElement || document.documentElement;
  const right = Math.max(se.clientWidth, se.scrollWidth);
  return right > 0 && el.getBoundingClientRect().left + (window.scrollX || 0) >= right;
}
