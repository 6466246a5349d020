// The page before an act (lib/act/before.js), fast path act_id_lookup: a target the host looked
// up is handed on once the capture before's settle wait ended (the walk still running); that
// capture is resolved exactly behind it, and the reply names the target as that resolve does.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createBeforeReads, exactTarget, mayBeLookedUp } from '../lib/act/before.js';

const MESSAGE = { action: 'click', options: { dialog: 'dismiss', wait: true, force: false, ready: {} } };

function reads({ lookup = true, answer, token = null, check = async () => null, target = 3 }) {
  const sent = [];
  const order = [];
  let walked = () => {};
  const walk = new Promise((resolve) => { walked = resolve; });
  const deps = {
    actBaselines: { keptToken: () => token, check, mayLookUp: () => lookup, mayTakeCaptureFrames: () => false, drop() {} },
    stabilize: async () => { order.push('settled'); return { stabilized: true }; },
  };
  const host = async (type, body) => {
    sent.push(body);
    order.push(body.capture ? 'exact resolve' : 'lookup');
    return body.capture ? { message: MESSAGE, target: { id: '0-7', index: 3, label: 'Select' }, to: null, error: null } : answer;
  };
  const capture = async () => { order.push('walk'); await walk; return { tab: { url: 'http://a/' }, frames: [{ loaderId: 'L' }], walker: { world: 'W' } }; };
  const { readBefore } = createBeforeReads({ deps, now: () => 0, host, capture, message: (req) => req.raw,
    unlessBlocked: (session, tabId, work) => work() });
  const run = { step() {} };
  return { sent, order, walked, read: (timings) => readBefore({}, 1, { raw: { type: 'act', action: 'click', target } }, {}, run, timings) };
}

test('a looked-up target is handed on while the capture before is walked; that capture is resolved behind it', async () => {
  const r = reads({ answer: { baseline_gone: true, message: MESSAGE, lookup: { target: { id: '0-7', index: 3 }, to: null } } });
  const timings = {};
  const got = await r.read(timings);
  assert.equal(timings.id_lookup, 1);
  assert.deepEqual(got.resolved.target, { id: '0-7', index: 3 });
  assert.equal(got.before, null, 'the report\'s before is not read yet: the input waits for it');
  assert.deepEqual(r.order, ['lookup', 'settled', 'walk'], 'handed on after the settle wait, the walk still running');
  assert.equal(r.sent[0].lookup, true);
  r.walked();
  assert.deepEqual(await got.behind.ready, { url: 'http://a/', loaderId: 'L', world: 'W' });
  assert.deepEqual(r.order.slice(3), [], 'the capture goes to the host only when asked (after the input)');
  const exact = await got.behind.exact();
  assert.equal(exact.target.label, 'Select');
  assert.deepEqual(r.order.slice(3), ['exact resolve']);
});

test('a missed lookup and an exact act take the exact path: capture, then resolve', async () => {
  for (const [lookup, answer] of [[true, { baseline_gone: true, lookup_missed: true }], [false, null]]) {
    const r = reads({ lookup, answer });
    r.walked();
    const timings = {};
    const got = await r.read(timings);
    assert.equal(timings.id_lookup, undefined);
    assert.equal(got.behind, undefined);
    assert.equal(got.resolved.target.label, 'Select');
    assert.deepEqual(r.order.filter((s) => s !== 'settled'), lookup ? ['lookup', 'walk', 'exact resolve'] : ['walk', 'exact resolve']);
  }
});

test('the reply names the target as the exact resolve does, with what the act found on the page', () => {
  const timings = {};
  const looked = { id: '0-7', index: 3, label: 'old words', offscreen: true, press_seen: true };
  assert.deepEqual(exactTarget(looked, { target: { id: '0-7', index: 3, label: 'Select' }, error: null }, timings),
    { id: '0-7', index: 3, label: 'Select', offscreen: true, press_seen: true });
  assert.equal(exactTarget({ ...looked, press_seen: false }, { target: { id: '0-7' }, error: null }, {}).press_seen, false,
    'a press nothing saw is said on the looked-up path too');
  assert.equal(timings.id_lookup_differs, undefined);
  exactTarget(looked, { target: { id: '0-9' }, error: null }, timings);
  assert.equal(timings.id_lookup_differs, 1, 'a lookup that named another node says so');
});

test('a baseline the host no longer holds is not waited on for its check', async () => {
  const r = reads({ token: 'T', check: () => new Promise(() => {}),
    answer: { baseline_gone: true, message: MESSAGE, lookup: { target: { id: '0-7', index: 3 }, to: null } } });
  const timings = {};
  const got = await r.read(timings); // (a check that never answers would hang it)
  assert.equal(timings.id_lookup, 1);
  assert.equal(r.sent[0].baseline, 'T');
  assert.equal(got.resolved.target.id, '0-7');
});

