import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PROBE_MS, knownDialog, noteDialogClosed, unlessBlocked } from '../lib/act/blocked.js';

// A session whose commands are answered (or not) by the test, and whose events the test fires.
function fakeSession({ probeAnswers = true } = {}) {
  const sent = [];
  const listeners = new Set();
  const session = {
    sent,
    send(method) {
      sent.push(method);
      if (method === 'Runtime.evaluate' && !probeAnswers) return new Promise(() => {});
      return Promise.resolve({});
    },
    usePage() {
      return this.send('Page.enable').then(() => () => { sent.push('Page.release'); });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fire(method, params) {
      for (const l of [...listeners]) l(method, params);
    },
  };
  return session;
}

// Timers the test moves by hand: `advance(ms)` runs what falls due.
function handTimers() {
  let t = 0;
  let due = [];
  return {
    now: () => t,
    timers: {
      setTimeout(fn, ms) { const h = { at: t + ms, fn }; due.push(h); return h; },
      clearTimeout(h) { due = due.filter((d) => d !== h); },
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at);
        const next = due[0];
        if (!next || next.at > end) break;
        due.shift();
        t = next.at;
        next.fn();
      }
      t = end;
    },
  };
}

test('Page events are asked for before the probe, so a probe that answers proves later dialogs are told', async () => {
  const session = fakeSession();
  const result = await unlessBlocked(session, 41, async () => 'read');
  assert.equal(result, 'read');
  // the browser turns Page events on as the enable passes it: an enable sent after the probe
  // left a window in which a dialog opened untold and the read waited on a held renderer
  assert.ok(session.sent.indexOf('Page.enable') < session.sent.indexOf('Runtime.evaluate'), session.sent);
});

test('a dialog the page opens while the work runs answers the read at once with dialog_open', async () => {
  const session = fakeSession();
  const clock = handTimers();
  let started;
  const workStarted = new Promise((resolve) => { started = resolve; });
  const read = unlessBlocked(session, 42, async () => {
    started();
    return new Promise(() => {}); // a capture the dialog holds
  }, clock);
  await workStarted;
  session.fire('Page.javascriptDialogOpening', { type: 'alert', message: 'Session expired' });
  await assert.rejects(read, (e) => e.code === 'dialog_open' && /Session expired/.test(e.message));
  assert.equal(knownDialog(42)?.message, 'Session expired');
  noteDialogClosed(42);
});

test('a probe the renderer does not answer makes the read page_busy after PROBE_MS, not before', async () => {
  const session = fakeSession({ probeAnswers: false });
  const clock = handTimers();
  let settled = null;
  const read = unlessBlocked(session, 43, () => new Promise(() => {}), clock);
  read.catch((e) => { settled = e; });
  clock.advance(PROBE_MS - 100);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(settled, null, 'judged blocked before its time');
  clock.advance(200);
  await assert.rejects(read, (e) => e.code === 'page_busy' && e.message.includes(`${PROBE_MS}`));
});
