// node_ids "walker" (design note 144): a whole page's DOM read named by the walker's own ids
// takes only the records that place a frame, checks its options as the host does, and raises
// the walk-id floor past its records' ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const WHOLE = { format: 'domtext', viewport_only: false };

test('a whole page named by the walker\'s ids takes the frames\' records only', async () => {
  const { listableIds, walkerIds } = await import('../lib/walker/walker_reads.js');
  assert.equal(listableIds({ ...WHOLE, node_ids: 'walker' }), 'frames');
  assert.equal(walkerIds({ ...WHOLE, node_ids: 'walker' }), true);
  assert.equal(listableIds({ ...WHOLE, node_ids: 'backend' }), true, 'the default: the listable records');
  assert.equal(listableIds(WHOLE), true);
  assert.equal(walkerIds({ format: 'domtext', node_ids: 'walker' }), false, 'a window read takes its ids');
  const { frameIndices } = await import('../lib/walker/walker_ids_listable.js');
  const records = [{ p: -1, s: 'html' }, { p: 0, s: 'body' }, { p: 1, s: 'button', c: ['button'] },
    { p: 1, s: 'iframe', fr: 1 }, { p: 3, s: 'html' }, { p: 1, s: 'a', c: ['link'] }, { p: 1, s: 'iframe', xo: 1 }];
  assert.deepEqual(frameIndices({ elements: records }), [0, 3, 4, 6]);
  assert.deepEqual(frameIndices({}), []);
  // few click listener nodes: the frames' records only; many (resolving each costs more than
  // taking every listable record): the listable records, for the listener step
  const { walkerIdsWant } = await import('../lib/walker/walker_ids_listable.js');
  const every = records.map((_, i) => i);
  assert.deepEqual(walkerIdsWant({ elements: records }, every, null), [0, 3, 4, 6], 'not known: frames only');
  assert.deepEqual(walkerIdsWant({ elements: records }, every, 1), [0, 3, 4, 6]);
  assert.deepEqual(walkerIdsWant({ elements: records }, every, 6), [0, 3, 4, 6], '6 resolves against 6 records');
  const many = walkerIdsWant({ elements: records }, every, 7);
  assert.deepEqual([...many], [0, 2, 3, 4, 5, 6]);
  assert.equal(many.listed, true);
});

test('a walker-named read resolves its click nodes unless they outnumber its listable records (notes 213, 225)', async () => {
  const { MAX_LISTENER_NODES, takesListed, walkerIdsWant } = await import('../lib/walker/walker_ids_listable.js');
  // rustdoc u8: 9,200 listable records, at least 1,841 click nodes to resolve past its 1,411
  // hidden roots (3,252 in all): resolved one by one, no take of 9,200 ids
  assert.equal(takesListed(1841, 9200), false);
  assert.equal(takesListed(9201, 9200), true, 'more nodes than records: taken');
  assert.equal(takesListed(null, 9200), false, 'not known: frames only');
  // past the cap on the nodes resolved (the other way could leave some unmarked): note 144's
  // weight of 5; the cap counts the nodes to resolve, the hidden roots left out (note 243)
  assert.equal(takesListed(MAX_LISTENER_NODES + 1, 25000), true);
  assert.equal(takesListed(MAX_LISTENER_NODES, 25000), false);
  // rust-wrapping: 4,613 click nodes past its 2,873 hidden roots (7,486 in all), 21,357 listable
  assert.equal(takesListed(4613, 21357), false);
  const records = [{ p: -1, s: 'html' }, ...Array.from({ length: 20 }, () => ({ p: 0, s: 'a', c: ['link'] }))];
  const every = records.map((_, i) => i);
  // with rows (SnapshotV1, the outline) and without (DOM text, elements: note 225) alike
  for (const result of [{ elements: records, axt: {} }, { elements: records }]) {
    assert.deepEqual(walkerIdsWant(result, every, 5), [0], '5 resolves against 21 records');
    assert.deepEqual(walkerIdsWant(result, every, 21), [0], '21 against 21');
    assert.equal(walkerIdsWant(result, every, 22).listed, true);
  }
});

test('node_ids "walker" is for a whole-page DOM read from the walk only', async () => {
  const { optionProblems } = await import('../lib/router/options_check.js');
  assert.deepEqual(optionProblems({ ...WHOLE, node_ids: 'walker' }), []);
  assert.deepEqual(optionProblems({ format: 'elements', viewport_only: false, node_ids: 'walker' }), []);
  for (const wrong of [{ format: 'domtext', node_ids: 'walker' }, { ...WHOLE, dom_source: 'snapshot', node_ids: 'walker' },
    { ...WHOLE, format: 'som', node_ids: 'walker' }, { ...WHOLE, vision: true, node_ids: 'walker' },
    { ...WHOLE, include_ax: true, node_ids: 'walker' }]) {
    const problems = optionProblems(wrong);
    assert.equal(problems.length, 1, JSON.stringify(wrong));
    assert.match(problems[0], /node_ids 'walker' is for the whole page from the walk/);
  }
  // SnapshotV1 and the outline of the whole page from the walk (design note 154)
  for (const format of ['snapshot', 'outline']) {
    assert.deepEqual(optionProblems({ format, scope: 'page', node_ids: 'walker' }), []);
    for (const wrong of [{ scope: 'viewport' }, { ax_source: 'chromium' }, { viewport_only: false, also_formats: ['domtext'] }]) {
      assert.match(optionProblems({ format, scope: 'page', node_ids: 'walker', ...wrong })[0], /node_ids 'walker'/);
    }
  }
  assert.match(optionProblems({ format: 'semantic', node_ids: 'walker' })[0], /does not use node_ids/);
  assert.match(optionProblems({ ...WHOLE, node_ids: 'chromium' })[0], /node_ids must be one of backend, walker/);
});

