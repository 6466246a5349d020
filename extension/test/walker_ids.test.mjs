// walker_ids.js: backendNodeIds and click listeners for the walker's records, over CDP.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  applyIds, applyListeners, listenerSignature, parseTake, reportRuns, resolveWalkerIds, takeExpression,
  topListenersAhead,
} from '../lib/walker/walker_ids.js';

const node = (backendNodeId, loaderId = 'L1') => ({ type: 'node', value: { backendNodeId, loaderId, localName: 'x' } });

test('the take expression hands over one pending run and forgets it', () => {
  const els = [{}, {}];
  globalThis.__axsnapWalker = { pending: new Map([['w.1', ['old']], ['w.2', els]]) };
  try {
    const take = () => (0, eval)(takeExpression(['w.2', 'zz']));
    assert.deepEqual(take(), ['w.2', ...els]);
    assert.equal(take(), null, 'taken once');
    assert.ok(globalThis.__axsnapWalker.pending.has('w.1'));
  } finally {
    delete globalThis.__axsnapWalker;
  }
  assert.equal((0, eval)(takeExpression(['w.1'])), null, 'no walker state in this world');
});

test('a world reports the runs it holds through the binding, then drops it', () => {
  const reported = [];
  globalThis.__axsnapWorld_t = (run) => reported.push(run);
  globalThis.__axsnapWalker = { pending: new Map([['w.2', []]]) };
  try {
    assert.deepEqual(reportRuns('__axsnapWorld_t', ['w.1', 'w.2']), ['w.2']);
    assert.deepEqual(reported, ['w.2']);
    assert.equal(globalThis.__axsnapWorld_t, undefined);
    assert.deepEqual(reportRuns('__axsnapWorld_t', ['w.2']), [], 'no binding here: nothing reported');
    assert.equal(globalThis.__axsnapWalker.pending.has('w.2'), false, 'nor kept for a take that never comes');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('deep-serialized takes give ids per record and frame ids by loader', () => {
  const parsed = parseTake({ result: { deepSerializedValue: { type: 'array', value: [
    { type: 'string', value: 'w.1' }, node(7), node(8, 'L2'), { type: 'node', value: {} }] } } });
  assert.deepEqual(parsed, ['w.1', { backendNodeId: 7, loaderId: 'L1' }, { backendNodeId: 8, loaderId: 'L2' },
    { backendNodeId: null, loaderId: null }]);
  assert.equal(parseTake({ result: { deepSerializedValue: { type: 'null' } } }), null);
  const run = { frames: [{}, {}], elements: [{ f: 0 }, { f: 1 }, { f: 1 }] };
  const resolved = applyIds(run, parsed.slice(1), new Map([['L1', 'F0'], ['L2', 'F1']]));
  assert.equal(resolved, 2);
  assert.deepEqual(run.elements, [{ f: 0, b: 7 }, { f: 1, b: 8 }, { f: 1 }]);
  assert.deepEqual(run.frames, [{ frameId: 'F0' }, { frameId: 'F1' }]);
});

test('only click-type listeners mark records', () => {
  const runs = [{ elements: [{ b: 1 }, { b: 2 }, { b: 3 }, {}] }];
  const stats = applyListeners(runs, [
    { type: 'click', backendNodeId: 1 }, { type: 'mousedown', backendNodeId: 3 },
    { type: 'scroll', backendNodeId: 2 }, { type: 'click', backendNodeId: 99 }]);
  assert.deepEqual(runs[0].elements, [{ b: 1, k: 1 }, { b: 2 }, { b: 3, k: 1 }, {}]);
  assert.deepEqual(stats, { clickable: 2, listeners: 3, unmatched: new Set([99]) }, 'no record names node 99');
});

/** A CDP session whose worlds hold `takes` (context id → deep value) for `runs`. */
let nextTab = 0;

function session({ contexts, takes, listeners = [], failListeners = false, sessionOfRun = {} }) {
  const calls = [];
  const listenersOf = new Set();
  const s = {
    tabId: ++nextTab, // kept roots are per tab (walker_ids.js)
    calls,
    onEvent(fn) {
      listenersOf.add(fn);
      return () => listenersOf.delete(fn);
    },
    async send(method, params = {}, sessionId = undefined) {
      calls.push([method, params, sessionId]);
      if (method === 'Runtime.addBinding' && !sessionId) s.binding = params;
      if (method === 'Runtime.evaluate') {
        return { result: { deepSerializedValue: { type: 'array', value: takes[params.contextId] ?? [] } } };
      }
      if (method === 'DOM.resolveNode') return { object: { objectId: `o${params.backendNodeId}` } };
      if (method === 'DOMDebugger.getEventListeners') {
        if (failListeners) throw new Error('No node with given id found');
        return { listeners: Array.isArray(listeners) ? listeners : (listeners[sessionId ?? 'tab'] ?? []) };
      }
      return {};
    },
  };
  // the injected reporter: each frame's world calls the binding for the run it holds
  s.inject = async (frameIds, func, [name, runs]) => {
    s.injected = { frameIds, func, runs };
    setTimeout(() => {
      for (const [run, contextId] of Object.entries(contexts)) {
        const source = sessionOfRun[run] ? { tabId: 1, sessionId: sessionOfRun[run] } : { tabId: 1 };
        for (const fn of listenersOf) fn('Runtime.bindingCalled', { name, payload: run, executionContextId: contextId }, source);
      }
    }, 1);
    return Object.keys(contexts).map((run) => ({ result: [run] }));
  };
  return s;
}

test('resolveWalkerIds finds each run\'s world, takes its ids and reads listeners off the root', async () => {
  const walker = { run: 'a.1', frames: [{}], elements: [{ f: 0 }, { f: 0 }],
    subframes: [{ frameId: 7, result: { run: 'b.1', frames: [{}], elements: [{ f: 0 }] } }] };
  const s = session({
    contexts: { 'a.1': 2, 'b.1': 3 },
    takes: { 2: [{ type: 'string', value: 'a.1' }, node(10), node(11)], 3: [{ type: 'string', value: 'b.1' }, node(20, 'L2')] },
    listeners: [{ type: 'click', backendNodeId: 11 }],
  });
  const errors = [];
  const frames = [{ frameId: 'F0', loaderId: 'L1' }, { frameId: 'F1', loaderId: 'L2' }, { frameId: 'X', loaderId: 'L3', sessionId: 's' }];
  const stats = await resolveWalkerIds(s, s.inject, walker, frames, 'axsnap', errors);
  assert.deepEqual(errors, []);
  assert.deepEqual(walker.elements, [{ f: 0, b: 10 }, { f: 0, b: 11, k: 1 }]);
  assert.deepEqual(walker.subframes[0].result.elements, [{ f: 0, b: 20 }]);
  assert.equal(walker.subframes[0].result.frames[0].frameId, 'F1');
  assert.deepEqual([stats.resolved, stats.worlds, stats.clickable], [3, 2, 1]);
  assert.deepEqual(s.injected.frameIds, [0, 7]);
  assert.equal(s.injected.func, reportRuns);
  assert.equal(s.binding.executionContextName, 'axsnap', 'only the extension\'s worlds get the binding');
  const methods = s.calls.map(([m]) => m);
  assert.ok(!methods.includes('Runtime.enable'), 'no console replay');
  assert.ok(methods.indexOf('Runtime.removeBinding') > methods.indexOf('Runtime.addBinding'));
  const evaluated = s.calls.filter(([m]) => m === 'Runtime.evaluate').map(([, p]) => p.contextId);
  assert.deepEqual(evaluated.sort(), [2, 3]);
  const [, resolveParams] = s.calls.find(([m]) => m === 'DOM.resolveNode');
  assert.equal(resolveParams.backendNodeId, 10, 'the top document\'s root element');
  assert.equal(resolveParams.executionContextId, undefined, 'no script runs for it');
  assert.ok(methods.includes('Runtime.releaseObjectGroup'));
});

test('a failed listener read is an error, the ids stay', async () => {
  const walker = { run: 'a.1', frames: [{}], elements: [{ f: 0 }] };
  const s = session({ contexts: { 'a.1': 2 }, takes: { 2: [{ type: 'string', value: 'a.1' }, node(10)] }, failListeners: true });
  const errors = [];
  await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors);
  assert.deepEqual(walker.elements, [{ f: 0, b: 10 }]);
  assert.deepEqual(errors.map((e) => e.step), ['walker_listeners']);
});

test('a walker run without tracking needs no CDP at all', async () => {
  const s = session({ contexts: {}, takes: {} });
  const stats = await resolveWalkerIds(s, s.inject, { frames: [], elements: [{}] }, [], 'axsnap', []);
  assert.equal(stats.resolved, 0);
  assert.deepEqual(s.calls, []);
});

test('runs the walk reported itself need no second injection; the others get one', async () => {
  const walker = { run: 'a.1', reported: true, frames: [{}], elements: [{ f: 0 }],
    subframes: [{ frameId: 7, result: { run: 'b.1', frames: [{}], elements: [{ f: 0 }] } }] };
  const s = session({
    contexts: { 'b.1': 3 },
    takes: { 2: [{ type: 'string', value: 'a.1' }, node(10)], 3: [{ type: 'string', value: 'b.1' }, node(20)] },
  });
  const reporter = { contexts: new Map([['a.1', { contextId: 2, sessionId: null }]]), wait: async () => true };
  const stats = await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', [], reporter);
  assert.deepEqual(s.injected.frameIds, [7], 'only the frame whose world the walk created');
  assert.deepEqual(s.injected.runs, ['b.1']);
  assert.equal(stats.resolved, 2);
  assert.deepEqual([walker.elements[0].b, walker.subframes[0].result.elements[0].b], [10, 20]);
});

test('a run the binding heard from a walk given up on is not taken: only this walk\'s runs are', async () => {
  // every frame's walk went past its deadline and the top frame was walked alone: the
  // abandoned walk's runs still report through the binding, and have no result in this read
  const walker = { run: 'a.2', reported: true, frames: [{}], elements: [{ f: 0 }] };
  const s = session({ contexts: {}, takes: { 4: [{ type: 'string', value: 'a.2' }, node(10)] } });
  const reporter = {
    contexts: new Map([['a.1', { contextId: 2, sessionId: null }], ['b.1', { contextId: 3, sessionId: null }],
      ['a.2', { contextId: 4, sessionId: null }]]),
    wait: async () => true,
  };
  const errors = [];
  const stats = await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors, reporter);
  assert.deepEqual(errors, []);
  assert.equal(stats.worlds, 1);
  assert.deepEqual(walker.elements, [{ f: 0, b: 10 }]);
  const evaluated = s.calls.filter(([m]) => m === 'Runtime.evaluate').map(([, p]) => p.contextId);
  assert.deepEqual(evaluated, [4]);
});

test('an out-of-process frame is resolved over its own session, its listeners matched there only', async () => {
  // Run b.1 walked a cross-site frame (session "s"): its node ids are that renderer's, and
  // id 11 there is not the tab's node 11.
  const walker = { run: 'a.1', frames: [{}], elements: [{ f: 0 }, { f: 0 }],
    subframes: [{ frameId: 7, result: { run: 'b.1', frames: [{}], elements: [{ f: 0 }, { f: 0 }] } }] };
  const s = session({
    contexts: { 'a.1': 2, 'b.1': 2 },
    sessionOfRun: { 'b.1': 's' },
    takes: { 2: [{ type: 'string', value: 'a.1' }, node(10), node(11)] },
    listeners: { tab: [{ type: 'click', backendNodeId: 11 }], s: [{ type: 'click', backendNodeId: 12 }] },
  });
  const send = s.send.bind(s);
  s.send = (method, params, sessionId) => (method === 'Runtime.evaluate' && sessionId === 's'
    ? Promise.resolve({ result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'b.1' }, node(11, 'LX'), node(12, 'LX')] } } })
    : send(method, params, sessionId));
  const errors = [];
  const frames = [{ frameId: 'F0', loaderId: 'L1' }, { frameId: 'X', loaderId: 'LX', sessionId: 's' }];
  const stats = await resolveWalkerIds(s, s.inject, walker, frames, 'axsnap', errors);
  assert.deepEqual(errors, []);
  assert.deepEqual(walker.elements, [{ f: 0, b: 10 }, { f: 0, b: 11, k: 1 }]);
  assert.deepEqual(walker.subframes[0].result.elements, [{ f: 0, b: 11 }, { f: 0, b: 12, k: 1 }]);
  assert.equal(walker.subframes[0].result.frames[0].frameId, 'X');
  assert.deepEqual([stats.resolved, stats.worlds, stats.clickable], [4, 2, 2]);
  const bindings = s.calls.filter(([m]) => m === 'Runtime.addBinding').map(([, , sid]) => sid ?? 'tab');
  assert.deepEqual(bindings.sort(), ['s', 'tab']);
  const listenerRoots = s.calls.filter(([m]) => m === 'DOM.resolveNode').map(([, p, sid]) => [sid ?? 'tab', p.backendNodeId]);
  assert.deepEqual(listenerRoots.sort(), [['s', 11], ['tab', 10]]);
  const removed = s.calls.filter(([m]) => m === 'Runtime.removeBinding').map(([, , sid]) => sid ?? 'tab');
  assert.deepEqual(removed.sort(), ['s', 'tab']);
});

