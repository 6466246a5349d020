// ax_window_patch.js and partialWindowNodes over cached nodes: a read after a change asks the
// changed records and their text in one round, and takes the untouched orphans' relatives
// from the cached nodes.
import assert from 'node:assert/strict';
import test from 'node:test';

import { guessedChildren, cachedRelatives, standsAbove } from '../lib/reuse/ax_window_patch.js';
import { partialWindowNodes } from '../lib/ax/ax_window_partial.js';

// <html> (10) > <body> (11) > <p> (20) > text (30); <select> (50) > popup (no DOM node) > <option> (51) > text (52)
function tree() {
  const n = (nodeId, backend, role, parentId, childIds) => ({
    nodeId, ...(backend ? { backendDOMNodeId: backend } : {}), role: { value: role }, ...(parentId ? { parentId } : {}), childIds,
  });
  return [
    n('root', null, 'RootWebArea', null, ['10']),
    n('10', 10, 'none', 'root', ['11']),
    n('11', 11, 'none', '10', ['20', '50']),
    n('20', 20, 'paragraph', '11', ['30']),
    n('30', 30, 'StaticText', '20', []),
    n('50', 50, 'combobox', '11', ['popup']),
    n('popup', null, 'MenuListPopup', '50', ['51']),
    n('51', 51, 'option', 'popup', ['52']),
    n('52', 52, 'StaticText', '51', []),
  ];
}

function keptOf(nodes, dirty, above = []) {
  return {
    above: new Set(above),
    byBackend: new Map(nodes.filter((x) => x.backendDOMNodeId).map((x) => [x.backendDOMNodeId, x])),
    byId: new Map(nodes.map((x) => [x.nodeId, x])),
    dirty: new Set(dirty),
  };
}

const target = () => ({ ids: new Set([10, 11, 20, 50, 51]), html: 10, expand: new Set([20, 51]), size: 200 });

test('the changed holders\' cached text nodes are guessed for the first round', () => {
  const kept = keptOf(tree(), [10, 11, 20]);
  assert.deepEqual([...guessedChildren(kept, target())], [30]);
  assert.deepEqual([...guessedChildren(null, target())], []);
});

test('an orphan\'s relatives come from the cached nodes only when the page touched none of them', () => {
  const have = new Set(['root', '10', '11', '20', '30', '50', '51', '52']);
  const clean = cachedRelatives(keptOf(tree(), [20]), target(), 51, have);
  assert.deepEqual(clean.map((x) => x.nodeId).sort(), ['51', 'popup']);
  assert.equal(cachedRelatives(keptOf(tree(), [50, 51]), target(), 51, have), null, 'the select changed');
  assert.equal(cachedRelatives(keptOf(tree(), [50]), target(), 51, have), null, 'its popup may have changed');
  const noPopup = tree().filter((x) => x.nodeId !== 'popup');
  assert.equal(cachedRelatives(keptOf(noPopup, []), target(), 51, have), null, 'a relative not kept');
});

test('a container marked only as an ancestor of a change stands kept while its AX children are records', () => {
  const kept = keptOf(tree(), [10, 11, 20, 50], [11, 20, 50]);
  assert.equal(standsAbove(kept, target(), 11), true, 'the <body>: no name or value from its contents');
  assert.equal(standsAbove(kept, target(), 20), false, 'a text child: the change may be its own child');
  assert.equal(standsAbove(kept, target(), 50), false, 'a select: its value is its option\'s text');
  assert.equal(standsAbove(keptOf(tree(), [11], []), target(), 11), false, 'changed itself');
});

test('a read after a text change: one round for the changed records and their text, the rest kept', async () => {
  const fresh = tree();
  fresh.find((x) => x.nodeId === '30').name = { value: 'new text' };
  const byBackend = new Map(fresh.filter((x) => x.backendDOMNodeId).map((x) => [x.backendDOMNodeId, x]));
  const sent = [];
  const session = {
    async send(method, params) {
      sent.push([params.backendNodeId, params.fetchRelatives]);
      const node = byBackend.get(params.backendNodeId);
      if (!params.fetchRelatives) return { nodes: [node] };
      return { nodes: [fresh[0], node, ...fresh.filter((x) => x.parentId === node.nodeId)] };
    },
  };
  const steps = {};
  const frame = { frameId: 'M' };
  const nodes = await partialWindowNodes(session, frame, target(), [], steps, () => {}, keptOf(tree(), [10, 11, 20], [10, 11]));
  // the root chain, the changed <p>, the <p>'s text guessed: <html> not alone, the <body>
  // (only above the change) kept, the select, its option and the option's text from the
  // cached nodes, no orphan asked
  assert.deepEqual(sent.sort(), [[10, true], [20, false], [30, false]].sort());
  assert.equal(nodes.find((x) => x.nodeId === '30').name.value, 'new text');
  assert.ok(nodes.some((x) => x.nodeId === 'popup'), 'the orphan\'s relatives from the cached nodes');
  assert.equal(steps.kept_orphans, 1);
  assert.deepEqual(frame.text_owners, { 30: 20, 52: 51 });
});
