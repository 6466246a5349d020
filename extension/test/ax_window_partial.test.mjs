// ax_window_partial.js: the window's AX nodes of a big document by partial reads.
import assert from 'node:assert/strict';
import test from 'node:test';

import { partialWindowNodes } from '../lib/ax/ax_window_partial.js';

// A card: <div role=group> (20) > <span> (21, ignored, not in the tree) > text (30);
// <button> (22) > text (31). The group lists the span's text as its own child (the span
// is not in the AX tree), as Chromium does. <html> (10) > <body> (11) > group.
function fakeTree({ domIds = true } = {}) {
  const id = (backend) => (domIds ? String(backend) : `ax${backend}`);
  const node = (backend, role, parent, kids, extra = {}) => ({
    nodeId: id(backend), backendDOMNodeId: backend, role: { value: role },
    ...(parent ? { parentId: id(parent) } : {}), childIds: kids.map(id), ...extra,
  });
  const nodes = [
    { nodeId: 'root', role: { value: 'RootWebArea' }, childIds: [id(10)] },
    { ...node(10, 'none', null, [11], { ignored: true }), parentId: 'root' },
    node(11, 'none', 10, [20], { ignored: true }),
    node(20, 'group', 11, [30, 22]),
    node(21, 'none', 20, [30], { ignored: true }),
    node(30, 'StaticText', 20, []),
    node(22, 'button', 20, [31]),
    node(31, 'StaticText', 22, []),
  ];
  return new Map(nodes.map((n) => [n.backendDOMNodeId ?? n.nodeId, n]));
}

function fakeSession(tree, dom = {}) {
  const sent = [];
  return {
    sent,
    async send(method, params) {
      sent.push(method);
      if (method === 'Accessibility.getPartialAXTree') {
        const n = tree.get(params.backendNodeId);
        if (!n) throw new Error('no node');
        if (!params.fetchRelatives) return { nodes: [n] };
        return { nodes: [tree.get('root'), n, ...n.childIds.map((c) => [...tree.values()].find((x) => x.nodeId === c))] };
      }
      if (method === 'DOM.describeNode') return { node: { children: dom[params.backendNodeId] ?? [] } };
      throw new Error(method);
    },
  };
}

const target = () => ({ ids: new Set([10, 11, 20, 21, 22]), html: 10, expand: new Set([21]), size: 5000 });

test('text holders: their text named by their AX childIds, no DOM.describeNode; the holder owns it', async () => {
  const session = fakeSession(fakeTree());
  const frame = { frameId: 'M' };
  const steps = {};
  const nodes = await partialWindowNodes(session, frame, target(), [], steps);
  assert.equal(session.sent.filter((m) => m === 'DOM.describeNode').length, 0);
  assert.equal(nodes[0].nodeId, 'root');
  assert.ok(nodes.some((n) => n.backendDOMNodeId === 30), 'the span\'s text is read');
  assert.ok(!nodes.some((n) => n.backendDOMNodeId === 31), 'a control\'s text is its name: not read');
  assert.deepEqual(frame.text_owners, { 30: 21 });
  assert.equal(steps.requests, 1 + 5 + 1);
});

test('a reply whose node ids are not DOM ids: the holders\' DOM children, one round later', async () => {
  const session = fakeSession(fakeTree({ domIds: false }), { 21: [{ nodeType: 3, backendNodeId: 30, nodeValue: 'Card' },
    { nodeType: 3, backendNodeId: 99, nodeValue: '  ' }] });
  const frame = { frameId: 'M' };
  const steps = {};
  const nodes = await partialWindowNodes(session, frame, target(), [], steps);
  assert.equal(session.sent.filter((m) => m === 'DOM.describeNode').length, 1);
  assert.ok(nodes.some((n) => n.backendDOMNodeId === 30));
  assert.deepEqual(frame.text_owners, { 30: 21 });
  assert.equal(steps.describe_frames, 1);
});

test('a text listed by two holders belongs to the deeper one (the later record)', async () => {
  const tree = fakeTree();
  tree.get(20).childIds = ['30', '22']; // the group lists its span's text too
  const session = fakeSession(tree);
  const frame = { frameId: 'M' };
  await partialWindowNodes(session, frame, { ...target(), expand: new Set([20, 21]) }, [], {});
  assert.deepEqual(frame.text_owners, { 30: 21 });
});