test('a re-read asks the listeners off the kept root; a kept root that is gone is resolved again', async () => {
  const read = async (s) => {
    const walker = { run: 'a.1', frames: [{}], elements: [{ f: 0 }, { f: 0 }] };
    const errors = [];
    await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors);
    assert.deepEqual(errors, []);
    return walker;
  };
  const s = session({
    contexts: { 'a.1': 2 },
    takes: { 2: [{ type: 'string', value: 'a.1' }, node(10), node(11)] },
    listeners: [{ type: 'click', backendNodeId: 11 }],
  });
  await read(s);
  const resolves = () => s.calls.filter(([m]) => m === 'DOM.resolveNode').length;
  assert.equal(resolves(), 1);
  const [, firstParams] = s.calls.find(([m]) => m === 'DOM.resolveNode');
  assert.notEqual(firstParams.objectGroup, 'axsnap-walker-ids', 'not in the group each read releases');
  // in no group at all: the listener read off an object in a group wraps every listener's
  // handler as an object of that group (3x the reply, and a kept group that only grows)
  assert.equal(firstParams.objectGroup, undefined, 'the kept root is in no object group');
  assert.deepEqual((await read(s)).elements[1], { f: 0, b: 11, k: 1 });
  assert.equal(resolves(), 1, 'the second read used the kept root');
  // the document's object died (a reload in the same renderer): resolved afresh
  const send = s.send.bind(s);
  let gone = true;
  s.send = (method, params, sessionId) => {
    if (method === 'DOMDebugger.getEventListeners' && gone) {
      gone = false;
      s.calls.push([method, params, sessionId]);
      return Promise.reject(new Error('Could not find object with given id'));
    }
    return send(method, params, sessionId);
  };
  assert.deepEqual((await read(s)).elements[1], { f: 0, b: 11, k: 1 });
  assert.equal(resolves(), 2);
});

