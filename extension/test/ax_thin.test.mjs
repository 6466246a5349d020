import assert from 'node:assert/strict';
import { test } from 'node:test';

import { thinAXNodes } from '../lib/ax_thin.js';

test('AX nodes lose only the fields no host step reads', () => {
  const nodes = [
    { nodeId: '1', ignored: false, role: { type: 'role', value: 'button' }, chromeRole: { type: 'internalRole', value: 9 },
      name: { type: 'computedString', value: 'Go', sources: [{ type: 'contents', value: { type: 'computedString', value: 'Go' } }] },
      properties: [{ name: 'focusable', value: { type: 'booleanOrUndefined', value: true } }],
      childIds: ['2'], backendDOMNodeId: 5, frameId: 'F' },
    { nodeId: '2', ignored: true, ignoredReasons: [{ name: 'uninteresting', value: { type: 'boolean', value: true } }],
      parentId: '1', name: { type: 'computedString', value: '' } },
  ];
  const thin = thinAXNodes(nodes);
  assert.deepEqual(thin, [
    { nodeId: '1', ignored: false, role: { type: 'role', value: 'button' },
      name: { type: 'computedString', value: 'Go' },
      properties: [{ name: 'focusable', value: { type: 'booleanOrUndefined', value: true } }],
      childIds: ['2'], backendDOMNodeId: 5, frameId: 'F' },
    { nodeId: '2', ignored: true, parentId: '1', name: { type: 'computedString', value: '' } },
  ]);
  assert.ok(nodes[0].name.sources, 'the input is left as it was');
});