test('words with no kept baseline ask the host nothing before the capture', async () => {
  for (const target of ['Select Invoice 2291', '"Reply" near "Kanesha"', { query: 'Reply', near: 'Kanesha' }, 'Save']) {
    const r = reads({ target, answer: { baseline_gone: true, lookup_missed: true } });
    r.walked();
    const timings = {};
    const got = await r.read(timings);
    assert.equal(got.resolved.target.label, 'Select');
    assert.deepEqual(r.order.filter((s) => s !== 'settled'), ['walk', 'exact resolve'], String(target));
    assert.equal(timings.capture_at_once, 1);
  }
  // a kept baseline is still tried first (the host resolves words on it), and an exact act
  // asks nothing as ever (not said: nothing was skipped)
  for (const [lookup, token] of [[true, 'T'], [false, null]]) {
    const r = reads({ lookup, token, target: 'Select Invoice 2291', answer: { baseline_gone: true } });
    r.walked();
    const timings = {};
    await r.read(timings);
    assert.deepEqual(r.order.filter((s) => s !== 'settled'), [...(token ? ['lookup'] : []), 'walk', 'exact resolve']);
    if (token) assert.equal(r.sent[0].lookup, undefined, 'words are not looked up');
    assert.equal(timings.capture_at_once, undefined);
  }
});

test('what the host\'s lookup can name: indices, element ids, walk node ids, semantic ids', () => {
  for (const target of [3, '3', '[12]', ' 0-29 ', '1-axw7', 'btn_sign_in', 'link_reply_near_april_6_2026_2']) {
    assert.equal(mayBeLookedUp({ target }), true, String(target));
  }
  for (const target of ['Sign in', 'save', '"Reply" near "Kanesha"', { query: 'Reply', near: 'x' }, null, undefined, '0-ax5', 3.5]) {
    assert.equal(mayBeLookedUp({ target }), false, String(target));
  }
  assert.equal(mayBeLookedUp({ target: 3, to: 'the trash' }), false, 'a drag to words');
  // the host's rule in any script (act/targets.py lookup_forms through the contract, note 169)
  for (const target of ['btn_登录', 'link_café_menu', 'input_имя', '١٢', '٣-٤٥']) {
    assert.equal(mayBeLookedUp({ target }), true, target);
  }
  for (const target of ['Btn_登录', 'btn_', 'weiter_zur_kasse_ü', '登录']) {
    assert.equal(mayBeLookedUp({ target }), false, target);
  }
  assert.equal(mayBeLookedUp({ target: 3, to: '0-9' }), true);
});

test('an id with no baseline kept: the capture before starts beside the host\'s lookup, not after its answer', async () => {
  for (const token of [null, 'T']) {
    let answer = () => {};
    const answered = new Promise((resolve) => { answer = resolve; });
    const r = reads({ token, answer: answered, target: '0-7' });
    r.walked();
    const timings = {};
    const got = r.read(timings);
    await new Promise((resolve) => { setTimeout(resolve, 0); });
    if (token === null) {
      assert.deepEqual(r.order, ['lookup', 'settled', 'walk'], 'the capture went before the host answered');
      assert.equal(timings.capture_beside_lookup, 1);
    } else {
      assert.deepEqual(r.order, ['lookup'], 'a kept baseline may stand: nothing is captured before the answer');
      assert.equal(timings.capture_beside_lookup, undefined);
    }
    answer({ baseline_gone: true, lookup_missed: true, message: MESSAGE });
    const read = await got;
    assert.equal(read.resolved.target.label, 'Select');
    assert.deepEqual(r.order.filter((s) => s === 'walk'), ['walk'], 'one capture');
    assert.equal(r.order.at(-1), 'exact resolve');
  }
});

test('an act resolved on the kept baseline names it to the report (its elements are compared with)', async () => {
  const r = reads({ token: 'T', target: 'Select Invoice 2291',
    check: async () => ({ token: 'T', url: 'http://a/', loaderId: 'L', frames: null, topContext: null }),
    answer: { message: MESSAGE, target: { id: '0-7', label: 'Select' }, to: null, error: null } });
  const timings = {};
  const got = await r.read(timings);
  assert.equal(timings.baseline_kept, 1);
  assert.deepEqual(got.before, { url: 'http://a/', loaderId: 'L', world: null, baseline: 'T' });
  assert.deepEqual(r.order, ['lookup'], 'nothing captured');
});
