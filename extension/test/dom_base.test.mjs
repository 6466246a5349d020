import assert from 'node:assert/strict';
import { test } from 'node:test';

import { dropDomBase, offerDomBase, sameColumn, sameColumns } from '../lib/dom_base.js';

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
  assert.deepEqual(sameColumns(now, base).map((c) => c.join('.')).sort(),
    ['0.layout.nodeIndex', '0.layout.styles', '0.nodes.isClickable', '0.nodes.nodeName', '0.nodes.parentIndex']);
  const otherFrame = snapshot([[0, 0, 5, 5], [0, 5, 5, 5]], undefined, ['F2', 'div', 'a']);
  assert.deepEqual(sameColumns(otherFrame, base), []);
});

test('a cached read sends the changed columns once the host kept the last DOMSnapshot', () => {
  dropDomBase(7);
  const first = capture(snapshot([[0, 0, 5, 5], [0, 5, 5, 5]]), 'full');
  const offered = offerDomBase(7, first);
  assert.equal(offered.used, 0);
  assert.ok(first.dom_snapshot_key);
  assert.equal(first.dom_snapshot_base, undefined);
  offered.accepted({ dom_base: { kept: true } });

  const whole = snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]);
  const second = capture(whole);
  const delta = offerDomBase(7, second);
  assert.equal(delta.used, 5);
  assert.equal(second.dom_snapshot_base.id, first.dom_snapshot_key);
  assert.deepEqual(Object.keys(second.dom_snapshot.documents[0].layout), ['bounds']);
  assert.deepEqual(Object.keys(second.dom_snapshot.documents[0].nodes), []);
  assert.deepEqual(whole.documents[0].layout.styles, [[1, 2], [1, 2]]); // the whole one is untouched
  delta.restoreWhole(); // the host lost its base: sent again whole
  assert.equal(second.dom_snapshot, whole);
  assert.equal(second.dom_snapshot_base, undefined);
  delta.accepted({ dom_base: { kept: true } });

  // a full read, a new document, a host that did not keep it, DOM rects: whole
  const full = capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]), 'full');
  assert.equal(offerDomBase(7, full).used, 0);
  const other = capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]));
  other.frames[0].loaderId = 'L2';
  assert.equal(offerDomBase(7, other).used, 0);
  const withRects = snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]);
  withRects.documents[0].layout.clientRects = [[], []];
  assert.equal(offerDomBase(7, capture(withRects)).used, 0);
  offerDomBase(7, capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]))).accepted({ dom_base: { kept: false } });
  assert.equal(offerDomBase(7, capture(snapshot([[0, 0, 9, 5], [0, 5, 9, 5]]))).used, 0);
});
