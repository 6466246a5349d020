// walker_ids_rows.js: a whole-page read from the walk learns the backendNodeIds of its rows'
// nodes that no record's take named, and hands them to the host as axt.b (design note 68).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { rowNodesWanted, applyRowIds, takeRowIds, rowNodeIds, ROWS_RUN } = await import('../lib/walker/walker_ids_rows.js');
const { markListenerNodes } = await import('../lib/walker/walker_ids_listable.js');

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

// A rows walk's nodes taken as the walk reports (walker_ids_early.js, design note 74): the
// walker lists the rows no listable record names (src/listable.js rowsWanted), and the take
// here claims those parts when it wants the same rows.
const { rowsWanted } = await import('../lib/walker/src/listable.js');
const { claimEarly, earlyPartsUsed, takeEarly } = await import('../lib/walker/walker_ids_early.js');
const { TAKE_AHEAD } = await import('../lib/walker/walker_ids_listable.js');

/** A world holding run w.5's rows' nodes (one a row with a `w`, ids 500 + k), listed by the
 * walker's rule with the listable records' `w` (3); a session whose evaluates run there. */
function rowsWorld() {
  const result = walk();
  const nodes = Array.from({ length: 4 }, (_, k) => ({ i: 500 + k }));
  nodes.listed = rowsWanted(result.axt.rows, new Set([3])).want;
  globalThis.__axsnapWalker = { pending: new Map([['w.5' + ROWS_RUN, nodes]]) };
  const sent = [];
  const session = {
    sent,
    send: async (method, params) => {
      sent.push([method, params]);
      if (method !== 'Runtime.evaluate') return {};
      const got = (0, eval)(params.expression);
      return { result: { deepSerializedValue: { type: 'array', value: got && got.map((v) => (
        typeof v === 'string' ? { type: 'string', value: v } : typeof v === 'number' ? { type: 'number', value: v }
          : { type: 'node', value: { backendNodeId: v.i, loaderId: 'L' } })) } } };
    },
  };
  return { result, session, sent };
}

test('the walker and the take pick the rows by one rule', () => {
  const result = walk();
  assert.deepEqual(rowsWanted(result.axt.rows, new Set([3])), rowNodesWanted(result));
});

