// walker_ids_early.js: a whole page's ids take begun as its walk reports, by the walker's own
// list of the listable records (src/listable.js), then carried on by takeInParts.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { listable, listedIndices } from '../lib/walker/src/listable.js';
import {
  claimEarly, dropEarly, earlyPartsUsed, earlyTakeExpression, takeEarly,
} from '../lib/walker/walker_ids_early.js';
import { TAKE_AHEAD, TAKE_PART, listableIndices, takeInParts } from '../lib/walker/walker_ids_listable.js';
import { parseTake, takeExpression } from '../lib/walker/walker_ids.js';

// a deep serialization as the renderer answers it: strings, numbers and nodes
const serialize = (got) => ({ result: { deepSerializedValue: { type: 'array', value: got && got.map((v) => (
  typeof v === 'string' ? { type: 'string', value: v } : typeof v === 'number' ? { type: 'number', value: v }
    : { type: 'node', value: { backendNodeId: v.i, loaderId: 'L' } })) } } });

/** A world holding run `run` of `count` records, every third listable; a session whose
 * evaluates run there in order (as the renderer runs one session's commands). */
function world(run, count, { listed = true } = {}) {
  const records = Array.from({ length: count }, (_, i) => (i % 3 === 0 ? { p: 0, s: 'a', c: ['href'] } : { p: 0, s: 'div' }));
  records[0] = { p: -1, s: 'html' };
  const els = records.map((_, i) => ({ i: 1000 + i }));
  if (listed) els.listed = listedIndices(records);
  globalThis.__axsnapWalker = { pending: new Map([[run, els]]) };
  const sent = [];
  const session = {
    sent,
    send: async (method, params) => {
      sent.push([method, params]);
      if (method !== 'Runtime.evaluate') return {};
      return serialize((0, eval)(params.expression));
    },
  };
  return { records, session, sent };
}

test('the walker lists the records the take wants, by the one rule the extension picks them with', () => {
  const records = [{ p: -1, s: 'html' }, { p: 0, s: 'div' }, { p: 0, s: 'a', c: ['href'] }, { p: 0, s: 'p', c: [] },
    { p: 0, s: 'i', ic: 1 }, { p: 0, s: 'iframe', fr: 1 }];
  assert.deepEqual(listedIndices(records), [0, 2, 4, 5]);
  const all = records.map((_, i) => i);
  assert.deepEqual(listedIndices(records), listableIndices({ elements: records }, all));
  assert.deepEqual(listedIndices(records), all.filter((i) => listable(records[i])));
});

test('the early parts answer the walker\'s list with its length, and keep the run', () => {
  const { records } = world('w.1', 10);
  try {
    const got = (0, eval)(earlyTakeExpression('w.1', 0));
    assert.deepEqual(got, ['w.1', 4, ...listedIndices(records).map((i) => ({ i: 1000 + i }))]);
    assert.ok(globalThis.__axsnapWalker.pending.has('w.1'), 'an early part never hands the run over');
    assert.equal((0, eval)(earlyTakeExpression('w.9', 0)), null, 'a run the world does not hold');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('the take made as the walk reported serves the read\'s take: no part asked again, every node in its place', async () => {
  const count = 3 * (TAKE_AHEAD + 2) * TAKE_PART; // TAKE_AHEAD + 2 parts of listed records
  const { records, session, sent } = world('w.2', count);
  try {
    takeEarly(session, 'w.2', { contextId: 7, sessionId: null });
    assert.equal(sent.length, TAKE_AHEAD, 'the first parts asked as the run reports');
    const want = listableIndices({ elements: records }, records.map((_, i) => i));
    const send = () => assert.fail('no part asked past the early take');
    const taken = await takeInParts('w.2', want, send, takeExpression, parseTake, claimEarly('w.2'));
    assert.deepEqual(taken.slice(1).map((n) => n.backendNodeId), want.map((i) => 1000 + i));
    const evaluates = sent.filter(([m]) => m === 'Runtime.evaluate');
    assert.equal(evaluates.length, TAKE_AHEAD + 2 + 1, 'each part once, then the run let go');
    assert.equal(globalThis.__axsnapWalker.pending.has('w.2'), false, 'the claim handed the run over');
    assert.ok(sent.some(([m, p]) => m === 'Runtime.releaseObjectGroup' && p.objectGroup === sent[0][1].objectGroup),
      'the early parts\' objects released');
    assert.equal(claimEarly('w.2'), null, 'claimed once');
    assert.equal(earlyPartsUsed(['w.2']), TAKE_AHEAD + 2);
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('the early take keeps TAKE_AHEAD parts in flight, in order', async () => {
  const { session } = world('w.3', 3 * 5 * TAKE_PART);
  const answers = [];
  const held = { ...session, send: (method, params) => {
    const reply = session.send(method, params);
    return method === 'Runtime.evaluate' ? new Promise((resolve) => answers.push(() => resolve(reply))) : reply;
  } };
  try {
    takeEarly(held, 'w.3', { contextId: 7, sessionId: null });
    const claimed = claimEarly('w.3');
    assert.equal(answers.length, TAKE_AHEAD);
    answers[0]();
    while (answers.length < TAKE_AHEAD + 1) await new Promise((resolve) => setImmediate(resolve));
    for (let k = 1; k < 5; k++) {
      answers[k]();
      while (answers.length < Math.min(5, k + 1 + TAKE_AHEAD)) await new Promise((resolve) => setImmediate(resolve));
    }
    const got = await claimed.result;
    assert.equal(got.parts, 5);
    assert.equal(answers.length, 5, 'no part asked past the list');
    claimed.done(false);
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('early parts of other records than the take wants are dropped and every part asked', async () => {
  for (const how of ['fewer wanted', 'no list', 'failed']) {
    const { records, session } = world('w.4', 3 * (TAKE_PART + 10), { listed: how !== 'no list' });
    try {
      const asking = how === 'failed' ? { ...session, send: async () => { throw new Error('gone'); } } : session;
      takeEarly(asking, 'w.4', { contextId: 7, sessionId: null });
      // an earlier read's ids recalled for two listed records: the take wants the rest
      let want = listableIndices({ elements: records }, records.map((_, i) => i));
      if (how === 'fewer wanted') want = want.slice(2);
      const later = [];
      const send = (expression) => { later.push(expression); return session.send('Runtime.evaluate', { expression }); };
      const taken = await takeInParts('w.4', want, send, takeExpression, parseTake, claimEarly('w.4'));
      assert.deepEqual(taken.slice(1).map((n) => n.backendNodeId), want.map((i) => 1000 + i), how);
      assert.equal(later.length, Math.ceil(want.length / TAKE_PART), `${how}: every part asked`);
      assert.equal(globalThis.__axsnapWalker.pending.has('w.4'), false, `${how}: handed over`);
    } finally {
      delete globalThis.__axsnapWalker;
    }
  }
});

test('early parts no take claims are released', () => {
  const { session, sent } = world('w.5', 10);
  try {
    takeEarly(session, 'w.5', { contextId: 7, sessionId: null });
    dropEarly(['w.5']);
    assert.ok(sent.some(([m]) => m === 'Runtime.releaseObjectGroup'));
    assert.equal(claimEarly('w.5'), null);
  } finally {
    delete globalThis.__axsnapWalker;
  }
});
