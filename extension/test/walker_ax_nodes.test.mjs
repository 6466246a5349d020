// walker_ax_nodes.js: a walk node's id ("0-axw57") found again through the worlds of the
// tab's last rows walk (design note 64).
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { forgetRowsWalks, parseWalkId, rememberRowsWalk, walkNodeCandidates, walkNodeExpression } =
  await import('../lib/walker/walker_ax_nodes.js');
const { clearIdCache, rememberContext } = await import('../lib/reuse/walker_id_cache.js');

test('only a walk node id parses as one', () => {
  assert.deepEqual(parseWalkId('0-axw57'), { ordinal: 0, w: 57 });
  assert.deepEqual(parseWalkId('2-axw1'), { ordinal: 2, w: 1 });
  for (const other of ['0-57', '0-ax57', '0-axw', 'axw57', '0-axw57x', '0-axw-5']) {
    assert.equal(parseWalkId(other), null, other);
  }
});

/** A walker world's state as records.js keeps it: a record's node by WeakRef, the rows'
 * nodes without a record in axNodes with their ids in axIds. */
function world() {
  const record = { name: 'record' };
  const heading = { name: 'heading' };
  const text = { name: 'text' };
  const state = { refs: new Map([[3, new WeakRef(record)]]), ids: new WeakMap([[record, 3]]),
    axIds: new WeakMap([[heading, 8], [text, 9]]), axNodes: [heading, text] };
  return { state, record, heading, text };
}

function run(expression, state) {
  return new Function('globalThis', `return ${expression};`)({ __axsnapWalker: state });
}

test("the world's expression gives a record's node and a row's node by their ids", () => {
  const { state, record, heading, text } = world();
  assert.equal(run(walkNodeExpression(3), state), record);
  assert.equal(run(walkNodeExpression(8), state), heading);
  assert.equal(run(walkNodeExpression(9), state), text);
  assert.equal(run(walkNodeExpression(4), state), null, 'an id the world never gave');
  assert.equal(run(walkNodeExpression(8), undefined), null, 'a world with no walker');
});

/** A CDP session over worlds: Runtime.evaluate in a context runs the expression against that
 * world's state; a node object's backendNodeId is its `backend`. */
function session(worlds) {
  const sent = [];
  const objects = new Map();
  return {
    tabId: 7,
    sent,
    async send(method, params, sessionId) {
      sent.push([method, sessionId ?? null]);
      if (method === 'Runtime.evaluate') {
        const node = run(params.expression, worlds.get(params.contextId));
        if (!node) return { result: { type: 'object', subtype: 'null', value: null } };
        const objectId = `obj-${objects.size}`;
        objects.set(objectId, node);
        return { result: { type: 'object', subtype: 'node', objectId } };
      }
      if (method === 'DOM.describeNode') return { node: { backendNodeId: objects.get(params.objectId).backend } };
      return {};
    },
  };
}

test("a walk node's backendNodeId comes from each world of the tab's last rows walk in its session", async () => {
  clearIdCache();
  forgetRowsWalks();
  const top = world();
  const other = world();
  top.heading.backend = 41;
  other.heading.backend = 99;
  rememberContext('wTop', { contextId: 1, sessionId: null });
  rememberContext('wOop', { contextId: 2, sessionId: 'S2' });
  const cdp = session(new Map([[1, top.state], [2, other.state]]));
  assert.deepEqual(await walkNodeCandidates(cdp, 7, null, 8), [], 'no rows walk of the tab yet');
  rememberRowsWalk(7, { world: 'wTop', subframes: [{ result: { world: 'wOop' } }] });
  assert.deepEqual(await walkNodeCandidates(cdp, 7, null, 8), [41], "the tab's session: its world");
  assert.deepEqual(await walkNodeCandidates(cdp, 7, 'S2', 8), [99], "the frame's session: its world");
  assert.deepEqual(await walkNodeCandidates(cdp, 7, null, 4), [], 'an id no world gave');
  assert.deepEqual(await walkNodeCandidates(cdp, 8, null, 8), [], 'another tab');
  assert.ok(cdp.sent.some(([m]) => m === 'Runtime.releaseObjectGroup'), 'its objects let go');
  rememberRowsWalk(7, { world: 'wGone' });  // a new document's walk, its context not known
  assert.deepEqual(await walkNodeCandidates(cdp, 7, null, 8), [], 'a world no context is known for');
  clearIdCache();
  forgetRowsWalks();
});

// design note 65: a world counts its ids from the floor, so a new document never gives out an
// id the page the tab left listed
const { loadWalkIdFloor, walkIdFloor } = await import('../lib/walker/walker_ax_nodes.js');
const { run: walkRun } = await import('../lib/walker/src/run.js');
const { nodeIdOf, trackState } = await import('../lib/walker/src/records.js');

test('a rows walk raises the floor past the ids each of its worlds gave, never lowers it', () => {
  forgetRowsWalks(true);
  assert.equal(walkIdFloor(), 1);
  rememberRowsWalk(3, { world: 'wA', axt: { rows: [], next: 40 },
    subframes: [{ result: { world: 'wB', axt: { rows: [], next: 55 } } }, { result: { world: 'wC' } }] });
  assert.equal(walkIdFloor(), 55, "the highest of the worlds' next ids");
  rememberRowsWalk(4, { world: 'wD', axt: { rows: [], next: 12 } });
  assert.equal(walkIdFloor(), 55, 'a world that counted less leaves it');
  rememberRowsWalk(4, { world: 'wE', axt: { rows: [], next: '99' } });
  assert.equal(walkIdFloor(), 55, 'no number, no floor');
  forgetRowsWalks(true);
});

test('the floor is kept in the session storage and read back by a restarted worker', async () => {
  const stored = {};
  globalThis.chrome = { storage: { session: {
    get: async (key) => (key in stored ? { [key]: stored[key] } : {}),
    set: async (items) => { Object.assign(stored, items); },
  } } };
  try {
    forgetRowsWalks(true);
    await loadWalkIdFloor();
    assert.equal(walkIdFloor(), 1, 'nothing kept yet');
    rememberRowsWalk(3, { world: 'wA', axt: { rows: [], next: 70 } });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(Object.values(stored), [70]);
    forgetRowsWalks(true); // a new worker: its floor starts at 1 until it reads the kept one
    assert.equal(walkIdFloor(), 1);
    await loadWalkIdFloor();
    assert.equal(walkIdFloor(), 70);
  } finally {
    delete globalThis.chrome;
    forgetRowsWalks(true);
  }
});

test("a world's ids count on from the floor; the ids it gave stay, the floor never lowers it", () => {
  const kept = globalThis.__axsnapWalker;
  delete globalThis.__axsnapWalker;
  try {
    walkRun.track = trackState(0);
    const heading = {};
    const text = {};
    const nodes = [];
    assert.equal(nodeIdOf(nodes, heading), -1, 'a new world without a floor counts from 1');
    walkRun.track = trackState(500); // a later walk tells the world the floor
    assert.equal(nodeIdOf(nodes, heading), -1, 'the same node keeps its id');
    assert.equal(nodeIdOf(nodes, text), -500, 'a node named now gets an id above the floor');
    walkRun.track = trackState(20);
    assert.equal(walkRun.track.next, 501, 'a lower floor changes nothing');
  } finally {
    walkRun.track = null;
    if (kept === undefined) delete globalThis.__axsnapWalker;
    else globalThis.__axsnapWalker = kept;
  }
});