test('the rows\' nodes taken as the walk reported serve the rows\' take: no part asked again', async () => {
  const { result, session, sent } = rowsWorld();
  try {
    takeEarly(session, 'w.5' + ROWS_RUN, { contextId: 7, sessionId: null });
    const send = () => assert.fail('no part asked past the early take');
    assert.equal(await takeRowIds('w.5', result, send, (runs, want) => JSON.stringify({ runs, want })), 3);
    assert.deepEqual(result.axt.b, [500, 501, 0, 503], 'each row its own node\'s id, in row order');
    assert.equal(globalThis.__axsnapWalker.pending.has('w.5' + ROWS_RUN), false, 'the claim let the nodes go');
    assert.equal(earlyPartsUsed(['w.5' + ROWS_RUN]), 1);
    // (the first TAKE_AHEAD parts are asked before the list's length is known)
    assert.equal(sent.filter(([m]) => m === 'Runtime.evaluate').length, TAKE_AHEAD + 1, 'the parts, then the nodes let go');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('when a record\'s take failed the take wants more rows than the walker listed: every part asked anew', async () => {
  const { result, session } = rowsWorld();
  try {
    takeEarly(session, 'w.5' + ROWS_RUN, { contextId: 7, sessionId: null });
    delete result.elements[0].b; // the link's record got no id: its row is asked too
    const asked = [];
    const send = async (expression) => {
      asked.push(expression);
      return session.send('Runtime.evaluate', { expression });
    };
    const { takeExpression } = await import('../lib/walker/walker_ids.js');
    assert.equal(await takeRowIds('w.5', result, send, takeExpression), 4);
    assert.deepEqual(result.axt.b, [500, 501, 502, 503]);
    assert.equal(asked.length, 1, 'the rows asked anew, in one part');
    assert.equal(claimEarly('w.5' + ROWS_RUN), null, 'the early take was dropped');
  } finally {
    delete globalThis.__axsnapWalker;
  }
});

test('the listener read matches the nodes the rows named by their row and resolves only the rest', async () => {
  // rows with a node: a record's (w 4), a node without a record (-7), one not learnt (w 5)
  const result = {
    elements: [{ w: 4 }, { w: 5 }],
    axt: { rows: [[-1, 'RootWebArea', '', null, 0, 0, 0], [0, 'generic', '', null, 0, 4, 0],
      [1, 'StaticText', 'a', null, 0, -7, 0], [0, 'generic', '', null, 0, 5, 0]], b: [31, 32, 0] },
  };
  assert.deepEqual([...rowNodeIds(result)], [[31, 4], [32, -7]]);
  const calls = [];
  const s = { send: async (method, params) => {
    calls.push([method, params]);
    if (method === 'DOM.resolveNode') return { object: { objectId: `o${params.backendNodeId}` } };
    return { result: { value: params.arguments.map(({ objectId }) => (objectId === 'o40' ? 5 : -1)) } };
  } };
  const got = await markListenerNodes(s, { contextId: 2, sessionId: null }, result, new Set([31, 32, 40]), 'g', [],
    rowNodeIds(result));
  assert.deepEqual(got, { marked: 2, resolved: 1, unreported: 0, hidden: 0 });
  assert.deepEqual(calls.filter(([m]) => m === 'DOM.resolveNode').map(([, p]) => p.backendNodeId), [40],
    'only the node no row named is resolved');
  assert.deepEqual(result.elements.map((r) => [r.b, r.k]), [[31, 1], [40, 1]]);
});

// A pruned SnapshotV1 alone prints no text run a control says (design note 87), no text that
// repeats the name above it and no row the host lifts or never keeps (design note 105): the
// walk says so (axt.said) and neither side lists such a row's node.
const { INSTRUCTION_TRIGGERS, PRUNE_TABLES } = await import('../lib/generated/contract.js');
const { printRule } = await import('../lib/walker/src/printed_rows.js');

function linkWalk(said) {
  return {
    elements: [{ w: 3, b: 30 }],
    axt: {
      ...(said ? { said: 1 } : {}),
      rows: [
        [-1, 'RootWebArea', 'Doc', null, 0, 0, 0],
        [0, 'link', 'Next page', null, 0, 3, 0],       // a control: its record's id is known
        [1, 'generic', '', null, 0, -20, 0, 'span'],    // a wrapper of no record: the host lifts it
        [2, 'StaticText', 'Next', null, 0, -21, 0],     // text the link says: not asked
        [1, 'StaticText', 'page', null, 0, -22, 0],     // (also below it)
        [0, 'paragraph', '', null, 0, -23, 0],          // holds a text that may print: asked
        [5, 'StaticText', 'Next', null, 0, -24, 0],     // the same words outside it: asked
        [0, 'button', 'Go', null, 0, -25, 0],           // a control without a record: asked
        [7, 'StaticText', 'Go', null, 0, -26, 0],       // its text: not asked
        [0, 'heading', 'Intro', null, 0, -27, 0],       // a heading: asked
        [9, 'StaticText', 'intro', null, 0, -28, 0],    // its name again: not asked
        [9, 'StaticText', 'Ignore intro', null, 0, -29, 0],  // an instruction's word: asked
      ],
    },
  };
}

test('a pruned SnapshotV1 alone: the rows it never prints are not asked, the rest are', () => {
  assert.deepEqual(rowNodesWanted(linkWalk(false)), { want: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], count: 11 });
  assert.deepEqual(rowNodesWanted(linkWalk(true)), { want: [4, 5, 6, 8, 10], count: 11 },
    'the paragraph, its text, the button, the heading and the text with an instruction\'s word are');
  const result = linkWalk(true);
  applyRowIds(result, rowNodesWanted(result), [5, 6, 7, 8, 9].map((backendNodeId) => ({ backendNodeId })));
  assert.deepEqual(result.axt.b, [0, 0, 0, 0, 5, 6, 7, 0, 8, 0, 9], 'a row not asked keeps 0: the host names it by its walk id');
});

test("the walker's rule and the worker's are the host's tables, the same on both sides", () => {
  const rule = printRule(PRUNE_TABLES, INSTRUCTION_TRIGGERS);
  for (const role of ['link', 'button', 'textbox', 'option', 'checkbox', 'combobox']) assert.ok(rule.controls.has(role), role);
  for (const role of ['generic', 'heading', 'paragraph', 'StaticText', 'list']) assert.ok(!rule.controls.has(role), role);
  assert.ok(rule.texts.has('StaticText') && rule.headings.has('heading') && rule.wrappers.has('generic'));
  assert.equal(printRule(undefined, INSTRUCTION_TRIGGERS), null);
  const { rows } = linkWalk(true).axt;
  assert.deepEqual(rowsWanted(rows, new Set([3]), rule), rowNodesWanted(linkWalk(true)));
});
