// The ids of a whole-page read from the walk (ax_source "walk", design note 68): every node
// of its accessibility rows that has a DOM node gets Chromium's {frame}-{backendNodeId}, as a
// read of Chromium's tree gives it and a window read of the same page does. A node has one
// id per document, whatever the read's scope or source: a window read's ids are a subset of
// the whole page's.
//
// The listable records' ids come with the records' take (walker_ids_listable.js); this take
// learns the rest: the nodes of the rows whose node has no record with an id (headings,
// paragraphs, text runs, wrappers, options). The walker holds the nodes of the rows that
// name one (a row with a `w`, in row order) under the run's token + ROWS_RUN
// (src/records.js nodeIdOf, finishTracking); they are taken as the records are, deep-
// serialized in parts (walker_ids_listable.js takeInParts). The answer travels as `axt.b`,
// one backendNodeId per row with a `w` (0: none learnt), which the host reads before the
// walk's own id (pipeline/axwalk/tree.py). A take that fails leaves the rows their walk ids
// ({frame}-axw{w}, design note 64), said in the capture's errors.
//
// The take begins as the walk reports, as the records' does (walker_ids_early.js, design note
// 74): the walker lists the rows' nodes no listable record names (src/listable.js rowsWanted),
// and their parts are deep-serialized while the walk's output crosses to this worker and the
// records' take is claimed. The take here claims them when its own list (the rows no taken
// record names: the same rows, unless a record's take failed) is as long, else asks anew.

import { INSTRUCTION_TRIGGERS, PRUNE_TABLES } from '../generated/contract.js';
import { rowsWanted } from './src/listable.js';
import { printRule } from './src/printed_rows.js';
import { claimEarly } from './walker_ids_early.js';
import { parseTake, takeInParts } from './walker_ids_listable.js';

export const ROWS_RUN = ':rows';  // (src/records.js's, the walker's side of it)
const SAID = printRule(PRUNE_TABLES, INSTRUCTION_TRIGGERS);

/** Which of a run's row nodes the take learns: {want: indices among the rows with a `w`,
 * count: those rows}, or null for a run without rows. A row whose record got its id in the
 * records' take (b) is not asked again, nor, when the walk says so (`axt.said`), a text run a
 * control says (src/listable.js rowsWanted: the walker lists its run's by the same rule). */
export function rowNodesWanted(result) {
  const rows = result?.axt?.rows;
  if (!Array.isArray(rows)) return null;
  const known = new Set();
  for (const rec of result.elements ?? []) if (Number.isInteger(rec.b) && Number.isInteger(rec.w)) known.add(rec.w);
  // the walk said it left out the rows its formats never print (design notes 87, 105); the
  // custom rows (axt.ce) as the walk listed them: this runs before they are asked
  const custom = Array.isArray(result.axt.ce) ? result.axt.ce.filter(Number.isInteger) : [];
  return rowsWanted(rows, known, result.axt.said === 1 ? SAID : null, custom);
}

/** Write `axt.b` (see the module comment) from the take's nodes of `want`; returns the ids
 * learnt. */
export function applyRowIds(result, { want, count }, nodes) {
  const ids = new Array(count).fill(0);
  let learnt = 0;
  want.forEach((k, i) => {
    const id = nodes[i]?.backendNodeId;
    if (Number.isInteger(id)) { ids[k] = id; learnt += 1; }
  });
  result.axt.b = ids;
  return learnt;
}

/** backendNodeId → the row's node id (axt.rows' [5]: a record's tracked id `w`, or the
 * negative id of a node without a record) of each row node the take learnt (`axt.b`), for a
 * run whose rows were taken; empty otherwise. The listener read matches its nodes by it
 * (walker_listeners.js) before it resolves any one by one: the same node's id, learnt once. */
export function rowNodeIds(result) {
  const rows = result?.axt?.rows;
  const learnt = result?.axt?.b;
  const out = new Map();
  if (!Array.isArray(rows) || !Array.isArray(learnt)) return out;
  let k = 0;
  for (const row of rows) {
    const w = Array.isArray(row) ? row[5] : 0;
    if (!Number.isInteger(w) || w === 0) continue;
    const id = learnt[k];
    k += 1;
    if (Number.isInteger(id) && id > 0) out.set(id, w);
  }
  return out;
}

/** The rows a read named by the walker's ids (node_ids "walker", design note 154) still needs
 * the node's backendNodeId of, to ask Chromium's tree (walker_custom_roles.js): the custom
 * elements (`axt.ce`), each popup's <select> (the row above `axt.pp`'s), the date and time
 * fields (`axt.dt`). Same shape as rowNodesWanted's; null for a run without rows. */
export function askedRowsWanted(result) {
  const rows = result?.axt?.rows;
  if (!Array.isArray(rows)) return null;
  const asked = new Set();
  const listed = (key) => (Array.isArray(result.axt[key]) ? result.axt[key].filter(Number.isInteger) : []);
  for (const row of listed('ce')) asked.add(row);
  for (const row of listed('dt')) asked.add(row);
  for (const row of listed('pp')) if (Array.isArray(rows[row]) && Number.isInteger(rows[row][0])) asked.add(rows[row][0]);
  const want = [];
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const w = Array.isArray(rows[i]) ? rows[i][5] : 0;
    if (!Number.isInteger(w) || w === 0) continue;
    if (asked.has(i)) want.push(count);
    count += 1;
  }
  return { want, count };
}

/** Take the backendNodeIds of run `run`'s row nodes (`send`, `takeExpression`: as the
 * records' take, walker_ids.js) into `result.axt.b`; returns the ids learnt, or null for a
 * run without rows. Throws when the world no longer holds them. `asked`: a read named by the
 * walker's ids: only the rows Chromium's tree is asked about (askedRowsWanted); the caller
 * drops `axt.b` once it has asked (dropRowIds), so the host names every row by the walk. */
export async function takeRowIds(run, result, send, takeExpression, asked = false) {
  const wanted = asked ? askedRowsWanted(result) : rowNodesWanted(result);
  if (!wanted) return null;
  const key = run + ROWS_RUN;
  // the take begun as the walk reported (walker_ids_early.js), when the walker listed the same rows
  const early = claimEarly(key);
  if (!wanted.want.length) {  // nothing to learn: let the world drop them now
    early?.done(false);
    await send(`(() => { const s = globalThis.__axsnapWalker; if (s) s.pending.delete(${JSON.stringify(key)}); return null; })()`);
    return applyRowIds(result, wanted, []);
  }
  const parsed = await takeInParts(key, wanted.want, send, takeExpression, parseTake, early);
  if (!parsed || parsed[0] !== key) throw new Error('the walk\'s rows are no longer held in its world');
  return applyRowIds(result, wanted, parsed.slice(1));
}

/** A read named by the walker's ids (takeRowIds `asked`): the row ids its asks used go, so
 * no row is named by a backendNodeId (the host names it {frame}-axw{w}); a popup's and a date
 * field's parts keep theirs (`axt.pp`, `axt.dt`: nodes no page script sees). */
export function dropRowIds(result) {
  if (result?.axt) delete result.axt.b;
}
