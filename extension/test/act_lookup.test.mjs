// The act's lookup of its target (executor.js liveTarget, resolve.js frameOfId/locateNode) on
// what the act read already: the frames its baseline check just read are numbered instead of
// read again, and a node of the top document is looked for in the top document's world whose
// evaluate answered the check, with no world made; anything else is asked as before.
import test from 'node:test';
import assert from 'node:assert/strict';

import { liveTarget } from '../lib/act/executor.js';

const TOP = { frameId: 'F0', parentFrameId: null, loaderId: 'L0', url: 'http://127.0.0.1/a.html', name: '' };
const CHILD = { frameId: 'F1', parentFrameId: 'F0', loaderId: 'L1', url: 'http://127.0.0.1/b.html', name: '' };
const FACTS = { tag: 'button', type: '', role: '', disabled: false, editable: false, readOnly: false, checked: null,
  options: null, selectedIndex: null, multiple: false, form: false, focused: false };

/** A tab whose frames are TOP and CHILD (same process); node 29 lives in `home` (a context id:
 * 40 is the top document's kept world, 50 the act's world made in the top frame, 60 the
 * child's); `gone`: contexts that no longer exist. */
function tab({ home = 50, gone = [] } = {}) {
  const sent = [];
  const contextOfFrame = { F0: 50, F1: 60 };
  const documentOf = { 40: 'top', 50: 'top', 60: 'child' };
  const nodeDocument = home === 60 ? 'child' : 'top';
  const answers = {
    'Page.getFrameTree': () => ({ frameTree: { frame: { id: 'F0', loaderId: 'L0', url: TOP.url },
      childFrames: [{ frame: { id: 'F1', parentId: 'F0', loaderId: 'L1', url: CHILD.url } }] } }),
    'Target.setAutoAttach': () => ({}),
    'Page.createIsolatedWorld': (p) => ({ executionContextId: contextOfFrame[p.frameId] }),
    'DOM.resolveNode': (p) => {
      if (gone.includes(p.executionContextId)) throw new Error('Cannot find context with specified id');
      return { object: { objectId: `n29@${p.executionContextId}` } };
    },
    'Runtime.callFunctionOn': (p) => {
      const context = Number(p.objectId.split('@')[1]);
      const where = documentOf[context] === nodeDocument ? 'here' : 'elsewhere';
      return { result: { value: where === 'here' ? { where, also: JSON.stringify(FACTS) } : { where } } };
    },
  };
  return {
    sent,
    tabId: 7,
    childSessions: () => [],
    async send(method, params) {
      sent.push({ method, params });
      await new Promise((r) => setTimeout(r, 1));
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(params);
    },
  };
}

const methods = (s) => s.sent.map((c) => c.method);

test('no earlier reads: the frames are read and a world is made, as always', async () => {
  const s = tab();
  const node = await liveTarget(s, { id: '0-29' });
  assert.deepEqual(methods(s).sort(), ['DOM.resolveNode', 'Page.createIsolatedWorld', 'Page.getFrameTree',
    'Runtime.callFunctionOn', 'Target.setAutoAttach']);
  assert.equal(node.contextId, 50);
  assert.equal(node.facts.tag, 'button');
});

test('the check\'s frames and the top world it answered in: two commands, no frame tree, no world', async () => {
  const s = tab();
  const node = await liveTarget(s, { id: '0-29' }, null, { frames: [TOP, CHILD], topContext: 40 });
  assert.deepEqual(methods(s), ['DOM.resolveNode', 'Runtime.callFunctionOn']);
  assert.equal(s.sent[0].params.executionContextId, 40);
  assert.equal(node.contextId, 40);
  assert.equal(node.frame.frameId, 'F0');
  assert.deepEqual(node.frames.map((f) => f.frameId), ['F0', 'F1']);
  assert.equal(node.facts.tag, 'button');
});

test('the check\'s frames alone: no frame tree read, the world made as before', async () => {
  const s = tab();
  const node = await liveTarget(s, { id: '0-29' }, null, { frames: [TOP, CHILD], topContext: null });
  assert.deepEqual(methods(s), ['Page.createIsolatedWorld', 'DOM.resolveNode', 'Runtime.callFunctionOn']);
  assert.equal(node.contextId, 50);
});

test('a top world that is gone: the node is looked for in a world made for it', async () => {
  const s = tab({ gone: [40] });
  const node = await liveTarget(s, { id: '0-29' }, null, { frames: [TOP, CHILD], topContext: 40 });
  assert.deepEqual(methods(s), ['DOM.resolveNode', 'Page.createIsolatedWorld', 'DOM.resolveNode', 'Runtime.callFunctionOn']);
  assert.equal(node.contextId, 50);
});

test('a node the top world does not hold is asked again in its own frame\'s world: the same verdict', async () => {
  // frame 1's node: the known world is never asked (it is the top document's), the child's is made
  const s = tab({ home: 60 });
  const node = await liveTarget(s, { id: '1-29' }, null, { frames: [TOP, CHILD], topContext: 40 });
  assert.deepEqual(methods(s), ['Page.createIsolatedWorld', 'DOM.resolveNode', 'Runtime.callFunctionOn']);
  assert.equal(s.sent[0].params.frameId, 'F1');
  assert.equal(node.contextId, 60);
  // a frame-0 id whose node is not in the top document: stale, as the act's own world says
  const t = tab({ home: 60 });
  await assert.rejects(liveTarget(t, { id: '0-29' }, null, { frames: [TOP, CHILD], topContext: 40 }),
    (err) => err.code === 'stale_element');
  assert.deepEqual(methods(t), ['DOM.resolveNode', 'Runtime.callFunctionOn', 'Page.createIsolatedWorld',
    'DOM.resolveNode', 'Runtime.callFunctionOn']);
});
