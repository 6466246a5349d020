import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AGENT_IDLE_DETACH_MS, DebuggerManager, IDLE_DETACH_MS } from '../lib/session/debugger.js';

// The behaviour without a lingering attachment (idleMs 0): detach at the last release.
const DETACH_AT_RELEASE = Object.freeze({ idleMs: 0 });

/** Timers run by hand: `fire()` runs what is due as if `ms` had passed. */
function fakeTimers() {
  let next = 1;
  const pending = new Map();
  return {
    pending,
    setTimeout: (fn, ms) => { const id = next++; pending.set(id, { fn, ms }); return id; },
    clearTimeout: (id) => { pending.delete(id); },
    fire() {
      const due = [...pending];
      pending.clear();
      for (const [, { fn }] of due) fn();
      return due.map(([, { ms }]) => ms);
    },
  };
}

function fakeApi({ attachError } = {}) {
  const calls = [];
  return {
    calls,
    attach: async (target) => {
      calls.push(`attach ${target.tabId}`);
      await new Promise((r) => setTimeout(r, 5));
      if (attachError) throw new Error(attachError);
    },
    detach: async (target) => { calls.push(`detach ${target.tabId}`); },
    sendCommand: async (_t, method) => {
      calls.push(method);
      if (method === 'Bad.method') throw new Error("'Bad.method' wasn't found");
      return { method };
    },
  };
}

test('concurrent acquires share one attachment; the last release detaches', async () => {
  const api = fakeApi();
  const m = new DebuggerManager(api, DETACH_AT_RELEASE);
  const [a, b] = await Promise.all([m.acquire(1), m.acquire(1)]);
  assert.deepEqual(api.calls, ['attach 1']);
  assert.deepEqual(await a.send('Page.getFrameTree'), { method: 'Page.getFrameTree' });
  a.release();
  a.release(); // twice is harmless
  assert.ok(!api.calls.includes('detach 1'));
  b.release();
  assert.ok(api.calls.includes('detach 1'));
  const c = await m.acquire(1);
  assert.equal(api.calls.filter((x) => x === 'attach 1').length, 2);
  c.release();
});

test('attach errors are structured and not cached', async () => {
  const api = fakeApi({ attachError: 'Another debugger is already attached to the tab with id: 4.' });
  const m = new DebuggerManager(api, DETACH_AT_RELEASE);
  const results = await Promise.allSettled([m.acquire(4), m.acquire(4)]);
  for (const r of results) assert.equal(r.reason.code, 'debugger_busy');
  // one attempt for both: attach refused, the unknown own session detached, attach refused again
  assert.deepEqual(api.calls, ['attach 4', 'detach 4', 'attach 4']);
  await assert.rejects(m.acquire(4), (e) => e.code === 'debugger_busy');
  assert.equal(api.calls.length, 6);
});

test('an own session this worker does not know (an orphan) is detached and the attach retried', async () => {
  const api = fakeApi();
  let orphan = true; // a stopped worker's session that the start-up reclaim did not see
  api.attach = async ({ tabId }) => {
    api.calls.push(`attach ${tabId}`);
    if (orphan) throw new Error(`Another debugger is already attached to the tab with id: ${tabId}.`);
  };
  api.detach = async ({ tabId }) => { api.calls.push(`detach ${tabId}`); orphan = false; };
  const m = new DebuggerManager(api, DETACH_AT_RELEASE);
  const session = await m.acquire(6);
  assert.deepEqual(api.calls, ['attach 6', 'detach 6', 'attach 6']);
  assert.deepEqual(await session.send('DOM.enable'), { method: 'DOM.enable' });
  session.release();
});

test('other attach errors are not retried', async () => {
  const api = fakeApi({ attachError: 'Cannot access a chrome:// URL' });
  await assert.rejects(new DebuggerManager(api, DETACH_AT_RELEASE).acquire(3), (e) => e.code === 'restricted_page');
  assert.deepEqual(api.calls, ['attach 3']);
});

test('a detach by the browser fails later commands with a clear error', async () => {
  const api = fakeApi();
  const m = new DebuggerManager(api, DETACH_AT_RELEASE);
  const s = await m.acquire(2);
  const events = [];
  s.onEvent((method) => events.push(method));
  m.handleEvent({ tabId: 2 }, 'Network.requestWillBeSent', {});
  m.handleDetach({ tabId: 2 }, 'target_closed');
  m.handleEvent({ tabId: 2 }, 'Network.loadingFinished', {});
  assert.deepEqual(events, ['Network.requestWillBeSent']);
  await assert.rejects(s.send('Page.getFrameTree'), (e) => e.code === 'tab_not_found');
  s.release();
  assert.ok(!api.calls.includes('detach 2'), 'no detach of a session the browser already ended');
  const cancelled = await m.acquire(2);
  m.handleDetach({ tabId: 2 }, 'canceled_by_user');
  await assert.rejects(cancelled.send('X.y'), (e) => e.code === 'capture_failed' && /cancelled/.test(e.message));
});

