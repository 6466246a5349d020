// The whole document as accessibility rows, in the walker's own pass (opts.axTree, issue 33:
// the whole-page outline without Accessibility.getFullAXTree, design note 42).
//
// After the records walk, one more pass over the flat tree (shadow roots, slots, same-origin
// frames) writes a row for each node Chromium's AX tree would keep for what it is: elements
// with a role other than generic/none (ax_role.js; named as ax_name.js names them), the text
// runs (a text node's rendered text, ::before/::after content), a <select>'s popup and
// options, and each walked record's element even when generic (the host gives it an id when
// its record was given one: a clickable div is a line). Elements that are generic, hidden by
// visibility or with no record are left out and their children lifted, as Chromium's
// ignored nodes are. display:none subtrees, aria-hidden subtrees, a closed <details>'s
// content, an element's hidden until found and the insides of form controls and images are
// not walked (tree.js shownFirst, which the records' walk asks too: design note 324).
//
// A row: [parent row, role, name, value, state, w, frame, tag], parent -1 for the document's
// RootWebArea; `w` the element's tracked id (records.js), or minus the id of a node with no
// record (an element, a text node, a document: nodeIdOf), 0 for a row of no node (generated
// content, a list marker) or without tracking; frame the
// walker frame index (run.frames); `state` an object of Chromium's state names (pipeline/
// ax/rows.py STATE_PROPERTIES) or 0; tag only on generic rows (a generic line is named by
// its tag), else absent or 0. With opts.axTree 'boxes' the row of a text run, a document and
// an element without a record has a ninth cell, its box [x, y, width, height] in the top
// document's viewport (a text run's from a Range over its text node: read off the layout
// the walk already made, nothing in the page changes).
import { endFlow, enterFlow, flowKind, flowOnly, flowText, leaveFlow, newFlow, ranText } from './ax_flow.js';
import { hideWords, noteHiding } from './ax_hiding.js';
import { axName } from './ax_name.js';
import { axRole } from './ax_role.js';
import { breaksRun, cutRun, newRuns, textRun } from './ax_runs.js';
import { shadowRootOf } from './ax_pseudo.js';
import { axStyle, pseudoStyle } from './ax_style.js';
import { contentValueText, transformText } from './ax_text_css.js';
import { TEXT_INPUTS, stateOf } from './ax_states.js';
import { nodeIdOf, trackedOf } from './records.js';
import { collapseAscii, run } from './run.js';
import { SKIP } from './tags.js';
import { shownFirst } from './tree.js';

const LIFTED = new Set(['generic', 'none', 'LineBreak']);
// Elements whose content Chromium does not expose as text runs of their own.
const LEAVES = new Set(['input', 'textarea', 'img', 'svg', 'video', 'audio', 'canvas', 'embed',
  'object', 'meter', 'progress', 'br', 'hr', 'wbr', 'area', 'map']);
const PRE = /^pre|break-spaces/;
const CELLS = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);
const MAX_ROWS = 400000;
const DATE_FIELDS = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

// A generic element an author named: a node of its own (a named wrapper stays in the outline).
// (A title names no generic: Chromium leaves such an element out.)
function namedByAuthor(el) {
  return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
}

function deepActive(doc) {
  let a = doc.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a;
}


// An option's name, its white space collapsed: ASCII white space only (a no-break space is
// text, as Chromium keeps it: "June 2018 \u00a0(9)").
function optionText(opt) {
  return (opt.label || opt.textContent || '').replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, '');
}

function valueOf(el, tag, role) {
  if (tag === 'textarea') return el.value || null;
  if (tag === 'input') {
    const type = (el.type || 'text').toLowerCase();
    if (type === 'password') return el.value ? '•'.repeat(el.value.length) : null;
    if (TEXT_INPUTS.has(type) || type === 'range' || type === 'color' || type === 'date'
      || type === 'time' || type === 'datetime-local' || type === 'month' || type === 'week') {
      return el.value || null;
    }
    return null;
  }
  if (tag === 'select' && role === 'combobox') {
    const opt = el.selectedOptions && el.selectedOptions[0];
    return opt ? optionText(opt) || null : null;
  }
  const now = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
  return now || null;
}

