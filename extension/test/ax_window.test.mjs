import assert from 'node:assert/strict';
import test from 'node:test';

import { mergeNodes, orphanNodes, windowScoped, windowTargets } from '../lib/ax/ax_window.js';

test('the AX formats read the window unless asked for the page; a focused outline reads the page', () => {
  assert.equal(windowScoped({}), true);
  assert.equal(windowScoped({ format: 'snapshot' }), true);
  assert.equal(windowScoped({ format: 'outline' }), true);
  assert.equal(windowScoped({ format: 'snapshot', scope: 'page' }), false);
  assert.equal(windowScoped({ format: 'outline', focus: '#card' }), false);
  assert.equal(windowScoped({ format: 'domtext' }), false);
});

test('targets: every resolved record by CDP frame, the <html>, text holders (not controls)', () => {
  const walker = {
    frames: [{ frameId: 'M' }, { frameId: 'F' }],
    elements: [
      { p: -1, f: 0, s: 'html', b: 1 },
      { p: 0, f: 0, s: 'body', b: 2 },
      { p: 1, f: 0, s: 'p', b: 3, tx: 'Hello' },
      { p: 1, f: 0, s: 'a', b: 4, tx: 'Go', c: ['href'] },
      { p: 1, f: 0, s: 'div', tx: 'no id' }, // unresolved: skipped
      { p: 1, f: 1, s: 'html', b: 1 },
    ],
    subframes: [{ frameId: 9, result: { frames: [{ frameId: 'X' }], elements: [{ p: -1, f: 0, s: 'html', b: 5 }] } }],
  };
  const targets = windowTargets(walker);
  assert.deepEqual([...targets.keys()], ['M', 'F', 'X']);
  assert.deepEqual([...targets.get('M').ids], [1, 2, 3, 4]);
  assert.equal(targets.get('M').html, 1);
  assert.deepEqual([...targets.get('M').expand], [3]);
  assert.equal(targets.get('X').html, 5);
});

test('merged replies: one node per id, the root first; orphans are the nodes whose parent is missing', () => {
  const chain = [{ nodeId: '5', parentId: '2', childIds: [] }, { nodeId: '2', parentId: '1', childIds: ['5'] },
    { nodeId: '1', childIds: ['2'] }];
  const merged = mergeNodes([[{ nodeId: '7', parentId: '5' }], chain, [{ nodeId: '5', parentId: '2' }], null]);
  assert.deepEqual(merged.map((n) => n.nodeId), ['1', '7', '5', '2']);
  const lists = [chain, [{ nodeId: '9', parentId: '8', backendDOMNodeId: 90 }, { nodeId: '10', parentId: '9', backendDOMNodeId: 91 }]];
  assert.deepEqual(orphanNodes(lists), [90]);
});
