import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AxError } from '../lib/common/errors.js';
import { createAnswerCache } from '../lib/reuse/answer_cache.js';
import { checkSender, createRouter, sizesOf, tabIdForTarget, validateMessage } from '../lib/router/router.js';

const OWN = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf';
const SELF = { id: OWN, url: `chrome-extension://${OWN}/bridge.html` };

test('validateMessage accepts snapshot and ping_host', () => {
  assert.deepEqual(validateMessage({ type: 'ping_host' }), { type: 'ping_host' });
  assert.deepEqual(validateMessage({ type: 'snapshot', tabId: 3, options: { format: 'domtext' } }),
    { type: 'snapshot', tabId: 3, targetId: null, options: { format: 'domtext' } });
  assert.deepEqual(validateMessage({ type: 'snapshot', targetId: 'ABC' }),
    { type: 'snapshot', tabId: null, targetId: 'ABC', options: {} });
});

test('validateMessage refuses bad requests with structured codes', () => {
  const cases = [
    [null, 'invalid_message'], [[], 'invalid_message'], [{ type: 'nope' }, 'unknown_type'],
    [{ type: 'snapshot', tabId: -1 }, 'invalid_message'], [{ type: 'snapshot', tabId: '3' }, 'invalid_message'],
    [{ type: 'snapshot', targetId: '' }, 'invalid_message'], [{ type: 'snapshot', tabId: 1, targetId: 'A' }, 'invalid_message'],
    [{ type: 'snapshot', options: 'x' }, 'invalid_message'], [{ type: 'snapshot', options: { format: 'png' } }, 'invalid_message'],
    [{ type: 'snapshot', options: { stabilize: { quiet_ms: -5 } } }, 'invalid_message'],
    [{ type: 'snapshot', options: { stabilize: { enabled: 'yes' } } }, 'invalid_message'],
  ];
  for (const [msg, code] of cases) {
    assert.throws(() => validateMessage(msg), (e) => e.code === code && e.hint.length > 0, JSON.stringify(msg));
  }
});

test('only this extension\'s pages may ask', () => {
  checkSender(SELF, OWN);
  checkSender({ id: OWN }, OWN); // the service worker itself
  assert.throws(() => checkSender({ id: 'otherextensionidotherextensionid' }, OWN), (e) => e.code === 'not_allowed');
  assert.throws(() => checkSender({ id: OWN, url: 'https://evil.example/' }, OWN), (e) => e.code === 'not_allowed');
  assert.throws(() => checkSender(undefined, OWN), (e) => e.code === 'not_allowed');
});

test('target ids resolve to tab ids', () => {
  const targets = [{ id: 'T1', tabId: 7 }, { id: 'W', type: 'worker' }];
  assert.equal(tabIdForTarget(targets, 'T1'), 7);
  assert.throws(() => tabIdForTarget(targets, 'W'), (e) => e.code === 'tab_not_found');
  assert.throws(() => tabIdForTarget(targets, 'nope'), (e) => e.code === 'tab_not_found');
});

function fakeDeps(overrides = {}) {
  const log = [];
  const session = { release: () => log.push('release') };
  const deps = {
    ownId: OWN,
    log,
    debuggers: { acquire: async (tabId) => { log.push(`attach ${tabId}`); return session; } },
    stabilize: async () => { log.push('stabilize'); return { stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0 }; },
    capture: async (_s, tabId) => { log.push('capture'); return { capture_version: 1, tab: { id: tabId }, timings: { ax_ms: 1 } }; },
    native: {
      request: async (type, body) => {
        log.push(`host ${type}`);
        deps.sent = body;
        return { reply: { ok: true, result: { format: 'snapshot', timings: { host_ms: 4 } } }, requestBytes: 10, replyBytes: 20, replyChunks: 1 };
      },
    },
    getTargets: async () => [{ id: 'TARGET', tabId: 9 }],
    getTab: async (tabId) => ({ id: tabId, url: tabId === 66 ? 'chrome://version' : 'http://127.0.0.1/' }),
    activeTabId: async () => 5,
    ...overrides,
  };
  return deps;
}