function textOf(ctx, data, parentStyle) {
  const pre = PRE.test(parentStyle.whiteSpace || '');
  // (a 'boxes' walk: as the flow lays it out, ax_flow.js)
  let t = ctx.flow ? flowText(ctx, data, parentStyle) : pre ? data : collapseAscii(data);
  if (!pre && !t.trim()) return '';
  // text-transform as layout shows it (capitalize: a run starts a word)
  return transformText(t, parentStyle.textTransform, NEW_WORD);
}

const NEW_WORD = { out: '' };

function push(ctx, row) {
  if (ctx.rows.length >= MAX_ROWS) { ctx.capped = true; return -1; }
  ctx.rows.push(row);
  return ctx.rows.length - 1;
}

function addText(ctx, text, parent, f, node) {
  if (!text || ctx.mute) return -1;
  // (a text run's box written in the literal: a push past seven cells grows an array to 26,
  // and a walk keeps every row: u8's kept rows walk 13.0 → 11.3 MB, design note 111)
  const row = ctx.boxes && node
    ? [parent, 'StaticText', text, null, 0, nodeIdOf(ctx.nodes, node), f, 0, textBox(ctx, node, f)]
    : [parent, 'StaticText', text, null, 0, node ? nodeIdOf(ctx.nodes, node) : 0, f];
  if (!node) cutRun(ctx.runs);  // generated text: no run of the DOM's (ax_runs.js)
  const at = push(ctx, row);
  if (node) noteHiding(ctx, at, text, node.parentElement);  // (ax_hiding.js)
  return at;
}

/** A box in the top document's viewport: `rect` of walker frame `f`'s viewport, shifted. */
function boxIn(rect, f) {
  const frame = run.frames[f];
  const ox = f && frame ? frame.ox : 0;
  const oy = f && frame ? frame.oy : 0;
  return [Math.round(rect.left + ox), Math.round(rect.top + oy), Math.round(rect.width),
    Math.round(rect.height)];
}

function rangeIn(ctx, node) {
  const doc = node.ownerDocument;
  let range = ctx.ranges.get(doc);
  if (!range) { range = doc.createRange(); ctx.ranges.set(doc, range); }
  return range;
}

function textBox(ctx, node, f) {
  const range = rangeIn(ctx, node);
  range.selectNodeContents(node);
  return boxIn(range.getBoundingClientRect(), f);
}

const BULLETS = { disc: '• ', circle: '◦ ', square: '▪ ' };
const ROMAN = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];

function roman(n) {
  let out = '';
  for (const [v, s] of ROMAN) while (n >= v) { out += s; n -= v; }
  return out;
}

function alpha(n) {
  let out = '';
  while (n > 0) { n -= 1; out = String.fromCharCode(97 + (n % 26)) + out; n = Math.floor(n / 26); }
  return out;
}

// The number of a list item: its value, else its list's start counted over the items before.
function itemNumber(el) {
  if (el.hasAttribute('value')) return el.value;
  const list = el.parentElement;
  let n = list && list.localName === 'ol' && list.hasAttribute('start') ? list.start : 1;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling) {
    if (s.localName === 'li') n += 1;
  }
  return n;
}

/** The text of a list item's marker as Chromium's ListMarker holds it, or '' for none. */
function markerText(el, cs) {
  if (cs.display !== 'list-item' || cs.listStyleImage !== 'none') return '';
  const type = cs.listStyleType;
  if (BULLETS[type]) return BULLETS[type];
  if (type === 'none' || !/^(decimal|decimal-leading-zero|(lower|upper)-(roman|alpha|latin))$/.test(type)) {
    return '';
  }
  const n = itemNumber(el);
  let t = String(n);
  if (type === 'decimal-leading-zero' && n < 10 && n >= 0) t = '0' + t;
  else if (type.endsWith('roman')) t = roman(n);
  else if (type.endsWith('alpha') || type.endsWith('latin')) t = alpha(n);
  if (type.startsWith('upper')) t = t.toUpperCase();
  return t + '. ';
}

