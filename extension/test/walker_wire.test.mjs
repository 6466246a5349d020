import assert from 'node:assert/strict';
import { test } from 'node:test';

import { captureToWire, idRuns, recordsToRows, walkerToWire } from '../lib/common/walker_wire.js';
import { WALKER_WIRE } from '../lib/generated/contract.js';

// The host's decoding (models/walker_wire.py records_from_rows), written again here only to
// check the encoder; tests/unit/test_walker_wire.py decodes this encoder's output in Python.
function decode({ keys, data }) {
  const out = [];
  for (let i = 0; i < data.length;) {
    const names = keys[data[i++]];
    const rec = {};
    for (const name of names) rec[name] = data[i++];
    out.push(rec);
  }
  return out;
}

const RECORDS = [
  { p: -1, f: 0, s: 'html', r: [0, 0, 1280, 900], vis: 1, win: 1, w: 1, b: 10 },
  { p: 0, f: 0, s: 'body', r: [0, 0, 1280, 900], vis: 1, win: 1, a: { id: 'main' }, idu: 1, w: 2 },
  { p: 1, f: 0, s: 'a', r: [8, 8, 40, 16], vis: 1, win: 1, c: ['href', 'pointer'], tx: 'Go', w: 3, b: 12 },
  { p: 1, f: 0, s: 'a[2]', r: [8, 30, 40, 16], vis: 1, win: 1, c: ['href', 'pointer'], tx: 'On', w: 4, b: 13 },
  // the same keys in another order: another key list (the host keeps each record's order)
  { f: 0, p: 1, s: 'i', r: [1, 2, 3, 4], vis: 0, win: 1, w: 5 },
  { p: 1, f: 0, s: 'em', r: [1, 2, 3, 4], vis: 1, win: 1, w: 6, val: null, tx: '' },
];

test('records become one key list per distinct order and one flat list of values', () => {
  const rows = recordsToRows(RECORDS);
  assert.deepEqual(Object.keys(rows), WALKER_WIRE.ROWS_FIELDS);
  assert.equal(rows.keys.length, 5);
  assert.deepEqual(rows.keys[0], ['p', 'f', 's', 'r', 'vis', 'win', 'w', 'b']);
  assert.deepEqual(rows.data.slice(0, 9), [0, -1, 0, 'html', [0, 0, 1280, 900], 1, 1, 1, 10]);
  const back = decode(rows);
  assert.deepEqual(back, RECORDS);
  back.forEach((rec, i) => assert.deepEqual(Object.keys(rec), Object.keys(RECORDS[i]), 'key order kept'));
  assert.ok(JSON.stringify(rows).length < JSON.stringify(RECORDS).length);
});

test('a key whose value is undefined is left out, as JSON leaves it out', () => {
  const records = [{ p: -1, f: 0, b: undefined, w: 1 }, { p: 0, f: 0, b: 7, w: 2 }];
  const back = decode(recordsToRows(records));
  assert.deepEqual(back, JSON.parse(JSON.stringify(records)));
  assert.deepEqual(Object.keys(back[0]), ['p', 'f', 'w']);
});

test('alive ids go as runs of consecutive ids, in order', () => {
  assert.deepEqual(idRuns([1, 2, 3, 7, 8, 4]), [1, 3, 7, 2, 4, 1]);
  assert.deepEqual(idRuns([]), []);
  assert.equal(idRuns([1, 2.5]), null);
  assert.equal(idRuns([-1]), null);
});

test('the walker and its subframes go on the wire in place; the capture is left as read', () => {
  const sub = { v: 1, elements: RECORDS.slice(0, 2), alive: [5, 6], world: 'w2' };
  const walker = { v: 1, url: 'http://p/', frames: [], elements: RECORDS, stats: { emitted: 6 },
    world: 'w1', alive: [1, 2, 3, 4, 5, 6, 9], subframes: [{ frameId: 'F', result: sub }, { frameId: 'G', result: { v: 1, covered: true } }] };
  const capture = { tab: { id: 1 }, walker };
  const before = JSON.stringify(capture);
  const sent = captureToWire(capture);
  assert.equal(JSON.stringify(capture), before, 'the capture is not changed');
  assert.deepEqual(Object.keys(sent.walker),
    ['v', 'url', 'frames', WALKER_WIRE.ROWS, 'stats', 'world', WALKER_WIRE.ALIVE_RUNS, 'subframes']);
  assert.deepEqual(sent.walker.alive_runs, [1, 6, 9, 1]);
  assert.deepEqual(decode(sent.walker.rows), RECORDS);
  assert.deepEqual(decode(sent.walker.subframes[0].result.rows), sub.elements);
  assert.deepEqual(sent.walker.subframes[1], walker.subframes[1]);
  assert.equal(captureToWire({ tab: {} }).walker, undefined);
  assert.equal(walkerToWire({ v: 1, covered: true }).covered, true);
  // ids that are no runs of integers go as they are
  assert.deepEqual(walkerToWire({ elements: [], alive: ['x'] }).alive, ['x']);
});

// main's encoder before note 127 (each record's key list joined and looked up), kept as the
// reference the tree walk must equal on any records
function rowsByJoinedKeys(records) {
  const shapes = new Map();
  const keyLists = [];
  const data = [];
  for (const rec of records) {
    const keys = Object.keys(rec).filter((k) => rec[k] !== undefined);
    const sig = keys.join('\u0000');
    if (!shapes.has(sig)) {
      shapes.set(sig, keyLists.length);
      keyLists.push(keys);
    }
    data.push(shapes.get(sig), ...keys.map((k) => rec[k]));
  }
  return { keys: keyLists, data };
}

test('the key lists found by walking a tree of them are those found by joining each record\'s keys', () => {
  let seed = 7;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const names = ['p', 'f', 's', 'r', 'vis', 'win', 'w', 'b', 'k', 'tx', 'a', '0', '12', 'pp'];
  const values = [0, -1, 'x', [1, 2], { id: 'm' }, null, undefined, true, ''];
  for (let run = 0; run < 50; run++) {
    const records = [];
    for (let i = 0; i < 200; i++) {
      const rec = {};
      // few keys and often the same ones, so lists repeat, share prefixes and extend others
      const count = next(6);
      for (let j = 0; j < count; j++) rec[names[next(run % 2 ? 5 : names.length)]] = values[next(values.length)];
      if (next(4) === 0) rec.b = 100 + i; // a backendNodeId written after the walk
      records.push(rec);
    }
    assert.deepEqual(recordsToRows(records), rowsByJoinedKeys(records));
  }
  assert.deepEqual(recordsToRows([{}, { a: undefined }, { a: 1 }, {}]), { keys: [[], ['a']], data: [0, 0, 1, 1, 0] });
});