test('a snapshot runs attach → stabilize → capture → release → host', async () => {
  const deps = fakeDeps();
  const reply = await createRouter(deps).handle({ type: 'snapshot', targetId: 'TARGET', options: { pruned: false } }, SELF);
  assert.equal(reply.ok, true, JSON.stringify(reply));
  assert.deepEqual(deps.log, ['attach 9', 'stabilize', 'capture', 'release', 'host snapshot']);
  assert.deepEqual(deps.sent.options, { pruned: false });
  assert.equal(deps.sent.capture.tab.id, 9);
  assert.equal(reply.result.format, 'snapshot');
  assert.equal(reply.timings.host_ms, 4);
  for (const key of ['attach_ms', 'stabilize_ms', 'capture_ms', 'transfer_ms', 'total_ms']) {
    assert.equal(typeof reply.timings[key], 'number', key);
  }
  assert.deepEqual(reply.sizes, { capture_bytes: 10, reply_bytes: 20, reply_chunks: 1 });
});

test('a request holds its tab from naming it to its reply; an agent\'s hold, a person\'s not', async () => {
  const deps = fakeDeps();
  const log = deps.log;
  deps.debuggers.hold = (tabId, { agent }) => {
    log.push(`hold ${tabId} ${agent ? 'agent' : 'person'}`);
    return () => log.push('hold ends');
  };
  const router = createRouter(deps);
  assert.equal((await router.handle({ type: 'snapshot', targetId: 'TARGET' }, SELF)).ok, true);
  // the Python client (the bridge page): an agent; the hold ends after the host's reply
  assert.deepEqual(log, ['hold 9 agent', 'attach 9', 'stabilize', 'capture', 'release', 'host snapshot', 'hold ends']);
  log.length = 0;
  const panel = { id: OWN, url: `chrome-extension://${OWN}/sidepanel.html` };
  assert.equal((await router.handle({ type: 'snapshot', tabId: 4 }, panel)).ok, true);
  assert.equal(log[0], 'hold 4 person');
  assert.equal(log.at(-1), 'hold ends');
  log.length = 0; // a refused read ends its hold too
  assert.equal((await router.handle({ type: 'snapshot', tabId: 66 }, panel)).ok, false);
  assert.deepEqual(log, ['hold 66 person', 'hold ends']);
  log.length = 0; // an outside agent's request
  assert.equal((await router.handleOutside({ type: 'snapshot', tabId: 3 })).ok, true);
  assert.deepEqual([log[0], log.at(-1)], ['hold 3 agent', 'hold ends']);
});

test('a target id read before: its tab asked beside the target list, the list still deciding', async () => {
  const order = [];
  let targets = [{ id: 'TARGET', tabId: 9 }];
  let release = () => {};
  const deps = fakeDeps({
    getTargets: async () => {
      order.push('targets');
      await new Promise((resolve) => { release = resolve; });
      return targets;
    },
    getTab: async (tabId) => { order.push(`tab ${tabId}`); return { id: tabId, url: 'http://127.0.0.1/' }; },
  });
  const router = createRouter(deps);
  const read = () => {
    const reply = router.handle({ type: 'snapshot', targetId: 'TARGET' }, SELF);
    setTimeout(() => release(), 5);
    return reply;
  };
  assert.equal((await read()).ok, true);
  assert.deepEqual(order, ['targets', 'tab 9'], 'first read: the list, then the tab');
  order.length = 0;
  assert.equal((await read()).ok, true);
  assert.deepEqual(order, ['tab 9', 'targets'], 'the known tab asked without waiting for the list');
  order.length = 0;
  targets = [{ id: 'TARGET', tabId: 11 }]; // the list names another tab: that one is asked
  deps.log.length = 0;
  assert.equal((await read()).ok, true);
  assert.deepEqual(order, ['tab 9', 'targets', 'tab 11']);
  assert.ok(deps.log.includes('attach 11'));
});

