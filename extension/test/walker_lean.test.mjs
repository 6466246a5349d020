// src/lean.js and walker_reads.js leanRecords: a read of SnapshotV1 and the outline alone from
// the walk sends records without the fields neither reads (models/walker_wire.py LEAN, design
// note 168); any other format beside them reads the records whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { WALKER_WIRE } from '../lib/generated/contract.js';
import { leanRecords } from '../lib/walker/src/lean.js';

const { axTreeWalkOptions } = await import('../lib/walker/walker_capture.js');

test('the fields the contract names are left out, a text kept where a secret reads it', () => {
  const spec = WALKER_WIRE.LEAN;
  assert.deepEqual([...spec.DROPPED].sort(), ['clip', 'idu', 'inv', 'pt', 'ptr', 'ptx', 'win']);
  const plain = { p: -1, f: 0, s: 'html', r: [0, 0, 10, 10], vis: 1 };
  const link = { p: 0, f: 0, s: 'a[2]', r: [0, 0, 5, 5], vis: 1, win: 1, inv: 1, ptr: 1, c: ['href'],
    tx: 'Next', ptx: 'Prev Next', a: { href: '#n' }, nm: 'Next', top: 1 };
  const label = { p: 0, f: 0, s: 'label', r: [0, 0, 5, 5], tx: 'Password', ptx: 'Password', a: { for: 'pw' } };
  const named = { p: 0, f: 0, s: 'span[1]', tx: 'Your PIN', a: { id: 'pin-l' }, idu: 1 };
  const icon = { p: 0, f: 0, s: 'i', ic: 'search', clip: 1, pt: [1, 2] };
  const records = [plain, link, label, named, icon];
  const out = leanRecords(records, spec);
  assert.equal(out.length, 5);
  assert.equal(out[0], plain, 'a record that loses nothing is the same object');
  assert.deepEqual(out[1], { p: 0, f: 0, s: 'a[2]', r: [0, 0, 5, 5], vis: 1, c: ['href'],
    a: { href: '#n' }, nm: 'Next', top: 1 });
  assert.deepEqual(Object.keys(out[1]), ['p', 'f', 's', 'r', 'vis', 'c', 'a', 'nm', 'top'], 'in order');
  assert.deepEqual(out[2], { p: 0, f: 0, s: 'label', r: [0, 0, 5, 5], tx: 'Password', a: { for: 'pw' } });
  assert.deepEqual(out[3], { p: 0, f: 0, s: 'span[1]', tx: 'Your PIN', a: { id: 'pin-l' } });
  assert.deepEqual(out[4], { p: 0, f: 0, s: 'i', ic: 'search' }, 'ic stays: it makes a record listable');
  assert.equal(records[1].ptx, 'Prev Next', 'the walk’s own records are left as they were');
});

test('only a read of SnapshotV1 and the outline alone walks lean', () => {
  const walk = (options) => axTreeWalkOptions({ scope: 'page', ax_source: 'walk', ...options });
  assert.equal(walk({ format: 'snapshot' }).lean_records, true);
  assert.equal(walk({}).lean_records, true, 'format snapshot is the default');
  assert.equal(walk({ format: 'outline', focus: 'main' }).lean_records, true);
  assert.equal(walk({ format: 'outline', also_formats: ['snapshot'] }).lean_records, true);
  for (const also of ['domtext', 'elements', 'som', 'semantic']) {
    assert.equal(walk({ format: 'snapshot', viewport_only: false, also_formats: [also] }).lean_records,
      undefined, `not with ${also}`);
  }
});
