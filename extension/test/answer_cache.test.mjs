// answer_cache.js: which answers may be kept, and when a kept one may be given.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { answerKey, createAnswerCache, framesKey, MAX_KEYS_PER_TAB, MAX_TABS } from '../lib/reuse/answer_cache.js';
import { createPreparer } from '../lib/reuse/prepare.js';

const FRAMES = [{ frameId: 'F0', loaderId: 'L0' }, { frameId: 'F1', loaderId: 'L1', parentFrameId: 'F0' }];
const capture = (url = 'http://a/', frames = FRAMES) => ({ tab: { url }, frames, walker: { world: 'w1' } });
const proof = (seq, status = 'ok', id = 'doc1') => ({ id, seq, status, elements: 50 });
const here = (url = 'http://a/', frames = FRAMES) => ({ url, frames });

test('unredacted reads, screenshots and deltas are never kept; the wait and reuse do not change the key', () => {
  assert.equal(answerKey({ redact: false }), null);
  assert.equal(answerKey({ format: 'som' }), null);
  assert.equal(answerKey({ format: 'domtext', vision: true }), null);
  assert.equal(answerKey({ format: 'outline', compression: 'delta' }), null);
  assert.equal(answerKey({ format: 'semantic' }), null, 'each semantic read is a revision');
  assert.equal(answerKey({ format: 'semantic_text' }), null);
  const key = answerKey({ format: 'outline', max_tokens: 500 });
  assert.equal(answerKey({ max_tokens: 500, format: 'outline', stabilize: { quiet_ms: 100 }, reuse: false }), key);
  assert.notEqual(answerKey({ format: 'outline' }), key);
  assert.equal(answerKey({}), answerKey({ format: 'snapshot' }), 'the default format is named');
  assert.notEqual(answerKey({ trace_id: 'a' }), answerKey({ trace_id: 'b' }));
});

test('a cached answer is given only for the same proof, options, URL and frames', () => {
  const k = createAnswerCache({ now: () => 1000 });
  const key = answerKey({});
  k.keep(7, key, proof(3), capture(), { format: 'snapshot' }, { reply_bytes: 10 });
  assert.equal(k.find(7, key, proof(4), here()), null, 'the page changed since (seq)');
  assert.equal(k.find(7, key, proof(3, 'ok', 'doc2'), here()), null, 'another document');
  assert.equal(k.find(7, key, proof(3, 'an animation is running'), here()), null, 'no proof now');
  assert.equal(k.find(7, answerKey({ format: 'outline' }), proof(3), here()), null, 'other options');
  assert.equal(k.find(7, key, proof(3), here('http://a/#x')), null, 'another URL');
  assert.equal(k.find(7, key, proof(3), here('http://a/', [FRAMES[0]])), null, 'other frames');
  assert.equal(k.find(8, key, proof(3), here()), null, 'another tab');
  const entry = k.find(7, key, proof(3), here('http://a/', [...FRAMES].reverse()));
  assert.ok(entry, 'the same frames in another order');
  assert.equal(k.find(7, key, proof(3), { url: 'http://a/', frames: null }).reads, 2, 'frames unknown: the proof decides');
  assert.deepEqual(k.describe(entry), { since: new Date(1000).toISOString(), age_ms: 0, reads: 2 });
});

test('an answer read under no proof, or a failed one, is not kept', () => {
  const k = createAnswerCache();
  const key = answerKey({});
  k.keep(7, key, proof(3, 'a frame whose document cannot be read'), capture(), { format: 'snapshot' }, {});
  k.keep(7, key, null, capture(), { format: 'snapshot' }, {});
  k.keep(7, null, proof(3), capture(), { format: 'snapshot' }, {});
  assert.equal(k.find(7, key, proof(3), here()), null);
});

