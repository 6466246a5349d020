// The act's reads around its input (design notes 66, 142): the capture after is walked as the
// wait's first settle check is asked, its listeners read once that check answered, and it stands
// with no read of its own when that check's verdict ended the wait and saw the walk's proof;
// the kept baseline's proof, the modals before and the blocked probe are one evaluate.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createActRoutes } from '../lib/act/route.js';
import { createAfterReads, pageAtSettle } from '../lib/act/after.js';
import { createActBaselines } from '../lib/reuse/act_baseline.js';
import { clearIdCache, rememberContext } from '../lib/reuse/walker_id_cache.js';

const READING = { token: 'D1', count: 0, quiet: 5, load_state: 'complete', frames_unreadable: 0, submits: { seq: 0, last: [] } };
const later = (ms, value) => new Promise((resolve) => { setTimeout(resolve, ms, value); });

/** An act on a page whose content script counts frames at once and answers the settle checks
 * with `answers` in turn (after `settleMs`); returns the report sent to the host, how many times
 * the early capture was checked, and the content-script messages in order. */
async function actOn({ answers, settleMs, at = null, loadingAt = -1, by = 'nothing_scheduled' }) {
  const messages = [];
  const steps = [];
  let settles = 0;
  let readings = 0;
  globalThis.chrome = { tabs: { sendMessage: async (tabId, message) => {
    messages.push(message.frames ? 'frames' : message.settle ? (message.with_proof ? 'settle+proof' : 'settle') : 'reading');
    if (message.frames) return true;
    // (`loadingAt`: that reading, counted from 0, finds the document still loading)
    if (!message.settle) return readings++ === loadingAt ? { ...READING, load_state: 'loading' } : READING;
    const answer = answers[Math.min(settles, answers.length - 1)];
    settles += 1;
    const got = await later(settleMs, { why: answer ? [] : ['activity'], span: 30, reading: READING, by, settled: answer,
      ...(message.with_proof && at ? { at } : {}) });
    steps.push('verdict');
    return got;
  } } };
  const sent = [];
  let checked = 0;
  let clock = 0;
  let listenersAt = null;
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
    // (a walk with its proof of the tab's one frame: its frames come from the walk)
    capture: async () => ({ tab: { id: 1, url: 'http://127.0.0.1/', title: '' }, errors: [],
      frames: [{ frameId: 'F', parentFrameId: null, url: 'http://127.0.0.1/' }], timings: { frames_from_walk: 1 } }),
    walkWithProof: (_s, _t, _o, how) => {
      steps.push('walk');
      listenersAt = how.listenersAt ?? null;
      const listeners = listenersAt ? listenersAt.then(() => { steps.push('listeners'); return ''; }) : null;
      return { reply: Promise.resolve({ proof: ['P', 1, 'ok', 3, 0], asked: true, out: {} }), contextId: null,
        ...(listeners ? { listeners } : {}) };
    },
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
    return { report: sent.find((m) => m.type === 'act_report').body, checked, messages, steps };
  } finally {
    delete globalThis.chrome;
  }
}

test('the capture after is walked while the first settle check runs; its verdict with the walk\'s proof leaves nothing to check', async () => {
  const at = { proof: ['P', 1, 'ok', 3, 0], url: 'http://127.0.0.1/', frames: 0 };
  const { report, checked, messages, steps } = await actOn({ answers: [true], settleMs: 20, at });
  assert.equal(report.timings.early_capture, 1);
  assert.equal(report.timings.early_walked_after_ready, undefined, 'walked before the verdict');
  assert.equal(report.timings.early_checked_at_settle, 1);
  assert.equal(checked, 0, 'the verdict told the capture stands: no read of the page after readiness');
  assert.deepEqual(steps, ['walk', 'verdict', 'listeners'], 'walked as the check was asked, listeners read after its verdict');
  assert.ok(messages.includes('settle+proof'), 'the check asked for the page at its verdict');
  assert.ok(!messages.includes('frames'), 'no frames counted apart from the settle check');
});

test('a verdict that saw another proof than the walk\'s drops the early capture; one with no page falls back to the check', async () => {
  const changed = await actOn({ answers: [true], settleMs: 5, at: { proof: ['P', 2, 'ok', 3, 0], url: 'http://127.0.0.1/', frames: 0 } });
  assert.equal(changed.report.timings.early_capture, 0, 'a change between the walk and the verdict: captured again');
  assert.equal(changed.checked, 0);
  const none = await actOn({ answers: [true], settleMs: 5, at: null });
  assert.equal(none.report.timings.early_checked_at_settle, undefined);
  assert.equal(none.checked, 1, 'no page at the verdict: the page is asked as before');
  assert.equal(none.report.timings.early_capture, 1);
});

test('a first settle check that did not end the wait: the capture walked beside it is checked once readiness ends', async () => {
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

test('a first check\'s verdict the wait took only after another reading of the page is not the page at its end: checked', async () => {
  // the wait's first reading (the second of the act) finds the document loading: the wait reads
  // again before it takes the first check's answer, by then an old one
  const at = { proof: ['P', 1, 'ok', 3, 0], url: 'http://127.0.0.1/', frames: 0 };
  const { report, checked } = await actOn({ answers: [true], settleMs: 1, at, loadingAt: 1 });
  assert.equal(report.timings.early_checked_at_settle, undefined);
  assert.equal(checked, 1, 'the page is asked after readiness');
});

test('a floor verdict (the page scheduled something) is not taken as the page at readiness\'s end: checked', async () => {
  const at = { proof: ['P', 1, 'ok', 3, 0], url: 'http://127.0.0.1/', frames: 0 };
  const { report, checked } = await actOn({ answers: [true], settleMs: 1, at, by: 'floor' });
  assert.equal(report.timings.early_checked_at_settle, undefined);
  assert.equal(checked, 1, 'a timer the page set may fire after the verdict: the page is asked after readiness');
});

test('pageAtSettle: the walk\'s proof, URL and one frame against the page at the verdict', () => {
  const capture = { errors: [], timings: { frames_from_walk: 1 }, frames: [{ frameId: 'F', url: 'http://a/' }] };
  const got = { capture, witness: { proof: { id: 'P', seq: 4, status: 'ok' }, listeners: 'x' }, listenersAfterCheck: true };
  const at = { proof: ['P', 4, 'ok', 9, 0], url: 'http://a/', frames: 0 };
  assert.equal(pageAtSettle(at, got), true);
  assert.equal(pageAtSettle({ ...at, proof: ['P', 5, 'ok', 9, 0] }, got), false, 'a change since the walk');
  assert.equal(pageAtSettle({ ...at, proof: ['Q', 4, 'ok', 9, 0] }, got), false, 'another document');
  assert.equal(pageAtSettle({ ...at, url: 'http://a/#x' }, got), false, 'a pushState or a hash');
  assert.equal(pageAtSettle(null, got), null);
  assert.equal(pageAtSettle({ ...at, frames: 1 }, got), null, 'a child frame: asked of the page');
  assert.equal(pageAtSettle({ ...at, proof: ['P', 4, 'ok', 9, 1] }, got), null, 'a frame holder');
  assert.equal(pageAtSettle({ ...at, proof: ['P', 4, 'too many elements', 9, null] }, got), null);
  assert.equal(pageAtSettle(at, { ...got, listenersAfterCheck: undefined }), null, 'listeners read before the verdict');
  assert.equal(pageAtSettle(at, { ...got, capture: { ...capture, timings: {} } }), null, 'frames not from the walk');
  assert.equal(pageAtSettle(at, { ...got, capture: { ...capture, errors: [{ step: 'x' }] } }), null);
});
