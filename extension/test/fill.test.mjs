import assert from 'node:assert/strict';
import { test } from 'node:test';

import { fillText } from '../lib/act/fill.js';
import { askRuleObjects, mayReadListeners } from '../lib/act/fill_rule.js';
import { startRun } from '../lib/act/run.js';

const fakeTimers = () => ({ setTimeout: () => 0, clearTimeout: () => {} });

/** An act's session over a fake page: records every command with what was pending when it went
 * out; the listener reads are answered only when `answerListeners()` is called. */
function actSession({ listeners = [] } = {}) {
  globalThis.chrome = { runtime: { getManifest: () => ({ content_scripts: [] }), getURL: (f) => f } };
  const log = [];
  const keys = []; // the key events' params
  const held = [];
  const raw = {
    send: async (method, params) => {
      log.push(method === 'Input.dispatchKeyEvent' ? `${params.type} ${params.key}` : method);
      if (method === 'Input.dispatchKeyEvent') keys.push(params);
      if (method === 'Runtime.callFunctionOn') {
        return { result: { deepSerializedValue: { value: [{ value: { backendNodeId: 7 } }, { value: { backendNodeId: 1 } }] } } };
      }
      if (method === 'Runtime.evaluate') return { result: { objectId: `obj-${params.expression}` } };
      if (method === 'DOMDebugger.getEventListeners') {
        return new Promise((resolve) => { held.push(() => resolve({ listeners })); });
      }
      return {};
    },
  };
  const run = startRun(60_000, { timers: fakeTimers() });
  run.sameDocument = async () => { log.push('check'); return true; };
  run.leftDocument = () => new Error('left');
  const answerListeners = () => { for (const answer of held.splice(0)) answer(); };
  return { session: run.session(raw), log, keys, answerListeners };
}

const field = { ordinal: 0, frame: {}, facts: { tag: 'input' }, objectId: 'field', backendNodeId: 7 };
const settle = () => new Promise((r) => setImmediate(r));

test('a fill inserted at once: the caret keys and the text in one batch after one check, asked beside the listener read', async () => {
  const { session, log, answerListeners } = actSession();
  try {
    const done = fillText(session, field, 'Ada', true, true);
    for (let i = 0; i < 5; i++) await settle();
    assert.ok(log.includes('check'), 'the document check went out while the listeners were read');
    assert.ok(!log.some((x) => x.startsWith('rawKeyDown')), 'no key before the rule answered');
    answerListeners();
    assert.deepEqual(await done, { method: 'insert_text', typed_by: 'insert_text_no_listeners' });
  } finally {
    delete globalThis.chrome;
  }
  const input = log.slice(log.indexOf('DOM.focus'));
  // no script sees keys: Control's own key events left out, its bit held in the A key's (2)
  assert.deepEqual(input.filter((x) => !x.startsWith('DOMDebugger') && !x.startsWith('Runtime.')), [
    'DOM.focus', 'check', 'rawKeyDown a', 'keyUp a', 'Input.insertText']);
  assert.equal(log.filter((x) => x === 'check').length, 1);
});

test('an empty fill selects and deletes in one batch after one check', async () => {
  const { session, log } = actSession();
  try {
    assert.deepEqual(await fillText(session, field, '', true, true), { method: 'keyboard' });
  } finally {
    delete globalThis.chrome;
  }
  assert.deepEqual(log, ['DOM.focus', 'check', 'rawKeyDown Control', 'rawKeyDown a', 'keyUp a', 'keyUp Control',
    'rawKeyDown Delete', 'keyUp Delete']);
});

test('a field whose keys are listened to is typed key by key, each key after its own check', async () => {
  const { session, log, answerListeners } = actSession({ listeners: [{ type: 'keydown', backendNodeId: 7 }] });
  try {
    const done = fillText(session, field, 'ab', true, true);
    for (let i = 0; i < 5; i++) await settle();
    answerListeners();
    assert.deepEqual(await done, { method: 'keyboard', typed_by: 'keys_listened' });
  } finally {
    delete globalThis.chrome;
  }
  const input = log.slice(log.indexOf('DOM.focus')).filter((x) => !x.startsWith('DOMDebugger') && !x.startsWith('Runtime.'));
  assert.deepEqual(input, ['DOM.focus', 'check', 'rawKeyDown Control', 'rawKeyDown a', 'keyUp a', 'keyUp Control',
    'check', 'keyDown a', 'keyUp a', 'check', 'keyDown b', 'keyUp b']);
});

test('type appends: the caret goes to the end of an input, of a textarea with Control+End', async () => {
  for (const [tag, keys] of [['input', ['rawKeyDown End', 'keyUp End']],
    ['textarea', ['rawKeyDown End', 'keyUp End']]]) { // no script sees keys: Control in End's mask
    const { session, log, answerListeners } = actSession();
    try {
      const done = fillText(session, { ...field, facts: { tag } }, 'x', false, true);
      for (let i = 0; i < 5; i++) await settle();
      answerListeners();
      await done;
    } finally {
      delete globalThis.chrome;
    }
    const input = log.slice(log.indexOf('DOM.focus')).filter((x) => !x.startsWith('DOMDebugger') && !x.startsWith('Runtime.'));
    assert.deepEqual(input, ['DOM.focus', 'check', ...keys, 'Input.insertText']);
  }
});

/** A session over a fake page whose answers all wait for the next `turn()`: the commands sent
 * in one turn are one round trip. Main-world objects are asked as the act's lookup asks them. */
