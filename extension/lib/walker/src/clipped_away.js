// A box its ancestors' overflow clip shows none of: a field in a panel folded shut by
// `max-height: 0; overflow: hidden` (an accordion, Whoogle's configuration) or kept in a
// one-pixel `overflow: hidden` box. checkVisibility() reads it as shown (its display,
// visibility and opacity are the page's), yet no one sees it or types into it until the panel
// opens. Only a box wholly outside the clip on a clipped axis counts, and only an ancestor
// that cannot scroll (`hidden`, `clip`); inside a scrolling pane, only the pane's own box.
// An absolute box is clipped only by its containing block (offsetParent) and the boxes around
// that (clip_escape.js reads the walk's clips the same way); a fixed one by none of them.

const CLIPS = new Set(['hidden', 'clip']);
const SCROLLS = new Set(['auto', 'scroll']);
const UP = 12; // ancestors looked at: a folded panel sits a few levels above its fields

function outside(inner, outer) {
  return { x: inner.right <= outer.left || inner.left >= outer.right,
    y: inner.bottom <= outer.top || inner.top >= outer.bottom };
}

/** Whether `el`'s box lies wholly outside what an ancestor's non-scrolling overflow clip shows. */
export function clippedAway(el) {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  const position = view.getComputedStyle(el).position;
  if (position === 'fixed') return false;
  // (an absolute box: only its containing block and what lies around it clip it)
  let laidOutIn = position === 'absolute' ? el.offsetParent : null;
  let box = el.getBoundingClientRect();
  let up = 0;
  for (let a = el.parentElement; a && up < UP; a = a.parentElement, up++) {
    if (a === a.ownerDocument.body || a === a.ownerDocument.documentElement) return false;
    if (laidOutIn && a !== laidOutIn) continue;
    laidOutIn = null;
    const style = view.getComputedStyle(a);
    // (overflow clips no box of `display: contents` nor a plain inline box)
    const boxed = style.display !== 'contents' && style.display !== 'inline';
    const clipX = boxed && CLIPS.has(style.overflowX);
    const clipY = boxed && CLIPS.has(style.overflowY);
    if (clipX || clipY) {
      const away = outside(box, a.getBoundingClientRect());
      if ((clipX && away.x) || (clipY && away.y)) return true;
    }
    // What a pane scrolls to is shown as it scrolls: from here up only the pane's own box can
    // be clipped away (an app shell's hidden overflow around its scrolling content, a dialog's
    // scrolling body under its clipped frame).
    if (boxed && (SCROLLS.has(style.overflowX) || SCROLLS.has(style.overflowY))) {
      box = a.getBoundingClientRect();
    }
    if (style.position === 'fixed') return false;  // (nothing around a fixed box clips it)
    if (style.position === 'absolute') laidOutIn = a.offsetParent;
  }
  return false;
}
