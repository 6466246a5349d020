import assert from 'node:assert/strict';
import { test } from 'node:test';

import { saidTwice, thinAXNodes } from '../lib/ax_thin.js';

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
    { nodeId: '2', ignored: true, parentId: '1', name: { type: 'computedString', value: '' } },
  ]);
  assert.ok(nodes[0].name.sources, 'the input is left as it was');
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
