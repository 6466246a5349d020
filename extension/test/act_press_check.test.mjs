// A hit test gone stale before the press (press_check.js, input.js clickAt's beforePress):
// the move goes alone, the point is hit-tested again with the pointer on it, and the press
// goes only when it still reaches the target.
import test from 'node:test';
import assert from 'node:assert/strict';

import { AxError } from '../lib/common/errors.js';
import { checkBeforePress } from '../lib/act/press_check.js';
import { clickAt } from '../lib/act/input.js';

const covered = () => Object.assign(new AxError('occluded', 'Another element is on top of the target at the point a click would land', 'h'),
  { cover: { backendNodeId: 9, frame: 0, tag: 'div', text: 'Special offer' } });

/** A session whose Runtime.callFunctionOn answers `connected` (or throws), recording commands. */
function session({ connected = true } = {}) {
  const sent = [];
  return {
    sent,
    async send(method, params, sessionId) {
      sent.push({ method, params, sessionId });
      if (method === 'Runtime.callFunctionOn') {
        if (connected instanceof Error) throw connected;
        return { result: { value: connected } };
      }
      return {};
    },
  };
}

const target = { objectId: 'o7', frame: { sessionId: 'S1' }, backendNodeId: 7 };

test('still clear with the pointer on it: the press may go, nothing else asked', async () => {
  const s = session();
  let asked = 0;
  await checkBeforePress(s, { node: target, run: async () => { asked++; } });
  assert.equal(asked, 1);
  assert.deepEqual(s.sent, []);
});

test('a cover the page showed when the pointer came refuses as occluded, naming it, nothing pressed', async () => {
  const s = session({ connected: true });
  await assert.rejects(checkBeforePress(s, { node: target, run: async () => { throw covered(); } }), (err) => {
    assert.equal(err.code, 'occluded');
    assert.equal(err.cover.text, 'Special offer');
    assert.match(err.message, /once the pointer moved there .*nothing was pressed/);
    assert.match(err.hint, /read the page again/);
    return true;
  });
  assert.deepEqual(s.sent.map((c) => [c.method, c.sessionId]), [['Runtime.callFunctionOn', 'S1']], 'asked in its own frame');
});

test('a target the page replaced on the move is its own re-render: the press goes, as before', async () => {
  await checkBeforePress(session({ connected: false }), { node: target, run: async () => { throw covered(); } });
});

test('a target whose document cannot be read keeps the refusal; other failures pass through', async () => {
  await assert.rejects(checkBeforePress(session({ connected: new Error('gone') }), { node: target, run: async () => { throw covered(); } }),
    (err) => err.code === 'occluded');
  const failed = new AxError('hit_test_failed', 'no answer', '');
  await assert.rejects(checkBeforePress(session(), { node: target, run: async () => { throw failed; } }), (err) => err === failed);
});

/** An act's session: sendInOrder batches, recorded as groups. */
function inputSession() {
  const groups = [];
  return {
    groups,
    async send() { throw new Error('not used'); },
    async sendInOrder(commands) { groups.push(commands.map(([, p]) => p.type)); return commands.map(() => ({})); },
  };
}

test('clickAt with beforePress: the move alone, then the check, then the presses; a refusal sends no press', async () => {
  const s = inputSession();
  const order = [];
  await clickAt(s, { x: 5, y: 6 }, { count: 2, beforePress: async () => { order.push(s.groups.length); } });
  assert.deepEqual(s.groups, [['mouseMoved'], ['mousePressed', 'mouseReleased', 'mousePressed', 'mouseReleased']]);
  assert.deepEqual(order, [1], 'checked after the move, before any press');
  const refused = inputSession();
  await assert.rejects(clickAt(refused, { x: 5, y: 6 }, { beforePress: async () => { throw covered(); } }), (e) => e.code === 'occluded');
  assert.deepEqual(refused.groups, [['mouseMoved']]);
  const plain = inputSession();
  await clickAt(plain, { x: 5, y: 6 });
  assert.deepEqual(plain.groups, [['mouseMoved', 'mousePressed', 'mouseReleased']], 'no check: one batch, as before');
});
