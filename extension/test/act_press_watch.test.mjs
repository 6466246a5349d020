// The press's own target (press_watch.js, design note 124 part 3): a capture listener of the
// act's world on the target's window for that one press, read and taken off after it.
import test from 'node:test';
import assert from 'node:assert/strict';

import { AxError } from '../lib/common/errors.js';
import { markedPositions } from '../lib/act/fill_rule.js';
import { PRESS_EVENTS, PRESS_WATCH, checkedPress, pressVerdict } from '../lib/act/press_watch.js';
import { clickAt } from '../lib/act/input.js';

// -- the decision ------------------------------------------------------------------------------

test('the first press seen decides: on the target or its label, or its twin after a re-render, is seen', () => {
  assert.equal(pressVerdict({ seen: true, reaches: true, replaced: false }), true);
  assert.equal(pressVerdict({ seen: true, reaches: false, replaced: true }), true, 'the page re-rendered the target');
});

test('nothing seen (the page stopped it first, another document took it) is said, not failed; unread says nothing', () => {
  assert.equal(pressVerdict({ seen: false }), false);
  assert.equal(pressVerdict(null), null);
});

test('a press seen on something else fails the act as press_missed, naming what took it', () => {
  assert.throws(() => pressVerdict({ seen: true, reaches: false, replaced: false, tag: 'div', text: 'Special offer',
    id: 'cover', backendNodeId: 12 }, 2), (err) => {
    assert.ok(err instanceof AxError);
    assert.equal(err.code, 'press_missed');
    assert.deepEqual(err.cover, { backendNodeId: 12, frame: 2, tag: 'div', text: 'Special offer', id: 'cover' });
    assert.match(err.message, /did not reach the target/);
    assert.match(err.hint, /read the page again/);
    return true;
  });
});

// -- the watch in the page ------------------------------------------------------------------------

/** A window recording its listeners, and elements enough for REACHES (parentNode, closest). */
function page() {
  const listeners = new Map();
  const view = {
    addEventListener(type, fn, opts) { listeners.set(type, { fn, opts }); },
    removeEventListener(type, fn) { if (listeners.get(type)?.fn === fn) listeners.delete(type); },
  };
  const doc = { defaultView: view };
  const el = (id, parentNode = null, extra = {}) => ({ nodeType: 1, id, localName: 'div', parentNode, ownerDocument: doc,
    innerText: id, isConnected: true, closest: () => null, ...extra });
  const body = el('body');
  const fire = (type, node) => listeners.get(type)?.fn({ type, target: node, composedPath: () => [node] });
  return { listeners, el, body, fire };
}
const watchOn = (node, { also = null, releases = 1 } = {}) =>
  new Function(`return (${PRESS_WATCH});`)().call(node, also, releases, PRESS_EVENTS);

test('the watch listens at window capture, passive, for the press events only, and is off once read', () => {
  const p = page();
  const button = p.el('pay', p.body);
  const watch = watchOn(button);
  assert.deepEqual([...p.listeners.keys()].sort(), [...PRESS_EVENTS].sort());
  for (const { opts } of p.listeners.values()) assert.deepEqual(opts, { capture: true, passive: true });
  p.fire('pointerdown', p.el('inner', button)); // the button's own part
  p.fire('click', p.el('cover', p.body));
  const [verdict, node] = watch.finish();
  assert.deepEqual(JSON.parse(verdict), { seen: true, by: 'pointerdown', reaches: true, replaced: false });
  assert.equal(node, null);
  assert.equal(p.listeners.size, 0, 'taken off when read');
});

test('a press on another element is named; none seen says so; a label of the target reaches it', () => {
  let p = page();
  const cover = p.el('cover', p.body);
  let watch = watchOn(p.el('pay', p.body));
  p.fire('mousedown', cover);
  const [verdict, node] = watch.finish();
  assert.deepEqual(JSON.parse(verdict), { seen: true, by: 'mousedown', reaches: false, replaced: false, tag: 'div',
    text: 'cover', id: 'cover' });
  assert.equal(node, cover);
  p = page();
  watch = watchOn(p.el('pay', p.body));
  assert.deepEqual(JSON.parse(watch.finish()[0]), { seen: false, events: 0 });
  p = page();
  const input = p.el('terms', p.body);
  const label = p.el('label', p.body, { closest: () => ({ control: input }) });
  watch = watchOn(label, { also: input });
  p.fire('pointerdown', label);
  assert.equal(JSON.parse(watch.finish()[0]).reaches, true);
});