test('answers kept under an older proof go; a few per tab, a few tabs', () => {
  const k = createAnswerCache();
  const keys = ['snapshot', 'outline', 'domtext', 'elements'].map((format) => answerKey({ format }));
  k.keep(1, keys[0], proof(1), capture(), { format: 'snapshot' }, {});
  k.keep(1, keys[1], proof(2), capture(), { format: 'outline' }, {});
  assert.equal(k.find(1, keys[0], proof(2), here()), null, 'kept before a change');
  for (const key of keys) k.keep(1, key, proof(2), capture(), {}, {});
  assert.equal(keys.filter((key) => k.find(1, key, proof(2), here())).length, MAX_KEYS_PER_TAB);
  for (let tab = 2; tab <= MAX_TABS + 1; tab++) k.keep(tab, keys[0], proof(1), capture(), {}, {});
  assert.equal(k.find(1, keys[1], proof(2), here()), null, 'the oldest tab went');
  k.drop(MAX_TABS + 1);
  assert.equal(k.find(MAX_TABS + 1, keys[0], proof(1), here()), null, 'dropped on navigation');
});

test('a cached answer carries this read\'s stabilization and no index changes once delivered', () => {
  const k = createAnswerCache();
  const key = answerKey({ format: 'domtext' });
  const snapKey = answerKey({});
  const stabilization = { stabilized: true, waited_ms: 0, reasons: ['disabled'], pending_requests: 0, mutations: 0,
    source: null };
  k.keep(1, snapKey, proof(1), capture(), { snapshot: { ts: 'T', stabilization: { reasons: [] } } }, {});
  const snap = k.answerOf(k.find(1, snapKey, proof(1), here()), stabilization);
  assert.deepEqual(snap.snapshot, { ts: 'T', stabilization: { stabilized: true, waited_ms: 0, reasons: ['disabled'],
    pending_requests: 0, mutations: 0 } }, 'as the host publishes it: no null field');
  const dom = { domtext: 'x', indices: { added: [1, 2], removed: [] } };
  k.keep(2, key, proof(1), capture(), dom, {}, true);
  assert.deepEqual(k.answerOf(k.find(2, key, proof(1), here()), {}).indices, dom.indices, 'a prepared answer, first given');
  assert.deepEqual(k.answerOf(k.find(2, key, proof(1), here()), {}).indices, { added: [], removed: [] });
  k.keep(3, key, proof(1), capture(), dom, {});
  assert.deepEqual(k.answerOf(k.find(3, key, proof(1), here()), {}).indices, { added: [], removed: [] },
    'the read that kept it delivered them');
});

test('the proof is asked in the known world over CDP, else through chrome.scripting', async () => {
  const injected = [];
  const k = createAnswerCache({ inject: async (tabId) => { injected.push(tabId); return ['doc1', 5, 'ok', 40]; } });
  const session = { send: async () => { throw new Error('no context'); } };
  assert.deepEqual(await k.readProof(session, 3), { id: 'doc1', seq: 5, status: 'ok', elements: 40 });
  assert.deepEqual(injected, [3]);
  const bad = createAnswerCache({ inject: async () => 'nonsense' });
  assert.equal(await bad.readProof(session, 3), null);
  assert.equal(framesKey(null), null);
});

test('a preparation keeps an answer with the tab\'s last options when it can', async () => {
  const log = [];
  const session = {
    send: async () => ({ frameTree: { frame: { id: 'F0', loaderId: 'L' } } }), release: () => log.push('release'),
  };
  const deps = {
    debuggers: { joinLingering: () => session },
    stabilize: async () => ({ stabilized: true }),
    capture: async () => log.push('capture'),
    countElements: async () => 10,
    small: () => true,
    mayRead: async () => true,
  };
  const answered = createPreparer({ ...deps, answer: async (_s, tabId) => { log.push(['answer', tabId]); return true; } });
  assert.equal(await answered.prepare(4), 'prepared');
  assert.deepEqual(log, [['answer', 4], 'release'], 'the answer path read it: no second capture');
  log.length = 0;
  const plain = createPreparer({ ...deps, answer: async () => false });
  assert.equal(await plain.prepare(4), 'prepared');
  assert.deepEqual(log, ['capture', 'release'], 'options whose answer is not kept: prepared as before');
});

