import assert from 'node:assert/strict';
import { test } from 'node:test';

import { stabilize } from '../lib/session/stabilize.js';

/**
 * A session stand-in: `observer()` says what the isolated-world observer reports at each
 * poll ({count, quiet} or 'throw' for a lost context, as after a navigation).
 */
let nextTab = 1;

function fakeSession(observer, { onNetworkEnable = () => {}, tabId = nextTab++ } = {}) {
  const calls = [];
  let listener = null;
  let networkReleased = false;
  const session = {
    calls,
    tabId,
    get networkReleased() { return networkReleased; },
    emit: (method, params) => listener?.(method, params),
    onEvent: (fn) => { listener = fn; return () => { listener = null; }; },
    useNetwork: async () => {
      calls.push('Network.enable');
      onNetworkEnable(session);
      return async () => { networkReleased = true; };
    },
    send: async (method, params = {}) => {
      calls.push(method);
      if (method === 'Page.getFrameTree') return { frameTree: { frame: { id: 'F' } } };
      if (method === 'Page.createIsolatedWorld') return { executionContextId: 7 };
      if (method === 'Runtime.evaluate') {
        if (params.expression.includes('JSON.stringify')) {
          const state = observer(params);
          if (state === 'throw') throw new Error('Cannot find context with specified id');
          return { result: { value: JSON.stringify(state) } };
        }
        return { result: { value: true } };
      }
      return {};
    },
  };
  return session;
}

test('a quiet page stabilizes after quiet_ms and cleans up', async () => {
  let quiet = 0;
  const session = fakeSession(() => ({ count: 0, quiet: (quiet += 100) }));
  const report = await stabilize(session, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } });
  assert.equal(report.stabilized, true);
  assert.deepEqual(report.reasons, []);
  assert.ok(session.calls.filter((c) => c === 'Runtime.evaluate').length >= 3, 'installs, reads');
  assert.equal(session.networkReleased, true);
});

test('a page that keeps mutating is reported, not waited on forever', async () => {
  let count = 0;
  const session = fakeSession(() => ({ count: (count += 3), quiet: 10 }));
  const report = await stabilize(session, { stabilize: { quiet_ms: 200, max_wait_ms: 300 } });
  assert.equal(report.stabilized, false);
  assert.deepEqual(report.reasons, ['dom_mutations', 'max_wait']);
  assert.ok(report.mutations >= 6);
  assert.ok(report.waited_ms >= 300, 'until max_wait_ms');
});

test('requests in flight beyond the allowance are reported', async () => {
  const session = fakeSession(() => ({ count: 0, quiet: 10_000 }), {
    onNetworkEnable: (self) => queueMicrotask(() => {
      for (const id of ['1', '2', '3']) self.emit('Network.requestWillBeSent', { requestId: id, request: { url: 'http://x/' } });
      self.emit('Network.requestWillBeSent', { requestId: 'd', request: { url: 'data:,x' } });
      self.emit('Network.loadingFinished', { requestId: '1' });
    }),
  });
  const pending = stabilize(session, { stabilize: { quiet_ms: 0, max_wait_ms: 300, max_pending_requests: 1 } });
  const report = await pending;
  assert.equal(report.stabilized, false);
  assert.deepEqual(report.reasons, ['network_pending', 'max_wait']);
  assert.equal(report.pending_requests, 2);
});

test('a lost context (navigation) restarts the quiet clock in a fresh world', async () => {
  const states = ['throw', { count: 1, quiet: 500 }];
  const session = fakeSession(() => states.shift() ?? { count: 1, quiet: 500 });
  const report = await stabilize(session, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } });
  assert.equal(report.stabilized, true);
  assert.equal(session.calls.filter((c) => c === 'Page.createIsolatedWorld').length, 2);
  assert.equal(report.mutations, 2, 'the navigation counts as a change');
});

test('stabilize.enabled=false skips the wait', async () => {
  const session = fakeSession(() => { throw new Error('must not poll'); });
  const report = await stabilize(session, { stabilize: { enabled: false } });
  assert.equal(report.waited_ms, 0);
  assert.deepEqual(session.calls, []);
});

test('the next read of the tab uses the kept observer: no new world, no wait when quiet', async () => {
  let state = { count: 4, quiet: 100 };
  const first = fakeSession(() => state, { tabId: 'kept' });
  let clock = 0;
  const now = () => clock;
  const pending = stabilize(first, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } }, { now });
  setTimeout(() => { state = { count: 4, quiet: 300 }; clock = 250; }, 20);
  const waited = await pending;
  assert.equal(waited.stabilized, true);
  assert.equal(waited.quiet_at_start, false, 'a new observer waited its quiet window');
  // the page stayed quiet; two more mutations happened long ago, before this read
  state = { count: 6, quiet: 5000 };
  const second = fakeSession(() => state, { tabId: 'kept' });
  let ticks = 0;
  const counting = () => ticks++; // 1 ms per reading: waited_ms counts the clock's readings
  const report = await stabilize(second, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } }, { now: counting });
  assert.equal(report.stabilized, true);
  assert.equal(report.mutations, 0, 'only mutations during this wait are reported');
  assert.ok(report.waited_ms <= 2, `one read, no wait: ${report.waited_ms} readings`);
  assert.equal(report.quiet_at_start, true, 'the kept observer was quiet at its first reading');
  assert.equal(second.calls.filter((c) => c === 'Page.createIsolatedWorld').length, 0);
  assert.deepEqual(second.calls.filter((c) => c === 'Runtime.evaluate').length, 1);
});

test('a kept observer that is gone or names another context is replaced', async () => {
  const first = fakeSession(() => ({ count: 0, quiet: 1000 }), { tabId: 'gone' });
  await stabilize(first, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } });
  let reads = 0;
  // the first read (of the cached world) finds no observer with our token: a fresh world
  const second = fakeSession(() => (reads++ === 0 ? null : { count: 0, quiet: 1000 }), { tabId: 'gone' });
  const report = await stabilize(second, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } });
  assert.equal(report.stabilized, true);
  assert.equal(second.calls.filter((c) => c === 'Page.createIsolatedWorld').length, 1);
});

test('the observer is named by a random token and stops itself when idle', async () => {
  const expressions = [];
  const session = fakeSession((params) => { expressions.push(params.expression); return { count: 0, quiet: 1000 }; });
  const originalSend = session.send;
  session.send = async (method, params = {}) => {
    if (method === 'Runtime.evaluate') expressions.push(params.expression);
    return originalSend(method, params);
  };
  await stabilize(session, { stabilize: { quiet_ms: 200, max_wait_ms: 3000 } });
  const install = expressions.find((e) => e.includes('new MutationObserver'));
  const token = /token: "([0-9a-f]{24})"/.exec(install)?.[1];
  assert.ok(token, install);
  const read = expressions.find((e) => e.includes('JSON.stringify'));
  assert.ok(read.includes(`s.token !== "${token}"`));
  assert.match(read, /setTimeout\(s\.stop, 300000\)/);
  for (const type of ['pointerdown', 'keydown', 'scroll']) assert.ok(install.includes(`"${type}"`));
  assert.ok(!/"(click|mousedown|mouseup)"/.test(install), 'the walker reads click listeners');
});
