// walker_listeners_early.js: a walker-named whole page's listener step begun as the walk
// reports; the listener step's marks are the ones it makes without it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { beginListeners, countsExpression, listenersAsReported } from '../lib/walker/walker_listeners_early.js';
import { resolveWalkerIds } from '../lib/walker/walker_ids.js';

const node = (backendNodeId) => ({ type: 'node', value: { backendNodeId, loaderId: 'L1', localName: 'x' } });

// The page: the root (backendNodeId 7, record w 1) and 599 records (w 2..600, all listable
// links); click listeners on nodes 1000..1149: 1000..1039 the run's hidden roots, 1040..1139
// records (node 1000 + k is record w k - 1000 + 2 when k >= 40), 1140..1149 never reported; a
// keydown listener on 1150. `failing`: nodes whose resolve fails the first time it is asked.
function page({ failing = new Set(), listed = 600 } = {}) {
  const calls = [];
  const asked = new Map(); // backendNodeId → times resolved
  const tracked = (id) => (id >= 1040 && id < 1140 ? id - 1000 + 2 - 40 : -1);
  const listeners = [...Array.from({ length: 150 }, (_, i) => ({ type: 'click', backendNodeId: 1000 + i })),
    { type: 'keydown', backendNodeId: 1150 }];
  const s = {
    tabId: 911,
    calls,
    asked,
    onEvent: () => () => {},
    async send(method, params = {}) {
      calls.push([method, params]);
      if (method === 'Runtime.evaluate' && params.expression === 'document.documentElement') {
        return { result: { objectId: 'root' } };
      }
      if (method === 'DOM.describeNode') return { node: { backendNodeId: 7 } };
      if (method === 'DOMDebugger.getEventListeners') return { listeners };
      if (method === 'Runtime.evaluate' && params.returnByValue) return { result: { value: [40, listed] } };
      if (method === 'Runtime.evaluate' && params.expression.includes('a.1:hidden')) {
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'a.1:hidden' },
          ...Array.from({ length: 40 }, (_, i) => node(1000 + i))] } } };
      }
      if (method === 'Runtime.evaluate') {
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'a.1' }, node(7)] } } };
      }
      if (method === 'DOM.resolveNode') {
        const times = (asked.get(params.backendNodeId) ?? 0) + 1;
        asked.set(params.backendNodeId, times);
        if (failing.has(params.backendNodeId) && times === 1) throw new Error('no node');
        return { object: { objectId: `o${params.backendNodeId}` } };
      }
      if (method === 'Runtime.callFunctionOn') {
        return { result: { value: params.arguments.map(({ objectId }) => tracked(Number(objectId.slice(1)))) } };
      }
      return {};
    },
  };
  return s;
}

const walkerOf = () => ({ run: 'a.1', hr: 40, world: 'W', frames: [{}], elements: [
  { p: -1, s: 'html', f: 0, w: 1 },
  ...Array.from({ length: 599 }, (_, i) => ({ p: 0, s: 'a', c: ['href'], f: 0, w: i + 2 }))] });

const where = { contextId: 2, sessionId: null };
const reporter = () => ({ contexts: new Map([['a.1', where]]), wait: async () => true });

async function read(s, begun) {
  const walker = walkerOf();
  const ahead = begun?.ahead ?? { root: 7, promise: Promise.resolve({ listeners: (await s.send('DOMDebugger.getEventListeners')).listeners, kept: true }) };
  const stats = await resolveWalkerIds(s, null, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', [], reporter(),
    null, ahead, false, 'frames', null, begun);
  return { walker, stats };
}

