// The walk's accessibility rows as they travel to the host (host: models/ax_rows_wire.py,
// which makes the same rows again; the field names and the cells' bits come from there
// through contract.js WALKER_WIRE.AX_ROWS; design note 173).
//
// A row [parent, role, name, value, state, w, frame, tag?, box?] (walker src/ax_tree.js)
// goes as: its shape's index (each distinct role and set of written cells once), row - parent,
// then only the cells that differ from their default (name '', value null, state 0, w 0,
// frame 0, tag 0), a state as its index in a table of distinct states, w as its step from the
// last w of the same sign, a box as its four numbers. On rustdoc's Simd page the rows of a
// SnapshotV1 read go from 5.3 to 2.2 M characters (bench/results/wire56.md).
//
// The rows themselves are not changed: the answer cache keeps the capture as it was read.

import { WALKER_WIRE } from '../generated/contract.js';

const { FIELD: AX_ROWS, FIELDS: AX_ROWS_FIELDS, CELLS } = WALKER_WIRE.AX_ROWS;
const [SHAPES, STATES, CELL_DATA] = AX_ROWS_FIELDS;

/** `rows` as {shapes, states, data} (AxRowsWire), or null when a row does not fit the form
 * (not 7 to 9 cells, a parent, role or w of another type, a box not of four numbers' place):
 * such rows go as they are. */
export function axRowsToWire(rows) {
  const shapes = [];
  const shapeOf = new Map(); // role → Map(mask → index)
  const states = [];
  const stateOf = new Map(); // a state's JSON → index
  const oneKey = new Map(); // a state of one key (most: a link's url): key → Map(value → index)
  const data = [];
  let up = 0;
  let down = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!Array.isArray(row) || row.length < 7 || row.length > 9) return null;
    const parent = row[0];
    const role = row[1];
    const name = row[2];
    const value = row[3];
    const state = row[4];
    const w = row[5];
    const frame = row[6];
    if (!Number.isSafeInteger(parent) || typeof role !== 'string' || !Number.isSafeInteger(w)) return null;
    const at = data.length;
    data.push(0, i - parent); // the shape's index, known once the mask is
    let mask = 0;
    if (name !== '') { mask |= CELLS.name; data.push(name); }
    if (value !== null) { mask |= CELLS.value; data.push(value); }
    if (state !== 0) {
      mask |= CELLS.state;
      data.push(stateIndex(state, states, stateOf, oneKey));
    }
    if (w > 0) { mask |= CELLS.w_up; data.push(w - up); up = w; }
    else if (w < 0) { mask |= CELLS.w_down; data.push(down - w); down = w; }
    if (frame !== 0) { mask |= CELLS.frame; data.push(frame); }
    if (row.length > 7) {
      mask |= CELLS.tag_slot;
      if (row[7] !== 0) { mask |= CELLS.tag; data.push(row[7]); }
    }
    if (row.length > 8) {
      const box = row[8];
      if (!Array.isArray(box) || box.length !== 4) return null;
      mask |= CELLS.box;
      data.push(box[0], box[1], box[2], box[3]);
    }
    let byMask = shapeOf.get(role);
    if (byMask === undefined) { byMask = new Map(); shapeOf.set(role, byMask); }
    let shape = byMask.get(mask);
    if (shape === undefined) {
      shape = shapes.length;
      byMask.set(mask, shape);
      shapes.push([role, mask]);
    }
    data[at] = shape;
  }
  return { [SHAPES]: shapes, [STATES]: states, [CELL_DATA]: data };
}

/** The index in `states` of a state whose JSON is `state`'s, added when there is none: a
 * state of one key and a plain value (a link's url, a heading's level) found by key and value,
 * any other by its JSON. */
function stateIndex(state, states, stateOf, oneKey) {
  let only = null;
  if (state !== null && typeof state === 'object' && !Array.isArray(state)) {
    for (const key in state) {
      if (only !== null) { only = null; break; }
      only = key;
    }
  }
  const plain = only !== null && (state[only] === null || typeof state[only] !== 'object');
  let byValue;
  let index;
  let json;
  if (plain) {
    byValue = oneKey.get(only);
    if (byValue === undefined) { byValue = new Map(); oneKey.set(only, byValue); }
    index = byValue.get(state[only]);
  } else {
    json = JSON.stringify(state === undefined ? null : state);
    index = stateOf.get(json);
  }
  if (index === undefined) {
    index = states.length;
    states.push(state === undefined ? null : state);
    if (plain) byValue.set(state[only], index); else stateOf.set(json, index);
  }
  return index;
}

/** A run's `axt` with its rows as `rw` in their place (a new object), or `axt` itself when
 * it has no rows or they do not fit the form. */
export function axtToWire(axt) {
  if (!axt || typeof axt !== 'object' || !Array.isArray(axt.rows)) return axt;
  const wire = axRowsToWire(axt.rows);
  if (!wire) return axt;
  const out = {};
  for (const key of Object.keys(axt)) {
    if (key === 'rows') out[AX_ROWS] = wire;
    else out[key] = axt[key];
  }
  return out;
}
