// Which walk a read asks for, from its options: whether the walker's records get their ids
// over CDP (a window) or from the walk's listable records (a whole page), whether a whole-page
// SnapshotV1 or outline is read from the walk (its accessibility rows), and the options such
// a walk walks with. Pure functions of the options (walker_capture.js runs the walks).

import { fastPath } from '../reuse/fast_paths.js';
import { DOM_FORMATS, SEMANTIC_FORMATS } from '../generated/contract.js';

/**
 * Whether the walker's records are resolved by walker_ids.js (the window: a few hundred
 * records) or joined to a DOMSnapshot (the whole page: deep-serializing ten thousand
 * records costs about what the snapshot does, ~100 µs each, and the snapshot has them all).
 */
export function resolvesIds(options) {
  return options?.viewport_only !== false;
}

/**
 * The walker's semantic mode: the semantic formats', and the AX window read's for its hiding
 * facts (`hiding_facts`, ax_window.js). The page's tally (src/tally.js: the whole document's
 * shape) only for the formats that read it; the window read takes none (design note 263).
 */
export function semanticWalk(options) {
  const format = SEMANTIC_FORMATS.includes(options?.format);
  return { semantic: format || options?.hiding_facts === true, ...(format ? {} : { tally: false }) };
}

/**
 * A whole-page DOM channel read from the walk alone (SnapshotOptions.dom_source "walk", the
 * default; "snapshot" joins the records to a DOMSnapshot instead, capture.js): the
 * listable records' ids taken, the click listeners matched through the walker's own ids
 * (walker_ids_listable.js), no DOMSnapshot.
 */
export function walksWholePage(options) {
  return options?.viewport_only === false && options?.dom_source !== 'snapshot'
    && DOM_FORMATS.includes(options?.format);
}

/** The act's window (act/route.js ACT_EXPAND_PX: the viewport grown this far each way). */
export const ACT_WINDOW_PX = 20_000;

/**
 * How far past the viewport a walk marks what the act's window walk would write (the
 * walker's opts.actMarks, src/visit.js; design note 211), 0 for none: a whole-page DOM read
 * alone from the walk, which the host may keep as the act's baseline cut to that window
 * (fast path act_baseline_at_read, host act/baseline_at_read.py).
 */
export function actMarks(options) {
  return walksWholePage(options) && (options.format === 'domtext' || options.format === 'elements')
    && !(options.also_formats?.length) && !options.ax_tree
    && fastPath(options, 'act_baseline_at_read') && fastPath(options, 'act_baseline') ? ACT_WINDOW_PX : 0;
}

/**
 * A whole-page SnapshotV1 or outline read from the walk (SnapshotOptions.ax_source "walk" or
 * unset: axSource; design notes 42, 45 and 65): no getFullAXTree, no DOMSnapshot; the walker also writes the
 * document as accessibility rows (ax_tree.js) and the records the DOM channel could list get
 * their ids, as a whole-page DOM read's do. With also_formats the one walk serves them all
 * (DOM text reads the same records).
 */
export function walksAxTree(options) {
  return axSource(options) === 'walk' && ['snapshot', 'outline'].includes(options?.format ?? 'snapshot')
    && options?.scope === 'page';
}

/** Where a whole-page read's accessibility nodes come from: the source asked, else the walk
 * (design note 65), but Chromium's tree for a one read joined to a DOMSnapshot (dom_source
 * 'snapshot' with also_formats: the walk serves a one read whole, without one). */
export function axSource(options) {
  if (options?.ax_source) return options.ax_source;
  return options?.dom_source === 'snapshot' && options?.also_formats?.length ? 'chromium' : 'walk';
}

/** An element id ("0-29", a walk's "0-ax12") or an XPath is resolved by the host; anything
 * else is CSS (resolved in the main frame: by DOM.querySelector, or by the walk itself). */
export function isCssFocus(focus) {
  return typeof focus === 'string' && focus.length > 0 && !/^\d+-(axw?)?\d+$/.test(focus) && !focus.startsWith('/');
}

/** The options a whole-page read from the walk walks with: a whole-page DOM read's (with
 * the boxes of text runs and documents when a SnapshotV1 is read: it prints them), its records
 * lean when every format of the read is SnapshotV1 or the outline (leanRecords). */
export function axTreeWalkOptions(options) {
  const snapshot = (options?.format ?? 'snapshot') === 'snapshot'
    || (Array.isArray(options?.also_formats) && options.also_formats.includes('snapshot'));
  return { ...options, format: 'domtext', viewport_only: false, dom_source: 'walk',
    ax_tree: snapshot ? 'boxes' : true, ...(printsOnlyPruned(options) ? { ax_said: true } : {}),
    ...(leanRecords(options) ? { lean_records: true } : {}) };
}

/** Whether every format of the read is SnapshotV1 or the outline: the walker then leaves out
 * the record fields neither reads (src/lean.js, models/walker_wire.py LEAN; design note 168).
 * A DOM channel or semantic format beside them reads the records whole. */
export function leanRecords(options) {
  const also = Array.isArray(options?.also_formats) ? options.also_formats : [];
  return [options?.format ?? 'snapshot', ...also].every((format) => format === 'snapshot' || format === 'outline');
}

/** Whether no format of the read prints a text run a control says, so the take leaves their
 * ids out (src/listable.js rowsWanted, design note 87): a pruned SnapshotV1 or outline keeps
 * what pipeline/ax/prune.py keeps, never such a text; DOM text and elements (also_formats)
 * print the listable records, whose ids the records' take learns, and never read the rows'
 * ids (pipeline/axwalk/tree.py alone does). An unpruned tree, an outline with a focus (it
 * may name any node by its id) or any other format takes them all. */
export function printsOnlyPruned(options) {
  if (options?.pruned === false) return false;
  const also = Array.isArray(options?.also_formats) ? options.also_formats : [];
  return [options?.format ?? 'snapshot', ...also].every((format) => leavesSaidTextUnprinted(format, options));
}

/** Whether `format`, one format of the read, prints no id of a text run a control says. */
function leavesSaidTextUnprinted(format, options) {
  if (format === 'outline') return !options?.focus;
  return format === 'snapshot' || format === 'domtext' || format === 'elements';
}

/**
 * A whole-page DOM read whose elements are named by the walker's own ids (SnapshotOptions.
 * node_ids "walker", design note 144): no record's backendNodeId is taken but those that place
 * a frame (walker_ids_listable.js frameIndices); an action finds an element again through the
 * walker's world ({frame}-axw{w}: walker_ax_nodes.js).
 */
export function walkerIds(options) {
  return walksWholePage(options) && options?.node_ids === 'walker';
}

/**
 * Which records' ids a read takes: 'frames', those that place a frame (walkerIds); true, the listable ones of a whole page (walksWholePage);
 * 'window', the listable ones of a window read the act's capture after asks for with
 * `ids_of: 'listable'` (act/route.js readAfter, fast path act_listable_ids): the elements
 * format lists no other record, and a re-rendered list's text would cost a deep-serialized
 * node each (walker_ids.js); false, every record's.
 */
export function listableIds(options) {
  if (walkerIds(options)) return 'frames';
  if (walksWholePage(options)) return true;
  return options?.ids_of === 'listable' && resolvesIds(options) && fastPath(options, 'act_listable_ids')
    ? 'window' : false;
}
