// walker_ids_rows.js: a whole-page read from the walk learns the backendNodeIds of its rows'
// nodes that no record's take named, and hands them to the host as axt.b (design note 68).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { rowNodesWanted, applyRowIds, takeRowIds, ROWS_RUN } = await import('../lib/walker/walker_ids_rows.js');

function walk() {
  return {
    elements: [{ w: 3, b: 30 }, { w: 4 }],
    axt: {
      rows: [
        [-1, 'RootWebArea', 'Doc', null, 0, 0, 0],  // no node
        [0, 'heading', 'Title', null, 0, -11, 0],   // no record: asked
        [1, 'StaticText', 'Title', null, 0, -12, 0],
        [0, 'link', 'Next', null, 0, 3, 0],         // its record has its id: not asked
        [0, 'paragraph', '', null, 0, 4, 0],        // a record without one: asked
        [4, 'StaticText', '•', null, 0, 0, 0],      // generated: no node
      ],
    },
  };
}

test('the rows that name a node are counted in row order; those without an id are asked', () => {
  assert.deepEqual(rowNodesWanted(walk()), { want: [0, 1, 3], count: 4 });
  assert.equal(rowNodesWanted({ elements: [] }), null, 'a run without rows');
});

test('the ids learnt travel one a named row, 0 where none was learnt', () => {
  const result = walk();
  const learnt = applyRowIds(result, rowNodesWanted(result),
    [{ backendNodeId: 111 }, { backendNodeId: null }, { backendNodeId: 44 }]);
  assert.equal(learnt, 2);
  assert.deepEqual(result.axt.b, [111, 0, 0, 44]);
});

test("the take asks the world for the rows' nodes under the run's rows key, and fails loudly", async () => {
  const result = walk();
  const asked = [];
  const send = async (expression) => {
    asked.push(expression);
    return { result: { deepSerializedValue: { value: [
      { type: 'string', value: 'w.1' + ROWS_RUN },
      ...[7, 8, 9].map((backendNodeId) => ({ type: 'node', value: { backendNodeId } })),
    ] } } };
  };
  const takeExpression = (runs, want) => JSON.stringify({ runs, want });
  assert.equal(await takeRowIds('w.1', result, send, takeExpression), 3);
  assert.deepEqual(JSON.parse(asked[0]), { runs: ['w.1:rows'], want: [0, 1, 3] });
  assert.deepEqual(result.axt.b, [7, 8, 0, 9]);
  const gone = async () => ({ result: { value: null } });
  await assert.rejects(takeRowIds('w.1', walk(), gone, takeExpression), /no longer held/);
  assert.equal(await takeRowIds('w.1', { elements: [] }, send, takeExpression), null);
});
