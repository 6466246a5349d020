import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';

import { applyDelta, applyEdits, snapshotHash } from '../panel/deltaapply.js';
import { runSnapshot } from '../panel/run.js';

test('the snapshot hash is the SHA-256 of the parts\' canonical JSON', async () => {
  const result = { combinedTree: '[0-1] RootWebArea', combinedXpathMap: { '0-1': '/html' }, other: 1 };
  const expected = createHash('sha256').update('{"combinedTree":"[0-1] RootWebArea","combinedXpathMap":{"0-1":"/html"}}').digest('hex');
  assert.equal(await snapshotHash(result), `sha256:${expected}`);
});

test('positional edits', () => {
  assert.deepEqual(applyEdits(['a', 'b', 'c', 'd'], [[1, 1, ['B']], [3, 0, ['x', 'y']]]), ['a', 'B', 'c', 'x', 'y', 'd']);
  assert.throws(() => applyEdits(['a'], [[0, 2, []]]));
});

const base = {
  snapshot_id: 'ax-1-aaa', combinedTree: '[0-1] RootWebArea\n  [0-2] button: Go\n  [0-3] link: Old',
  combinedXpathMap: { '0-2': '/html/body/button', '0-3': '/html/body/a' }, combinedUrlMap: { '0-3': 'http://a/old' },
  frames: [{ ordinal: 0, status: 'captured' }],
};

async function deltaReply() {
  const full = {
    combinedTree: '[0-1] RootWebArea\n  [0-2] button: Go [disabled]\n  [0-4] link: New',
    combinedXpathMap: { '0-2': '/html/body/button', '0-4': '/html/body/a' }, combinedUrlMap: { '0-4': 'http://a/new' },
    frames: [{ ordinal: 0, status: 'captured' }, { ordinal: 1, status: 'restricted' }],
  };
  return {
    format: 'outline', snapshot_id: 'ax-2-bbb',
    delta: {
      applied: true, base_snapshot_id: 'ax-1-aaa', hash: await snapshotHash(full),
      edits: [[1, 2, ['  [0-2] button: Go [disabled]', '  [0-4] link: New']]],
      maps: { combinedXpathMap: { set: { '0-4': '/html/body/a' }, remove: ['0-3'] },
        combinedUrlMap: { set: { '0-4': 'http://a/new' }, remove: ['0-3'] } },
      frames: { length: 2, set: { 1: { ordinal: 1, status: 'restricted' } } },
      changes: [],
    },
  };
}

test('a delta on its base gives the new outline, hash checked', async () => {
  const reply = await deltaReply();
  const { full, verified } = await applyDelta(base, reply);
  assert.equal(verified, true);
  assert.equal(full.combinedTree.split('\n')[2], '  [0-4] link: New');
  assert.deepEqual(full.combinedXpathMap, { '0-2': '/html/body/button', '0-4': '/html/body/a' });
  assert.deepEqual(full.frames, [{ ordinal: 0, status: 'captured' }, { ordinal: 1, status: 'restricted' }]);
  assert.equal('delta' in full, false);
  const wrong = await applyDelta({ ...base, combinedXpathMap: {} }, reply);
  assert.equal(wrong.verified, false);
});

test('a run rebuilds the outline from the base it names, or says it cannot', async () => {
  const reply = await deltaReply();
  const send = async () => ({ ok: true, result: reply, timings: {} });
  const options = { format: 'outline', compression: 'delta' };
  const rebuilt = await runSnapshot({ tabId: 1, options, send, findBase: (id) => (id === 'ax-1-aaa' ? base : null) });
  assert.match(rebuilt.outlineFull.combinedTree, /link: New/);
  assert.match(rebuilt.outlineNote, /hash checked/);
  const orphan = await runSnapshot({ tabId: 1, options, send });
  assert.equal(orphan.outlineFull, undefined);
  assert.match(orphan.outlineNote, /did not keep/);
});