test('command errors name the method', async () => {
  const m = new DebuggerManager(fakeApi(), DETACH_AT_RELEASE);
  const s = await m.acquire(3);
  await assert.rejects(s.send('Bad.method'), (e) => e.code === 'capture_failed' && e.message.startsWith('Bad.method'));
});

test('a new worker detaches the sessions its stopped predecessor left, before any attach', async () => {
  const api = fakeApi();
  let detachable = new Set([7, 8]); // this extension's orphans; 9 is DevTools' (detach fails)
  api.getTargets = async () => [
    { id: 'A', type: 'page', tabId: 7, attached: true },
    { id: 'B', type: 'page', tabId: 8, attached: true },
    { id: 'C', type: 'page', tabId: 9, attached: true },
    { id: 'D', type: 'page', tabId: 10, attached: false },
    { id: 'E', type: 'service_worker', attached: true },
  ];
  api.detach = async ({ tabId }) => {
    api.calls.push(`detach ${tabId}`);
    await new Promise((r) => setTimeout(r, 5));
    if (!detachable.has(tabId)) throw new Error(`Debugger is not attached to the tab with id: ${tabId}.`);
    detachable.delete(tabId);
  };
  const m = new DebuggerManager(api, DETACH_AT_RELEASE);
  const reclaimed = m.reclaimOrphans();
  const session = await m.acquire(7); // waits for the reclaim: detach 7 comes first
  assert.deepEqual(await reclaimed, [7, 8]);
  assert.ok(api.calls.indexOf('detach 7') < api.calls.indexOf('attach 7'), api.calls.join());
  assert.ok(!api.calls.includes('detach 10'));
  session.release();
  detachable = new Set();
  assert.deepEqual(await new DebuggerManager(api, DETACH_AT_RELEASE).reclaimOrphans(), []);
});

test('the attachment is kept after the last release: the next read reuses it, no second attach', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  assert.equal(m.idleMs, IDLE_DETACH_MS);
  const first = await m.acquire(1);
  assert.equal(first.uses, 1);
  first.release();
  assert.deepEqual(api.calls, ['attach 1']); // not detached: kept
  assert.equal(timers.pending.size, 1);
  const second = await m.acquire(1);
  assert.equal(second.uses, 2);
  assert.equal(timers.pending.size, 0, 'a used attachment has no idle timer');
  assert.deepEqual(api.calls, ['attach 1']);
  second.release();
  assert.deepEqual(timers.fire(), [IDLE_DETACH_MS]);
  await m.detaching.get(1);
  assert.deepEqual(api.calls, ['attach 1', 'detach 1'], 'idle: detached');
  const third = await m.acquire(1); // a fresh attachment after the idle detach
  assert.equal(third.uses, 1);
  assert.deepEqual(api.calls, ['attach 1', 'detach 1', 'attach 1']);
  third.release();
});

test('a lingering attachment that the browser ends (tab closed, bar cancelled) is not detached again', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  (await m.acquire(5)).release();
  m.handleDetach({ tabId: 5 }, 'canceled_by_user');
  assert.equal(timers.pending.size, 0);
  assert.deepEqual(api.calls, ['attach 5']);
  const again = await m.acquire(5);
  assert.equal(again.uses, 1);
  assert.deepEqual(api.calls, ['attach 5', 'attach 5']);
});

test('Network stays enabled on a lingering attachment; Page is disabled by its last user', async () => {
  const api = fakeApi();
  const m = new DebuggerManager(api, { timers: fakeTimers() });
  const a = await m.acquire(2);
  const [netA, netB] = await Promise.all([a.useNetwork(), a.useNetwork()]);
  const page = await a.usePage();
  await netA();
  await netB();
  await page();
  a.release();
  const b = await m.acquire(2);
  await (await b.useNetwork())();
  b.release();
  assert.deepEqual(api.calls, ['attach 2', 'Network.enable', 'Page.enable', 'Page.disable']);
  // without a lingering attachment the last user disables Network too
  const plain = fakeApi();
  const n = new DebuggerManager(plain, DETACH_AT_RELEASE);
  const c = await n.acquire(3);
  await (await c.useNetwork())();
  c.release();
  assert.deepEqual(plain.calls, ['attach 3', 'Network.enable', 'Network.disable', 'detach 3']);
});