test('the watch takes itself off at the last release, and sets no timer (readiness counts the page\'s)', () => {
  const p = page();
  const timers = globalThis.setTimeout;
  globalThis.setTimeout = () => { throw new Error('a timer in the page'); };
  try {
    const watch = watchOn(p.el('pay', p.body), { releases: 2 });
    p.fire('mousedown', p.body);
    p.fire('mouseup', p.body);
    assert.equal(p.listeners.size, PRESS_EVENTS.length, 'one release of two: still on');
    p.fire('pointerup', p.body);
    p.fire('mouseup', p.body);
    assert.equal(p.listeners.size, 0);
    assert.equal(JSON.parse(watch.finish()[0]).by, 'mousedown');
  } finally {
    globalThis.setTimeout = timers;
  }
});

test('the read at release answers once the last release is seen, with the record finish() gives; finish() answers it too', async () => {
  const p = page();
  const button = p.el('pay', p.body);
  const watch = watchOn(button);
  let answered = null;
  watch.whenOff().then((got) => { answered = got; });
  p.fire('pointerdown', button);
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(answered, null, 'no release yet: not answered');
  p.fire('pointerup', button);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(JSON.parse(answered[0]), { seen: true, by: 'pointerdown', reaches: true, replaced: false });
  assert.equal(p.listeners.size, 0, 'off at the release');
  p.fire('click', p.el('cover', p.body)); // after it went off: not seen, the record unchanged
  assert.deepEqual(watch.finish(), answered);
  // never released (the page stopped it first): the read after the presses (finish) answers it
  const q = page();
  const unseen = new Function(`return (${PRESS_WATCH});`)().call(q.el('pay', q.body), null, 1, PRESS_EVENTS, 'k1');
  assert.equal(globalThis.__axsnapPressWatches.get('k1'), unseen, 'found by its key (the act world\'s own global)');
  const pending = unseen.whenOff();
  assert.deepEqual(JSON.parse(unseen.finish()[0]), { seen: false, events: 0 });
  assert.deepEqual(JSON.parse((await pending)[0]), { seen: false, events: 0 });
  assert.equal(q.listeners.size, 0);
  assert.equal(globalThis.__axsnapPressWatches.has('k1'), false, 'nothing kept once off');
  delete globalThis.__axsnapPressWatches;
});

test('the listener is marked as axsnap\'s own (the fill rule counts it as no page listener)', () => {
  const positions = markedPositions(PRESS_WATCH);
  assert.equal(positions.length, 1);
  const [line, column] = positions[0].split(':').map(Number);
  assert.ok(line > 0, 'not on the first line: callFunctionOn\'s wrapping shifts only that one\'s columns');
  assert.ok(PRESS_WATCH.split('\n')[line].slice(column).startsWith('(event) =>'));
});

// -- a checked click --------------------------------------------------------------------------------

/** An act's session: commands recorded in order; the watch's calls answered. */
function actSession({ verdict = { seen: true, reaches: true, replaced: false }, stopped = false, atRelease = null } = {}) {
  const sent = [];
  const calls = [];
  return {
    sent,
    calls,
    async send(method, params, sessionId) {
      const fn = params.functionDeclaration ?? '';
      if (method === 'Runtime.callFunctionOn') calls.push({ params, sessionId });
      sent.push([method, fn.includes('finish()') && !fn.includes('seen') ? 'finish' : fn.includes('whenOff()') && !fn.includes('seen')
        ? 'read at release' : params.type ?? (fn.includes('releases') ? 'watch' : ''), sessionId]);
      if (method === 'Runtime.callFunctionOn' && fn.includes('whenOff()') && !fn.includes('releases') && atRelease) return atRelease(fn);
      if (stopped && method === 'Runtime.callFunctionOn' && sent.length > 1) throw new AxError('timeout', 'stopped', '');
      if (method === 'Runtime.callFunctionOn' && params.functionDeclaration.includes('releases')) return { result: { type: 'object', value: {} } };
      if (method === 'Runtime.callFunctionOn') {
        return { result: { deepSerializedValue: { value: [{ value: JSON.stringify(verdict) }, { value: { backendNodeId: 5 } }] } } };
      }
      return {};
    },
    async undo(method, params, sessionId) { sent.push(['undo', method, params.functionDeclaration ? 'finish' : '', sessionId]); return {}; },
    async sendInOrder(commands) { for (const [, p] of commands) sent.push(['input', p.type]); return commands.map(() => ({})); },
  };
}
const target = { objectId: 'o7', frame: { sessionId: 'S1' }, backendNodeId: 7, ordinal: 1 };

