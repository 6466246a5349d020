import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AxCache, orderedNodes, patchTree, treeProblem } from '../lib/reuse/ax_cache.js';
import { normalizeAxNodes } from '../lib/ax/ax_thin.js';
import { parseJournal, subtreeIds } from '../lib/ax/ax_cache_read.js';

// A small getFullAXTree: root → main → [button "Go" → text, list → item → text].
const ax = (nodeId, role, parentId, childIds = [], extra = {}) => ({
  nodeId, ignored: false, role: { type: 'role', value: role }, chromeRole: { type: 'internalRole', value: 1 },
  ...(parentId ? { parentId } : {}), childIds, backendDOMNodeId: Number(nodeId) * 10, ...extra,
});
const tree = () => normalizeAxNodes([
  ax('1', 'RootWebArea', null, ['2']),
  ax('2', 'main', '1', ['3', '5']),
  ax('3', 'button', '2', ['4'], { name: { type: 'computedString', value: 'Go' } }),
  ax('4', 'StaticText', '3', ['-9'], { name: { type: 'computedString', value: 'Go' } }),
  { nodeId: '-9', role: { type: 'internalRole', value: 'InlineTextBox' }, parentId: '4', childIds: [] },
  ax('5', 'list', '2', ['6']),
  ax('6', 'listitem', '5', ['7']),
  ax('7', 'StaticText', '6', []),
]);
const entryOf = (nodes) => new AxCache().put(1, { frameId: 'F', loaderId: 'L', token: 't', contextId: 3 }, nodes);

test('normalizing drops inline text boxes, their ids and the fields the host does not read', () => {
  const nodes = tree();
  assert.equal(nodes.length, 7);
  assert.deepEqual(nodes.find((n) => n.nodeId === '4').childIds, []);
  assert.ok(nodes.every((n) => !('chromeRole' in n)));
  const marker = normalizeAxNodes([ax('8', 'ListMarker', '6', ['-3']),
    { nodeId: '-3', ignored: true, role: { type: 'role', value: 'none' }, parentId: '8', childIds: [] }]);
  assert.deepEqual(marker.map((n) => [n.nodeId, n.childIds]), [['8', []]]);
  assert.equal(treeProblem(new Map(nodes.map((n) => [n.nodeId, n])), '1'), null);
});

test('a patch with a changed name gives the tree with that name and counts one change', () => {
  const entry = entryOf(tree());
  const renamed = normalizeAxNodes([ax('3', 'button', '2', ['4'], { name: { type: 'computedString', value: 'Stop' } })]);
  const out = patchTree(entry, [...renamed, ...normalizeAxNodes([ax('1', 'RootWebArea', null, ['2'])])]);
  assert.equal(out.ok, true);
  assert.equal(out.changed, 1);
  assert.equal(out.nodes.find((n) => n.nodeId === '3').name.value, 'Stop');
  assert.deepEqual(out.nodes.map((n) => n.nodeId), ['1', '2', '3', '4', '5', '6', '7'], 'depth first, root first');
});

test('an inserted child joins the tree; a removed one and its subtree leave it', () => {
  const entry = entryOf(tree());
  const inserted = normalizeAxNodes([ax('5', 'list', '2', ['6', '10']), ax('10', 'listitem', '5', ['11']), ax('11', 'StaticText', '10', [])]);
  let out = patchTree(entry, inserted);
  assert.equal(out.ok, true);
  assert.deepEqual(out.nodes.map((n) => n.nodeId), ['1', '2', '3', '4', '5', '6', '7', '10', '11']);
  out = patchTree(entry, normalizeAxNodes([ax('2', 'main', '1', ['5'])]));
  assert.equal(out.ok, true);
  assert.equal(out.changed, 3, 'main changed; button and its text left');
  assert.deepEqual(out.nodes.map((n) => n.nodeId), ['1', '2', '5', '6', '7', '10', '11']);
  assert.equal(entry.byId.has('3'), false, 'the cache forgets what left the tree');
});

test('a patch that does not give a tree back is refused', () => {
  // a new child nobody read
  assert.match(patchTree(entryOf(tree()), normalizeAxNodes([ax('5', 'list', '2', ['6', '12'])])).reason, /child 12 of 5 is unknown/);
  // a child that moved without its new parent saying so
  assert.match(patchTree(entryOf(tree()), normalizeAxNodes([ax('7', 'StaticText', '3', [])])).reason, /names parent 3, not 6/);
  // the renderer rebuilt its AX objects: the document's node has another id
  assert.match(patchTree(entryOf(tree()), normalizeAxNodes([ax('40', 'RootWebArea', null, ['2'])])).reason, /AX root changed/);
  // a DOM node without an AX object (id "0") changes nothing
  assert.equal(patchTree(entryOf(tree()), [{ nodeId: '0', ignored: true, role: { value: 'none' } }]).changed, 0);
});

test('the cache is per tab and document, and bounded', () => {
  const cache = new AxCache({ maxTabs: 2, maxNodes: 7 });
  const where = { frameId: 'F', loaderId: 'L', token: 't', contextId: 1 };
  assert.ok(cache.put(1, where, tree()));
  assert.equal(cache.get(1, 'F', 'L2'), null, 'another document: dropped');
  assert.equal(cache.get(1, 'F', 'L'), null, 'and gone');
  cache.put(1, where, tree());
  cache.put(2, where, tree());
  cache.get(1, 'F', 'L'); // 1 used last
  cache.put(3, where, tree());
  assert.deepEqual([...cache.tabs.keys()], [1, 3], 'the least recently used tab goes');
  assert.equal(cache.put(4, where, [...tree(), ax('8', 'generic', '2', [])]), null, 'too many nodes: not kept');
  assert.equal(cache.put(5, { ...where, token: null }, tree()), null, 'no journal: not kept');
  cache.drop(1);
  assert.deepEqual([...cache.tabs.keys()], [3]);
});

test('a journal take is parsed into self and subtree ids; a node without id refuses it', () => {
  const node = (id) => ({ type: 'node', value: { backendNodeId: id, loaderId: 'L' } });
  const reply = (items) => ({ result: { deepSerializedValue: { type: 'array', value: items } } });
  const ok = parseJournal(reply([{ type: 'string', value: 'ok' }, { type: 'string', value: 'n2' },
    { type: 'number', value: 2 }, node(5), node(6), node(7)]));
  assert.deepEqual(ok, { status: 'ok', token: 'n2', self: [5, 6], tree: [7] });
  const bad = parseJournal(reply([{ type: 'string', value: 'ok' }, { type: 'string', value: 'n2' },
    { type: 'number', value: 0 }, { type: 'node', internalId: 'x' }]));
  assert.equal(bad.status, 'a changed node has no id');
  assert.equal(parseJournal({}), null);
});

test('subtree ids take shadow trees and pseudo-elements, not child frames', () => {
  const described = {
    backendNodeId: 1, nodeType: 1, children: [{ backendNodeId: 2, nodeType: 3 }],
    shadowRoots: [{ backendNodeId: 3, nodeType: 11, children: [{ backendNodeId: 4, nodeType: 1 }] }],
    pseudoElements: [{ backendNodeId: 5, nodeType: 1 }],
    contentDocument: { backendNodeId: 6, nodeType: 9 },
  };
  assert.deepEqual([...subtreeIds(described)].sort(), [1, 2, 4, 5]);
  assert.deepEqual([...orderedNodes(new Map(), 'x')], []);
});