test('an act of a target id read before asks its tab beside the target list, as a read does', async () => {
  const order = [];
  const deps = fakeDeps({
    getTargets: async () => { order.push('targets'); await new Promise((r) => { setTimeout(r, 5); }); return [{ id: 'TARGET', tabId: 9 }]; },
    getTab: async (tabId) => { order.push(`tab ${tabId}`); return { id: tabId, url: 'http://127.0.0.1/' }; },
  });
  const router = createRouter(deps);
  assert.equal((await router.handle({ type: 'snapshot', targetId: 'TARGET' }, SELF)).ok, true);
  order.length = 0;
  await router.handle({ type: 'act', targetId: 'TARGET', action: 'click', target: 'Save' }, SELF);
  assert.deepEqual(order.slice(0, 2), ['tab 9', 'targets'], 'the known tab asked without waiting for the list');
  assert.ok(deps.log.includes('attach 9'), deps.log.join());
  // a restricted page is refused before any debugger is attached
  const refused = fakeDeps({ getTargets: async () => [{ id: 'T66', tabId: 66 }] });
  const reply = await createRouter(refused).handle({ type: 'act', targetId: 'T66', action: 'click', target: 'Save' }, SELF);
  assert.equal(reply.ok, false);
  assert.ok(!refused.log.some((x) => x.startsWith('attach')), refused.log.join());
});

test('no tab given → the active tab', async () => {
  const deps = fakeDeps();
  await createRouter(deps).handle({ type: 'snapshot' }, SELF);
  assert.equal(deps.log[0], 'attach 5');
});

test('restricted pages are refused before attaching', async () => {
  const deps = fakeDeps();
  const reply = await createRouter(deps).handle({ type: 'snapshot', tabId: 66 }, SELF);
  assert.equal(reply.ok, false);
  assert.equal(reply.error.code, 'restricted_page');
  assert.deepEqual(deps.log, []);
});

test('errors become {ok:false, error} and the debugger is released', async () => {
  const deps = fakeDeps({ capture: async () => { throw new TypeError('boom'); } });
  const reply = await createRouter(deps).handle({ type: 'snapshot', tabId: 1 }, SELF);
  assert.deepEqual(reply, { ok: false, error: { code: 'internal_error', message: 'boom', hint: '' } });
  assert.ok(deps.log.includes('release'));

  const busy = fakeDeps({ debuggers: { acquire: async () => { throw new AxError('debugger_busy', 'busy', 'close DevTools'); } } });
  const r2 = await createRouter(busy).handle({ type: 'snapshot', tabId: 1 }, SELF);
  assert.equal(r2.error.code, 'debugger_busy');

  const missing = fakeDeps({ getTab: async () => { throw new Error('No tab with id: 1.'); } });
  assert.equal((await createRouter(missing).handle({ type: 'snapshot', tabId: 1 }, SELF)).error.code, 'tab_not_found');
});

test('host error replies pass through; other extensions are refused', async () => {
  const deps = fakeDeps({
    native: { request: async () => ({ reply: { ok: false, error: { code: 'invalid_message', message: 'bad', hint: 'fix' } } }) },
  });
  const reply = await createRouter(deps).handle({ type: 'snapshot', tabId: 1 }, SELF);
  assert.deepEqual(reply.error, { code: 'invalid_message', message: 'bad', hint: 'fix' });
  const refused = await createRouter(fakeDeps()).handle({ type: 'ping_host' }, { id: 'someoneelse' });
  assert.equal(refused.error.code, 'not_allowed');
});

test('vision and screenshot options are checked like the host checks them', () => {
  const ok = validateMessage({ type: 'snapshot', options: {
    format: 'som', vision: true, screenshot_format: 'jpeg', screenshot_quality: 0, screenshot_timeout_ms: 100 } });
  assert.equal(ok.options.format, 'som');
  const bad = [
    { vision: 'yes' }, { screenshot_format: 'gif' }, { screenshot_quality: 101 }, { screenshot_quality: 2.5 },
    { screenshot_timeout_ms: 99 }, { screenshot_timeout_ms: 30_001 },
  ];
  for (const options of bad) {
    assert.throws(() => validateMessage({ type: 'snapshot', options }), (e) => e.code === 'invalid_message', JSON.stringify(options));
  }
});

test('a snapshot reports its stages, in order, with their times', async () => {
  let clock = 0;
  const deps = fakeDeps({ now: () => (clock += 5) });
  const events = [];
  const reply = await createRouter(deps).handle({ type: 'snapshot', tabId: 2 }, SELF, { onProgress: (e) => events.push(e) });
  assert.equal(reply.ok, true);
  assert.deepEqual(events.map((e) => `${e.stage}:${e.state}`), [
    'attach:start', 'attach:end', 'stabilize:start', 'stabilize:end', 'capture:start', 'capture:end',
    'process:start', 'process:end']);
  for (const e of events.filter((x) => x.state === 'end')) assert.equal(typeof e.ms, 'number');
  assert.equal(reply.timings.stabilize_ms, events.find((e) => e.stage === 'stabilize' && e.state === 'end').ms);
});