test('a checked click: the watch put on beside the move, the check, its read, the presses; no read after them', async () => {
  const s = actSession();
  const press = checkedPress(s, { node: target, run: async () => { s.sent.push(['check']); } }, target);
  await clickAt(s, { x: 1, y: 2 }, { beforePress: press.beforePress });
  assert.equal(await press.seen(), true);
  const order = s.sent.map((c) => c.slice(0, 2).join(' '));
  // note 134: the read goes right behind the watch, beside the move, and is answered at the last release
  assert.deepEqual(order.slice(0, 6), ['Runtime.callFunctionOn watch', 'Runtime.callFunctionOn read at release',
    'input mouseMoved', 'check', 'input mousePressed', 'input mouseReleased']);
  const [watchCall, readCall] = s.calls.slice(0, 2);
  assert.equal(readCall.params.objectId, target.objectId, 'read on the watched node, not on a handle not yet answered');
  assert.equal(readCall.params.awaitPromise, true);
  assert.equal(readCall.params.arguments[0].value, watchCall.params.arguments[3].value, 'the watch found by its key');
  assert.ok(!order.includes('Runtime.callFunctionOn finish'), 'no read after the presses: one round trip fewer');
  assert.ok(!order.some((c) => c.includes('releaseObject')), 'no handle: the watch found by its key, nothing to release');
  assert.ok(s.sent.filter((c) => c[0] === 'Runtime.callFunctionOn').every((c) => c[2] === 'S1'), 'in the target\'s frame');
});

test('a read at release not answered when the presses were: the watch is read after them, the first answer taken', async () => {
  // the page never saw the last release (stopped first, or the press went to another document):
  // the read at release answers only once the watch is read (finish() takes it off)
  let answerEarly = null;
  const missed = { seen: true, reaches: false, replaced: false, tag: 'div', text: 'x' };
  const s = actSession({ verdict: missed, atRelease: () => new Promise((resolve) => { answerEarly = resolve; }) });
  const press = checkedPress(s, { node: target, run: async () => {} }, target);
  await clickAt(s, { x: 1, y: 2 }, { beforePress: press.beforePress });
  await assert.rejects(press.seen(), (err) => err.code === 'press_missed' && err.cover.backendNodeId === 5);
  const order = s.sent.map((c) => c.slice(0, 2).join(' '));
  assert.deepEqual(order.slice(1, 6), ['Runtime.callFunctionOn read at release', 'input mouseMoved', 'input mousePressed',
    'input mouseReleased', 'Runtime.callFunctionOn finish']);
  answerEarly({ result: { deepSerializedValue: { value: [{ value: JSON.stringify(missed) }, { value: { backendNodeId: 5 } }] } } });
  // a read at release that failed (its document went): the read after the presses decides
  const failed = actSession({ atRelease: async () => { throw new AxError('action_failed', 'gone', ''); } });
  const again = checkedPress(failed, { node: target, run: async () => {} }, target);
  await clickAt(failed, { x: 1, y: 2 }, { beforePress: again.beforePress });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(await again.seen(), true);
  assert.ok(failed.sent.some((c) => c[1] === 'finish'), 'read after the presses');
});

test('a press seen elsewhere throws press_missed with the frame\'s ordinal; a refusal before the press takes the watch off', async () => {
  const s = actSession({ verdict: { seen: true, reaches: false, replaced: false, tag: 'div', text: 'x' } });
  const press = checkedPress(s, { node: target, run: async () => {} }, target);
  await clickAt(s, { x: 1, y: 2 }, { beforePress: press.beforePress });
  await assert.rejects(press.seen(), (err) => err.code === 'press_missed' && err.cover.frame === 1 && err.cover.backendNodeId === 5);
  const refused = actSession();
  const covered = new AxError('occluded', 'covered', '');
  const stopped = checkedPress(refused, { node: target, run: async () => { throw covered; } }, target);
  await assert.rejects(clickAt(refused, { x: 1, y: 2 }, { beforePress: stopped.beforePress }), (err) => err === covered);
  stopped.drop();
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(refused.sent.filter((c) => c[0] === 'input').map((c) => c[1]), ['mouseMoved'], 'no press');
  assert.ok(refused.sent.some((c) => c[0] === 'undo' && c[2] === 'finish'), 'the watch taken off through undo');
});

