// Semantic mode (issue 31, design note 280): a box that clips what overflows it and is drawn
// 0 or under 6 px a side hides what it holds ("zero_size", "tiny_box", visibility.js hidingOf),
// but not an absolutely positioned box whose containing block lies outside it, nor a fixed
// one: CSS clips a box's overflow only for what it contains as a containing block. SimpleBar's
// sidebars draw their links that way: a wrapper of height 0 clipping its overflow, the
// scrolling mask inside it absolute to the sidebar around it (Django Unfold's navigation).

export const CLIP_REASONS = new Set(['zero_size', 'tiny_box']);

// Whether `el` (absolute or fixed) is laid out against a containing block outside `box`. A
// fixed box's is the window; an absolute one's its offsetParent (null: no layout box, or a
// fixed ancestor: taken as inside), but for the body, which offsetParent names when no
// ancestor is positioned: a static body is no containing block, the initial one is, outside
// every box (design note 285).
function escapes(el, position, box) {
  if (position === 'fixed') return true;
  const holder = el.offsetParent;
  if (holder === null) return false;
  if (!box.contains(holder)) return true;
  return holder === holder.ownerDocument.body && getComputedStyle(holder).position === 'static';
}

/** `hx` (the hiding reasons `el` inherits) and `clipTo` (the boxes clipping it to nothing,
 * closest first: {box, reasons, outer}) for an absolute or fixed `el`, less the boxes it
 * escapes: their clip reasons leave `hx` unless a box it does not escape gave them too. */
export function escapeClips(el, position, hx, clipTo) {
  let at = clipTo;
  while (at && escapes(el, position, at.box)) at = at.outer;
  if (at === clipTo) return [hx, clipTo];
  const kept = new Set();
  for (let box = at; box; box = box.outer) for (const reason of box.reasons) kept.add(reason);
  const left = (hx || []).filter((reason) => !CLIP_REASONS.has(reason) || kept.has(reason));
  return [left.length ? left : null, at];
}
