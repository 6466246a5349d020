// The act's reads around its input (design note 66): the capture after starts once the wait's
// first settle check answered (after readiness when that check ended it: no check of the
// capture), and the kept baseline's proof, the modals before and the blocked probe are one
// evaluate.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createActRoutes } from '../lib/act/route.js';
import { createAfterReads } from '../lib/act/after.js';
import { createActBaselines } from '../lib/reuse/act_baseline.js';
import { clearIdCache, rememberContext } from '../lib/reuse/walker_id_cache.js';

const READING = { token: 'D1', count: 0, quiet: 5, load_state: 'complete', frames_unreadable: 0, submits: { seq: 0, last: [] } };
const later = (ms, value) => new Promise((resolve) => { setTimeout(resolve, ms, value); });

/** An act on a page whose content script counts frames at once and answers the settle checks
 * with `answers` in turn (after `settleMs`); returns the report sent to the host, how many times
 * the early capture was checked, and the content-script messages in order. */
async function actOn({ answers, settleMs }) {
  const messages = [];
  let settles = 0;
  globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => {
    messages.push(message.frames ? 'frames' : message.settle ? 'settle' : 'reading');
    if (message.frames) return true;
    if (!message.settle) return READING;
    const answer = answers[Math.min(settles, answers.length - 1)];
    settles += 1;
    return later(settleMs, { why: answer ? [] : ['activity'], span: 30, reading: READING, by: 'nothing_scheduled', settled: answer });
  } } };
  const sent = [];
  let checked = 0;
  let clock = 0;
  const session = {
    tabId: 1, release() {}, onEvent: () => () => {},
    useNetwork: async () => async () => {}, usePage: async () => async () => {},
    send: async () => ({ frameTree: { frame: { id: 'F' } }, executionContextId: 1, result: { value: 'complete' } }),
  };
  const deps = {
    native: { request: async (type, body) => {
      sent.push({ type, body });
      if (type !== 'act_resolve') return { reply: { ok: true, result: { ok: true } } };
      return { reply: { ok: true, result: { message: { action: 'press', value: '', options:
        { dialog: 'dismiss', wait: true, force: false, ready: {} } }, target: null, to: null, error: null } } };
    } },
    debuggers: { acquire: async () => session },
    stabilize: async () => ({ stabilized: true, waited_ms: 0, reasons: [] }),
    capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, frames: [], errors: [], timings: {} }),
    walkWithProof: () => ({ reply: Promise.resolve({ proof: ['P', 1, 'ok', 3, 0], asked: true, out: {} }), contextId: null }),
    actBaselines: {
      keptToken: () => null, keptContext: () => null, check: async () => null, drop() {},
      maySettleUnscheduled: () => true, mayCaptureEarly: () => true, wantsWitness: () => true,
      witnessOfWalk: async () => ({ proof: { id: 'P', seq: 1, status: 'ok' }, listeners: '' }),
      unchanged: async () => { checked += 1; return true; }, keep: () => 'token',
    },
  };
  try {
    const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => { clock += 1; return clock; } });
    const reply = await routes.act({ raw: { type: 'act', action: 'press', value: 'Enter' } });
    assert.equal(reply.ok, true);
    return { report: sent.find((m) => m.type === 'act_report').body, checked, messages };
  } finally {
    delete globalThis.chrome;
  }
}

test('the capture after starts once the first settle check answered: one that ended the wait leaves nothing to check', async () => {
  // the frames come at once, the check a little later: the capture waits for the check
  const { report, checked, messages } = await actOn({ answers: [true], settleMs: 20 });
  assert.equal(report.timings.early_capture, 1);
  assert.equal(report.timings.early_walked_after_ready, 1);
  assert.equal(checked, 0, 'a capture after readiness is not checked');
  assert.ok(!messages.includes('frames'), 'no frames counted apart from the settle check');
});

test('a first settle check that did not end the wait starts the capture while readiness goes on: it is checked', async () => {
  const { report, checked } = await actOn({ answers: [false, true], settleMs: 5 });
  assert.equal(report.timings.early_capture, 1);
  assert.equal(report.timings.early_walked_after_ready, undefined);
  assert.equal(checked, 1, 'the capture taken before readiness ended is checked');
});

