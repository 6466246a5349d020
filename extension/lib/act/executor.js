// Execute one action on a live node with real input (lib/act/input.js) at its visible
// centre (lib/act/geometry.js). The node was named by the host's resolver; here it is found
// again and checked to be the very same node (resolve.js locateNode → stale_element), and
// checked to take the action: disabled or read-only targets are refused, a covered point is
// refused (occluded). Values typed are never echoed: the result says what was done, the host
// reads values back from a capture, redacted.

import { AxError } from '../common/errors.js';
import { frameOfId, locateNode } from '../capture/resolve.js';
import { actionPoint, checkHit, earlyPoint } from './geometry.js';
import { POINT_IN_PAGE } from './point_in_page.js';
import { clickAt, dragFromTo, moveTo, pressChord, wheelAt } from './input.js';
import { fillText } from './fill.js';
import { moveInHistory } from './history.js';
import { checkedPress } from './press_watch.js';

const WORLD = 'axsnap-act';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The target's facts, read in the isolated world (nothing written to the page).
const FACTS = `function (asIs) {
  if (!asIs && this.nodeType !== 1 && this.parentElement) return JSON.stringify({ holder: true }); // its element's
  const el = this;
  const tag = el.localName || '';
  const type = (el.getAttribute && (el.getAttribute('type') || '') || '').toLowerCase();
  const role = (el.getAttribute && el.getAttribute('role')) || '';
  const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'range', 'color', 'hidden'];
  const disabled = !!((el.matches && el.matches(':disabled')) || (el.closest && el.closest('[aria-disabled="true"]')));
  const editable = !!(el.isContentEditable || (tag === 'input' && !NOT_TEXT.includes(type)) || tag === 'textarea');
  const readOnly = !!(el.readOnly || (el.getAttribute && el.getAttribute('aria-readonly') === 'true'));
  let checked = null;
  if (tag === 'input' && (type === 'checkbox' || type === 'radio')) checked = el.checked;
  else if (el.getAttribute && el.getAttribute('aria-checked') !== null) checked = el.getAttribute('aria-checked') === 'true';
  const options = tag === 'select' ? Array.from(el.options).map((o, i) => ({ i, value: o.value,
    label: (o.label || o.textContent || '').replace(/\\s+/g, ' ').trim(), disabled: o.disabled, selected: o.selected })) : null;
  return JSON.stringify({ tag, type, role, disabled, editable, readOnly, checked, options,
    selectedIndex: tag === 'select' ? el.selectedIndex : null, multiple: !!el.multiple,
    form: !!(el.form || tag === 'form'), focused: el.getRootNode().activeElement === el || document.activeElement === el });
}`;

async function callOn(session, node, fn, args = [], byValue = true) {
  const res = await session.send('Runtime.callFunctionOn', {
    objectId: node.objectId, functionDeclaration: fn, arguments: args.map((a) => (a && a.objectId ? a : { value: a })),
    returnByValue: byValue,
  }, node.frame.sessionId);
  if (res.exceptionDetails) throw new AxError('action_failed', 'a page function failed', '');
  return res.result;
}

async function facts(session, node, asIs = false) {
  return JSON.parse((await callOn(session, node, FACTS, [asIs])).value);
}

function refuse(code, message, hint = '') {
  return new AxError(code, message, hint);
}