// A list item's marker: Chromium's ListMarker holding its text; an item that is no
// listitem (generic: its list is not a list) has the text alone.
function addMarker(ctx, el, cs, role, parent, f) {
  const text = markerText(el, cs);
  if (!text || ctx.mute) return;
  if (role !== 'listitem') { addText(ctx, text, parent, f); return; }
  const marker = push(ctx, [parent, 'ListMarker', text, null, 0, 0, f]);
  if (marker >= 0) addText(ctx, text, marker, f);
}

// Quotes a <q> (or any ::before/::after) generates: Chromium writes them as text runs.
const QUOTES = { 'open-quote': '“', 'close-quote': '”' };

// (Generated content hidden by its own style is no text run: a clearfix's "." is not.)
function addPseudo(ctx, el, which, parent, f) {
  const pcs = pseudoStyle(el, which, contentValueText);
  const content = pcs.content;
  if (content === 'none' || content === 'normal' || !content) return;  // most elements
  if (pcs.display === 'none') return;
  let text = QUOTES[content] || pcs.text;
  const kind = ctx.flow ? flowKind(el, '', pcs) : '';
  const outer = enterFlow(ctx, kind);
  if (ctx.flow && text) text = flowText(ctx, text, pcs);
  if (text && text.trim() && pcs.visibility === 'visible') {
    const row = addText(ctx, text, parent, f);
    if (ctx.flow) ranText(ctx, row);
  }
  leaveFlow(ctx, kind, outer);
}

/** A slot's assigned nodes (flattened), or null when none are (its own children show). */
function slotted(el, tag) {
  if (tag !== 'slot' || typeof el.assignedNodes !== 'function') return null;
  const assigned = el.assignedNodes({ flatten: true });
  return assigned.length ? assigned : null;
}

/** The children of `el` in the flat tree, text nodes included. */
function flatChildren(el, tag) {
  const sr = shadowRootOf(el);
  if (sr) return sr.childNodes;
  return slotted(el, tag) || el.childNodes;
}

/** flatChildren's list when it is a slot's assigned nodes, else null: they are then the
 * children of `el`'s shadow root or its own, from firstFlatChild along their sibling links
 * (no `childNodes` list made for each element: design note 201). */
function assignedKids(el, tag) {
  return shadowRootOf(el) ? null : slotted(el, tag);
}

const firstFlatChild = (el) => (shadowRootOf(el) || el).firstChild;

function visitChildren(ctx, el, tag, cs, parent, f, depth) {
  const only = shownFirst(el, tag);  // (a closed <details>, content hidden until found)
  if (only !== null) {
    for (const kid of el.children) {
      if (kid.localName === only) { visitElement(ctx, kid, parent, f, depth + 1); break; }
    }
    return;
  }
  // (flatChildren's: a slot's assigned nodes, else read along their sibling links; the loop
  // stays in this frame: one call more a level overflowed the stack of a 1,200-deep page,
  // tests/pages/outline/deep.html)
  const assigned = assignedKids(el, tag);
  const shown = cs.visibility === 'visible';
  for (let i = 0, kid = assigned ? assigned[0] : firstFlatChild(el); kid;
    kid = assigned ? assigned[++i] : kid.nextSibling) {
    const type = kid.nodeType;
    if (type === 3) {
      const data = kid.data;
      const text = textOf(ctx, data, cs);  // (hidden text shapes the flow too)
      const row = shown ? addText(ctx, text, parent, f, kid) : -1;
      if (ctx.flow) ranText(ctx, row);
      textRun(ctx.runs, row, data);
    } else if (type === 1) visitElement(ctx, kid, parent, f, depth + 1);
  }
}

function visitSelect(ctx, el, row, role, f) {
  if (role !== 'combobox') {
    for (const opt of el.options) {
      const name = optionText(opt);
      push(ctx, [row, 'option', name, null, stateOf(opt, 'option', 'option', ctx), nodeIdOf(ctx.nodes, opt, trackedOf(opt)), f]);
    }
    return;
  }
  const popup = push(ctx, [row, 'MenuListPopup', '', null, 0, 0, f]);
  // (its node is in the select's user-agent shadow DOM: Chromium's tree names it,
  // walker_custom_roles.js readPopupIds)
  if (popup >= 0 && ctx.popups) ctx.popups.push(popup);
  for (const opt of el.options) {
    const name = optionText(opt);
    push(ctx, [popup, 'option', name, null, stateOf(opt, 'option', 'option', ctx), nodeIdOf(ctx.nodes, opt, trackedOf(opt)), f]);
  }
}