test('a walk whose records are named by their ids raises the floor past them', async () => {
  const nodes = await import('../lib/walker/walker_ax_nodes.js');
  nodes.forgetRowsWalks(true);
  nodes.rememberRowsWalk(7, { world: 'w1', elements: [{ w: 40 }, { w: 412 }, { w: 9 }],
    subframes: [{ result: { world: 'w2', elements: [{ w: 500 }] } }] });
  assert.equal(nodes.walkIdFloor(), 501);
  nodes.rememberRowsWalk(7, { world: 'w1', axt: { next: 90 }, elements: [{ w: 600 }] });
  assert.equal(nodes.walkIdFloor(), 501, 'a rows walk says its next id itself');
  nodes.forgetRowsWalks(true);
});

test('the hidden roots among the click nodes are counted out before the listable records are taken for them', async () => {
  const { resolveWalkerIds } = await import('../lib/walker/walker_ids.js');
  // the root and 59 links (60 listable records); 100 click listener nodes, 90 of them roots
  // of the run's hidden subtrees (rustdoc's anchors): 100 x 5 > 60 would take every listable
  // record for the listener step, but only 10 are ever resolved (10 x 5 <= 60): frames only
  const walker = { run: 'n.1', hr: 90, world: 'WN', frames: [{}], elements: [{ p: -1, s: 'html', f: 0, w: 1 },
    ...Array.from({ length: 59 }, (_, i) => ({ p: 0, s: 'a', c: ['href'], f: 0, w: i + 2 }))] };
  const listeners = Array.from({ length: 100 }, (_, i) => ({ type: 'click', backendNodeId: 3000 + i }));
  const node = (backendNodeId) => ({ type: 'node', value: { backendNodeId, loaderId: 'L1', localName: 'x' } });
  const takes = [];
  const resolved = [];
  const s = {
    tabId: 903,
    onEvent: () => () => {},
    async send(method, params = {}) {
      if (method === 'Runtime.evaluate' && params.expression.includes('n.1:hidden')) {
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'n.1:hidden' },
          ...Array.from({ length: 90 }, (_, i) => node(3000 + i))] } } };
      }
      if (method === 'Runtime.evaluate') {
        const want = JSON.parse(/(\[[\d,]*\])\.map/.exec(params.expression)?.[1] ?? '[]');
        takes.push(want);
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'n.1' },
          ...want.map((i) => node(i === 0 ? 7 : 100 + i))] } } };
      }
      if (method === 'DOM.resolveNode') {
        resolved.push(params.backendNodeId);
        return { object: { objectId: `o${params.backendNodeId}` } };
      }
      if (method === 'Runtime.callFunctionOn') return { result: { value: params.arguments.map(() => -1) } };
      return {};
    },
  };
  const reporter = { contexts: new Map([['n.1', { contextId: 4, sessionId: null }]]), wait: async () => true };
  const ahead = { root: 7, promise: Promise.resolve({ listeners, kept: true }) };
  const stats = await resolveWalkerIds(s, null, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', [], reporter,
    null, ahead, false, 'frames');
  assert.deepEqual(takes, [[0]], 'the document root only: no listable record taken');
  assert.equal(stats.listed_taken, undefined);
  assert.equal(stats.listener_nodes_hidden, 90);
  assert.deepEqual(resolved, Array.from({ length: 10 }, (_, i) => 3090 + i), 'the ten others resolved, no hidden root');
});

test('a SnapshotV1 named by the walker\'s ids takes only the rows Chromium\'s tree is asked about, then drops them', async () => {
  const { askedRowsWanted, dropRowIds, takeRowIds } = await import('../lib/walker/walker_ids_rows.js');
  // rows: [parent, role, name, value, state, w, frame]; the custom element (row 2), the
  // <select> of popup row 4 (row 3) and the date field (row 5) are asked about
  const rows = [[-1, 'RootWebArea', '', null, 0, 0, 0], [0, 'heading', 'H', null, 0, -7, 0],
    [0, 'generic', '', null, 0, 8, 0], [0, 'combobox', '', null, 0, 9, 0], [3, 'MenuListPopup', '', null, 0, 0, 3],
    [0, 'textbox', '', null, 0, 10, 0], [0, 'StaticText', 'x', null, 0, -11, 0]];
  const result = { run: 'r.1', elements: [], axt: { rows, ce: [2], pp: [4], dt: [5] } };
  assert.deepEqual(askedRowsWanted(result), { want: [1, 2, 3], count: 5 });
  assert.equal(askedRowsWanted({ axt: {} }), null);
  const asked = [];
  const send = async (expression) => {
    asked.push(expression);
    return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'r.1:rows' },
      ...[81, 91, 101].map((backendNodeId) => ({ type: 'node', value: { backendNodeId } }))] } } };
  };
  const takeExpression = (runs, want) => `take ${JSON.stringify(runs)} ${JSON.stringify(want)}`;
  assert.equal(await takeRowIds('r.1', result, send, takeExpression, true), 3);
  assert.deepEqual(result.axt.b, [0, 81, 91, 101, 0]);
  assert.equal(asked.length, 1);
  assert.match(asked[0], /\[1,2,3\]/);
  dropRowIds(result);
  assert.equal(result.axt.b, undefined, 'no row named by a backendNodeId');
});

