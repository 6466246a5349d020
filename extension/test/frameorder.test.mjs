// Document order of sibling frames for the DOM channel (lib/capture/frameorder.js).
import assert from 'node:assert/strict';
import test from 'node:test';

import { comparePaths, ownerFramePositions } from '../lib/capture/frameorder.js';
import { orderFrames } from '../lib/capture/domtree.js';

test('composed paths compare in document order, a shadow root before its host\'s children', () => {
  assert.ok(comparePaths([0, 1, 2], [0, 1, 3]) < 0);
  assert.ok(comparePaths([0, 1], [0, 1, 0]) < 0, 'an ancestor before its descendants');
  assert.ok(comparePaths([0, 1, -1, 0], [0, 1, 0]) < 0, 'shadow content before light children');
  assert.ok(comparePaths([0, 2], [0, 1, -1, 5]) > 0);
  assert.equal(comparePaths([0, 1], [0, 1]), 0);
});

/** A scripted CDP: owner backendNodeId → its composed path, run as the page would. */
function scripted(pathOf, { failFor = null } = {}) {
  const calls = [];
  const objects = new Map();
  const send = async (method, params = {}, sessionId = undefined) => {
    calls.push([method, params, sessionId]);
    if (method === 'Page.createIsolatedWorld') return { executionContextId: 9 };
    if (method === 'DOM.resolveNode') {
      if (params.backendNodeId === failFor) return {};
      objects.set(`o${params.backendNodeId}`, params.backendNodeId);
      return { object: { objectId: `o${params.backendNodeId}` } };
    }
    if (method === 'Runtime.callFunctionOn') {
      return { result: { value: params.arguments.map(({ objectId }) => pathOf[objects.get(objectId)]) } };
    }
    return {};
  };
  return { send, calls };
}

test('sibling frames are ranked by their owners\' positions, in each parent\'s own session', async () => {
  // The frame tree lists the cross-site frame (X, owner 30, in the page before B) last.
  const frames = [
    { frameId: 'M', parentFrameId: null, ownerBackendNodeId: null },
    { frameId: 'A', parentFrameId: 'M', ownerBackendNodeId: 10 },
    { frameId: 'A1', parentFrameId: 'A', ownerBackendNodeId: 5 },
    { frameId: 'B', parentFrameId: 'M', ownerBackendNodeId: 20 },
    { frameId: 'X', parentFrameId: 'M', ownerBackendNodeId: 30, sessionId: 'sx' },
  ];
  const sessionOf = new Map(frames.map((f) => [f.frameId, f.sessionId]));
  const { send, calls } = scripted({ 10: [0, 1, 0], 20: [0, 1, 4], 30: [0, 1, 2, -1, 0] });
  const errors = [];
  const positions = await ownerFramePositions(send, frames, sessionOf, errors);
  assert.deepEqual(errors, []);
  assert.deepEqual(Object.fromEntries(positions), { A: 0, X: 1, B: 2 });
  assert.deepEqual(orderFrames(frames, positions).map((f) => f.frameId), ['M', 'A', 'A1', 'X', 'B']);
  const resolves = calls.filter(([m]) => m === 'DOM.resolveNode');
  assert.ok(resolves.every(([, p, sid]) => p.executionContextId === 9 && sid === undefined),
    'owners resolved in an isolated world of the parent (the main frame: the tab\'s session)');
  assert.ok(!calls.some(([m]) => m === 'Runtime.evaluate'), 'nothing evaluated in the page');
  assert.ok(calls.some(([m]) => m === 'Runtime.releaseObjectGroup'));
});

test('a parent whose owners do not resolve keeps the frame tree\'s order and says why', async () => {
  const frames = [
    { frameId: 'M', parentFrameId: null, ownerBackendNodeId: null },
    { frameId: 'A', parentFrameId: 'M', ownerBackendNodeId: 10 },
    { frameId: 'B', parentFrameId: 'M', ownerBackendNodeId: 20 },
  ];
  const { send } = scripted({ 10: [0, 2], 20: [0, 1] }, { failFor: 20 });
  const errors = [];
  const positions = await ownerFramePositions(send, frames, new Map(), errors);
  assert.equal(positions.size, 0);
  assert.deepEqual(errors.map((e) => e.step), ['frame_order']);
  assert.deepEqual(orderFrames(frames, positions).map((f) => f.frameId), ['M', 'A', 'B']);
});

test('the path function walks out of shadow roots to their hosts', async () => {
  // Run the function the extension sends, on a small fake DOM: doc > html > body > [div, host],
  // host's shadow root > iframe; body's second child is the host.
  const { send, calls } = scripted({});
  const frames = [{ frameId: 'M' }, { frameId: 'A', parentFrameId: 'M', ownerBackendNodeId: 1 },
    { frameId: 'B', parentFrameId: 'M', ownerBackendNodeId: 2 }];
  await ownerFramePositions(send, frames, new Map(), []);
  const source = calls.find(([m]) => m === 'Runtime.callFunctionOn')[1].functionDeclaration;
  const composedPaths = new Function(`return (${source})`)();
  const node = (nodeType, parentNode = null) => ({ nodeType, parentNode, childNodes: [] });
  const add = (parent, child) => { child.parentNode = parent; parent.childNodes.push(child); return child; };
  const doc = node(9);
  const html = add(doc, node(1));
  const body = add(html, node(1));
  add(body, node(3)); // a text node counts as a child too
  const div = add(body, node(1));
  const host = add(body, node(1));
  const shadow = { nodeType: 11, parentNode: null, childNodes: [], host };
  const inShadow = add(shadow, node(1));
  const lightIframe = add(div, node(1));
  assert.deepEqual(composedPaths(lightIframe, inShadow), [[0, 0, 1, 0], [0, 0, 2, -1, 0]]);
});
