import assert from 'node:assert/strict';
import { test } from 'node:test';

import { changedCells, dropDomSnapshotBase, offerDomSnapshotBase, sameColumn, sameColumns, sameEnds } from '../lib/reuse/dom_snapshot_base.js';

const snapshot = (bounds, styles = [[1, 2], [1, 2]], strings = ['F1', 'div', 'a']) => ({
  strings,
  documents: [{
    frameId: 0,
    nodes: { parentIndex: [-1, 0], nodeName: [1, 1], isClickable: { index: [1] } },
    layout: { nodeIndex: [0, 1], bounds, styles },
  }],
});
const capture = (snap, source = 'cache+1 changed') => ({
  frames: [{ frameId: 'F1', loaderId: 'L1', ax_source: source }], dom_snapshot: snap,
});

test('columns compare by value: numbers, rows of numbers, rare data', () => {
  assert.equal(sameColumn([1, 2], [1, 2]), true);
  assert.equal(sameColumn([[1, 2], [3]], [[1, 2], [3]]), true);
  assert.equal(sameColumn([[1, 2], [3]], [[1, 2], [4]]), false);
  assert.equal(sameColumn([1, 2], [1, 2, 3]), false);
  assert.equal(sameColumn({ index: [1], value: [2] }, { index: [1], value: [2] }), true);
  assert.equal(sameColumn({ index: [1], value: [2] }, { index: [1], value: [3] }), false);
  assert.equal(sameColumn({ index: [1] }, [1]), false);
});

test('only columns of the same frame document are named the same', () => {
  const base = snapshot([[0, 0, 5, 5], [0, 5, 5, 5]]);
  const now = snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]);
  assert.deepEqual(sameColumns(now, base).same.map((c) => c.join('.')).sort(),
    ['0.layout.nodeIndex', '0.layout.styles', '0.nodes.isClickable', '0.nodes.nodeName', '0.nodes.parentIndex']);
  const otherFrame = snapshot([[0, 0, 5, 5], [0, 5, 5, 5]], undefined, ['F2', 'div', 'a']);
  assert.deepEqual(sameColumns(otherFrame, base), { same: [], patches: [] });
});

test('a cached read sends the changed columns once the host kept the last DOMSnapshot', () => {
  dropDomSnapshotBase(7);
  const first = capture(snapshot([[0, 0, 5, 5], [0, 5, 5, 5]]), 'full');
  const offered = offerDomSnapshotBase(7, first);
  assert.equal(offered.used, 0);
  assert.ok(first.dom_snapshot_key);
  assert.equal(first.dom_snapshot_base, undefined);
  offered.accepted({ dom_base: { kept: true } });

  const whole = snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]);
  const second = capture(whole);
  const delta = offerDomSnapshotBase(7, second);
  assert.equal(delta.used, 5);
  assert.equal(delta.strings, 3);
  assert.deepEqual(second.dom_snapshot_base.strings, [3, 0]);
  assert.deepEqual(second.dom_snapshot.strings, []);
  assert.deepEqual(whole.strings, ['F1', 'div', 'a']);
  assert.equal(second.dom_snapshot_base.id, first.dom_snapshot_key);
  assert.deepEqual(Object.keys(second.dom_snapshot.documents[0].layout), ['bounds']);
  assert.deepEqual(Object.keys(second.dom_snapshot.documents[0].nodes), []);
  assert.deepEqual(whole.documents[0].layout.styles, [[1, 2], [1, 2]]); // the whole one is untouched
  delta.restoreWhole(); // the host lost its base: sent again whole
  assert.equal(second.dom_snapshot, whole);
  assert.equal(second.dom_snapshot_base, undefined);
  assert.equal(delta.delta, true);
  delta.accepted({ dom_base: { kept: true } });

  // a full read, a new document, a host that did not keep it, DOM rects: whole
  const full = capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]), 'full');
  assert.equal(offerDomSnapshotBase(7, full).used, 0);
  const other = capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]));
  other.frames[0].loaderId = 'L2';
  assert.equal(offerDomSnapshotBase(7, other).used, 0);
  const withRects = snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]);
  withRects.documents[0].layout.clientRects = [[], []];
  assert.equal(offerDomSnapshotBase(7, capture(withRects)).used, 0);
  offerDomSnapshotBase(7, capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]))).accepted({ dom_base: { kept: false } });
  assert.equal(offerDomSnapshotBase(7, capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]))).used, 0);
});

