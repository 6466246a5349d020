// walker_ids_listable.js: the whole-page DOM read from the walk (dom_source "walk"): only the
// listable records are taken, click listener nodes are matched through the walker's ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  HIDDEN_MIN_NODES, HIDDEN_PER_RESOLVE, TAKE_AHEAD, TAKE_PART, listable, listableIndices, markListenerNodes,
  takeInParts, trackedIdsOf,
} from '../lib/walker/walker_ids_listable.js';
import { parseTake, resolveWalkerIds, takeExpression } from '../lib/walker/walker_ids.js';
import { takeUnfreed } from '../lib/reuse/walker_id_cache.js';

const node = (backendNodeId) => ({ type: 'node', value: { backendNodeId, loaderId: 'L1', localName: 'x' } });

test('listable: a reason to act, an icon, a document root or an iframe', () => {
  const records = [
    { p: -1, s: 'html', w: 1 }, { p: 0, s: 'body', w: 2 }, { p: 1, s: 'a', c: ['href'], w: 3 },
    { p: 1, s: 'div', c: [], w: 4 }, { p: 1, s: 'i', ic: 1, w: 5 }, { p: 1, s: 'iframe', fr: 1, w: 6 },
    { p: 1, s: 'iframe', xo: 1, w: 7 }, { p: 1, s: 'p', tx: 'text', w: 8 },
  ];
  assert.deepEqual(records.map(listable), [true, false, true, false, true, true, true, false]);
  assert.deepEqual(listableIndices({ elements: records }, [1, 2, 3, 4, 7]), [2, 4]);
});

test('trackedIdsOf answers the walker\'s own id of each element, -1 for one it never reported', () => {
  const known = {};
  globalThis.__axsnapWalker = { ids: new WeakMap([[known, 42]]) };
  try {
    assert.deepEqual(trackedIdsOf(known, {}), [42, -1]);
  } finally {
    delete globalThis.__axsnapWalker;
  }
  assert.deepEqual(trackedIdsOf({}), [-1], 'no walker state in this world');
});

function session({ take, listeners, tracked }) {
  const calls = [];
  const s = {
    tabId: 900,
    calls,
    onEvent: (fn) => { s.fire = fn; return () => {}; },
    async send(method, params = {}) {
      calls.push([method, params]);
      if (method === 'Runtime.evaluate') return { result: { deepSerializedValue: { type: 'array', value: take } } };
      if (method === 'DOM.resolveNode') return { object: { objectId: `o${params.backendNodeId}` } };
      if (method === 'DOMDebugger.getEventListeners') return { listeners };
      if (method === 'Runtime.callFunctionOn') return { result: { value: tracked(params) } };
      return {};
    },
  };
  s.inject = async (frameIds, func, [name]) => {
    setTimeout(() => s.fire('Runtime.bindingCalled', { name, payload: 'a.1', executionContextId: 2 }, { tabId: 1 }), 1);
    return [{ result: ['a.1'] }];
  };
  return s;
}

test('the listable take and the listener nodes matched through the walker\'s ids', async () => {
  const walker = { run: 'a.1', frames: [{}], elements: [
    { p: -1, s: 'html', f: 0, w: 1 }, { p: 0, s: 'div', f: 0, w: 2 }, { p: 0, s: 'a', c: ['href'], f: 0, w: 3 },
    { p: 0, s: 'div', f: 0, w: 4 },
  ] };
  const s = session({
    take: [{ type: 'string', value: 'a.1' }, node(10), node(12)],
    listeners: [{ type: 'click', backendNodeId: 12 }, { type: 'click', backendNodeId: 14 },
      { type: 'keydown', backendNodeId: 11 }],
    tracked: (params) => params.arguments.map(({ objectId }) => (objectId === 'o14' ? 4 : -1)),
  });
  const errors = [];
  const stats = await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors,
    null, null, null, false, true);
  assert.deepEqual(errors, []);
  const take = s.calls.find(([m]) => m === 'Runtime.evaluate')[1];
  assert.match(take.expression, /\[0,2\]\.map/, 'only the root and the link are taken');
  assert.deepEqual(walker.elements.map((r) => [r.b, r.k]), [[10, undefined], [undefined, undefined], [12, 1], [14, 1]]);
  assert.equal(stats.clickable, 2);
  const resolved = s.calls.filter(([m, p]) => m === 'DOM.resolveNode' && p.executionContextId === 2).map(([, p]) => p.backendNodeId);
  assert.deepEqual(resolved, [14], 'only the listener node no taken record named, in the walker\'s world');
  const group = s.calls.find(([m, p]) => m === 'DOM.resolveNode' && p.executionContextId === 2)[1].objectGroup;
  assert.ok(s.calls.some(([m, p]) => m === 'Runtime.releaseObjectGroup' && p.objectGroup === group), 'released with the take');
});