function visitFrame(ctx, el, row, depth) {
  let doc = null;
  try { doc = el.contentDocument; } catch (e) { doc = null; }
  const fi = doc ? run.frameDocs.get(doc) : undefined;
  if (fi === undefined || !doc.documentElement) return;  // cross-origin: its own run
  visitDocument(ctx, doc, row, fi, depth + 1);
}

function visitElement(ctx, el, parent, f, depth) {
  const tag = el.localName;
  if (SKIP.has(tag) || depth > ctx.maxDepth) return;
  const cs = axStyle(el);
  if (cs.display === 'none' || ctx.rows.length >= MAX_ROWS) return;
  if (el.getAttribute('aria-hidden') === 'true') {
    cutRun(ctx.runs);
    if (ctx.flow) flowOnly(ctx, el, tag, cs, flatChildren, depth);
    return;
  }
  const kind = ctx.flow ? flowKind(el, tag, cs) : '';
  const outer = enterFlow(ctx, kind);
  const from = ctx.rows.length;
  const cuts = breaksRun(tag, cs);
  if (cuts) cutRun(ctx.runs);
  visitOwn(ctx, el, tag, cs, parent, f, depth);
  if (cuts) cutRun(ctx.runs);
  leaveFlow(ctx, kind, outer);
  // the outline's focus: its rows are the ones written while it was visited (pre-order)
  if (el === ctx.focusEl) ctx.focus = { from, to: ctx.rows.length, own: ctx.rows[from]?.[5] === ctx.focusW && ctx.focusW > 0 };
}

// A custom element without a role attribute: its role and name may come from its
// ElementInternals, which no script but its own reads (Chromium's tree does: the worker asks
// it for these rows, walker_custom_roles.js). Its row is written, generic, and listed in
// axt.ce; the host lifts it as any generic row when Chromium says nothing more.
function mayHaveInternals(el, tag, role) {
  return LIFTED.has(role) && tag.includes('-') && !el.hasAttribute('role') && el.matches(':defined');
}

function visitOwn(ctx, el, tag, cs, parent, f, depth) {
  const w = trackedOf(el);
  let role = axRole(el, tag);
  const custom = ctx.custom && mayHaveInternals(el, tag, role);
  // Chromium leaves out a label that holds nothing but its checkbox or radio button and
  // text, and that text (the control's name says it)
  const toggleLabel = role === 'LabelText' && el.control && /^(checkbox|radio)$/.test(el.control.type)
    && el.childElementCount === 1 && el.firstElementChild === el.control;
  if (toggleLabel) role = 'generic';
  const hidden = cs.visibility !== 'visible';
  let row = parent;
  // <html> and <body> are never nodes of their own (Chromium ignores them: the document is)
  if (!hidden && (!LIFTED.has(role) || w || custom || namedByAuthor(el)) && tag !== 'html' && tag !== 'body') {
    if (LIFTED.has(role)) role = 'generic';
    // a cell holding a table is not named by its content (Chromium leaves it unnamed)
    const name = (role === 'generic' && !namedByAuthor(el)) || (CELLS.has(role)
      && el.querySelector('table') && !namedByAuthor(el) && !el.hasAttribute('title'))
      ? '' : axName(el, role);
    const generic = role === 'generic';
    const cells = [parent, role, name || '', generic ? null : valueOf(el, tag, role),
      stateOf(el, tag, role, ctx), nodeIdOf(ctx.nodes, el, w), f, generic ? tag : 0];
    // an element without a record has no box the host can read: its row carries it
    if (ctx.boxes && !w) cells.push(boxIn(run.axRects.get(el) || el.getBoundingClientRect(), f));
    row = push(ctx, cells);
    if (row < 0) return;
    noteHiding(ctx, row, name, el);
    if (custom && ctx.rows[row][5]) ctx.custom.push(row);
    // a date or time field's parts (spinbuttons, its picker button) are in the browser's own
    // shadow DOM: Chromium's tree names them (walker_custom_roles.js readDateParts)
    if (ctx.dates && tag === 'input' && DATE_FIELDS.has(el.type) && ctx.rows[row][5]) ctx.dates.push(row);
  }
  if (tag === 'select') { if (!hidden) visitSelect(ctx, el, row, role, f); return; }
  if (tag === 'iframe' || tag === 'frame') { visitFrame(ctx, el, row, depth); return; }
  if (LEAVES.has(tag) && role !== 'SvgRoot') return;
  if (toggleLabel) ctx.mute++;
  if (!hidden && tag === 'li') addMarker(ctx, el, cs, role, row, f);
  if (!hidden) addPseudo(ctx, el, '::before', row, f);
  visitChildren(ctx, el, tag, cs, row, f, depth);
  if (!hidden) addPseudo(ctx, el, '::after', row, f);
  if (toggleLabel) ctx.mute--;
}