test('string tables share their head and tail, never overlapping', () => {
  const base = ['F1', 'a', 'b', 'c', 'd'];
  assert.deepEqual(sameEnds(base, base), [5, 0]);
  assert.deepEqual(sameEnds(['F1', 'a', 'X', 'c', 'd'], base), [2, 2]); // one changed
  assert.deepEqual(sameEnds(['F1', 'a', 'X', 'b', 'c', 'd'], base), [2, 3]); // one inserted
  assert.deepEqual(sameEnds(['F1', 'a', 'c', 'd'], base), [2, 2]); // one removed
  assert.deepEqual(sameEnds([...base, 'e'], base), [5, 0]); // one appended
  assert.deepEqual(sameEnds(['X', ...base.slice(1)], base), [0, 4]);
  assert.deepEqual(sameEnds(['a', 'a'], ['a', 'a', 'a']), [2, 0]);
  assert.deepEqual(sameEnds([], base), [0, 0]);
  assert.deepEqual(sameEnds(base, []), [0, 0]);
});

test('only the middle of the string table is sent, even when no column is the same', () => {
  dropDomSnapshotBase(8);
  const first = capture(snapshot([[0, 0, 5, 5], [0, 5, 5, 5]], undefined, ['F1', 'div', 'a', 'z']), 'full');
  offerDomSnapshotBase(8, first).accepted({ dom_base: { kept: true } });
  // another frame's document (no column reused), the string table changed in the middle
  const whole = snapshot([[0, 0, 5, 5], [0, 5, 5, 5]], undefined, ['F1', 'div', 'b', 'c', 'z']);
  whole.documents[0].frameId = 2;
  const second = capture(whole);
  const delta = offerDomSnapshotBase(8, second);
  assert.equal(delta.used, 0);
  assert.equal(delta.delta, true);
  assert.deepEqual(second.dom_snapshot_base, { id: first.dom_snapshot_key, columns: [], strings: [2, 1] });
  assert.deepEqual(second.dom_snapshot.strings, ['b', 'c']);
  assert.deepEqual(second.dom_snapshot.documents, whole.documents);
  delta.restoreWhole();
  assert.equal(second.dom_snapshot, whole);
  // nothing in common: sent whole
  dropDomSnapshotBase(8);
  offerDomSnapshotBase(8, capture(snapshot([[0, 0, 5, 5]], undefined, ['F1']), 'full')).accepted({ dom_base: { kept: true } });
  const other = capture(snapshot([[0, 0, 5, 5]], undefined, ['F9']));
  assert.equal(offerDomSnapshotBase(8, other).delta, false);
  assert.equal(other.dom_snapshot_base, undefined);
});

test('a column that differs in a few cells is sent as those cells', () => {
  assert.deepEqual(changedCells([1, 2, 3, 4], [1, 9, 3, 4], 1), [1]);
  assert.deepEqual(changedCells([[1, 2], [3]], [[1, 2], [4]], 1), [1]);
  assert.equal(changedCells([1, 2, 3, 4], [9, 9, 3, 4], 1), null); // too many
  assert.equal(changedCells([1, 2], [1, 2, 3], 5), null); // another length
  assert.equal(changedCells({ index: [1] }, { index: [2] }, 5), null); // rare data: whole

  dropDomSnapshotBase(9);
  const rows = (n, wide) => Array.from({ length: n }, (_, i) => [0, i * 5, i === wide ? 9 : 5, 5]);
  const base = snapshot(rows(8, -1), Array.from({ length: 8 }, () => [1, 2]));
  offerDomSnapshotBase(9, capture(base, 'full')).accepted({ dom_base: { kept: true } });
  const whole = snapshot(rows(8, 6), Array.from({ length: 8 }, () => [1, 2]));
  const second = capture(whole);
  const delta = offerDomSnapshotBase(9, second);
  assert.equal(delta.patched, 1);
  assert.deepEqual(second.dom_snapshot_base.patches, [[0, 'layout', 'bounds', [6], [[0, 30, 9, 5]]]]);
  assert.deepEqual(Object.keys(second.dom_snapshot.documents[0].layout), []);
  assert.equal(whole.documents[0].layout.bounds.length, 8); // the whole one is untouched
  delta.restoreWhole();
  assert.equal(second.dom_snapshot, whole);
  // most boxes moved: the column goes whole
  const moved = snapshot(rows(8, -1).map(([x, y, w, h]) => [x, y + 1, w, h]), Array.from({ length: 8 }, () => [1, 2]));
  const third = capture(moved);
  const all = offerDomSnapshotBase(9, third);
  assert.equal(all.patched, 0);
  assert.equal(third.dom_snapshot.documents[0].layout.bounds, moved.documents[0].layout.bounds);
});