test('past MAX_LISTENER_NODES the rest stay unmarked and the read says so', async () => {
  const calls = [];
  const s = { send: async (method, params) => { calls.push(method); return method === 'DOM.resolveNode' ? { object: { objectId: 'o' } } : { result: { value: [] } }; } };
  const errors = [];
  const ids = new Set(Array.from({ length: 5002 }, (_, i) => i + 1));
  await markListenerNodes(s, { contextId: 2, sessionId: null }, { elements: [] }, ids, 'g', errors);
  assert.equal(calls.filter((m) => m === 'DOM.resolveNode').length, 5000);
  assert.deepEqual(errors.map((e) => e.step), ['walker_listeners']);
});

test('a whole-page walk that reported nothing reads no listeners and says nothing is missing', async () => {
  const s = session({ take: [], listeners: [], tracked: () => [] });
  const errors = [];
  const walker = { run: 'a.1', frames: [{}], elements: [] };
  await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors,
    null, null, null, false, true);
  assert.deepEqual(errors, []);
  assert.ok(!s.calls.some(([m]) => m === 'DOMDebugger.getEventListeners'));
  const window = [];
  const w = session({ take: [], listeners: [], tracked: () => [] });
  await resolveWalkerIds(w, w.inject, { run: 'a.1', frames: [{}], elements: [] },
    [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', window);
  assert.deepEqual(window.map((e) => e.step), ['walker_listeners'], 'a window read still says so');
});

test('a whole page\'s listable records are taken in parts, the last one handing the run over', async () => {
  const els = Array.from({ length: 2600 }, (_, i) => ({ i }));
  globalThis.__axsnapWalker = { pending: new Map([['w.1', els]]) };
  const sent = [];
  try {
    const want = els.map((_, i) => i).filter((i) => i % 2 === 0); // 1,300 records
    const send = async (expression) => {
      sent.push(globalThis.__axsnapWalker.pending.has('w.1'));
      const got = (0, eval)(expression);
      return { result: { deepSerializedValue: { type: 'array', value: got && [{ type: 'string', value: got[0] },
        ...got.slice(1).map((el) => ({ type: 'node', value: { backendNodeId: el.i, loaderId: 'L' } }))] } } };
    };
    const taken = await takeInParts('w.1', want, send, takeExpression, parseTake);
    assert.equal(sent.length, 2, `${TAKE_PART} a part`);
    assert.deepEqual(taken.slice(1).map((n) => n.backendNodeId), want);
    assert.equal(globalThis.__axsnapWalker.pending.has('w.1'), false, 'handed over by the last part');
    assert.equal(await takeInParts('w.1', [0], send, takeExpression, parseTake), null, 'taken once');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('the parts of a take are asked TAKE_AHEAD at a time, in order, each answer in its place', async () => {
  const els = Array.from({ length: 3 * TAKE_PART + 5 }, (_, i) => ({ i }));
  globalThis.__axsnapWalker = { pending: new Map([['w.2', els]]) };
  const asked = []; // each part's expression, in the order sent
  const answers = []; // resolve functions, answered later in reverse to prove the order kept
  try {
    const want = els.map((_, i) => i);
    const send = (expression) => {
      asked.push(expression);
      const got = (0, eval)(expression); // run in order, as the renderer runs a session's commands
      return new Promise((resolve) => answers.push(() => resolve({ result: { deepSerializedValue: {
        type: 'array', value: got && [{ type: 'string', value: got[0] },
          ...got.slice(1).map((el) => ({ type: 'node', value: { backendNodeId: el.i, loaderId: 'L' } }))] } } })));
    };
    const taking = takeInParts('w.2', want, send, takeExpression, parseTake);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(asked.length, TAKE_AHEAD, 'the next part goes before the first is answered');
    answers[1]();
    answers[0]();
    while (asked.length < 4) await new Promise((resolve) => setImmediate(resolve));
    answers[3]();
    answers[2]();
    const taken = await taking;
    assert.deepEqual(taken.slice(1).map((n) => n.backendNodeId), want, 'every node in its record\'s place');
    assert.equal(globalThis.__axsnapWalker.pending.has('w.2'), false, 'handed over by the last part');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('a take whose run is gone stops at the first empty part', async () => {
  globalThis.__axsnapWalker = { pending: new Map() };
  try {
    let sent = 0;
    const send = async (expression) => {
      sent += 1;
      return { result: { deepSerializedValue: { type: 'array', value: (0, eval)(expression) } } };
    };
    const want = Array.from({ length: 5 * TAKE_PART }, (_, i) => i);
    assert.equal(await takeInParts('w.3', want, send, takeExpression, parseTake), null);
    assert.ok(sent <= TAKE_AHEAD + 1, `${sent} parts asked of a world that no longer holds the run`);
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('the resolved listener nodes the walker never reported are counted: no record, nothing marked', async () => {
  // node 51 is record w 3, node 52 a row's node without a record (-9), 53 and 54 never reported
  const answers = { o51: 3, o52: -9, o53: -1, o54: -1 };
  const s = { send: async (method, params) => (method === 'DOM.resolveNode'
    ? { object: { objectId: `o${params.backendNodeId}` } }
    : { result: { value: params.arguments.map(({ objectId }) => answers[objectId]) } }) };
  const result = { elements: [{ w: 2 }, { w: 3 }] };
  const got = await markListenerNodes(s, { contextId: 2, sessionId: null }, result, new Set([51, 52, 53, 54]), 'g', []);
  assert.deepEqual(got, { marked: 1, resolved: 4, unreported: 2, hidden: 0 });
  assert.deepEqual(result.elements.map((r) => [r.b, r.k]), [[undefined, undefined], [51, 1]]);
});

// listener nodes 1..n: node k is record w k when k % 10 === 0 (n/10 records), a hidden root of
// the run when k > n / 2 and not a record, else never reported
function listenerPage(n) {
  const tracked = (k) => (k % 10 === 0 ? k : -1);
  const resolvedIds = [];
  const s = { send: async (method, params) => {
    if (method === 'DOM.resolveNode') {
      resolvedIds.push(params.backendNodeId);
      return { object: { objectId: `o${params.backendNodeId}` } };
    }
    return { result: { value: params.arguments.map(({ objectId }) => tracked(Number(objectId.slice(1)))) } };
  } };
  const ids = new Set(Array.from({ length: n }, (_, i) => i + 1));
  const hidden = [...ids].filter((k) => k > n / 2 && tracked(k) === -1);
  const result = () => ({ hr: hidden.length, elements: Array.from({ length: n / 10 }, (_, i) => ({ w: (i + 1) * 10 })) });
  return { s, ids, hidden, result, resolvedIds };
}

test('the MAX_LISTENER_NODES cap counts the nodes resolved, the hidden roots left out (note 172)', async () => {
  const calls = [];
  const s = { send: async (method) => { calls.push(method); return method === 'DOM.resolveNode' ? { object: { objectId: 'o' } } : { result: { value: [] } }; } };
  const errors = [];
  const ids = new Set(Array.from({ length: 5002 }, (_, i) => i + 1));
  const hiddenIds = new Set(Array.from({ length: 10 }, (_, i) => 100 + i));
  const got = await markListenerNodes(s, { contextId: 2, sessionId: null }, { elements: [], hr: 10 }, ids, 'g', errors,
    new Map(), async () => hiddenIds);
  assert.equal(got.hidden, 10);
  assert.equal(got.resolved, 4992);
  assert.equal(calls.filter((m) => m === 'DOM.resolveNode').length, 4992);
  assert.deepEqual(errors, [], 'nothing cut');
});

test('listener nodes that are roots of the run\'s hidden subtrees are left unresolved: the same marks (note 117)', async () => {
  const n = 200;
  const page = listenerPage(n);
  const exact = page.result();
  const old = await markListenerNodes(page.s, { contextId: 2, sessionId: null }, exact, page.ids, 'g', []);
  assert.equal(old.resolved, n);
  page.resolvedIds.length = 0;
  let asked = 0;
  const roots = async () => { asked += 1; return new Set(page.hidden); };
  const cut = page.result();
  const got = await markListenerNodes(page.s, { contextId: 2, sessionId: null }, cut, page.ids, 'g', [], new Map(), roots);
  assert.equal(asked, 1);
  assert.deepEqual(cut.elements, exact.elements, 'the same records marked, with the same ids');
  assert.equal(got.hidden, page.hidden.length);
  assert.equal(got.resolved, n - page.hidden.length);
  assert.ok(!page.resolvedIds.some((k) => page.hidden.includes(k)), 'no hidden root resolved');
  assert.equal(got.marked, old.marked);
  assert.equal(got.unreported + got.hidden, old.unreported);
});

test('the hidden roots are asked only when the nodes to resolve are many and the roots few against them', async () => {
  for (const [n, hr, wanted] of [[HIDDEN_MIN_NODES - 4, 1, false], [100, HIDDEN_PER_RESOLVE * 100 + 1, false],
    [100, HIDDEN_PER_RESOLVE * 100, true], [100, 0, false]]) {
    const page = listenerPage(n);
    let asked = 0;
    const roots = async () => { asked += 1; return null; };
    const result = { ...page.result(), hr };
    const got = await markListenerNodes(page.s, { contextId: 2, sessionId: null }, result, page.ids, 'g', [], new Map(), roots);
    assert.equal(asked, wanted ? 1 : 0, `${n} nodes, ${hr} roots`);
    assert.equal(got.resolved, n, 'a world that no longer holds them: every node resolved');
  }
});

test('the hidden roots are taken as soon as the listeners read ahead say they may pay, and spare their resolves', async () => {
  // records: the root (taken) and 99 divs; listener nodes 1000..1099 (100: none a taken
  // record's), of which 1000..1079 are the run's 80 hidden roots and 1080..1099 never reported
  const walker = { run: 'a.1', hr: 80, world: 'W', frames: [{}], elements: [{ p: -1, s: 'html', f: 0, w: 1 },
    ...Array.from({ length: 99 }, (_, i) => ({ p: 0, s: 'div', f: 0, w: i + 2 }))] };
  const listeners = Array.from({ length: 100 }, (_, i) => ({ type: 'click', backendNodeId: 1000 + i }));
  const calls = [];
  let listened = null;
  const s = {
    tabId: 901,
    onEvent: () => () => {},
    async send(method, params = {}) {
      calls.push([method, params]);
      if (method === 'Runtime.evaluate' && params.expression.includes('a.1:hidden')) {
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'a.1:hidden' },
          ...Array.from({ length: 80 }, (_, i) => node(1000 + i))] } } };
      }
      if (method === 'Runtime.evaluate') return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'a.1' }, node(7)] } } };
      if (method === 'DOM.resolveNode') return { object: { objectId: `o${params.backendNodeId}` } };
      if (method === 'Runtime.callFunctionOn') return { result: { value: params.arguments.map(() => -1) } };
      return {};
    },
  };
  const reporter = { contexts: new Map([['a.1', { contextId: 2, sessionId: null }]]), wait: async () => true };
  const ahead = { root: 7, promise: new Promise((resolve) => { listened = resolve; }) };
  const done = resolveWalkerIds(s, null, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', [], reporter,
    null, ahead, false, true);
  listened({ listeners, kept: true });
  const stats = await done;
  const hiddenTake = calls.findIndex(([m, p]) => m === 'Runtime.evaluate' && p.expression.includes('a.1:hidden'));
  const firstResolve = calls.findIndex(([m, p]) => m === 'DOM.resolveNode' && p.executionContextId === 2);
  assert.ok(hiddenTake >= 0 && hiddenTake < firstResolve, 'the roots taken before any listener node is resolved');
  assert.equal(calls.filter(([m, p]) => m === 'Runtime.evaluate' && p.expression.includes('a.1:hidden')).length, 1, 'once');
  assert.equal(stats.listener_nodes_hidden, 80);
  assert.equal(stats.listener_nodes_resolved, 20);
  assert.equal(walker.hr, undefined, 'the count stays in the worker');
});