test('a progress listener that throws does not fail the snapshot', async () => {
  const reply = await createRouter(fakeDeps()).handle({ type: 'snapshot', tabId: 2 }, SELF, {
    onProgress: () => { throw new Error('port closed'); },
  });
  assert.equal(reply.ok, true);
});

test('an option the format does not use is refused before the capture, defaults pass', () => {
  const snap = (options) => validateMessage({ type: 'snapshot', options });
  assert.throws(() => snap({ format: 'snapshot', max_tokens: 500 }),
    (e) => e.code === 'invalid_message' && /does not use max_tokens \(outline\/semantic\/semantic_text\)/.test(e.message));
  assert.throws(() => snap({ compression: 'delta' }), (e) => /format 'snapshot' does not use compression \(domtext\/elements\/outline\/som\)/.test(e.message));
  assert.throws(() => snap({ format: 'domtext', compact: true, depth: 2 }), (e) => /compact \(outline\), depth \(outline\)/.test(e.message));
  assert.throws(() => snap({ format: 'outline', vision: true }), (e) => /vision \(domtext\/elements\/som\)/.test(e.message));
  for (const ok of [{ format: 'snapshot', compact: false, compression: 'none', vision: false, filter: 'all', focus: null },
    { format: 'outline', compact: true, compression: 'delta', max_tokens: 300, focus: '0-1' },
    { format: 'som', vision: true, compression: 'delta' }]) {
    assert.doesNotThrow(() => snap(ok), JSON.stringify(ok));
  }
});

test("axsnap's own pages: the panel may capture them, an allowed agent may not (snapshot or resolve)", async () => {
  const AGENT = 'abcdefghijklmnopabcdefghijklmnop';
  const panelTab = async (tabId) => ({ id: tabId, url: `chrome-extension://${OWN}/sidepanel.html` });
  const agent = { id: AGENT, url: `chrome-extension://${AGENT}/agent.html` };
  for (const msg of [{ type: 'snapshot', tabId: 4 }, { type: 'resolve', tabId: 4, elementId: '0-1' }]) {
    const deps = fakeDeps({ getTab: panelTab, allowList: async () => [AGENT], resolve: async () => ({}) });
    const refused = await createRouter(deps).handle(msg, agent);
    assert.equal(refused.ok, false, msg.type);
    assert.equal(refused.error.code, 'restricted_page', msg.type);
    assert.deepEqual(deps.log, [], 'refused before attaching');
    const own = fakeDeps({ getTab: panelTab, resolve: async () => ({}) });
    assert.equal((await createRouter(own).handle(msg, SELF)).ok, true, msg.type);
  }
  // The same agent may still read an ordinary page.
  const deps = fakeDeps({ allowList: async () => [AGENT] });
  assert.equal((await createRouter(deps).handle({ type: 'snapshot', tabId: 4 }, agent)).ok, true);
});