const norm = (s) => String(s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

// Actions at a point of the target (pointFor): its box and hit test are read as it is found.
const AT_A_POINT = new Set(['click', 'double_click', 'right_click', 'hover', 'check', 'uncheck', 'drag']);

// The facts and, for a node of the top document, its box and hit test (point_in_page.js).
const FACTS_AND_POINT = `function (asIs) {
  const facts = JSON.parse((${FACTS}).call(this, asIs));
  if (!facts.holder) { try { facts.point = (${POINT_IN_PAGE}).call(this); } catch (e) { facts.point = null; } }
  return JSON.stringify(facts);
}`;

/** Find the live node the host named ({id}) and its facts (read in its check's page call).
 * For an action at a point, its box and centre's hit test are read in that same page call
 * for a node of the top document (fast path act_point_in_page), else beside the lookup
 * (geometry.js earlyPoint); reads only, pointFor takes them. `known`: what this act read of
 * the page already ({frames, topContext}: its baseline check's frames and the top document's
 * world its check's evaluate answered in), not asked again (resolve.js frameOfId, locateNode).
 * `pointInPage`: the fast path act_point_in_page may answer (not when the act is exact). */
export async function liveTarget(session, target, action = null, known = null, { pointInPage = false } = {}) {
  if (!target?.id) throw refuse('stale_element', 'The target has no element id to find it by.', 'Take a new snapshot.');
  const found = await frameOfId(session, target.id, { frames: known?.frames ?? null });
  const inPage = pointInPage && AT_A_POINT.has(action) && found.ordinal === 0 && !found.frame.parentFrameId;
  const early = AT_A_POINT.has(action) && !inPage ? earlyPoint(session, found) : null;
  const node = await locateNode(session, target.id, { world: WORLD, found, also: inPage ? FACTS_AND_POINT : FACTS,
    alsoArgs: [false], topContext: known?.topContext ?? null });
  node.facts = JSON.parse(node.also);
  delete node.also;
  const point = node.facts.point;
  delete node.facts.point;
  if (node.facts.holder !== true) {
    if (early) node.early = await early;
    else if (point) node.early = { backendNodeId: node.backendNodeId, ...point };
    return node;
  }
  // A text node (an outline's text line) is acted on through the element that holds it.
  const holder = await callOn(session, node, 'function () { return this.parentElement; }', [], false);
  if (holder?.objectId) {
    const d = await session.send('DOM.describeNode', { objectId: holder.objectId }, node.frame.sessionId);
    node.objectId = holder.objectId;
    node.backendNodeId = d.node.backendNodeId;
  }
  node.facts = await facts(session, node, true);
  return node;
}

function checkEnabled(node, action) {
  const f = node.facts;
  if (f.disabled && !['hover', 'scroll'].includes(action)) {
    throw refuse('not_actionable', `The target is disabled; it cannot take ${action}.`,
      'Wait until the page enables it (fill the fields it needs first).');
  }
  if (['type', 'fill'].includes(action)) {
    if (!f.editable) throw refuse('not_actionable', `The target (<${f.tag}>) does not take text.`, 'Name a text field.');
    if (f.readOnly) throw refuse('not_actionable', 'The target is read-only.', 'Name an editable field.');
  }
  if (action === 'upload' && !(f.tag === 'input' && f.type === 'file')) {
    throw refuse('not_actionable', 'The target is not a file input.', 'Name an <input type="file">.');
  }
}

// The first shown <label> of a form control: a click on it is a click on the control.
const SHOWN_LABEL = `function () {
  for (const label of this.labels || []) {
    const box = label.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) return label;
  }
  return null;
}`;

/** Where to click `node`: its own point, or — when its own box is covered or too small to
 * take a click (a visually hidden input under a styled label) — its shown label's. */
async function pointFor(session, node, opts = {}) {
  try {
    return await ownPointFor(session, node, opts);
  } catch (err) {
    if (err?.code !== 'occluded' && err?.code !== 'not_actionable') throw err;
    const label = await callOn(session, node, SHOWN_LABEL, [], false).catch(() => null);
    if (!label?.objectId) throw err;
    const d = await session.send('DOM.describeNode', { objectId: label.objectId }, node.frame.sessionId);
    const labelNode = { ...node, objectId: label.objectId, backendNodeId: d.node.backendNodeId };
    try {
      const point = await ownPointFor(session, labelNode, opts);
      node.through = 'label';
      node.clickedAt = labelNode.clickedAt;
      node.recheck = labelNode.recheck;
      return point;
    } catch {
      throw err;
    }
  }
}

/** The first of the node's click points that a click would reach it at (centre first);
 * occluded, naming what covers the centre, when none does. */
async function ownPointFor(session, node, { force = false } = {}) {
  const early = node.early ?? null;
  node.early = null; // read once, for this node only (actionPoint checks whose reads they are)
  const { point, locals, toTab, toDocument, scrolled, hit, chain } = await actionPoint(session, node, early);
  if (scrolled) node.scrolledIntoView = true;
  if (force) {
    node.clickedAt = locals[0];
    return point;
  }
  let refusal = null;
  for (const local of locals) {
    try {
      await checkHit(session, node, toDocument(local), hit, { chain, local });
      node.clickedAt = local;
      // the same hit test again once the pointer is there, before the press (press_check.js)
      node.recheck = { node, run: () => checkHit(session, node, toDocument(local), null, { chain, local }) };
      return toTab(local);
    } catch (err) {
      if (err?.code !== 'occluded') throw err;
      refusal = refusal ?? err;
    }
  }
  throw refusal;
}

// The checked state of the target as the page shows it now: the node itself while it is in
// the document, else (the page re-rendered it) the control now at the point clicked.
const CHECKED_NOW = `function (x, y) {
  const stateOf = (el) => {
    if (!el) return null;
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
    const aria = el.getAttribute && el.getAttribute('aria-checked');
    return aria === null || aria === undefined ? null : aria === 'true';
  };
  if (this.isConnected) return stateOf(this);
  if (x === null) return null;
  const doc = this.ownerDocument;
  let el = doc.elementFromPoint(x, y);
  for (let n = el; n; n = n.parentElement) {
    if (n.localName === 'label' && n.control) return stateOf(n.control);
    if (stateOf(n) !== null) return stateOf(n);
  }
  const inside = el && el.querySelector && el.querySelector('input[type=checkbox],input[type=radio],[aria-checked]');
  return stateOf(inside);
}`;

const CHECK_SETTLE_MS = 2000;
const CHECK_POLL_MS = 50;

/** The target's checked state once it reads `want`, or what it reads after CHECK_SETTLE_MS
 * (a page that answers a click late, or re-renders the row first). */
async function liveChecked(session, node, want) {
  const t0 = performance.now();
  const at = node.clickedAt ?? { x: null, y: null };
  for (;;) {
    const r = await callOn(session, node, CHECKED_NOW, [at.x, at.y]).catch(() => ({ value: null }));
    const now = r?.value ?? null;
    if (now === want || performance.now() - t0 >= CHECK_SETTLE_MS) return now;
    await sleep(CHECK_POLL_MS);
  }
}

async function focusNode(session, node) {
  await session.send('DOM.focus', { backendNodeId: node.backendNodeId }, node.frame.sessionId);
}

async function clickNode(session, node, opts, how = {}) {
  const spans = opts.spans ?? {};
  let t = performance.now();
  const point = await pointFor(session, node, opts);
  spans.hit_ms = (spans.hit_ms ?? 0) + (performance.now() - t); // the point: scroll, box, hit test
  t = performance.now();
  // the hit test again with the pointer there, then the press's own target (press_check.js, press_watch.js)
  const checked = opts.force || !node.recheck ? null : checkedPress(session, node.recheck, node, how.count ?? 1);
  await clickAt(session, point, { ...how, beforePress: checked?.beforePress ?? null }).catch((err) => {
    checked?.drop();
    throw err;
  });
  if (checked) node.pressSeen = await checked.seen();
  spans.input_ms = (spans.input_ms ?? 0) + (performance.now() - t);
}

// -- select --------------------------------------------------------------------------------

function pickOption(options, wanted) {
  const w = norm(wanted);
  const exact = options.filter((o) => o.value === String(wanted) || norm(o.label) === w);
  if (exact.length) return exact[0];
  const partial = options.filter((o) => norm(o.label).includes(w));
  return partial.length === 1 ? partial[0] : null;
}

/** The options `wanted` names (each a value or a label), or a refusal naming the first that
 * matches none or is disabled. */
function pickOptions(options, wanted) {
  return wanted.map((w) => {
    const option = pickOption(options, w);
    if (!option) {
      throw refuse('not_found', `No option of the select matches ${JSON.stringify(String(w))}.`,
        `Options: ${options.slice(0, 20).map((o) => o.label).join(', ')}`);
    }
    if (option.disabled) throw refuse('not_actionable', `The option ${JSON.stringify(option.label)} is disabled.`, 'Pick enabled options.');
    return option;
  });
}

/** A <select multiple> given several options: exactly those end up selected, with the input
 * and change events a person's choice fires (once). */
async function selectSeveral(session, node, wanted) {
  const want = new Set(pickOptions(node.facts.options, wanted).map((o) => o.i));
  if (node.facts.options.every((o) => o.selected === want.has(o.i))) return 'already';
  await focusNode(session, node);
  await callOn(session, node, `function (picked) {
    const want = new Set(picked);
    for (const o of this.options) o.selected = want.has(o.index);
    this.dispatchEvent(new Event('input', { bubbles: true }));
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }`, [[...want]]);
  return 'script';
}

async function selectNative(session, node, given) {
  const f = node.facts;
  if (Array.isArray(given) && given.length > 1) {
    if (!f.multiple) {
      throw refuse('invalid_message', `This select takes one option; ${given.length} were given.`,
        'Give one option (a value or a label); a list only for a <select multiple>.');
    }
    return selectSeveral(session, node, given);
  }
  const wanted = Array.isArray(given) ? given[0] : given;
  const option = pickOption(f.options, wanted);
  if (!option) {
    throw refuse('not_found', `No option of the select matches ${JSON.stringify(String(wanted))}.`,
      `Options: ${f.options.slice(0, 20).map((o) => o.label).join(', ')}`);
  }
  if (option.disabled) throw refuse('not_actionable', 'That option is disabled.', 'Pick an enabled option.');
  if (f.selectedIndex === option.i) return 'already';
  // The keyboard first: a focused, closed <select> steps through its enabled options with the
  // arrow keys, and the page hears real key events and a trusted change.
  await focusNode(session, node);
  const enabled = f.options.filter((o) => !o.disabled).map((o) => o.i);
  const from = enabled.indexOf(f.selectedIndex);
  const to = enabled.indexOf(option.i);
  if (!f.multiple && to >= 0) {
    const steps = from < 0 ? to + 1 : to - from;
    const key = steps > 0 ? 'ArrowDown' : 'ArrowUp';
    for (let i = 0; i < Math.abs(steps); i++) await pressChord(session, key);
    const now = JSON.parse((await callOn(session, node, FACTS)).value);
    if (now.selectedIndex === option.i) return 'keyboard';
  }
  // Otherwise (a multiple select, a page that intercepts keys): select the option and fire
  // the events a person's choice fires.
  await callOn(session, node, `function (i) {
    if (this.multiple) this.options[i].selected = true; else this.selectedIndex = i;
    this.dispatchEvent(new Event('input', { bubbles: true }));
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }`, [option.i]);
  return 'script';
}

const FIND_OPTION = `function (wanted) {
  const norm = (s) => String(s || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const roots = [this];
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (this.getAttribute(attr) || '').split(/\\s+/)) {
      const el = id && this.getRootNode().getElementById ? this.getRootNode().getElementById(id) : null;
      if (el) roots.push(el);
    }
  }
  const w = norm(wanted);
  let found = null;
  for (const root of roots) {
    for (const o of root.querySelectorAll('[role="option"]')) {
      const box = o.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const t = norm(o.getAttribute('aria-label') || o.textContent);
      if (t === w || o.getAttribute('data-value') === String(wanted)) return o;
      if (!found && t.includes(w)) found = o;
    }
  }
  return found;
}`;

async function selectAria(session, node, wanted, opts) {
  let option = await callOn(session, node, FIND_OPTION, [String(wanted)], false);
  if (!option?.objectId) {
    await clickNode(session, node, opts); // a collapsed combobox: open it
    await sleep(150);
    option = await callOn(session, node, FIND_OPTION, [String(wanted)], false);
  }
  if (!option?.objectId) {
    throw refuse('not_found', `No visible option matches ${JSON.stringify(String(wanted))}.`, 'Name an option the list shows.');
  }
  const d = await session.send('DOM.describeNode', { objectId: option.objectId }, node.frame.sessionId);
  const optionNode = { ...node, objectId: option.objectId, backendNodeId: d.node.backendNodeId };
  await clickNode(session, optionNode, opts);
  return 'click';
}

// -- the actions ---------------------------------------------------------------------------

async function scroll(session, node, value, opts) {
  const how = value ?? 'down';
  if (node && how === 'into_view') {
    await session.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: node.backendNodeId }, node.frame.sessionId);
    return 'into_view';
  }
  const metrics = await session.send('Page.getLayoutMetrics');
  const vp = metrics.cssLayoutViewport ?? metrics.layoutViewport;
  const page = Number.isFinite(opts.delta_y) ? Math.abs(opts.delta_y) : Math.round(vp.clientHeight * 0.8);
  const deltas = { down: page, up: -page, bottom: 1e6, top: -1e6 };
  const delta = typeof how === 'number' || /^-?\d+$/.test(String(how)) ? Number(how) : deltas[how];
  if (delta === undefined) {
    throw refuse('invalid_message', `scroll takes down, up, top, bottom, into_view or pixels, not ${JSON.stringify(how)}`, '');
  }
  const point = node ? (await actionPoint(session, node)).point : { x: vp.clientWidth / 2, y: vp.clientHeight / 2 };
  await wheelAt(session, point, delta);
  return 'wheel';
}