test('a document too big for a proof is not asked again; its world is kept for the next one', async () => {
  let asked = 0;
  const k = createAnswerCache({ inject: async () => { asked++; return ['doc1', 1, 'too many elements', 5000]; } });
  const session = { send: async () => { throw new Error('no context'); } };
  const key = answerKey({});
  const big = await k.readProof(session, 2, 'L0');
  assert.equal(big.status, 'too many elements');
  k.keep(2, key, big, capture(), { format: 'snapshot' }, {});
  assert.equal(k.find(2, key, big, here()), null, 'no answer kept');
  assert.equal(await k.readProof(session, 2, 'L0'), null, 'the same document: not asked');
  assert.equal(asked, 1);
  assert.equal((await k.readProof(session, 2, 'L9')).status, 'too many elements', 'another document is');
  assert.equal(asked, 2);
});

test('a cached answer stands only while the click listeners read before its capture are the same', () => {
  const k = createAnswerCache({ now: () => 1000 });
  const key = answerKey({ format: 'domtext' });
  const withListeners = (listeners) => ({ ...here(), listeners });
  k.keep(7, key, proof(3), capture(), { format: 'domtext' }, {}, false, '10:click');
  assert.equal(k.find(7, key, proof(3), withListeners('10:click,12:click')), null, 'a listener added by a script');
  assert.equal(k.find(7, key, proof(3), withListeners('')), null, 'a listener removed');
  assert.equal(k.find(7, key, proof(3), withListeners(null)), null, 'listeners that could not be read');
  assert.ok(k.find(7, key, proof(3), withListeners('10:click')), 'the same listeners');
  k.keep(7, key, proof(4), capture(), { format: 'domtext' }, {}, false, null);
  assert.equal(k.find(7, key, proof(4), withListeners(null)), null, 'kept without them: never given when they are asked');
});

test('a document found too big for a proof is known as such until the tab navigates', () => {
  const k = createAnswerCache({ now: () => 1000 });
  const key = answerKey({});
  assert.equal(k.knownBig(7), false);
  k.keep(7, key, proof(3, 'too many elements'), capture(), { format: 'snapshot' }, {});
  assert.equal(k.knownBig(7), true, 'no listener read for it (router.js answerCheck)');
  k.keep(7, key, proof(4), capture(), { format: 'snapshot' }, {});
  assert.equal(k.knownBig(7), false, 'a later proof holds');
  k.keep(7, key, proof(3, 'too many elements'), capture(), { format: 'snapshot' }, {});
  k.drop(7);
  assert.equal(k.knownBig(7), false, 'navigated');
});

test('an exact read is neither answered nor kept (models/fast_paths.py: answer_cache)', () => {
  assert.equal(answerKey({ exact: true }), null);
  assert.equal(answerKey({ format: 'domtext', exact: true }), null);
  assert.equal(answerKey({ exact: false }), answerKey({}), 'exact: false is a normal read');
});

test('an answer that carries errors, notes or failed frames is never kept (issue 26)', () => {
  const k = createAnswerCache({ now: () => 1000 });
  const key = answerKey({ format: 'outline' });
  const degradedReads = [
    [{ ...capture(), errors: [{ step: 'dom_tree_depth', message: 'main: too deep' }] }, { format: 'outline' }],
    [capture(), { format: 'domtext', notes: ['the walker could not run'] }],
    [capture(), { format: 'snapshot', snapshot: { quality: { frames_failed: 1, failures: [] } } }],
  ];
  for (const [cap, result] of degradedReads) {
    k.keep(7, key, proof(3), cap, result, {});
    assert.equal(k.find(7, key, proof(3), here()), null, JSON.stringify(result));
  }
  k.keep(7, key, proof(3), { ...capture(), errors: [] }, { format: 'outline' }, {});
  assert.ok(k.find(7, key, proof(3), here()), 'a clean answer is kept');
});
