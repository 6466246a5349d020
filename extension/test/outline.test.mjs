import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  axFramePositions, captureDomTree, flattenDomTree, framePositions, isCssFocus, looksDepthRelated, missingChildren, orderFrames,
  resolveFocusSelector,
} from '../lib/capture/domtree.js';
import { fullAXTree } from '../lib/capture/chromium_trees.js';
import { splitHops } from '../lib/capture/resolve.js';
import { validateMessage, validateOptions } from '../lib/router/router.js';

/** A chain of `depth` nested DIVs under a document; backendNodeIds 1.. in order. */
function deepDocument(depth) {
  let id = 1;
  const root = { nodeType: 9, backendNodeId: id++, nodeId: 1, children: [] };
  let node = root;
  for (let i = 0; i < depth; i++) {
    const kid = { nodeType: 1, nodeName: 'DIV', backendNodeId: id++, childNodeCount: i < depth - 1 ? 1 : 0, children: [] };
    node.children.push(kid);
    node = kid;
  }
  return root;
}

/** The same document cut `limit` levels below `node` (children dropped, counts kept). */
function cut(node, limit) {
  const copy = { ...node };
  delete copy.children;
  if (limit > 0 && node.children) copy.children = node.children.map((k) => cut(k, limit - 1));
  return copy;
}

function findBackend(node, id) {
  if (node.backendNodeId === id) return node;
  for (const kid of node.children ?? []) {
    const hit = findBackend(kid, id);
    if (hit) return hit;
  }
  return null;
}

function depthOf(node) {
  return 1 + Math.max(0, ...(node.children ?? []).map(depthOf));
}

test('captureDomTree slices a too-deep document and fills it in completely', async () => {
  const full = deepDocument(130);
  const calls = [];
  const send = async (method, params) => {
    calls.push([method, params.depth]);
    if (method === 'DOM.getDocument' && params.depth === -1) throw new Error('Object reference chain is too long');
    if (method === 'DOM.getDocument') return { root: cut(full, params.depth) };
    if (method === 'DOM.describeNode') return { node: cut(findBackend(full, params.backendNodeId), params.depth) };
    throw new Error(`unexpected ${method}`);
  };
  const tree = await captureDomTree(send, undefined);
  assert.equal(depthOf(tree.root), depthOf(full));
  assert.equal(tree.depth_fallback.truncated, false);
  assert.match(tree.depth_fallback.reason, /too long/);
  assert.ok(calls.some(([m]) => m === 'DOM.describeNode'));
  assert.deepEqual(missingChildren(tree.root), []);
});

test('captureDomTree keeps other failures as failures', async () => {
  const send = async () => { throw new Error('Target closed'); };
  await assert.rejects(captureDomTree(send, undefined), /Target closed/);
  assert.equal(looksDepthRelated('Maximum call stack size exceeded'), true);
  assert.equal(looksDepthRelated('No frame with given id'), false);
});

test('orderFrames puts out-of-process frames in document order of their owners', () => {
  const frames = [
    { frameId: 'M' }, { frameId: 'A', parentFrameId: 'M' }, { frameId: 'A1', parentFrameId: 'A' },
    { frameId: 'C', parentFrameId: 'M' }, { frameId: 'B', parentFrameId: 'M', out_of_process: true },
  ];
  const main = {
    nodeType: 9, children: [{ nodeType: 1, children: [
      { nodeType: 1, frameId: 'A', contentDocument: { nodeType: 9, children: [{ nodeType: 1, frameId: 'A1' }] } },
      { nodeType: 1, frameId: 'B' },
      { nodeType: 1, frameId: 'C' },
    ] }],
  };
  const ordered = orderFrames(frames, framePositions([main]));
  assert.deepEqual(ordered.map((f) => f.frameId), ['M', 'A', 'A1', 'B', 'C']);
  assert.deepEqual(orderFrames(frames, new Map()).map((f) => f.frameId), ['M', 'A', 'A1', 'C', 'B']);
});