const FORM_SUBMITTER = `function () {
  const form = this.localName === 'form' ? this : this.form || this.closest('form');
  if (!form) return null;
  return form.querySelector('button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]');
}`;

async function submit(session, node, opts) {
  const f = node.facts;
  if (f.tag === 'button' || (f.tag === 'input' && ['submit', 'image'].includes(f.type))) {
    await clickNode(session, node, opts);
    return 'click';
  }
  const button = await callOn(session, node, FORM_SUBMITTER, [], false);
  if (button?.objectId) {
    const d = await session.send('DOM.describeNode', { objectId: button.objectId }, node.frame.sessionId);
    await clickNode(session, { ...node, objectId: button.objectId, backendNodeId: d.node.backendNodeId }, opts);
    return 'click';
  }
  await focusNode(session, node);
  await pressChord(session, 'Enter');
  return 'enter';
}

/**
 * Run `action` on `node` (null for page-wide press/scroll); `to` is the drop node of a drag.
 * Resolves {method}; throws AxError (stale_element, not_actionable, occluded, ...).
 */
/** Do `action` on `node`: {method}. `opts.spans`, when given, gets where the time went:
 * hit_ms (scroll into view, the click point, the hit test), input_ms (the input events). */
export async function execute(session, action, node, value, to, opts = {}) {
  if (node) checkEnabled(node, action);
  switch (action) {
    case 'click': await clickNode(session, node, opts); return { method: 'mouse' };
    case 'double_click': await clickNode(session, node, opts, { count: 2 }); return { method: 'mouse' };
    case 'right_click': await clickNode(session, node, opts, { button: 'right' }); return { method: 'mouse' };
    case 'hover': await moveTo(session, await pointFor(session, node, { force: true })); return { method: 'mouse' };
    case 'focus': await focusNode(session, node); return { method: 'focus' };
    case 'type':
    case 'fill': {
      const t = performance.now();
      const done = await fillText(session, node, String(value ?? ''), action === 'fill', opts.insertText === true,
        opts.ruleObjects ?? null);
      if (opts.spans) opts.spans.input_ms = performance.now() - t; // focus and keys
      return done;
    }
    case 'press':
      if (node) await focusNode(session, node);
      for (const chord of String(value ?? '').split(/\s+/).filter(Boolean)) await pressChord(session, chord);
      return { method: 'keyboard' };
    case 'select':
      if (node.facts.tag === 'select') return { method: await selectNative(session, node, value) };
      return { method: await selectAria(session, node, value, opts) };
    case 'check':
    case 'uncheck': {
      const want = action === 'check';
      if (node.facts.checked === want) return { method: 'already' };
      await clickNode(session, node, opts);
      const now = await liveChecked(session, node, want);
      if (now !== null && now !== want) {
        throw refuse('action_failed', `The click did not ${action} the target: the page shows it ${now ? 'checked' : 'unchecked'}.`,
          'Read the page before acting again: a second click would toggle it once more.');
      }
      return { method: 'mouse' };
    }
    case 'scroll': return { method: await scroll(session, node, value, opts) };
    case 'submit': return { method: await submit(session, node, opts) };
    case 'upload': {
      const files = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' && v);
      if (!files.length) throw refuse('invalid_message', 'upload needs file paths as value', '');
      await session.send('DOM.setFileInputFiles', { files, backendNodeId: node.backendNodeId }, node.frame.sessionId);
      return { method: 'file_chooser' };
    }
    case 'back':
    case 'forward':
    case 'reload':
      return { method: await moveInHistory(session, action) };
    case 'drag': {
      if (!to) throw refuse('invalid_message', 'drag needs a drop target (to)', '');
      const from = await pointFor(session, node, opts);
      const { point } = await actionPoint(session, to);
      await dragFromTo(session, from, point);
      return { method: 'mouse' };
    }
    default:
      throw refuse('invalid_message', `unknown action ${JSON.stringify(action)}`, '');
  }
}