// a document's first read: its root asked of the main world as the walk's output arrives
function withDocumentRoot(s, backendNodeId) {
  const send = s.send.bind(s);
  s.send = (method, params = {}, sessionId = undefined) => {
    if (method === 'Runtime.evaluate' && params.expression === 'document.documentElement') {
      s.calls.push([method, params, sessionId]);
      return Promise.resolve({ result: { objectId: 'root' } });
    }
    if (method === 'DOM.describeNode' && params.objectId === 'root') {
      s.calls.push([method, params, sessionId]);
      return Promise.resolve({ node: { backendNodeId } });
    }
    return send(method, params, sessionId);
  };
  return s;
}

test('a first read\'s listener read goes beside the take, off the root the main world names', async () => {
  const read = async (s, ahead) => {
    const walker = { run: 'a.1', frames: [{}], elements: [{ f: 0 }, { f: 0 }] };
    const errors = [];
    await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors, null, null,
      ahead);
    assert.deepEqual(errors, []);
    return walker;
  };
  const made = () => session({
    contexts: { 'a.1': 2 },
    takes: { 2: [{ type: 'string', value: 'a.1' }, node(10), node(11)] },
    listeners: [{ type: 'click', backendNodeId: 11 }],
  });
  const asked = withDocumentRoot(made(), 10);
  const before = await read(made(), null); // as before: the root resolved after the take
  const ahead = topListenersAhead(asked);
  assert.deepEqual((await read(asked, ahead)).elements, before.elements, 'the same records');
  const methods = asked.calls.map(([m, p]) => (m === 'Runtime.evaluate' ? `${m}:${p.expression === 'document.documentElement' ? 'root' : 'take'}` : m));
  assert.ok(methods.indexOf('DOMDebugger.getEventListeners') < methods.indexOf('Runtime.evaluate:take'),
    'the listener read is sent before the take, not after it');
  assert.ok(!methods.includes('DOM.resolveNode'), 'no second ask of the root');
  const [, params] = asked.calls.find(([m]) => m === 'DOMDebugger.getEventListeners');
  assert.deepEqual(params, { objectId: 'root', depth: -1, pierce: true });
  // the next read asks off the root object the first one kept
  const again = listenersAheadCalls(asked);
  assert.deepEqual((await read(asked, null)).elements[1], { f: 0, b: 11, k: 1 });
  assert.equal(listenersAheadCalls(asked) - again, 1);
  assert.ok(!asked.calls.some(([m]) => m === 'DOM.resolveNode'), 'the kept root: nothing resolved');
});

