// A control's state as a person sees it (issue 30): aria-* first, a checked input inside,
// then the class that draws it (a switch's "on", a tab's "active" among siblings without it).
import { run } from './run.js';
import { FIELDS } from './tags.js';

const ON_CLASS = /(?:^|[\s_-])(?:on|active|checked|enabled|selected|is-on|is-active|is-checked|is-selected|current)(?:$|\s)/i;

// Whether a box's clip shows nothing of it: `clip: rect(...)` with no area (it clips a box
// taken out of the flow only: Bootstrap 4's button group hides its toggles' inputs so), or
// `clip-path: inset(50%)` and more. A clip that leaves part of the box shows it.
function clippedAway(cs) {
  if ((cs.position === 'absolute' || cs.position === 'fixed') && (cs.clip || '').startsWith('rect(')) {
    const [top, right, bottom, left] = cs.clip.slice(5, -1).split(/[\s,]+/).map(parseFloat);
    if (right <= left || bottom <= top) return true;  // ('auto' reads NaN: an open side)
  }
  const inset = /^inset\(\s*([\d.]+)%\s*\)$/.exec(cs.clipPath || '');
  return !!inset && parseFloat(inset[1]) >= 50;
}

// A label's radio or checkbox a person cannot see: its own box 2 px or less, transparent or
// clipped away, or inside the label a wrapper that shows nothing of it: clipped away,
// transparent, or 2 px or less and clipping what overflows it (React Aria's VisuallyHidden:
// the input keeps its own box in a 1 px box, design note 273).
function hiddenInLabel(control, label) {
  const r = control.getBoundingClientRect();
  const cs = getComputedStyle(control);
  if (r.width <= 2 || r.height <= 2 || cs.opacity === '0' || clippedAway(cs)) return true;
  if (!label.contains(control)) return false;
  for (let a = control.parentElement; a && a !== label; a = a.parentElement) {
    const ws = getComputedStyle(a);
    if (ws.opacity === '0' || clippedAway(ws)) return true;
    if (ws.overflow !== 'visible') {
      const box = a.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) return true;
    }
  }
  return false;
}

// How many of the first 12 children of `parent` with this tag there are, and how many of
// them a class marks active: asked of each parent and tag once a walk (run.likeRows), not
// again for every control among its children (issue 33, design note 149: a list of N links
// read its items' classes N times over).
function likeRow(parent, tag) {
  let byTag = run.likeRows.get(parent);
  if (byTag === undefined) {
    byTag = new Map();
    run.likeRows.set(parent, byTag);
  }
  let row = byTag.get(tag);
  if (row === undefined) {
    let like = 0;
    let on = 0;
    for (let k = parent.firstElementChild; k && like < 12; k = k.nextElementSibling) {
      if (k.localName !== tag) continue;
      like++;
      if (ON_CLASS.test(typeof k.className === 'string' ? k.className : '')) on++;
    }
    row = { like, on };
    byTag.set(tag, row);
  }
  return row;
}

export function personState(el, tag, attrs, role) {
  const st = {};
  const aria = (n) => { const v = el.getAttribute(n); return v === null ? null : v; };
  const checked = aria('aria-checked');
  if (checked === 'true' || checked === 'false' || checked === 'mixed') {
    st.checked = checked === 'mixed' ? 'mixed' : checked === 'true';
  } else if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
    st.checked = el.checked;
  } else if (tag === 'label' && el.control && (el.control.type === 'checkbox' || el.control.type === 'radio')) {
    st.checked = el.control.checked;
  } else if (!FIELDS.has(tag)) {
    // (no element inside it: nothing to look for)
    const inner = el.firstElementChild && el.querySelector('input[type=checkbox], input[type=radio]');
    if (inner && role === 'switch') st.checked = inner.checked;
  }
  const pressed = aria('aria-pressed');
  if (pressed === 'true' || pressed === 'false') st.pressed = pressed === 'true';
  const selected = aria('aria-selected');
  if (selected === 'true' || selected === 'false') st.selected = selected === 'true';
  const current = aria('aria-current');
  if (current && current !== 'false') st.current = current === 'true' ? true : current;
  const expanded = aria('aria-expanded');
  if (expanded === 'true' || expanded === 'false') st.expanded = expanded === 'true';
  const cls = typeof el.className === 'string' ? el.className : '';
  if (st.checked === undefined && st.pressed === undefined && /(?:^|[\s_-])(?:toggle|switch)(?:$|[\s_-])/i.test(cls)) {
    st.checked = ON_CLASS.test(cls);  // a switch drawn by a class: "toggle on"
    st.switch = 1;
  }
  if (st.selected === undefined && st.current === undefined && st.checked === undefined
    && el.parentElement) {
    // one of a row of like siblings marked active: a tab, a segmented button
    const { like, on } = likeRow(el.parentElement, tag);
    if (like >= 2 && on === 1) st.selected = ON_CLASS.test(cls);
  }
  if (tag === 'label' && el.control && (el.control.type === 'checkbox' || el.control.type === 'radio')) {
    st.control = el.control.type;
    if (hiddenInLabel(el.control, el)) st.hiddenControl = 1;
  }
  return st;
}