function turnSession() {
  globalThis.chrome = { runtime: { getManifest: () => ({ content_scripts: [] }), getURL: (f) => f } };
  const turns = [[]];
  let held = [];
  const answerOf = (method, params) => {
    if (method === 'Runtime.callFunctionOn') {
      return { result: { deepSerializedValue: { value: [{ value: { backendNodeId: 7 } }, { value: { backendNodeId: 1 } }] } } };
    }
    if (method === 'Runtime.evaluate') return { result: { objectId: `obj-${params.expression}` } };
    if (method === 'DOMDebugger.getEventListeners') return { listeners: [] };
    return {};
  };
  const raw = {
    send: (method, params) => new Promise((resolve) => {
      turns[turns.length - 1].push(method === 'Input.dispatchKeyEvent' ? `${params.type} ${params.key}` : method);
      held.push(() => resolve(answerOf(method, params)));
    }),
  };
  const run = startRun(60_000, { timers: fakeTimers() });
  run.sameDocument = (session) => session.send('Page.getFrameTree');
  run.leftDocument = () => new Error('left');
  const turn = async () => {
    for (let i = 0; i < 5; i++) await settle();
    const answers = held;
    held = [];
    turns.push([]);
    for (const answer of answers) answer();
    for (let i = 0; i < 5; i++) await settle();
  };
  return { session: run.session(raw), turns, turn };
}

test('a fill whose rule objects the act asked at its lookup is two round trips: focus, check and the rule\'s reads, then the keys and text', async () => {
  const { session, turns, turn } = turnSession();
  try {
    const objects = askRuleObjects(session); // as route.js asks them beside the target's lookup
    await turn();
    const done = fillText(session, field, 'Ada', true, true, objects);
    let answered = null;
    done.then((got) => { answered = got; });
    for (let i = 0; i < 4 && !answered; i++) await turn();
    assert.deepEqual(answered, { method: 'insert_text', typed_by: 'insert_text_no_listeners' });
  } finally {
    delete globalThis.chrome;
  }
  const [lookup, first, second] = turns;
  assert.deepEqual(lookup, ['Runtime.evaluate', 'Runtime.evaluate']);
  // the listener reads go out behind the focus, in its round trip
  assert.deepEqual(first.slice(0, 2), ['DOM.focus', 'Page.getFrameTree']);
  assert.deepEqual(first.filter((m) => m === 'DOMDebugger.getEventListeners').length, 2);
  assert.ok(first.includes('Runtime.callFunctionOn'), 'the field\'s event path in the same round trip');
  assert.deepEqual(second.filter((m) => !m.startsWith('Runtime.release')), [
    'rawKeyDown a', 'keyUp a', 'Input.insertText']);
  assert.deepEqual(turns.flat().filter((m) => m === 'Runtime.releaseObject').length, 2, 'both objects released');
});

test('a fill that asks the rule objects itself is three round trips, its listeners read behind the focus', async () => {
  const { session, turns, turn } = turnSession();
  try {
    const done = fillText(session, field, 'Ada', true, true);
    let answered = null;
    done.then((got) => { answered = got; });
    for (let i = 0; i < 5 && !answered; i++) await turn();
    assert.deepEqual(answered, { method: 'insert_text', typed_by: 'insert_text_no_listeners' });
  } finally {
    delete globalThis.chrome;
  }
  const [first, second, third] = turns;
  assert.deepEqual(first.slice(0, 2), ['DOM.focus', 'Page.getFrameTree']);
  assert.deepEqual(first.filter((m) => m === 'Runtime.evaluate').length, 2);
  assert.deepEqual(second.filter((m) => m === 'DOMDebugger.getEventListeners').length, 2);
  assert.ok(third.includes('Input.insertText'));
});

test('the rule\'s objects are asked early only for a text the rule reads listeners for', () => {
  assert.equal(mayReadListeners('Ada', 0, true), true);
  assert.equal(mayReadListeners('Ada', 0, false), false, 'exact: typed key by key, nothing read');
  assert.equal(mayReadListeners('Ada', 1, true), false, 'a field in a frame is typed');
  assert.equal(mayReadListeners('', 0, true), false);
  assert.equal(mayReadListeners('a\nb', 0, true), false);
  assert.equal(mayReadListeners('x'.repeat(100_000), 0, true), false, 'long text is inserted without the rule');
  assert.equal(mayReadListeners(['a'], 0, true), false);
});

test('an inserted fill selects the value with the A key in Control\'s mask; a typed one presses Control', async () => {
  for (const [listeners, expected] of [[[], [['rawKeyDown', 'a', 2], ['keyUp', 'a', 2]]],
    [[{ type: 'keydown', backendNodeId: 7 }], [['rawKeyDown', 'Control', 2], ['rawKeyDown', 'a', 2], ['keyUp', 'a', 2],
      ['keyUp', 'Control', 0]]]]) {
    const { session, keys, answerListeners } = actSession({ listeners });
    try {
      const done = fillText(session, field, 'b', true, true);
      for (let i = 0; i < 5; i++) await settle();
      answerListeners();
      await done;
    } finally {
      delete globalThis.chrome;
    }
    const caret = keys.filter((k) => !(k.key === 'b'));
    assert.deepEqual(caret.map((k) => [k.type, k.key, k.modifiers]), expected);
    assert.ok(caret.every((k) => k.code && k.windowsVirtualKeyCode), 'each a real key: its code and key code');
  }
});

test('a long text inserted without the rule, and an empty fill, keep the whole chord', async () => {
  const { session, log } = actSession();
  try {
    await fillText(session, field, 'x'.repeat(5000), true, true);
  } finally {
    delete globalThis.chrome;
  }
  assert.deepEqual(log.filter((x) => x.includes('Control')), ['rawKeyDown Control', 'keyUp Control']);
});