test('a first read whose main-world root is not the walk\'s top root asks off the walk\'s', async () => {
  const s = withDocumentRoot(session({
    contexts: { 'a.1': 2 },
    takes: { 2: [{ type: 'string', value: 'a.1' }, node(10), node(11)] },
    listeners: [{ type: 'click', backendNodeId: 11 }],
  }), 99);
  const walker = { run: 'a.1', frames: [{}], elements: [{ f: 0 }, { f: 0 }] };
  const errors = [];
  await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors, null, null,
    topListenersAhead(s));
  assert.deepEqual(errors, []);
  assert.deepEqual(walker.elements, [{ f: 0, b: 10 }, { f: 0, b: 11, k: 1 }]);
  const [, resolved] = s.calls.find(([m]) => m === 'DOM.resolveNode');
  assert.equal(resolved.backendNodeId, 10, 'the walk\'s top root, resolved as before');
});

const listenersAheadCalls = (s) => s.calls.filter(([m]) => m === 'DOMDebugger.getEventListeners').length;

test('a run whose ids are all known sends no take and no release: the next walk in its world frees it', async () => {
  const { clearIdCache, rememberIds, takeUnfreed } = await import('../lib/reuse/walker_id_cache.js');
  clearIdCache();
  const walker = { run: 'W.2', world: 'W', frames: [{}], elements: [{ f: 0, w: 1 }, { f: 0, w: 2 }] };
  rememberIds({ world: 'W', elements: walker.elements }, [0, 1], [10, 11].map((b) => ({ backendNodeId: b, loaderId: 'L1' })));
  const s = session({ contexts: { 'W.2': 2 }, takes: {}, listeners: [{ type: 'click', backendNodeId: 11 }] });
  const stats = await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', []);
  assert.deepEqual(walker.elements.map((r) => [r.b, r.k]), [[10, undefined], [11, 1]]);
  assert.deepEqual([stats.cached, stats.resolved], [2, 2]);
  const methods = s.calls.map(([m]) => m);
  assert.ok(!methods.includes('Runtime.evaluate'), 'no take of its own');
  assert.ok(!methods.includes('Runtime.releaseObjectGroup'), 'no take: nothing in the group to release');
  assert.deepEqual(takeUnfreed('W'), ['W.2'], 'left for the next walk in the world to let go');
  assert.deepEqual(takeUnfreed('W'), []);
});