test('a DOM read asks the proof in its walk: a cached answer when it holds, else the capture takes the walk', async () => {
  let seq = 1;
  let injected = 0;
  const answerCache = createAnswerCache({ inject: async () => { injected += 1; return ['doc', seq, 'ok', 30]; }, now: () => 5000 });
  const deps = fakeDeps({ answerCache });
  const asked = [];
  let answer = (expect) => ({ proof: ['doc', seq, 'ok', 30], asked: true,
    out: expect && expect.seq === seq ? null : { walked: seq } });
  deps.walkWithProof = (_s, tabId, options, { expect, askProof }) => {
    asked.push({ tabId, format: options.format, expect, asks: askProof('L') });
    return { kept: {}, reply: Promise.resolve(answer(expect)) };
  };
  const walks = [];
  deps.capture = async (_s, tabId, _o, _st, { walked }) => {
    deps.log.push('capture');
    walks.push((await walked?.reply)?.out ?? null);
    return { tab: { id: tabId, url: 'http://127.0.0.1/' }, frames: [{ frameId: 'F', loaderId: 'L' }], timings: {} };
  };
  const router = createRouter(deps);
  const read = (options = {}) => router.handle({ type: 'snapshot', tabId: 3, options: { format: 'domtext', ...options } }, SELF);
  await read();
  assert.deepEqual(asked.at(-1), { tabId: 3, format: 'domtext', expect: null, asks: true }, 'no answer kept yet');
  deps.log.length = 0;
  const second = await read();
  assert.deepEqual(asked.at(-1).expect, { id: 'doc', seq: 1 }, 'the cached answer\'s proof, for the page to compare');
  assert.ok(second.timings.kept_answer && !deps.log.includes('capture'), 'the proof held: nothing walked, nothing captured');
  seq = 2;
  deps.log.length = 0;
  const changed = await read();
  assert.equal(changed.timings.kept_answer, undefined);
  assert.deepEqual(walks.at(-1), { walked: 2 }, 'the capture is handed the walk that went with the proof');
  await read({ reuse: false });
  assert.equal(asked.at(-1).expect, null, 'reuse: false: no answer to compare, always a walk');
  assert.equal(injected, 0, 'the proof came from the walk each time');
  answer = () => null; // the world did not answer (a new document): the proof asked as before
  seq = 3;
  const fallback = await read();
  assert.equal(injected, 1);
  assert.equal(fallback.timings.kept_answer, undefined);
  assert.equal(walks.at(-1), null, 'no walk to hand over: the capture walks');
});

test('a read that walks with its proof asks no frame tree: the walk tells the frames, else the tree is asked after it', async () => {
  const answerCache = createAnswerCache({ inject: async () => ['doc', 1, 'ok', 30], now: () => 5000 });
  const deps = fakeDeps({ answerCache });
  const main = { frameId: 'F', parentFrameId: null, url: 'http://127.0.0.1/', name: '', loaderId: 'L' };
  let told = [main];
  let seq = 1;
  deps.walksWithProof = () => true;
  deps.walkWithProof = () => ({ kept: {}, reply: Promise.resolve({ proof: ['doc', seq++, 'ok', 30], asked: true, out: {}, frames: told }) });
  deps.prefetchFrames = () => { deps.log.push('frame tree'); return Promise.resolve({ frames: [main, { ...main, frameId: 'C', parentFrameId: 'F' }], timings: {}, errors: [] }); };
  const given = [];
  deps.capture = async (_s, tabId, _o, _st, { frames }) => {
    given.push(await frames);
    return { tab: { id: tabId, url: 'http://127.0.0.1/' }, frames: [main], timings: {} };
  };
  const router = createRouter(deps);
  const read = () => router.handle({ type: 'snapshot', tabId: 3, options: { format: 'domtext' } }, SELF);
  await read();
  assert.ok(!deps.log.includes('frame tree'), 'no frame tree: the walk named the one frame');
  assert.deepEqual(given.at(-1), { frames: [main], timings: { frames_from_walk: 1 }, errors: [], fresh: true });
  told = null; // the window has a child frame now: the tree is asked
  await read();
  assert.ok(deps.log.includes('frame tree'));
  assert.equal(given.at(-1).frames.length, 2);
  deps.log.length = 0;
  deps.walksWithProof = () => false; // no cached world: asked ahead, beside the stabilization
  deps.walkWithProof = () => null;
  await read();
  assert.deepEqual(deps.log.slice(0, 3), ['attach 3', 'frame tree', 'stabilize']);
});

