// walker_take_along.js: the act's capture after takes its listable records' elements in the
// walk's own evaluate; takeRuns asks no take when those are every record it wants.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { proofWalkExpression } from '../lib/walker/walker_capture.js';
import { resolveWalkerIds } from '../lib/walker/walker_ids.js';
import { parseAlong, pickAlong, splitAlso, withAlsoExpression } from '../lib/walker/walker_take_along.js';

const KEEP = '__axsnapWalk_along';
const records = [{ p: -1, s: 'html' }, { p: 0, s: 'div', tx: 'Inbox' }, { p: 0, s: 'button', c: ['button'] },
  { p: 0, s: 'input', c: ['input'] }];

/** Run a walk expression in a fake isolated world whose walker holds its elements pending. */
function walkIn(expression, elements) {
  globalThis.__axsnapAnswerWatch = { proof: () => ['doc', 1, 'ok', 4] };
  globalThis[KEEP] = () => {
    globalThis.__axsnapWalker.pending.set('run.1', elements);
    return { v: 1, world: 'W', run: 'run.1', elements: records };
  };
  globalThis.window = { length: 0 };
  globalThis.document = { URL: 'http://127.0.0.1/inbox' };
  try {
    return (0, eval)(expression);
  } finally {
    for (const name of ['__axsnapAnswerWatch', KEEP, 'window', 'document']) delete globalThis[name];
  }
}

test('the walk hands over its listable records\' elements with its text, each once a world', () => {
  globalThis.__axsnapWalker = { pending: new Map() };
  try {
    const els = records.map((_, i) => ({ el: i }));
    const got = walkIn(proofWalkExpression(KEEP, { hold: true }, null, true, [], true), els);
    assert.ok(Array.isArray(got), 'an array, deep-serialized by the evaluate');
    const [text, run, at, ...taken] = got;
    assert.equal(JSON.parse(text).out.run, 'run.1', 'the walk\'s text as before');
    assert.equal(run, 'run.1');
    assert.deepEqual(JSON.parse(at), [0, 2, 3], 'the root and the records with a reason to act, not the text');
    assert.deepEqual(taken, [els[0], els[2], els[3]]);
    assert.ok(globalThis.__axsnapWalker.pending.has('run.1'), 'the run stays for a take asked the usual way');

    // the next walk re-rendered the button: only the new element goes along
    const next = [els[0], els[1], { el: 'new button' }, els[3]];
    const [, , at2, ...taken2] = walkIn(proofWalkExpression(KEEP, { hold: true }, null, true, [], true), next);
    assert.deepEqual(JSON.parse(at2), [2]);
    assert.deepEqual(taken2, [next[2]]);

    const plain = walkIn(proofWalkExpression(KEEP, { hold: true }, null, true), els);
    assert.equal(typeof plain, 'string', 'without along: the walk\'s text alone, as before');
  } finally {
    delete globalThis.__axsnapWalker;
    delete globalThis.__axsnapTakenAlong;
  }
});

const node = (backendNodeId) => ({ type: 'node', value: { backendNodeId, loaderId: 'L1', localName: 'x' } });
const str = (value) => ({ type: 'string', value });

test('the answer is read back as the walk\'s text and the nodes of the records taken', () => {
  const reply = { result: { type: 'array', deepSerializedValue: { type: 'array', value: [
    str('{"p":null}'), str('run.1'), str('[0,2]'), node(5), node(9)] } } };
  const { text, along } = parseAlong(reply);
  assert.equal(text, '{"p":null}');
  assert.deepEqual(along, { run: 'run.1', at: [0, 2], nodes: [{ backendNodeId: 5, loaderId: 'L1' }, { backendNodeId: 9, loaderId: 'L1' }] });
  assert.deepEqual(parseAlong({ result: { type: 'string', value: '{"p":1}' } }), { text: '{"p":1}', along: null });
  assert.deepEqual(pickAlong(along, 'run.1', [2]), ['run.1', { backendNodeId: 9, loaderId: 'L1' }]);
  assert.equal(pickAlong(along, 'run.1', [1, 2]), null, 'a record wanted and not taken: the take is asked');
  assert.equal(pickAlong(along, 'run.2', [2]), null, 'another run');
});