test('the kept baseline\'s proof, the modals before and the blocked probe are one evaluate', async () => {
  clearIdCache();
  rememberContext('W1', { contextId: 11, sessionId: null });
  const baselines = createActBaselines({
    clickListeners: async () => 'click:3', frames: async () => [{ frameId: 'F0', parentFrameId: null, loaderId: 'L1' }],
    tabUrl: async () => 'http://127.0.0.1/a.html', inject: async () => { throw new Error('not injected'); },
  });
  const capture = { tab: { url: 'http://127.0.0.1/a.html' }, errors: [], walker: { world: 'W1' },
    frames: [{ frameId: 'F0', parentFrameId: null, loaderId: 'L1' }] };
  const token = baselines.keep(1, { proof: { id: 'P', seq: 1, status: 'ok' }, listeners: 'click:3' }, capture, {});
  const evaluated = [];
  const session = {
    tabId: 1, release() {}, onEvent: () => () => {},
    useNetwork: async () => async () => {}, usePage: async () => async () => {},
    send: async (method, params) => {
      if (method === 'Runtime.evaluate') evaluated.push({ expression: params.expression, contextId: params.contextId ?? null });
      if (method === 'Runtime.evaluate' && params.contextId === 11) return { result: { value: [['P', 1, 'ok', 3, 0], ['Labels']] } };
      throw new Error('not this test');
    },
  };
  const sent = [];
  const deps = {
    native: { request: async (type, body) => {
      sent.push({ type, body });
      // the host refuses (an error): the act ends before its input, with the modals read before
      return { reply: { ok: true, result: { message: { action: 'click', options: { dialog: 'dismiss', wait: true, force: false, ready: {} } },
        target: null, to: null, error: { code: 'not_found', message: 'none', hint: '' } } } };
    } },
    debuggers: { acquire: async () => session },
    actBaselines: baselines,
  };
  const routes = createActRoutes({ deps, resolveTab: async () => 1, now: () => 0 });
  await routes.act({ raw: { type: 'act', action: 'click', target: 'Save' } });
  const resolve = sent.find((m) => m.type === 'act_resolve');
  assert.equal(resolve.body.baseline, token, 'the check stood on the one evaluate\'s proof');
  assert.equal(evaluated.length, 1, 'no proof, modals or probe evaluate of its own');
  assert.equal(evaluated[0].contextId, 11);
  assert.ok(evaluated[0].expression.includes('__axsnapAnswerWatch') && evaluated[0].expression.includes('aria-modal'));
  const report = sent.find((m) => m.type === 'act_report').body;
  assert.deepEqual(report.before.modals, ['Labels']);
  clearIdCache();
});

test('the focus and modals after the act come with the walk: no evaluate of their own', async () => {
  const sent = [];
  const session = { tabId: 1, send: async (method, params) => { sent.push(method); return { result: {
    deepSerializedValue: { value: [{ type: 'null' }] } } }; } };
  const focused = { type: 'node', value: { backendNodeId: 41, localName: 'input' } };
  let asked = null;
  const walked = (also) => ({ reply: Promise.resolve({ proof: ['P', 1, 'ok', 3, 0], out: {} }), contextId: 9,
    ...(also ? { also: Promise.resolve([focused, { type: 'string', value: 'Labels' }]) } : {}) });
  const deps = (also) => ({
    walkWithProof: (s, tabId, opts, how) => { asked = how; return walked(also); },
    actBaselines: { wantsWitness: () => true, witnessOfWalk: async () => ({ proof: null }) },
  });
  const capture = async () => ({ frames: [] });
  const { readAfter } = createAfterReads({ deps: deps(true), now: () => 0, capture });
  const got = await readAfter(session, 1, {}, null, null);
  assert.ok(asked.also.includes('activeElement'), 'the walk is asked to carry them');
  assert.deepEqual(got.focus, { backendNodeId: 41, tag: 'input' });
  assert.deepEqual(got.modals, ['Labels']);
  assert.deepEqual(sent, []);
  // a walk that did not carry them (its elements do not go along): asked beside it, as before
  const before = createAfterReads({ deps: deps(false), now: () => 0, capture });
  const plain = await before.readAfter(session, 1, {}, null, null);
  assert.deepEqual(sent, ['Runtime.evaluate']);
  assert.equal(plain.focus, null);
});
