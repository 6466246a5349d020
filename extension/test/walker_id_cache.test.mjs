// walker_id_cache.js: a world's known backendNodeIds, so a re-read takes only new elements.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  MAX_WORLDS, clearIdCache, forgetContext, recallContext, recallIds, rememberContext, rememberIds,
} from '../lib/reuse/walker_id_cache.js';
import { applyIds, takeExpression } from '../lib/walker/walker_ids.js';

const run = (world, ws) => ({ world, frames: [{}], elements: ws.map((w) => ({ f: 0, w })) });

test('a world not seen before wants every record; once taken, a re-read wants only new ones', () => {
  clearIdCache();
  const first = run('W1', [1, 2, 3]);
  const { want, filled } = recallIds(first, new Map());
  assert.deepEqual([want, filled], [[0, 1, 2], 0]);
  const nodes = [{ backendNodeId: 10, loaderId: 'L' }, { backendNodeId: 20, loaderId: 'L' }, { backendNodeId: null, loaderId: null }];
  rememberIds(first, want, nodes);
  // the same world reads again: elements 1 and 2 are known (3 never resolved), 4 is new
  const second = run('W1', [2, 4, 1, 3]);
  const again = recallIds(second, new Map([['L', 'F0']]));
  assert.deepEqual(again, { want: [1, 3], filled: 2 });
  assert.deepEqual(second.elements.map((r) => r.b), [20, undefined, 10, undefined]);
  assert.equal(second.frames[0].frameId, 'F0', 'the frame id comes from the known loader');
  // the new ones are taken at their record indices and join the rest
  applyIds(second, [{ backendNodeId: 40, loaderId: 'L' }, { backendNodeId: 30, loaderId: 'L' }], new Map(), again.want);
  assert.deepEqual(second.elements.map((r) => r.b), [20, 40, 10, 30]);
  // another world (another document) knows nothing, even with the same element ids
  assert.deepEqual(recallIds(run('W2', [1, 2]), new Map()).want, [0, 1]);
});

test("a read that takes some records' ids (a whole page's listable ones) is filled with those only", () => {
  clearIdCache();
  const window = run('W1', [1, 2, 3]);
  rememberIds(window, [0, 1, 2], [1, 2, 3].map((n) => ({ backendNodeId: n * 10, loaderId: 'L' })));
  // the whole page's read of the same world: records 0 and 2 are listable; record 1's id,
  // known from the window read, is not filled, as an exact read (nothing recalled) leaves it
  const page = run('W1', [1, 2, 3, 4]);
  assert.deepEqual(recallIds(page, new Map(), [0, 2, 3]), { want: [3], filled: 2 });
  assert.deepEqual(page.elements.map((r) => r.b), [10, undefined, 30, undefined]);
});

test('records without a walker id, or a run without a world, are always taken', () => {
  clearIdCache();
  const r = { world: 'W', frames: [{}], elements: [{ f: 0 }] };
  rememberIds(r, [0], [{ backendNodeId: 5, loaderId: 'L' }]);
  assert.deepEqual(recallIds(r, new Map()).want, [0]);
  assert.deepEqual(recallIds({ elements: [{ w: 1 }] }, new Map()).want, [0]);
});

test('the cache keeps the most recently used worlds only', () => {
  clearIdCache();
  for (let i = 0; i <= MAX_WORLDS; i++) rememberIds(run(`W${i}`, [1]), [0], [{ backendNodeId: i, loaderId: 'L' }]);
  assert.deepEqual(recallIds(run('W0', [1]), new Map()).want, [0], 'the oldest world was dropped');
  assert.equal(recallIds(run(`W${MAX_WORLDS}`, [1]), new Map()).filled, 1);
});

test('the take expression hands over only the wanted records\' elements', () => {
  const els = ['a', 'b', 'c'];
  globalThis.__axsnapWalker = { pending: new Map([['w.1', els]]) };
  try {
    assert.deepEqual((0, eval)(takeExpression(['w.1'], [0, 2])), ['w.1', 'a', 'c']);
    assert.equal(globalThis.__axsnapWalker.pending.has('w.1'), false, 'and forgets the run');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test("a world's context is recalled only while its session is one of the capture's", () => {
  clearIdCache();
  rememberContext('W1', { contextId: 7, sessionId: null });
  rememberContext('W2', { contextId: 9, sessionId: 'S-child' });
  rememberContext('W3', { contextId: 'x', sessionId: null }); // not a context id: not kept
  assert.deepEqual(recallContext('W1', new Set([null])), { contextId: 7, sessionId: null });
  assert.equal(recallContext('W2', new Set([null])), null, 'the child session is gone: found again');
  assert.deepEqual(recallContext('W2', new Set([null, 'S-child'])), { contextId: 9, sessionId: 'S-child' });
  assert.equal(recallContext('W3', new Set([null])), null);
  forgetContext('W1');
  assert.equal(recallContext('W1', new Set([null])), null);
  for (let i = 0; i < MAX_WORLDS + 5; i++) rememberContext(`V${i}`, { contextId: i, sessionId: null });
  assert.equal(recallContext('V0', new Set([null])), null, 'bounded: the oldest go first');
  assert.notEqual(recallContext(`V${MAX_WORLDS + 4}`, new Set([null])), null);
});

test('runs left pending are let go by the statement a walk starts with', async () => {
  const { deferFree, freeRunsStatement, takeUnfreed } = await import('../lib/reuse/walker_id_cache.js');
  clearIdCache();
  for (let i = 1; i <= 10; i++) deferFree('W', `W.${i}`);
  deferFree('V', 'V.1');
  const runs = takeUnfreed('W');
  assert.deepEqual(runs, ['W.3', 'W.4', 'W.5', 'W.6', 'W.7', 'W.8', 'W.9', 'W.10'], 'bounded: the newest');
  assert.deepEqual(takeUnfreed('W'), []);
  assert.equal(freeRunsStatement([]), '');
  globalThis.__axsnapWalker = { pending: new Map([['W.9', [1]], ['W.10', [2]], ['W.11', [3]]]) };
  try {
    (0, eval)(freeRunsStatement(runs));
    assert.deepEqual([...globalThis.__axsnapWalker.pending.keys()], ['W.11'], 'a run still to be taken stays');
  } finally {
    delete globalThis.__axsnapWalker;
  }
  assert.deepEqual(takeUnfreed('V'), ['V.1']);
});