test('joinLingering joins only an attachment a read made, without counting a use, and keeps it', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  assert.equal(m.joinLingering(1), null, 'nothing attaches for it');
  const read = await m.acquire(1);
  read.release(); // kept: the idle timer runs
  const joined = m.joinLingering(1);
  assert.ok(joined);
  assert.equal(timers.pending.size, 0, 'held: no idle detach meanwhile');
  assert.deepEqual(await joined.send('Page.getFrameTree'), { method: 'Page.getFrameTree' });
  joined.release();
  assert.equal(timers.pending.size, 1, 'released: kept for the idle time again');
  const next = await m.acquire(1);
  assert.equal(next.uses, 2, 'the join was no read');
  next.release();
  timers.fire();
  assert.ok(api.calls.includes('detach 1'));
  assert.equal(m.joinLingering(1), null, 'detached: not joined');
});

test('a request holding its tab keeps the attachment past its capture: the idle counts from the hold\'s end', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  const end = m.hold(1); // the request named its tab
  const s = await m.acquire(1);
  s.release(); // the capture is done; the host still works on the read
  assert.equal(timers.pending.size, 0, 'no idle timer while the request runs');
  assert.deepEqual(api.calls, ['attach 1']);
  const prepared = m.joinLingering(1); // a preparation joins and leaves meanwhile
  prepared.release();
  assert.equal(timers.pending.size, 0);
  end(); // the reply: the idle starts now
  end(); // twice is harmless
  assert.deepEqual(timers.fire(), [IDLE_DETACH_MS]);
  await m.detaching.get(1);
  assert.deepEqual(api.calls, ['attach 1', 'detach 1']);
});

test('a new request on a kept attachment stops its idle timer at once, before it attaches', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  (await m.acquire(2)).release();
  assert.equal(timers.pending.size, 1);
  const end = m.hold(2);
  assert.equal(timers.pending.size, 0, 'held: the kept attachment is not let go while the request resolves its tab');
  const again = await m.acquire(2);
  assert.equal(again.uses, 2);
  again.release();
  end();
  assert.equal(timers.pending.size, 1);
  const ms = timers.fire();
  assert.deepEqual(ms, [IDLE_DETACH_MS]);
});

test('an agent\'s request leaves the longer idle, changeable while it runs; holds of two requests end at the last', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  assert.equal(m.agentIdleMs, AGENT_IDLE_DETACH_MS);
  assert.ok(AGENT_IDLE_DETACH_MS > IDLE_DETACH_MS);
  const person = m.hold(3);
  const agent = m.hold(3, { agent: true });
  (await m.acquire(3)).release();
  agent();
  assert.equal(timers.pending.size, 0, 'the person\'s request still runs');
  person();
  assert.deepEqual([...timers.pending.values()].map((t) => t.ms), [AGENT_IDLE_DETACH_MS]);
  m.setAgentIdle(500); // counted anew at the new length
  assert.deepEqual([...timers.pending.values()].map((t) => t.ms), [500]);
  timers.fire();
  await m.detaching.get(3);
  assert.deepEqual(api.calls, ['attach 3', 'detach 3']);
  // a new attachment is a person's until an agent's request holds it
  const end = m.hold(3);
  (await m.acquire(3)).release();
  end();
  assert.deepEqual(timers.fire(), [IDLE_DETACH_MS]);
});

test('a hold on a tab never attached, or one the browser detached meanwhile, starts no timer', async () => {
  const api = fakeApi();
  const timers = fakeTimers();
  const m = new DebuggerManager(api, { timers });
  m.hold(4)(); // a refused request: nothing attached
  assert.equal(timers.pending.size, 0);
  const end = m.hold(5);
  (await m.acquire(5)).release();
  m.handleDetach({ tabId: 5 }, 'target_closed');
  end();
  assert.equal(timers.pending.size, 0);
  assert.deepEqual(api.calls, ['attach 5']);
  // without a kept attachment (idleMs 0) the detach waits for the hold's end
  const plain = fakeApi();
  const n = new DebuggerManager(plain, DETACH_AT_RELEASE);
  const ends = n.hold(6);
  (await n.acquire(6)).release();
  assert.deepEqual(plain.calls, ['attach 6']);
  ends();
  assert.deepEqual(plain.calls, ['attach 6', 'detach 6']);
});