/** A session for resolveWalkerIds on one run 'n.1' of `listable` records (the root and
 * links), `roots` of its click nodes 3000.. the roots of its hidden subtrees. */
function clickPage(roots) {
  const node = (backendNodeId) => ({ type: 'node', value: { backendNodeId, loaderId: 'L1', localName: 'x' } });
  const takes = [];
  const resolved = [];
  const s = {
    tabId: 904,
    onEvent: () => () => {},
    async send(method, params = {}) {
      if (method === 'Runtime.evaluate' && params.expression.includes('n.1:hidden')) {
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'n.1:hidden' },
          ...Array.from({ length: roots }, (_, i) => node(3000 + i))] } } };
      }
      if (method === 'Runtime.evaluate') {
        const want = JSON.parse(/(\[[\d,]*\])\.map/.exec(params.expression)?.[1] ?? '[]');
        takes.push(want);
        return { result: { deepSerializedValue: { type: 'array', value: [{ type: 'string', value: 'n.1' },
          ...want.map((i) => node(i === 0 ? 7 : 100000 + i))] } } };
      }
      if (method === 'DOM.resolveNode') {
        resolved.push(params.backendNodeId);
        return { object: { objectId: `o${params.backendNodeId}` } };
      }
      if (method === 'Runtime.callFunctionOn') return { result: { value: params.arguments.map(() => -1) } };
      return {};
    },
  };
  return { s, takes, resolved };
}

test('past the cap in all but below it past the hidden roots, a walker-named read resolves its click nodes (note 243)', async () => {
  const { resolveWalkerIds } = await import('../lib/walker/walker_ids.js');
  const { MAX_LISTENER_NODES } = await import('../lib/walker/walker_ids_listable.js');
  // rust-wrapping's shape, scaled: 5,200 click nodes (past the cap of 5,000), 2,900 of them
  // hidden roots: 2,300 to resolve against 3,000 listable records. Weighed 5 because the
  // roots were counted in the cap, they took every listable record's id (11,500 > 3,000)
  assert.equal(MAX_LISTENER_NODES, 5000);
  const walker = { run: 'n.1', hr: 2900, world: 'WR', frames: [{}], elements: [{ p: -1, s: 'html', f: 0, w: 1 },
    ...Array.from({ length: 2999 }, (_, i) => ({ p: 0, s: 'a', c: ['href'], f: 0, w: i + 2 }))] };
  const listeners = Array.from({ length: 5200 }, (_, i) => ({ type: 'click', backendNodeId: 3000 + i }));
  const { s, takes, resolved } = clickPage(2900);
  const reporter = { contexts: new Map([['n.1', { contextId: 4, sessionId: null }]]), wait: async () => true };
  const ahead = { root: 7, promise: Promise.resolve({ listeners, kept: true }) };
  const errors = [];
  const stats = await resolveWalkerIds(s, null, walker, [{ frameId: 'F0', loaderId: 'L1' }], 'axsnap', errors, reporter,
    null, ahead, false, 'frames');
  assert.deepEqual(takes, [[0]], 'the document root only: no listable record taken');
  assert.equal(stats.listed_taken, undefined);
  assert.equal(stats.listener_nodes_hidden, 2900);
  assert.equal(resolved.length, 2300, 'every node past the roots resolved, none cut by the cap');
  assert.deepEqual(errors, []);
});

test('the hidden roots are counted out before the cap cuts, even where their take would not pay', async () => {
  const { markListenerNodes, MAX_LISTENER_NODES } = await import('../lib/walker/walker_ids_listable.js');
  // 5,100 nodes to resolve, 200 of them among 30,000 hidden roots (more than 4 a node: their
  // take does not pay on its own); counted out, 4,900 are resolved and the cap cuts none
  const { s, resolved } = clickPage(200);
  const result = { run: 'n.1', hr: 30000, elements: [] };
  const ids = Array.from({ length: MAX_LISTENER_NODES + 100 }, (_, i) => 3000 + i);
  const roots = new Set(ids.slice(0, 200));
  const errors = [];
  const got = await markListenerNodes(s, { contextId: 4, sessionId: null }, result, ids, 'g', errors, new Map(),
    async () => roots);
  assert.equal(got.hidden, 200);
  assert.equal(resolved.length, 4900);
  assert.deepEqual(errors, []);
});