test('listenerSignature names each click-type listener by node and type, in any order', () => {
  const a = [{ type: 'click', backendNodeId: 9 }, { type: 'scroll', backendNodeId: 3 }, { type: 'mousedown', backendNodeId: 4 }];
  assert.equal(listenerSignature(a), '4:mousedown,9:click');
  assert.equal(listenerSignature([...a].reverse()), listenerSignature(a));
  assert.equal(listenerSignature([{ type: 'keydown', backendNodeId: 9 }]), '', 'only what makes a node clickable');
});

test('a rows walk says its rows\' take even when the take read 0 ms on the worker\'s clock', async () => {
  // the walk's early take can have every row's id before the take asks: no command, no wait,
  // and the worker's coarse clock then reads 0 ms for it (it once dropped the rows' stats)
  const walker = { run: 'R.1', frames: [{}], elements: [{ f: 0, w: 1 }],
    axt: { rows: [[0, 'link', 'Next', null, 0, 1, 0]] } };
  const s = session({ contexts: { 'R.1': 2 }, takes: { 2: [{ type: 'string', value: 'R.1' }, node(10)] } });
  const clock = performance.now;
  performance.now = () => 1000;
  let stats;
  try {
    stats = await resolveWalkerIds(s, s.inject, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', []);
  } finally {
    performance.now = clock;
  }
  assert.deepEqual(walker.elements, [{ f: 0, w: 1, b: 10 }]);
  assert.deepEqual([stats.rows, stats.rows_ms], [0, 0], 'a rows walk, its take 0 ms');
});
