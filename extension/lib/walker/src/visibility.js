// Whether and how a person can see an element: the window test, overflow that reaches the
// window, the reasons a box hides what is in it (semantic mode), the colour behind it, and
// the hit test that says whether it is on top or what covers it.
import { run } from './run.js';

export function meets(wn, x, y, w, h) {
  return x + w >= wn.l && y + h >= wn.t && x <= wn.r && y <= wn.b;
}

// Does content overflowing the element's box (unclipped) reach the window? Overflow
// grows right and down from the padding box: the scroll size beyond the client size.
export function overflowReaches(el, x, y, w, h, wn) {
  if (x > wn.r || y > wn.b) return false;  // it grows right and down only: no read needed
  const sw = el.scrollWidth;
  const sh = el.scrollHeight;
  const cw = el.clientWidth;
  const ch = el.clientHeight;
  if (sw <= cw && sh <= ch) return false;
  const cs = getComputedStyle(el);
  if (cs.overflowX !== 'visible' && cs.overflowY !== 'visible') return false;  // clipped
  return meets(wn, x, y, Math.max(w, sw + w - cw), Math.max(h, sh + h - ch));
}

// The colour behind an element: its own background, else its nearest painted ancestor's.
export function backgroundOf(el) {
  let n = el;
  const chain = [];
  let bg = 'rgb(255, 255, 255)';
  while (n && n.nodeType === 1) {
    const known = run.bgMemo.get(n);
    if (known !== undefined) { bg = known; break; }
    chain.push(n);
    const c = getComputedStyle(n).backgroundColor;
    if (c && c !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(c)) { bg = c; break; }
    n = n.parentElement || (n.parentNode && n.parentNode.host) || null;
  }
  for (const m of chain) run.bgMemo.set(m, bg);
  return bg;
}

function filterOpacity(filter) {
  let found = 1;
  for (const m of String(filter || '').matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/g)) {
    found *= parseFloat(m[1]) / (m[2] ? 100 : 1);
  }
  return found;
}

