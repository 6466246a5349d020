// The walker's records as they travel to the host: each distinct key list once, each record
// as the list of its values (host: models/walker_wire.py, which turns them back into the
// same records; the field names come from there through contract.js WALKER_WIRE).
//
// A whole-page request is the walker's records (node's `fs` page 2.2 MB, the generated 100k
// page 15.7 MB), a third of it their keys, written again in every record. As rows the keys
// go once per key list, and native messaging converts one list instead of an object a record
// (bench/results/walker_wire.md, docs/design/53-walker-wire.md). `alive` (the world's live
// element ids, mostly consecutive) goes as runs [first, count, ...].
//
// The capture itself is not changed: the answer cache keeps it as it was read.

import { WALKER_WIRE } from '../generated/contract.js';
import { axtToWire } from './ax_rows_wire.js';

const [KEYS, DATA] = WALKER_WIRE.ROWS_FIELDS;

/** The records as {keys, data} (WalkerRows): each distinct key list once; per record its
 * key list's index, then its values in that order, all in one flat list. A key whose value
 * is undefined is left out, as JSON and native messaging leave it out of an object.
 *
 * A record's key list is found by walking its keys down a tree of the lists seen (one map
 * step a key, no list made and joined a record): on rustdoc Wrapping's 42,646 records,
 * whose key list changes at 25,813 of them, the lists joined and looked up were most of
 * the rows' cost (design note 127). */
export function recordsToRows(records) {
  const root = new Map(); // key → {next: Map, shape}: the key lists seen, as a tree
  const keyLists = [];
  const data = [];
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    const at = data.length;
    data.push(0); // the key list's index, known once the keys are walked
    let node = null;
    let level = root;
    for (const key in rec) {
      const value = rec[key];
      if (value === undefined) continue;
      node = level.get(key);
      if (node === undefined) {
        node = { next: new Map(), shape: -1 };
        level.set(key, node);
      }
      level = node.next;
      data.push(value);
    }
    if (node === null) node = emptyShape(root);
    if (node.shape < 0) {
      node.shape = keyLists.length;
      keyLists.push(Object.keys(rec).filter((k) => rec[k] !== undefined));
    }
    data[at] = node.shape;
  }
  return { [KEYS]: keyLists, [DATA]: data };
}

// a record with no key (the tree's root has no node of its own): one node for it
const EMPTY = Symbol('no key');
function emptyShape(root) {
  let node = root.get(EMPTY);
  if (node === undefined) {
    node = { next: new Map(), shape: -1 };
    root.set(EMPTY, node);
  }
  return node;
}

/** [first, count, first, count, ...] of a list of integers (runs of consecutive ones, in
 * order), or null when it holds anything else. */
export function idRuns(ids) {
  const runs = [];
  for (let i = 0; i < ids.length;) {
    const first = ids[i];
    if (!Number.isSafeInteger(first) || first < 0) return null;
    let n = 1;
    while (i + n < ids.length && ids[i + n] === first + n) n++;
    runs.push(first, n);
    i += n;
  }
  return runs;
}

// a run that has something to send in a wire form: its records, or its accessibility rows
function hasWireForm(walker) {
  return Array.isArray(walker?.elements) || Array.isArray(walker?.axt?.rows);
}

/** The walker's output (RawCapture.walker) as it goes on the wire: `elements` as rows,
 * `alive` as runs and the accessibility rows `axt.rows` compact (ax_rows_wire.js), each in
 * its place among the keys; each subframe's run the same. */
export function walkerToWire(walker) {
  if (!walker || typeof walker !== 'object' || !hasWireForm(walker)) return walker;
  const out = {};
  for (const key of Object.keys(walker)) {
    const value = walker[key];
    if (key === 'elements') {
      out[WALKER_WIRE.ROWS] = recordsToRows(value);
    } else if (key === 'alive' && Array.isArray(value)) {
      const runs = idRuns(value);
      if (runs) out[WALKER_WIRE.ALIVE_RUNS] = runs; else out.alive = value;
    } else if (key === 'axt') {
      out.axt = axtToWire(value);
    } else if (key === 'subframes' && Array.isArray(value)) {
      out.subframes = value.map((sf) => (hasWireForm(sf?.result) ? { ...sf, result: walkerToWire(sf.result) } : sf));
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The capture as it is sent: its walker on the wire form; the capture itself unchanged. */
export function captureToWire(capture) {
  if (!hasWireForm(capture?.walker)) return capture;
  return { ...capture, walker: walkerToWire(capture.walker) };
}