test('axFramePositions orders sibling frames by their owners in the AX tree pre-order', () => {
  // getFullAXTree lists nodes breadth first: owner C (shallow, later in the document) comes
  // before owner B (deeper, earlier) in the list, not in the tree.
  const axNodes = [
    { nodeId: '1', childIds: ['2', '5'], backendDOMNodeId: 1 },
    { nodeId: '2', parentId: '1', childIds: ['3'], backendDOMNodeId: 2 },
    { nodeId: '5', parentId: '1', childIds: [], backendDOMNodeId: 50 }, // C's iframe
    { nodeId: '3', parentId: '2', childIds: ['4'], backendDOMNodeId: 3 },
    { nodeId: '4', parentId: '3', childIds: [], backendDOMNodeId: 40 }, // B's iframe
  ];
  const frames = [
    { frameId: 'M', axNodes },
    { frameId: 'C', parentFrameId: 'M', ownerBackendNodeId: 50, axNodes: [] },
    { frameId: 'B', parentFrameId: 'M', ownerBackendNodeId: 40, axNodes: [], out_of_process: true },
    { frameId: 'X', parentFrameId: 'M', ownerBackendNodeId: null, axNodes: [] },
  ];
  const positions = axFramePositions(frames);
  assert.deepEqual([...positions], [['C', 4], ['B', 3]]);
  assert.deepEqual(orderFrames(frames, positions).map((f) => f.frameId), ['M', 'B', 'C', 'X']);
});

test('focus: ids and XPaths stay on the host, CSS is resolved in the page', async () => {
  assert.equal(isCssFocus('0-29'), false);
  assert.equal(isCssFocus('0-axw29'), false, "a walk node's id (design note 64)");
  assert.equal(isCssFocus('/html/body'), false);
  assert.equal(isCssFocus('#card > button'), true);
  const send = async (method, params) => {
    if (method === 'DOM.querySelector') return { nodeId: params.selector === '#x' ? 7 : 0 };
    if (method === 'DOM.describeNode') return { node: { backendNodeId: 70 } };
    throw new Error(method);
  };
  assert.deepEqual(await resolveFocusSelector(send, { nodeId: 1 }, '#x'),
    { selector: '#x', backendNodeId: 70, error: null });
  const missing = await resolveFocusSelector(send, { nodeId: 1 }, '#nope');
  assert.equal(missing.backendNodeId, null);
  assert.match(missing.error, /no element/);
});

test('splitHops splits an outline XPath at frames and shadow roots', () => {
  assert.deepEqual(splitHops('/html/body/iframe[2]/html/body/x-a/#shadow-root/div/button'), [
    { kind: 'document', path: 'html/body/iframe[2]' },
    { kind: 'document', path: 'html/body/x-a' },
    { kind: 'shadow', path: 'div/button' },
  ]);
  assert.deepEqual(splitHops('/html/body/main/x-card/#shadow-root/iframe/html/body/a'), [
    { kind: 'document', path: 'html/body/main/x-card' },
    { kind: 'shadow', path: 'iframe' },
    { kind: 'document', path: 'html/body/a' },
  ]);
});

test('router accepts format outline, focus and resolve messages', () => {
  assert.deepEqual(validateOptions({ format: 'outline', focus: '#main' }), { format: 'outline', focus: '#main' });
  assert.throws(() => validateOptions({ focus: 3 }), /focus/);
  assert.deepEqual(validateMessage({ type: 'resolve', targetId: 'T', elementId: '1-29', xpath: '/html' }),
    { type: 'resolve', tabId: null, targetId: 'T', elementId: '1-29', xpath: '/html' });
  assert.throws(() => validateMessage({ type: 'resolve', elementId: 'button' }), /elementId/);
  assert.throws(() => validateMessage({ type: 'resolve', elementId: '0-1', xpath: 'html' }), /xpath/);
});

