// Chromium's states of an accessibility row's element (ax_tree.js): the names and values
// pipeline/ax/rows.py STATE_PROPERTIES prints, as Chromium's tree gives them (checked,
// pressed, expanded, disabled, heading and tree item levels, editable, url, value ranges...).

export const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

// `aria`: the element whose aria-* attributes are read, or null when it has none (stateOf
// asks a dozen of them of every row's element; most have none, and one read of its
// attributes' names says so): then each is absent.
function ariaBool(aria, name) {
  if (aria === null) return null;
  const v = aria.getAttribute(name);
  return v === null ? null : v.trim().toLowerCase();
}

function hasAria(el) {
  const names = el.getAttributeNames();
  for (let i = 0; i < names.length; i++) if (names[i].startsWith('aria-')) return true;
  return false;
}

/** Chromium's states of `el` (role `role`), or 0 when none. */
export function stateOf(el, tag, role, ctx) {
  const aria = hasAria(el) ? el : null;
  const s = {};
  const type = tag === 'input' ? (el.type || 'text').toLowerCase() : '';
  if (el === ctx.active) s.focused = true;
  const checked = ariaBool(aria, 'aria-checked');
  if (type === 'checkbox' || type === 'radio') {
    if (el.indeterminate && type === 'checkbox') s.checked = 'mixed';
    else if (el.checked) s.checked = true;
  } else if (checked === 'true' || checked === 'mixed') s.checked = checked === 'mixed' ? 'mixed' : true;
  const pressed = ariaBool(aria, 'aria-pressed');
  if (pressed === 'true' || pressed === 'mixed') s.pressed = pressed === 'mixed' ? 'mixed' : true;
  if (tag === 'option' ? el.selected && !el.matches(':disabled') : ariaBool(aria, 'aria-selected') === 'true') s.selected = true;
  const expanded = ariaBool(aria, 'aria-expanded');
  if ((expanded === 'true' || expanded === 'false') && role !== 'list') s.expanded = expanded === 'true';
  else if (tag === 'summary' && el.parentElement && el.parentElement.localName === 'details') {
    s.expanded = el.parentElement.open;
  } else if (tag === 'select' && role === 'combobox') s.expanded = false;
  if ((typeof el.matches === 'function' && el.matches(':disabled'))
    || ariaBool(aria, 'aria-disabled') === 'true') s.disabled = true;
  if (el.required || ariaBool(aria, 'aria-required') === 'true') s.required = true;
  if ((el.readOnly && (tag === 'input' || tag === 'textarea'))
    || ariaBool(aria, 'aria-readonly') === 'true') s.readonly = true;
  const invalid = ariaBool(aria, 'aria-invalid');
  if (invalid && invalid !== 'false') s.invalid = invalid === 'true' ? 'true' : invalid;
  if (role === 'heading') {
    const level = parseInt(el.getAttribute('aria-level') || (/^h([1-6])$/.exec(tag) || [])[1] || '2', 10);
    if (level > 0) s.level = level;
  }
  if (role === 'treeitem') s.level = treeLevel(el);
  if (tag === 'textarea') s.multiline = true;
  const popup = ariaBool(aria, 'aria-haspopup');
  if (popup && popup !== 'false') s.haspopup = popup === 'true' ? 'menu' : popup;
  else if (tag === 'select' && role === 'combobox') s.haspopup = 'menu';
  else if (tag === 'input' && el.hasAttribute('list')) s.haspopup = 'listbox';
  if (ariaBool(aria, 'aria-modal') === 'true' || (tag === 'dialog' && el.matches(':modal'))) s.modal = true;
  if (ariaBool(aria, 'aria-busy') === 'true') s.busy = true;
  if (tag === 'textarea' || (tag === 'input' && TEXT_INPUTS.has(type))) s.editable = 'plaintext';
  else if (el.isContentEditable) s.editable = 'richtext';
  const href = role === 'link' ? el.href : null;  // (each read makes the URL's string anew)
  const src = !(href && typeof href === 'string')
    && ((tag === 'img' && role === 'image') || (tag === 'input' && el.type === 'image')) ? el.src : null;
  if (href && typeof href === 'string') s.url = href;
  else if (src && typeof src === 'string') s.url = src;
  rangeStates(el, aria, tag, role, s);
  for (const k in s) return s;  // eslint-disable-line no-unreachable-loop
  return 0;
}

// A tree item's level: aria-level, else 1 + the groups it is inside (up to its tree), as
// Chromium measures it.
function treeLevel(el) {
  const given = parseInt(el.getAttribute('aria-level') || '', 10);
  if (given > 0) return given;
  let level = 1;
  for (let a = el.parentElement; a && a.getAttribute('role') !== 'tree'; a = a.parentElement) {
    if (a.getAttribute('role') === 'group') level += 1;
  }
  return level;
}

// Chromium's orientation of a role that has one when aria-orientation does not say it
const ORIENTATION = { listbox: 'vertical', menu: 'vertical', scrollbar: 'vertical', tree: 'vertical',
  menubar: 'horizontal', slider: 'horizontal', tablist: 'horizontal', toolbar: 'horizontal' };
// roles with a value range, and their ARIA default range
const RANGES = { progressbar: [0, 100], slider: [0, 100], scrollbar: [0, 100], spinbutton: null, meter: null };

function ariaNumber(el, name) {
  const v = el.getAttribute(name);
  const n = v === null || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** States of orientation, selection, completion and value range (SnapshotV1 prints them). */
function rangeStates(el, aria, tag, role, s) {
  const ac = ariaBool(aria, 'aria-autocomplete');
  if (ac && ac !== 'none') s.autocomplete = ac;
  if (ariaBool(aria, 'aria-multiselectable') === 'true' || (tag === 'select' && el.multiple)) s.multiselectable = true;
  const orientation = ariaBool(aria, 'aria-orientation');
  if ((orientation === 'horizontal' || orientation === 'vertical') && role in ORIENTATION) s.orientation = orientation;
  else if (ORIENTATION[role]) s.orientation = ORIENTATION[role];
  if (!(role in RANGES)) return;
  const native = tag === 'input' || tag === 'progress' || tag === 'meter';
  let min = ariaNumber(el, 'aria-valuemin');
  let max = ariaNumber(el, 'aria-valuemax');
  if (native) {
    const nmin = tag === 'progress' ? 0 : Number(el.min === '' ? NaN : el.min);
    const nmax = Number(el.max === '' ? NaN : el.max);
    if (min === null && Number.isFinite(nmin)) min = nmin;
    if (max === null && Number.isFinite(nmax)) max = nmax;
    if (tag === 'input' && el.type === 'range') { min ??= 0; max ??= 100; }
  }
  const fallback = RANGES[role];
  if (fallback) { min ??= fallback[0]; max ??= fallback[1]; }
  if (min !== null) s.valuemin = min;
  if (max !== null) s.valuemax = max;
  const text = el.getAttribute('aria-valuetext');
  if (text) s.valuetext = text;
}