function scaledToNothing(transform) {
  const m = /matrix\(\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*,\s*([-\d.e]+)\s*,\s*([-\d.e]+)/.exec(String(transform || ''));
  if (!m) return false;
  const [a, b, c, d] = m.slice(1, 5).map(Number);
  return (Math.abs(a) < 1e-3 && Math.abs(b) < 1e-3) || (Math.abs(c) < 1e-3 && Math.abs(d) < 1e-3);
}

// Whether a box from `start` of size `size` (page px, one axis) ends before the page's start.
// A box of no size on the page's edge is not beyond it: an empty inline wrapper at the origin
// (an app's <ng-include> around a fixed modal) lays out nothing there, and what it holds is
// drawn where it is placed (design note 257).
export function offScreen(start, size) {
  const end = start + size;
  return end < 0 || (end === 0 && size > 0);
}

// Whether `el`'s overflow clips its own box. The root's overflow is the viewport's, and so is
// the body's while the root's is visible (CSS Overflow 3, propagation to the viewport): a body
// of height 0 with `overflow: hidden` (Node-RED's editor, a page locking its scroll under a
// modal) hides nothing it holds (design note 285).
export function clipsItsBox(el, style) {
  if (style.overflowX === 'visible' && style.overflowY === 'visible') return false;
  const doc = el.ownerDocument;
  const root = doc.documentElement;
  if (el === root) return false;
  if (el !== doc.body || el.parentNode !== root) return true;
  const rootStyle = getComputedStyle(root);
  return rootStyle.overflowX !== 'visible' || rootStyle.overflowY !== 'visible';
}

// Why a person cannot see what is inside this box (inherited by everything under it).
export function hidingOf(el, style, w, h, x, y) {
  const hx = [];
  // near-zero opacity, also through filter: opacity() (pipeline/hidden.py reads the same)
  const opacity = parseFloat(style.opacity);
  if ((Number.isFinite(opacity) && opacity <= 0.05) || filterOpacity(style.filter) <= 0.05) hx.push('opacity_0');
  if (scaledToNothing(style.transform)) hx.push('scaled_0');
  if (el.getAttribute('aria-hidden') === 'true') hx.push('aria_hidden');
  if ((style.clip && style.clip.startsWith('rect')) || (style.clipPath && style.clipPath !== 'none')) {
    hx.push('clipped');
  }
  if (clipsItsBox(el, style) && (w < 6 || h < 6)) hx.push(h === 0 || w === 0 ? 'zero_size' : 'tiny_box');
  if (offScreen(x, w) || offScreen(y + (run.topWin.scrollY || 0), h)) hx.push('off_screen');
  if ((parseFloat(style.textIndent) || 0) <= -500) hx.push('text_indent');
  return hx;
}

// What `doc` (a document or a shadow root) hit-tests at (x, y), asked once a walk a point. A
// hit test costs 6-30 ms on a page of thousands of paint layers (rustdoc: note 56) and
// nested boxes of one size test the same centre; the walk is one synchronous task that
// changes nothing, so a second answer at the same point would be the first one.
function hitAt(doc, x, y) {
  let asked = run.hits.get(doc);
  if (!asked) {
    asked = new Map();
    run.hits.set(doc, asked);
  }
  const key = x + ',' + y;
  let hit = asked.get(key);
  if (hit === undefined) {
    hit = doc.elementFromPoint(x, y);
    asked.set(key, hit);
  }
  return hit;
}

// The centre first, then points near the edges and corners (10% / 90% of the box).
const HIT_POINTS = [[0.5, 0.5], [0.1, 0.5], [0.9, 0.5], [0.5, 0.1], [0.5, 0.9], [0.1, 0.1],
  [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]];
// Whether a point lies beyond its frame's viewport `frameWin` or the visible rect `box` of the
// scrolling boxes around it (null: none).
function outOfView(x, y, frameWin, box) {
  return x < 0 || y < 0 || x >= frameWin.w || y >= frameWin.h
    || (box && (x < box.l || y < box.t || x >= box.r || y >= box.b));
}

// Is the element hit-tested to itself (or something inside it)? The centre first, then
// the other HIT_POINTS: a partly covered element counts when one of them is its own, and
// `pt` gets the visible point (viewport coordinates of its frame) when it is not the
// centre. An element whose centre is out of view (beyond the viewport or its scrolling
// box's visible rect) is not judged; other points out of view are not tested.
export function topmost(el, r, ctx, data) {
  const frameWin = ctx.fw;
  const box = ctx.clip;
  const left = r.left;
  const top = r.top;
  const width = r.width;
  const height = r.height;
  // A centre out of view is not judged (scrolling brings it); other points are skipped.
  // (asked first: on a whole page most records are out of view, design note 201)
  if (outOfView(left + width * 0.5, top + height * 0.5, frameWin, box)) return undefined;
  const root = el.getRootNode();
  const doc = root && root.elementFromPoint ? root : el.ownerDocument;
  let tested = 0;
  let firstHit = null;
  for (const [fx, fy] of HIT_POINTS) {
    const x = left + width * fx;
    const y = top + height * fy;
    if (outOfView(x, y, frameWin, box)) continue;
    tested++;
    const hit = hitAt(doc, x, y);
    if (!firstHit) firstHit = hit;
    for (let n = hit; n; n = n.parentNode || n.host) {
      // its own label lies over it (a styled checkbox's box, a radio hidden behind the
      // words a person clicks): a click there reaches it, so it is not covered
      if (n === el || (n.localName === 'label' && n.control === el)) {
        if (fx !== 0.5 || fy !== 0.5) data.pt = [Math.round(x + ctx.ox), Math.round(y + ctx.oy)];
        return 1;
      }
    }
  }
  if (!tested) return undefined;
  const cover = coverOf(firstHit, el);
  if (cover) data.cb = cover;
  return 0;
}

// What covers `el` where it was hit-tested: the nearest positioned box (fixed, absolute,
// sticky: what leaves the flow and lies over others) around the element that was hit,
// named tag#id or tag.class, as the host names DOMSnapshot's covers; else the hit itself.
function coverOf(hit, el) {
  for (let n = hit; n && n.nodeType === 1; n = n.parentElement || (n.getRootNode().host || null)) {
    if (n.contains(el)) break;
    const view = n.ownerDocument.defaultView;
    const position = view ? view.getComputedStyle(n).position : '';
    if (position === 'fixed' || position === 'absolute' || position === 'sticky') return boxName(n);
  }
  return hit && hit.nodeType === 1 && !hit.contains(el) ? boxName(hit) : '';
}

function boxName(n) {
  const tag = n.tagName.toLowerCase();
  if (n.id) return `${tag}#${n.id}`.slice(0, 120);
  const first = typeof n.className === 'string' ? n.className.trim().split(/\s+/)[0] : '';
  return (first ? `${tag}.${first}` : tag).slice(0, 120);
}

// An opaque colour (alpha 0.9 or more) or an image: nothing under the box shows through.
function paintsOver(n) {
  const style = n.ownerDocument.defaultView.getComputedStyle(n);
  if ((parseFloat(style.opacity) || 0) < 0.9) return false;
  if (style.backgroundImage && style.backgroundImage !== 'none') return true;
  const m = /rgba?\(([^)]*)\)/.exec(style.backgroundColor || '');
  if (!m) return false;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean);
  const alpha = parts.length > 3 ? parseFloat(parts[3]) / (parts[3].endsWith('%') ? 100 : 1) : 1;
  return alpha >= 0.9;
}

// Is the text of `el` under another element that paints over it, at its centre? Read-only
// (elementFromPoint, in the element's own frame); an element whose centre is out of view is
// not judged. The box that was hit, and its ancestors up to the one that holds `el` too,
// must paint an opaque background: a see-through veil hides nothing.
export function underOpaqueBox(el) {
  const b = el.getBoundingClientRect();
  const x = b.left + b.width / 2;
  const y = b.top + b.height / 2;
  const view = el.ownerDocument.defaultView;
  if (b.width <= 0 || b.height <= 0 || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
  const root = el.getRootNode();
  const doc = root && root.elementFromPoint ? root : el.ownerDocument;
  const hit = hitAt(doc, x, y);
  if (!hit || hit === el || el.contains(hit)) return false;
  for (let n = hit; n && n.nodeType === 1; n = n.parentElement || (n.getRootNode().host || null)) {
    if (n.contains(el)) return false;
    if (paintsOver(n)) return true;
  }
  return false;
}