test('a framed target: the documents above its frame are watched too; a press seen there names what took it', async () => {
  const frames = [{ frameId: 'top', sessionId: undefined }, { frameId: 'mid', parentFrameId: 'top', sessionId: undefined },
    { frameId: 'leaf', parentFrameId: 'mid', sessionId: 'S2' }];
  const framed = { objectId: 'o9', frame: frames[2], frames, ordinal: 2, backendNodeId: 9 };
  const records = { own: { seen: false }, top: { seen: true, reaches: false, replaced: false, tag: 'div', text: 'Offer' },
    mid: { seen: false } };
  const sent = [];
  const s = {
    async send(method, params, sessionId) {
      sent.push([method, params.frameId ?? params.objectId ?? '', sessionId]);
      if (method === 'Page.createIsolatedWorld') return { executionContextId: params.frameId === 'top' ? 1 : 2 };
      if (method === 'Runtime.evaluate') {
        assert.match(params.expression, /\.call\(document, null, 1, \[/);
        return { result: { objectId: params.contextId === 1 ? 'top' : 'mid' } };
      }
      if (method === 'Runtime.callFunctionOn' && params.functionDeclaration.includes('releases')) return { result: { value: {} } };
      // the frame's own watch is read by its key on the node: at release only when it saw one
      const which = params.objectId === 'o9' ? 'own' : params.objectId;
      if (params.awaitPromise && !records.own.seen) return new Promise(() => {});
      if (method === 'Runtime.callFunctionOn') {
        return { result: { deepSerializedValue: { value: [{ value: JSON.stringify(records[which]) }, { value: { backendNodeId: 4 } }] } } };
      }
      return {};
    },
    async sendInOrder(commands) { return commands.map(() => ({})); },
  };
  const press = checkedPress(s, { node: framed, run: async () => {} }, framed);
  await clickAt(s, { x: 1, y: 2 }, { beforePress: press.beforePress });
  await assert.rejects(press.seen(), (err) => err.code === 'press_missed' && err.cover.frame === 0 && err.cover.tag === 'div');
  assert.deepEqual(sent.filter(([m]) => m === 'Page.createIsolatedWorld').map(([, f]) => f), ['mid', 'top'], 'nearest first');
  // the frame's own watch saw it: it decides, the documents above are only taken off
  records.own = { seen: true, reaches: true, replaced: false };
  const again = checkedPress(s, { node: framed, run: async () => {} }, framed);
  await clickAt(s, { x: 1, y: 2 }, { beforePress: again.beforePress });
  assert.equal(await again.seen(), true);
  // nothing seen anywhere: said, no failure
  records.own = { seen: false };
  records.top = { seen: false };
  const unseen = checkedPress(s, { node: framed, run: async () => {} }, framed);
  await clickAt(s, { x: 1, y: 2 }, { beforePress: unseen.beforePress });
  assert.equal(await unseen.seen(), false);
});

test('a watch on a document (above the target\'s frame) reaches nothing: any press seen there went elsewhere', () => {
  const p = page();
  const doc = { nodeType: 9, defaultView: null };
  const top = page();
  doc.defaultView = { addEventListener: (...a) => top.listeners.set(a[0], { fn: a[1], opts: a[2] }),
    removeEventListener: (type) => top.listeners.delete(type) };
  const watch = new Function(`return (${PRESS_WATCH});`)().call(doc, null, 1, PRESS_EVENTS);
  top.fire('pointerdown', p.el('cover', p.body));
  assert.deepEqual(JSON.parse(watch.finish()[0]), { seen: true, by: 'pointerdown', reaches: false, replaced: false,
    tag: 'div', text: 'cover', id: 'cover' });
  assert.equal(top.listeners.size, 0);
});