test('the counts the listener step needs are read in the run\'s world', () => {
  const hidden = [{}, {}];
  const els = [{}, {}, {}];
  els.listed = [0, 2];
  globalThis.__axsnapWalker = { pending: new Map([['w.1', els], ['w.1:hidden', hidden], ['w.2', [{}]]]) };
  try {
    assert.deepEqual((0, eval)(countsExpression('w.1')), [2, 2]);
    assert.deepEqual((0, eval)(countsExpression('w.2')), [0, -1], 'no hidden roots, no list');
    assert.equal((0, eval)(countsExpression('w.3')), null);
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('begun as the walk reports: the same marks, no node resolved twice, none by the listener step', async () => {
  const exact = await read(page(), null);
  const s = page();
  const begun = beginListeners(s, 'a.1', where);
  const got = await read(s, begun);
  assert.deepEqual(got.walker.elements, exact.walker.elements, 'the same records marked, with the same ids');
  assert.equal(got.walker.elements.filter((r) => r.k === 1).length, 100);
  assert.equal(got.stats.clickable, exact.stats.clickable);
  assert.equal(got.stats.listener_nodes_marked, exact.stats.listener_nodes_marked);
  assert.equal(got.stats.listener_nodes_hidden, 40);
  assert.equal(got.stats.listener_nodes_resolved, 0, 'the step resolved none itself');
  assert.equal(got.stats.listener_nodes_early, 110);
  assert.ok([...s.asked.values()].every((n) => n === 1), 'no node resolved twice');
  assert.ok(!s.asked.has(7) && ![...s.asked.keys()].some((id) => id < 1040), 'neither the root nor a hidden root');
  const hiddenTakes = s.calls.filter(([m, p]) => m === 'Runtime.evaluate' && !p.returnByValue
    && p.expression.includes('a.1:hidden'));
  assert.equal(hiddenTakes.length, 1, 'the roots taken once, as the walk reported');
  await begun.release();
  assert.ok(s.calls.some(([m, p]) => m === 'Runtime.releaseObjectGroup' && p.objectGroup.startsWith('axsnap-walker-listeners-early')));
});

test('a node that did not resolve as the walk reported is resolved by the listener step', async () => {
  const exact = await read(page(), null);
  const s = page({ failing: new Set([1041, 1142]) });
  const begun = beginListeners(s, 'a.1', where);
  const got = await read(s, begun);
  assert.deepEqual(got.walker.elements, exact.walker.elements);
  assert.equal(got.stats.listener_nodes_resolved, 2);
  assert.equal(got.stats.listener_nodes_early, 108);
});

test('when the listable records will be taken instead, nothing is resolved as the walk reported', async () => {
  // 110 click nodes past the roots, one resolve a record taken: 110 > 109 listed records
  // (walkerIdsWant, note 225)
  const s = page({ listed: 109 });
  const begun = beginListeners(s, 'a.1', where);
  assert.equal((await begun.known).size, 0);
  assert.ok(!s.calls.some(([m]) => m === 'DOM.resolveNode'));
  const t = page({ listed: 110 });
  assert.equal((await beginListeners(t, 'a.1', where).known).size, 110, 'at the bound, resolved');
});

test('only a world of the tab\'s own session begins, and each run once; what no read claimed is let go', async () => {
  const s = page();
  assert.equal(beginListeners(s, 'a.1', { contextId: 2, sessionId: 'child' }), null);
  assert.equal(beginListeners(s, 'a.1', { sessionId: null }), null);
  const one = listenersAsReported(s);
  one.onReport('a.1', where);
  one.onReport('a.1', where);
  assert.equal(s.calls.filter(([m, p]) => m === 'Runtime.evaluate' && p.returnByValue).length, 1);
  one.onReport('a.2', where);
  const claimed = one.claim('a.1');
  assert.equal(claimed.run, 'a.1');
  assert.equal(one.claim('a.1'), null);
  one.drop();
  await claimed.release();
  assert.equal(one.claim('a.2'), null, 'dropped');
});

test('the take says what its wait was on: the listeners, the hidden roots, the records (note 251)', async () => {
  const { stats } = await read(page(), null);
  assert.equal(stats.pick_clicks, 150, 'the click nodes that picked the way');
  assert.equal(stats.pick_hidden, 40, 'the hidden roots held');
  for (const key of ['pick_ms', 'pick_listeners_ms', 'pick_hidden_ms', 'records_ms']) {
    assert.ok(Number.isFinite(stats[key]) && stats[key] >= 0, key);
  }
  assert.ok(stats.pick_ms >= stats.pick_listeners_ms, 'the listeners\' wait is part of the pick\'s');
});
