// One act's life (lib/act/run.js): its deadline names what it waited for, a stop refuses
// every command after it, a navigation refuses input only.
import test from 'node:test';
import assert from 'node:assert/strict';

import { startRun } from '../lib/act/run.js';

function fakeTimers() {
  const pending = [];
  return {
    pending,
    setTimeout: (fn, ms) => { pending.push({ fn, ms }); return pending.length; },
    clearTimeout: (id) => { if (pending[id - 1]) pending[id - 1].fn = null; },
    fire() { for (const t of pending.splice(0)) t.fn?.(); },
  };
}

test('the deadline names the command the page did not answer and the step', async () => {
  const timers = fakeTimers();
  const run = startRun(1500, { timers });
  const never = { send: () => new Promise(() => {}) };
  const session = run.session(never);
  run.step('the click');
  session.send('Input.dispatchMouseEvent', { type: 'mouseReleased' });
  timers.fire();
  const stopped = await run.ended;
  assert.equal(stopped.code, 'timeout');
  assert.match(stopped.message, /1500 ms/);
  assert.match(stopped.message, /Input\.dispatchMouseEvent \(mouseReleased\) during the click/);
  await assert.rejects(session.send('DOM.describeNode', {}), (e) => e === stopped);
  assert.throws(() => run.step('anything'), (e) => e === stopped);
});

test('a navigation stops input, not reads', async () => {
  const run = startRun(60_000, { timers: fakeTimers() });
  const sent = [];
  const session = run.session({ send: async (m) => { sent.push(m); return {}; } });
  const nav = new Error('navigated');
  run.stopInput(nav);
  await assert.rejects(session.send('Input.dispatchKeyEvent', { type: 'keyDown' }), (e) => e === nav);
  await assert.rejects(session.send('Input.insertText', { text: 'x' }), (e) => e === nav);
  await session.send('DOM.getDocument');
  assert.deepEqual(sent, ['DOM.getDocument']);
  assert.equal(run.stopped, null);
});

test('commands sent in order go out back to back after one document check, and a navigation stops them', async () => {
  const run = startRun(60_000, { timers: fakeTimers() });
  const sent = [];
  const answers = [];
  const session = run.session({ send: (m, p) => { sent.push(p.type); return new Promise((r) => { answers.push(r); }); } });
  let checks = 0;
  run.sameDocument = async () => { checks += 1; return true; };
  run.leftDocument = () => new Error('left');
  const pair = session.sendInOrder([['Input.dispatchKeyEvent', { type: 'keyDown' }], ['Input.dispatchKeyEvent', { type: 'keyUp' }]]);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(sent, ['keyDown', 'keyUp'], 'the up went out before the down was answered');
  assert.equal(checks, 1);
  for (const answer of answers) answer({});
  await pair;
  run.sameDocument = async () => false;
  await assert.rejects(session.sendInOrder([['Input.dispatchKeyEvent', { type: 'keyDown' }]]), /left/);
  assert.deepEqual(sent, ['keyDown', 'keyUp'], 'nothing went into another document');
  await assert.rejects(session.sendInOrder([['Input.dispatchKeyEvent', { type: 'keyDown' }]]), /left/);
});
