import assert from 'node:assert/strict';
import { test } from 'node:test';

import { saidTwice, thinAXNodes } from '../lib/ax/ax_thin.js';

test('AX nodes lose only the fields and properties no host step reads', () => {
  const nodes = [
    { nodeId: '1', ignored: false, role: { type: 'role', value: 'button' }, chromeRole: { type: 'internalRole', value: 9 },
      name: { type: 'computedString', value: 'Go', sources: [{ type: 'contents', value: { type: 'computedString', value: 'Go' } }] },
      properties: [{ name: 'focusable', value: { type: 'booleanOrUndefined', value: true } },
        { name: 'hasPopup', value: { type: 'token', value: 'menu' } }],
      childIds: ['2'], backendDOMNodeId: 5, frameId: 'F' },
    { nodeId: '2', ignored: true, ignoredReasons: [{ name: 'uninteresting', value: { type: 'boolean', value: true } }],
      parentId: '1', name: { type: 'computedString', value: '' } },
  ];
  const thin = thinAXNodes(nodes);
  assert.deepEqual(thin, [
    { nodeId: '1', ignored: false, role: { type: 'role', value: 'button' },
      name: { type: 'computedString', value: 'Go' },
      properties: [{ name: 'hasPopup', value: { type: 'token', value: 'menu' } }],
      childIds: ['2'], backendDOMNodeId: 5, frameId: 'F' },
    { nodeId: '2', ignored: true, parentId: '1' },
  ]);
  assert.ok(nodes[0].name.sources, 'the input is left as it was');
});

test('an ignored node travels as its links only (the host lifts it out of the tree)', () => {
  const [thin] = thinAXNodes([{ nodeId: '3', ignored: true, role: { type: 'role', value: 'generic' },
    name: { type: 'computedString', value: 'wrapper text', sources: [] }, value: { type: 'string', value: 'v' },
    properties: [{ name: 'disabled', value: { type: 'boolean', value: true } }], childIds: ['4', '5'],
    parentId: '1', backendDOMNodeId: 9, ignoredReasons: [{ name: 'notRendered' }] }]);
  assert.deepEqual(thin, { nodeId: '3', ignored: true, role: { type: 'role', value: 'generic' },
    childIds: ['4', '5'], parentId: '1', backendDOMNodeId: 9 });
});

test('a name said twice keeps its sources for the host to undo the doubling', () => {
  const doubled = { type: 'computedString', value: 'Month Month',
    sources: [{ type: 'attribute', attribute: 'aria-label', value: { type: 'computedString', value: 'Month' } }] };
  const [thin] = thinAXNodes([{ nodeId: '7', name: doubled }]);
  assert.deepEqual(thin.name, doubled);
  assert.equal(saidTwice('Show date picker Show date picker'), true);
  assert.equal(saidTwice('Month'), false);
  assert.equal(saidTwice('Month  Month'), false);
  assert.equal(saidTwice('Go Home'), false);
});