/** A session whose world answers takes and listener reads, counting the takes. */
function session(takes) {
  const calls = [];
  return {
    tabId: 900 + calls.length,
    calls,
    onEvent: () => () => {},
    async send(method, params = {}) {
      calls.push([method, params]);
      if (method === 'Runtime.evaluate') return { result: { deepSerializedValue: { type: 'array', value: takes } } };
      if (method === 'DOMDebugger.getEventListeners') return { listeners: [{ type: 'click', backendNodeId: 9 }] };
      if (method === 'DOM.resolveNode') return { object: { objectId: 'o' } };
      return {};
    },
  };
}

test('no take is asked when the walk handed over every record wanted; one is when it did not', async () => {
  const { rememberContext } = await import('../lib/reuse/walker_id_cache.js');
  const walk = () => ({ run: 'run.7', world: 'W7', frames: [{}], elements: records.map((r) => ({ ...r, f: 0 })) });
  rememberContext('W7', { contextId: 4, sessionId: null });
  const along = { run: 'run.7', at: [0, 2, 3], nodes: [5, 9, 11].map((b) => ({ backendNodeId: b, loaderId: 'L1' })) };
  const frames = [{ frameId: 'F0', loaderId: 'L1' }];

  const s = session([]);
  const walker = walk();
  const stats = await resolveWalkerIds(s, null, walker, frames, 'axsnap', [], null, null, null, false, 'window', along);
  assert.equal(s.calls.filter(([m]) => m === 'Runtime.evaluate').length, 0, 'no take sent');
  assert.deepEqual(walker.elements.map((r) => r.b), [5, undefined, 9, 11]);
  assert.equal(walker.elements[2].k, 1, 'the listeners still read');
  assert.equal(stats.with_walk, 3);

  const t = session([str('run.7'), node(5), node(9), node(11)]);
  const exact = walk();
  await resolveWalkerIds(t, null, exact, frames, 'axsnap', [], null, null, null, false, 'window', { ...along, at: [2, 3], nodes: along.nodes.slice(1) });
  assert.equal(t.calls.filter(([m]) => m === 'Runtime.evaluate').length, 1, 'the root was not taken along: asked');
  assert.deepEqual(exact.elements.map((r) => r.b), [5, undefined, 9, 11], 'the same ids either way');
});

test('the act\'s focus and modals ride the walk\'s evaluate: after its answer, then their count', () => {
  globalThis.__axsnapWalker = { pending: new Map() };
  try {
    const els = records.map((_, i) => ({ el: i }));
    const also = '[globalThis.__focus ?? null, "Labels"]';
    globalThis.__focus = { el: 'focused' };
    const got = walkIn(withAlsoExpression(proofWalkExpression(KEEP, { hold: true }, null, true, [], true), also), els);
    const [text, run, at, ...rest] = got;
    assert.equal(JSON.parse(text).out.run, 'run.1');
    assert.equal(run, 'run.1');
    assert.deepEqual(JSON.parse(at), [0, 2, 3]);
    assert.deepEqual(rest, [els[0], els[2], els[3], { el: 'focused' }, 'Labels', 2]);
    // a walk that hands nothing along (text alone): the text, then the items
    const plain = walkIn(withAlsoExpression(proofWalkExpression(KEEP, { hold: true }, null, true), also), els);
    assert.equal(typeof plain[0], 'string');
    assert.deepEqual(plain.slice(1), [{ el: 'focused' }, 'Labels', 2]);
  } finally {
    delete globalThis.__axsnapWalker;
    delete globalThis.__axsnapTakenAlong;
    delete globalThis.__focus;
  }
});

test('the answer with the focus and modals splits into the walk\'s answer and theirs', () => {
  const num = (value) => ({ type: 'number', value });
  const items = [str('{"out":{}}'), str('run.1'), str('[0,2]'), node(5), node(7), node(9), str('Labels'), num(2)];
  const got = splitAlso({ result: { type: 'array', deepSerializedValue: { type: 'array', value: items } } });
  assert.deepEqual(got.also, [node(9), str('Labels')]);
  const along = parseAlong(got.reply);
  assert.equal(along.text, '{"out":{}}');
  assert.deepEqual(along.along.at, [0, 2]);
  assert.deepEqual(along.along.nodes.map((n) => n.backendNodeId), [5, 7]);
  const text = splitAlso({ result: { deepSerializedValue: { value: [str('{"out":{}}'), { type: 'null' }, num(1)] } } });
  assert.deepEqual(parseAlong(text.reply), { text: '{"out":{}}', along: null });
  assert.deepEqual(text.also, [{ type: 'null' }]);
  assert.equal(splitAlso({ result: { deepSerializedValue: { value: [str('x')] } } }), null, 'no count: not one');
});