function visitDocument(ctx, doc, parent, f, depth) {
  const active = ctx.active;
  ctx.active = deepActive(doc);
  const row = [parent, 'RootWebArea', doc.title || '', null,
    doc.hasFocus && doc.hasFocus() ? { focused: true } : 0, nodeIdOf(ctx.nodes, doc), f];
  const view = doc.defaultView;
  if (ctx.boxes && view) row.push(0, boxIn({ left: 0, top: 0, width: view.innerWidth, height: view.innerHeight }, f));
  const root = push(ctx, row);
  const html = doc.documentElement;
  const flow = ctx.flow;
  if (ctx.boxes) ctx.flow = newFlow();
  if (root >= 0 && html) visitElement(ctx, html, root, f, depth);
  if (ctx.flow) endFlow(ctx);
  ctx.flow = flow;
  ctx.active = active;
}

/** The element the outline's CSS focus (opts.axFocus) selects in the top document, or
 * {error}. */
function focusElement(doc, selector) {
  if (typeof selector !== 'string' || !selector || window.top !== window) return null;
  let el = null;
  try { el = doc.querySelector(selector); } catch (e) { return { error: String((e && e.message) || e) }; }
  return el || { error: 'no element matches the selector' };
}

/** The rows of the walked document (see the module comment): {rows, capped?, focus?, ms};
 * focus: the rows [from, to) of the element opts.axFocus selects (own: the first is its
 * own), or {error}. */
export function axTreeRows(doc) {
  const t0 = performance.now();
  const ctx = { rows: [], capped: false, active: null, maxDepth: run.maxDepth * 4, mute: 0,
    boxes: run.axBoxes, ranges: new Map(), flow: null, focusEl: null, focus: null, nodes: [], runs: newRuns(),
    hideWords: hideWords(run.opts), hides: [], hidden: new Map(),
    custom: run.track ? [] : null, popups: run.track ? [] : null, dates: run.track ? [] : null };
  const focus = focusElement(doc, run.opts && run.opts.axFocus);
  if (focus && focus.error) ctx.focus = focus;
  else if (focus) { ctx.focusEl = focus; ctx.focusW = trackedOf(focus); }
  try {
    visitDocument(ctx, doc, -1, 0, 0);
  } catch (e) {
    ctx.error = String((e && e.message) || e);
  }
  if (run.track) run.track.axNodes = ctx.nodes;  // (the last rows walk's: nodeIdOf)
  const out = { rows: ctx.rows, ms: Math.round((performance.now() - t0) * 10) / 10 };
  if (focus) out.focus = ctx.focus || { error: 'the element is not rendered' };
  if (ctx.runs.joins.length) out.joins = ctx.runs.joins;  // (ax_runs.js)
  if (ctx.hides.length) out.h = ctx.hides;  // (ax_hiding.js)
  if (ctx.custom && ctx.custom.length) out.ce = ctx.custom;  // (mayHaveInternals)
  if (ctx.popups && ctx.popups.length) out.pp = ctx.popups;  // (visitSelect)
  if (ctx.dates && ctx.dates.length) out.dt = ctx.dates;  // (DATE_FIELDS)
  if (ctx.capped) out.capped = true;
  if (ctx.error) out.error = ctx.error;
  return out;
}