test('a read of a page that did not change is answered from the cached answer, nothing captured', async () => {
  let seq = 1;
  const answerCache = createAnswerCache({ inject: async () => ['doc', seq, 'ok', 30], now: () => 5000 });
  const deps = fakeDeps({ answerCache });
  deps.capture = async (_s, tabId) => {
    deps.log.push('capture');
    return { tab: { id: tabId, url: 'http://127.0.0.1/' }, frames: [{ frameId: 'F', loaderId: 'L' }], timings: {} };
  };
  const router = createRouter(deps);
  const read = (options = {}) => router.handle({ type: 'snapshot', tabId: 3, options }, SELF);
  const first = await read();
  assert.equal(first.timings.kept_answer, undefined);
  deps.log.length = 0;
  const second = await read({ stabilize: { enabled: false } });
  assert.deepEqual(deps.log, ['attach 3', 'stabilize', 'release'], 'no capture, no host');
  assert.deepEqual(second.result, first.result);
  assert.equal(second.timings.kept_answer.reads, 1);
  assert.deepEqual([second.timings.capture_ms, second.timings.host_ms, second.sizes.capture_bytes], [0, 0, 0]);
  deps.log.length = 0;
  await read({ reuse: false });
  assert.ok(deps.log.includes('capture'), 'reuse: false captures');
  seq = 2;
  deps.log.length = 0;
  const changed = await read();
  assert.ok(deps.log.includes('capture') && deps.log.includes('host snapshot'), 'the page changed');
  assert.equal(changed.timings.kept_answer, undefined);
  deps.log.length = 0;
  await read({ format: 'outline' });
  assert.ok(deps.log.includes('capture'), 'other options: another answer');
  deps.log.length = 0;
  await read({ redact: false });
  await read({ redact: false });
  assert.equal(deps.log.filter((x) => x === 'capture').length, 2, 'unredacted: never kept');
});

test('a cached answer\'s check that does not answer in time is no proof: the read captures', async () => {
  const answerCache = createAnswerCache({ inject: async () => ['doc', 1, 'ok', 30], now: () => 5000 });
  const deps = fakeDeps({ answerCache, answerCheckMs: 20 });
  let hang = false;
  deps.clickListeners = () => (hang ? new Promise(() => {}) : Promise.resolve('4:click'));
  deps.capture = async (_s, tabId) => {
    deps.log.push('capture');
    return { tab: { id: tabId, url: 'http://127.0.0.1/' }, frames: [{ frameId: 'F', loaderId: 'L' }], timings: {} };
  };
  const router = createRouter(deps);
  const read = () => router.handle({ type: 'snapshot', tabId: 3, options: {} }, SELF);
  await read();
  assert.ok((await read()).timings.kept_answer, 'the same listeners: kept');
  hang = true;
  deps.log.length = 0;
  const late = await read();
  assert.ok(late.ok && late.timings.kept_answer === undefined && deps.log.includes('capture'));
  hang = false;
  const after = await read();
  assert.equal(after.timings.kept_answer, undefined, 'kept under no listeners: not given');
  assert.ok((await read()).timings.kept_answer, 'then kept again');
});

test("resolve's frameUrl leaves through the host's URL scrubber; without the host, its origin only", async () => {
  const frameUrl = 'https://ex.test/login?user=ann&pw=hunter2#x';
  const resolve = async () => ({ elementId: '0-1', frameUrl });
  const asked = [];
  const deps = fakeDeps({ resolve });
  deps.native = {
    request: async (type, body) => {
      asked.push([type, body]);
      return { reply: { ok: true, result: { urls: ['https://ex.test/login?user=ann&pw=[redacted]#x'] } } };
    },
  };
  const reply = await createRouter(deps).handle({ type: 'resolve', tabId: 4, elementId: '0-1' }, SELF);
  assert.equal(reply.ok, true);
  assert.equal(reply.result.frameUrl, 'https://ex.test/login?user=ann&pw=[redacted]#x');
  assert.deepEqual(asked, [['scrub_urls', { tabId: 4, urls: [frameUrl] }]]);
  const down = fakeDeps({ resolve });
  down.native = { request: async () => { throw new Error('host gone'); } };
  const fallback = await createRouter(down).handle({ type: 'resolve', tabId: 4, elementId: '0-1' }, SELF);
  assert.equal(fallback.result.frameUrl, 'https://ex.test');
});

test('a read\'s request bytes are the host\'s count of the frame it read when the worker sent the message unserialized', () => {
  const reply = { ok: true, result: { stats: { request_bytes: 6_478_229 } } };
  assert.deepEqual(sizesOf({ requestBytes: null, replyBytes: 20, replyChunks: 3, reply }),
    { capture_bytes: 6_478_229, reply_bytes: 20, reply_chunks: 3 });
  assert.equal(sizesOf({ requestBytes: 10, replyBytes: 1, replyChunks: 1, reply }).capture_bytes, 10);
  assert.equal(sizesOf({ requestBytes: null, replyBytes: 1, replyChunks: 1, reply: { ok: true, result: {} } }).capture_bytes, 0);
});
