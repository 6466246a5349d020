// lib/act/readiness.js watchPage: what the act takes from its watch once readiness ended.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { watchPage } from '../lib/act/readiness.js';

function fakeSession(sent) {
  const domain = (name) => async () => { sent.push(`${name}.enable`); return async () => {
    await new Promise((r) => setTimeout(r, 50)); // a renderer slow to answer the disable
    sent.push(`${name}.disable answered`);
  }; };
  return {
    tabId: 3, useNetwork: domain('Network'), usePage: domain('Page'), onEvent: () => () => {},
    send: async (method) => {
      sent.push(method);
      return { frameTree: { frame: { id: 'F' } }, executionContextId: 1, result: { value: 'complete' } };
    },
  };
}

function fakePage(settled) {
  const reading = { token: 'D1', count: 4, quiet: 5, load_state: 'complete', frames_unreadable: 0,
    submits: { seq: 2, last: [{ seq: 2, form: 'Search' }] } };
  globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => (message.settle
    ? { settled, why: settled ? [] : ['activity'], span: 40, reading, by: 'nothing_scheduled' } : reading) } };
  return reading;
}

test('a wait that ended settled hands over the settle check\'s reading (its submits): no clock read after', async () => {
  const sent = [];
  const reading = fakePage(true);
  try {
    const watch = await watchPage(fakeSession(sent));
    const ready = await watch.ready({ max_wait_ms: 2000, settle: true });
    assert.equal(ready.ended_by, 'settled');
    assert.deepEqual(watch.settledReading, reading);
    // the stop does not wait for Page.disable's answer (the session keeps its commands in order)
    await watch.stop();
    assert.ok(!sent.includes('Page.disable answered'), sent.join(', '));
  } finally {
    delete globalThis.chrome;
  }
});

test('a wait that did not end settled hands over no reading', async () => {
  fakePage(false);
  try {
    const watch = await watchPage(fakeSession([]));
    const ready = await watch.ready({ max_wait_ms: 300, quiet_ms: 100, settle: true });
    assert.notEqual(ready.ended_by, 'settled');
    assert.equal(watch.settledReading, null);
    await watch.stop();
  } finally {
    delete globalThis.chrome;
  }
});

test('the act\'s first settle check is asked beside the clock\'s first reading, of the act\'s document only', async () => {
  for (const [documentToken, settles] of [['D1', 1], ['D0', 2]]) {
    const order = [];
    const reading = { token: 'D1', count: 0, quiet: 5, load_state: 'complete', frames_unreadable: 0, submits: { seq: 0, last: [] } };
    globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => {
      order.push(message.settle ? 'settle' : 'read');
      if (message.settle) return { settled: true, why: [], span: 30, reading, by: 'nothing_scheduled' };
      await new Promise((r) => setTimeout(r, 20)); // the clock's reading takes a while
      order.push('read answered');
      return reading;
    } } };
    try {
      const watch = await watchPage(fakeSession([]));
      const ready = await watch.ready({ max_wait_ms: 2000, settle: true }, { documentToken });
      assert.equal(ready.ended_by, 'settled');
      if (settles === 1) {
        assert.deepEqual(order, ['settle', 'read', 'read answered'], 'asked before the first reading came back');
      } else {
        // the act began on another document: its check is asked again, of this one
        assert.deepEqual(order, ['settle', 'read', 'read answered', 'settle']);
      }
      await watch.stop();
    } finally {
      delete globalThis.chrome;
    }
  }
});

test('the first settle check\'s answer stands only for the first reading: past a request in flight, the check is asked again', async () => {
  // the click started a request: the first reading cannot be settled (it is in flight); the
  // check asked beside it answered "settled" before the response. The response then renders
  // (the later readings count 5 mutations): the wait must ask again, not end on that answer.
  const order = [];
  const listeners = [];
  const emit = (method, params) => { for (const l of listeners) l(method, params, {}); };
  const before = { token: 'D1', count: 0, quiet: 5, load_state: 'complete', frames_unreadable: 0, submits: { seq: 0, last: [] } };
  const after = { ...before, count: 5, quiet: 1 };
  let reads = 0;
  globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => {
    order.push(message.settle ? 'settle' : 'read');
    if (message.settle) {
      const reading = reads > 1 ? after : before;
      return { settled: true, why: [], span: 30, reading, by: reads > 1 ? 'floor' : 'nothing_scheduled' };
    }
    reads += 1;
    if (reads === 2) emit('Network.loadingFinished', { requestId: 'R' }); // the response came
    return reads > 1 ? after : before;
  } } };
  try {
    const session = { ...fakeSession([]), onEvent: (l) => { listeners.push(l); return () => {}; } };
    const watch = await watchPage(session);
    emit('Network.requestWillBeSent', { requestId: 'R', request: { url: 'http://127.0.0.1/reply', method: 'GET' }, type: 'Fetch' });
    const ready = await watch.ready({ max_wait_ms: 2000, settle: true }, { documentToken: 'D1', withProof: true });
    assert.equal(ready.ended_by, 'settled');
    assert.deepEqual(order, ['settle', 'read', 'read', 'settle'], 'asked again once the request was done');
    assert.equal(ready.settled_by, 'floor');
    assert.equal(watch.settledReading.count, 5, 'the reading of the check that ended the wait, after the response');
    assert.equal(ready.mutations, 5);
    assert.equal(watch.settledPage, null);
    await watch.stop();
  } finally {
    delete globalThis.chrome;
  }
});

test('an answer to the action\'s request holds the quiet window for quiet_ms: a page read quiet before its handler ran is not done', async () => {
  // a loaded renderer: the page's clock reads quiet since the click (its handler has not run
  // yet, nor its resource observer), and each settle check finds activity. The request was
  // slower than the quiet window; once it is answered, the wait may end on the quiet window
  // only quiet_ms after the answer, never at the first reading past it.
  const listeners = [];
  const emit = (method, params) => { for (const l of listeners) l(method, params, {}); };
  const quiet = { token: 'D1', count: 0, quiet: 60_000, load_state: 'complete', frames_unreadable: 0, submits: { seq: 0, last: [] } };
  let reads = 0;
  let answeredAt = null;
  globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => {
    if (message.settle) return { settled: false, why: ['activity'], span: 30, reading: quiet, by: 'floor' };
    reads += 1;
    if (reads === 3) {
      emit('Network.loadingFinished', { requestId: 'R' });
      answeredAt = performance.now();
    }
    return quiet;
  } } };
  try {
    const session = { ...fakeSession([]), onEvent: (l) => { listeners.push(l); return () => {}; } };
    const watch = await watchPage(session);
    emit('Network.requestWillBeSent', { requestId: 'R', request: { url: 'http://127.0.0.1/reply', method: 'GET' }, type: 'Fetch' });
    const ready = await watch.ready({ max_wait_ms: 5000, quiet_ms: 300, settle: true }, { documentToken: 'D1' });
    const endedAt = performance.now();
    assert.equal(ready.ended_by, 'quiet_window');
    assert.ok(answeredAt !== null, 'the request was answered during the wait');
    assert.ok(endedAt - answeredAt >= 300, `ended ${endedAt - answeredAt} ms after the answer`);
    assert.deepEqual(watch.activity().requests.finished, 1);
    await watch.stop();
  } finally {
    delete globalThis.chrome;
  }
});