test('hidden roots that cannot pay are not taken: let go by the next walk in their world', async () => {
  const walker = { run: 'a.2', hr: 500, world: 'W2', frames: [{}], elements: [{ p: -1, s: 'html', f: 0, w: 1 }] };
  const calls = [];
  const s = {
    tabId: 902,
    onEvent: () => () => {},
    async send(method, params = {}) {
      calls.push([method, params]);
      if (method === 'Runtime.evaluate') return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'a.2' }, node(7)] } } };
      if (method === 'DOM.resolveNode') return { object: { objectId: `o${params.backendNodeId}` } };
      if (method === 'Runtime.callFunctionOn') return { result: { value: params.arguments.map(() => -1) } };
      return {};
    },
  };
  const reporter = { contexts: new Map([['a.2', { contextId: 3, sessionId: null }]]), wait: async () => true };
  const listeners = Array.from({ length: 100 }, (_, i) => ({ type: 'click', backendNodeId: 2000 + i }));
  const ahead = { root: 7, promise: Promise.resolve({ listeners, kept: true }) };
  const stats = await resolveWalkerIds(s, null, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', [], reporter,
    null, ahead, false, true);
  assert.ok(!calls.some(([m, p]) => m === 'Runtime.evaluate' && p.expression.includes(':hidden')), '500 roots for 100 nodes');
  assert.equal(stats.listener_nodes_resolved, 100);
  assert.deepEqual(takeUnfreed('W2'), ['a.2:hidden']);
});