test('flattenDomTree: pre-order rows, parents first, only documents, shadow roots and elements', () => {
  const root = { nodeType: 9, nodeName: '#document', backendNodeId: 1, children: [
    { nodeType: 10, nodeName: 'html', backendNodeId: 2 },
    { nodeType: 1, nodeName: 'HTML', backendNodeId: 3, children: [
      { nodeType: 1, nodeName: 'X-A', backendNodeId: 4,
        shadowRoots: [{ nodeType: 11, nodeName: '#document-fragment', shadowRootType: 'open', backendNodeId: 5, children: [
          { nodeType: 1, nodeName: 'B', backendNodeId: 6 }] }],
        children: [{ nodeType: 3, nodeName: '#text', backendNodeId: 7 }] },
      { nodeType: 1, nodeName: 'IFRAME', backendNodeId: 8, frameId: 'F1',
        contentDocument: { nodeType: 9, nodeName: '#document', backendNodeId: 9, children: [] } },
    ] },
  ] };
  assert.deepEqual(flattenDomTree(root), [
    [-1, 'c', 9, '#document', 1, null, null],
    [0, 'c', 1, 'HTML', 3, null, null],
    [1, 'c', 1, 'X-A', 4, null, null],
    [2, 's', 11, '#document-fragment', 5, null, 'open'],
    [3, 'c', 1, 'B', 6, null, null],
    [1, 'c', 1, 'IFRAME', 8, 'F1', null],
    [5, 'd', 9, '#document', 9, null, null],
  ]);
  // 5000 levels: no recursion anywhere
  let deep = { nodeType: 1, nodeName: 'DIV', backendNodeId: 1 };
  const top = { nodeType: 9, nodeName: '#document', backendNodeId: 0, children: [deep] };
  for (let i = 2; i < 5000; i++) { const kid = { nodeType: 1, nodeName: 'DIV', backendNodeId: i }; deep.children = [kid]; deep = kid; }
  const rows = flattenDomTree(top);
  assert.equal(rows.length, 5000);
  assert.ok(JSON.stringify(rows).length > 0);
});

test('fullAXTree retries a depth-related failure with a bounded depth and reports it', async () => {
  const calls = [];
  const session = {
    send: async (method, params) => {
      calls.push(params);
      if (params.depth === undefined) throw new Error('Maximum call stack size exceeded');
      return { nodes: [{ nodeId: '1' }] };
    },
  };
  const frame = { frameId: 'F' };
  const errors = [];
  const ax = await fullAXTree(session, frame, errors);
  assert.deepEqual(ax.nodes, [{ nodeId: '1' }]);
  assert.equal(calls.length, 2);
  assert.ok(calls[1].depth > 0);
  assert.equal(errors[0].step, 'ax_depth');
  assert.match(frame.ax_depth_fallback.reason, /call stack/);
  const other = { send: async () => { throw new Error('No frame for given id found'); } };
  await assert.rejects(fullAXTree(other, { frameId: 'F' }, []), /No frame/);
});

test('captureDomTree reads a deep document in slices at once: no whole-tree read to wait for', async () => {
  const full = deepDocument(120);
  const calls = [];
  const send = async (method, params) => {
    calls.push([method, params.depth]);
    if (method === 'Runtime.evaluate') return { result: { type: 'number', value: 90 } };
    // Chromium's answer to a whole-tree read of a document nested 95-149 deep: none at all
    if (method === 'DOM.getDocument' && params.depth === -1) return new Promise(() => {});
    if (method === 'DOM.getDocument') return { root: cut(full, params.depth) };
    if (method === 'DOM.describeNode') return { node: cut(findBackend(full, params.backendNodeId), params.depth) };
    throw new Error(`unexpected ${method}`);
  };
  const tree = await captureDomTree(send, undefined);
  assert.equal(depthOf(tree.root), depthOf(full));
  assert.ok(!calls.some(([m, d]) => m === 'DOM.getDocument' && d === -1), 'no whole-tree read');
  assert.match(tree.depth_fallback.reason, /nests 90\+ levels/);
  // a shallow document keeps the one whole-tree read
  const shallow = deepDocument(12);
  const one = await captureDomTree(async (method) => (method === 'Runtime.evaluate'
    ? { result: { value: 0 } } : { root: shallow }), undefined);
  assert.equal(one.depth_fallback, undefined);
});