test('an act\'s capture after whose elements came along and whose click nodes are all records releases no group', async () => {
  // note 135: the walk's evaluate handed the listable elements over (walker_take_along.js) and
  // every click-listener node is a taken record: nothing went into the take's group, so no
  // Runtime.releaseObjectGroup is sent for it; an unmatched node resolved into it still is
  const records = () => [
    { p: -1, s: 'html', f: 0, w: 1 }, { p: 0, s: 'div', f: 0, w: 2 }, { p: 0, s: 'a', c: ['href'], f: 0, w: 3 },
    { p: 0, s: 'div', f: 0, w: 4 },
  ];
  const along = { run: 'a.1', at: [0, 2], nodes: [{ backendNodeId: 10, loaderId: 'L1' }, { backendNodeId: 12, loaderId: 'L1' }] };
  const read = async (listeners) => {
    const s = session({ take: [], listeners, tracked: (params) => params.arguments.map(() => 4) });
    const walker = { run: 'a.1', frames: [{}], elements: records() };
    const errors = [];
    await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors,
      null, null, null, false, 'window', along);
    assert.deepEqual(errors, []);
    assert.ok(!s.calls.some(([m]) => m === 'Runtime.evaluate'), 'no take of its own: the walk handed them over');
    return { s, walker };
  };
  const matched = await read([{ type: 'click', backendNodeId: 12 }]);
  assert.deepEqual(matched.walker.elements.map((r) => [r.b, r.k]), [[10, undefined], [undefined, undefined], [12, 1], [undefined, undefined]]);
  assert.ok(!matched.s.calls.some(([m]) => m === 'Runtime.releaseObjectGroup'), 'an empty group is not released');
  const unmatched = await read([{ type: 'click', backendNodeId: 12 }, { type: 'click', backendNodeId: 14 }]);
  assert.deepEqual(unmatched.walker.elements[3], { p: 0, s: 'div', f: 0, w: 4, k: 1, b: 14 });
  const resolve = unmatched.s.calls.find(([m]) => m === 'DOM.resolveNode');
  assert.ok(resolve, 'the unmatched node resolved in the walker\'s world');
  assert.ok(unmatched.s.calls.some(([m, p]) => m === 'Runtime.releaseObjectGroup' && p.objectGroup === resolve[1].objectGroup),
    'its group released');
});
