import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
// (The whole-page reads here ask for Chromium's tree, ax_source 'chromium': the capture paths under
// test; unset, a whole page is read from the walk, design note 68.)

import { DOM_SNAPSHOT_STYLES, wantsAxTree } from '../lib/capture/capture.js';
import { flattenFrameTree, insertSubtree } from '../lib/capture/frames.js';
import { thinDomSnapshot } from '../lib/capture/chromium_trees.js';

test('computed styles match models/capture.py, in order', () => {
  const py = readFileSync(new URL('../../host/axsnap_host/models/capture.py', import.meta.url), 'utf8');
  const block = py.slice(py.indexOf('DOM_SNAPSHOT_STYLES = ('), py.indexOf(')', py.indexOf('DOM_SNAPSHOT_STYLES = (')));
  const names = [...block.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]);
  assert.ok(names.length > 0);
  assert.deepEqual([...DOM_SNAPSHOT_STYLES], names);
});

const frame = (id, extra = {}) => ({ id, url: `http://127.0.0.1/${id}`, loaderId: `L${id}`, ...extra });

test('frame trees flatten in pre-order with parents', () => {
  const tree = {
    frameTree: {
      frame: frame('main'),
      childFrames: [
        { frame: frame('a', { parentId: 'main', name: 'first' }), childFrames: [{ frame: frame('a1', { parentId: 'a' }) }] },
        { frame: frame('b', { parentId: 'main', urlFragment: '#x' }) },
      ],
    },
  };
  const flat = flattenFrameTree(tree);
  assert.deepEqual(flat.map((f) => [f.frameId, f.parentFrameId]), [['main', null], ['a', 'main'], ['a1', 'a'], ['b', 'main']]);
  assert.equal(flat[1].name, 'first');
  assert.equal(flat[3].url, 'http://127.0.0.1/b#x');
  assert.equal(flat[0].loaderId, 'Lmain');
});

test('a frame showing Chrome\'s error page keeps the URL it failed to load', () => {
  const flat = flattenFrameTree({ frameTree: { frame: frame('main'), childFrames: [
    { frame: frame('x', { parentId: 'main', url: 'chrome-error://chromewebdata/', unreachableUrl: 'http://127.0.0.1:9/gone.html' }) },
  ] } });
  assert.equal(flat[1].url, 'chrome-error://chromewebdata/');
  assert.equal(flat[1].unreachable_url, 'http://127.0.0.1:9/gone.html');
  assert.equal('unreachable_url' in flat[0], false);
});

test('an out-of-process root keeps its parent id', () => {
  const flat = flattenFrameTree({ frameTree: { frame: frame('oop', { parentId: 'a' }) } });
  assert.equal(flat[0].parentFrameId, 'a');
});

test('out-of-process subtrees go after their parent subtree', () => {
  const frames = [
    { frameId: 'main', parentFrameId: null }, { frameId: 'a', parentFrameId: 'main' },
    { frameId: 'a1', parentFrameId: 'a' }, { frameId: 'b', parentFrameId: 'main' },
  ];
  insertSubtree(frames, [{ frameId: 'x', parentFrameId: 'a' }, { frameId: 'x1', parentFrameId: 'x' }]);
  assert.deepEqual(frames.map((f) => f.frameId), ['main', 'a', 'a1', 'x', 'x1', 'b']);
  insertSubtree(frames, [{ frameId: 'y', parentFrameId: 'main' }]);
  assert.deepEqual(frames.map((f) => f.frameId), ['main', 'a', 'a1', 'x', 'x1', 'b', 'y']);
  insertSubtree(frames, [{ frameId: 'z', parentFrameId: 'unknown' }]);
  assert.equal(frames.at(-1).frameId, 'z');
});

// --- capturePage over a scripted CDP session ------------------------------------------

import { capturePage } from '../lib/capture/capture.js';

globalThis.chrome = { tabs: { get: async (id) => ({ id, url: 'http://127.0.0.1/p', title: 'Page' }) } };

function scriptedSession({ loaders = () => 'L1', failAxFor = null } = {}) {
  const calls = [];
  return {
    calls,
    childSessions: () => [],
    evaluations: [],
    snapshots: [],
    async send(method, params = {}) {
      calls.push(method);
      if (method === 'Runtime.evaluate') this.evaluations.push(params);
      if (method === 'DOMSnapshot.captureSnapshot') this.snapshots.push(params);
      switch (method) {
        case 'Page.getFrameTree':
          return { frameTree: { frame: { id: 'M', url: 'http://127.0.0.1/p', loaderId: loaders() },
            childFrames: [{ frame: { id: 'C', parentId: 'M', url: 'http://127.0.0.1/c', loaderId: 'LC' } }] } };
        case 'Accessibility.getFullAXTree':
          if (params.frameId === failAxFor) throw new Error('Frame with the given frameId is not found.');
          return { nodes: [{ nodeId: `${params.frameId}1`, role: { value: 'RootWebArea' } }] };
        case 'DOM.getFrameOwner': return { backendNodeId: 42 };
        case 'DOMSnapshot.captureSnapshot': return { documents: [{}], strings: [] };
        case 'Page.getLayoutMetrics': return { cssLayoutViewport: { clientWidth: 1280, clientHeight: 757 } };
        case 'Page.createIsolatedWorld': return { executionContextId: 3 };
        case 'Runtime.evaluate': return { result: { value: 2 } };
        case 'DOM.resolveNode':
          assert.equal(params.executionContextId, 3, 'owners resolved in the isolated world');
          return { object: { objectId: `o${params.backendNodeId}` } };
        case 'Runtime.callFunctionOn': return { result: { value: [[3, 5]] } };
        default: return {};
      }
    },
  };
}

const STAB = { stabilized: true, waited_ms: 0, reasons: [], pending_requests: 0, mutations: 0 };

test('capturePage builds a RawCapture; a frame that fails is marked and the rest goes on', async () => {
  const session = scriptedSession({ failAxFor: 'C' });
  const cap = await capturePage(session, 7, { format: 'snapshot', scope: 'page', ax_source: 'chromium' }, STAB);
  assert.equal(cap.capture_version, 1);
  assert.deepEqual(cap.tab, { id: 7, url: 'http://127.0.0.1/p', title: 'Page' });
  assert.deepEqual(cap.frames.map((f) => [f.frameId, f.captured, f.ownerBackendNodeId]), [['M', true, null], ['C', false, 42]]);
  // no DOM rects (every node's: costly); the owner's border instead
  assert.deepEqual(session.snapshots.map((p) => p.includeDOMRects), [false]);
  assert.deepEqual(cap.frames[1].ownerClient, [3, 5]);
  assert.equal(cap.frames[0].ownerClient, undefined);
  assert.equal(cap.frames[0].axNodes.length, 1);
  assert.match(cap.frames[1].error, /not found/);
  // the whole-page walk (element facts) needs chrome.scripting, which this test has not
  assert.deepEqual(cap.errors.map((e) => e.step), ['ax', 'walker']);
  assert.deepEqual(cap.dom_snapshot, { documents: [{}], strings: [] });
  assert.deepEqual(cap.dom_snapshot_styles, [...DOM_SNAPSHOT_STYLES]);
  assert.equal(cap.device_pixel_ratio, 2);
  assert.equal(cap.stabilization, STAB);
  assert.equal(cap.walker, null);
  assert.equal(cap.screenshot, null);
  for (const key of ['frame_tree_ms', 'ax_ms', 'dom_snapshot_ms', 'layout_ms', 'capture_ms']) {
    assert.equal(typeof cap.timings[key], 'number', key);
  }
  assert.ok(session.evaluations.length > 0);
  for (const params of session.evaluations) {
    assert.equal(params.contextId, 3, 'evaluated only in the isolated world, never the page\'s');
  }
});

test('a navigation during capture is retried once, then refused with page_navigated', async () => {
  let n = 0;
  const once = scriptedSession({ loaders: () => (++n <= 1 ? 'L1' : 'L2') });
  const cap = await capturePage(once, 1, { scope: 'page', ax_source: 'chromium' }, STAB);
  assert.equal(cap.frames[0].loaderId, 'L2');
  let m = 0;
  const always = scriptedSession({ loaders: () => `L${++m}` });
  await assert.rejects(capturePage(always, 1, { scope: 'page', ax_source: 'chromium' }, STAB), (e) => e.code === 'page_navigated' && e.hint.length > 0);
});

test('the full AX tree is captured for snapshots, not for the DOM channel, unless asked', () => {
  assert.equal(wantsAxTree(undefined), true);
  assert.equal(wantsAxTree({ format: 'snapshot' }), true);
  assert.equal(wantsAxTree({ format: 'domtext' }), false);
  assert.equal(wantsAxTree({ format: 'elements' }), false);
  assert.equal(wantsAxTree({ format: 'domtext', include_ax: true }), true);
  assert.equal(wantsAxTree({ format: 'snapshot', include_ax: false }), false);
});

test('the DOM channel takes no DOMSnapshot and reads the pixel ratio off the walker', async () => {
  const session = scriptedSession();
  globalThis.chrome.scripting = {
    executeScript: async () => [{ frameId: 0, result: { v: 1, dpr: 3, frames: [], elements: [], stats: {} } }],
  };
  try {
    const cap = await capturePage(session, 7, { format: 'domtext' }, STAB);
    assert.equal(cap.dom_snapshot, null);
    assert.ok(!session.calls.includes('DOMSnapshot.captureSnapshot'));
    assert.ok(!session.calls.includes('Accessibility.getFullAXTree'));
    assert.equal(cap.device_pixel_ratio, 3);
    assert.ok(!session.calls.includes('Page.createIsolatedWorld'), 'no CDP round trip for the ratio');
    assert.equal(cap.walker.dpr, 3);
    assert.deepEqual(cap.frames.map((f) => f.ownerBackendNodeId), [null, 42]);
    for (const key of ['walker_ms', 'layout_ms', 'frame_owner_ms']) assert.equal(typeof cap.timings[key], 'number', key);
  } finally {
    delete globalThis.chrome.scripting;
  }
});

test('the whole page with dom_source "snapshot" is joined to a DOMSnapshot instead', async () => {
  const session = scriptedSession();
  const walked = [];
  globalThis.chrome.scripting = {
    executeScript: async ({ args }) => {
      walked.push(args.at(-1)); // the options (after the cached walker's name, on a tab walked before)
      return [{ frameId: 0, result: { v: 1, dpr: 1, frames: [], elements: [], stats: {} } }];
    },
  };
  try {
    const cap = await capturePage(session, 7, { format: 'elements', viewport_only: false, dom_source: 'snapshot' }, STAB);
    assert.deepEqual(cap.dom_snapshot, { documents: [{}], strings: [] });
    assert.equal(walked[0].viewportOnly, false);
    assert.equal(walked[0].hold, false, 'no elements held for a take');
    assert.ok(session.calls.indexOf('DOMSnapshot.captureSnapshot') > -1);
  } finally {
    delete globalThis.chrome.scripting;
  }
});

test('the whole page by default is read from the walk alone: its elements held, no DOMSnapshot', async () => {
  const session = scriptedSession();
  const walked = [];
  globalThis.chrome.scripting = {
    executeScript: async ({ args }) => {
      walked.push(args.at(-1));
      return [{ frameId: 0, result: { v: 1, dpr: 1, frames: [], elements: [], stats: {} } }];
    },
  };
  try {
    const cap = await capturePage(session, 7, { format: 'elements', viewport_only: false }, STAB);
    assert.equal(cap.dom_snapshot, null);
    assert.equal(walked[0].viewportOnly, false);
    assert.equal(walked[0].hold, true, 'its elements held for the take of the listable ones');
    assert.ok(!session.calls.includes('DOMSnapshot.captureSnapshot'));
  } finally {
    delete globalThis.chrome.scripting;
  }
});

test('a step that hangs while the page navigates does not hold the capture: page_navigated at once', async () => {
  // DOMSnapshot never answers (as a screenshot can wait for a frame of a document that is
  // going away); the main frame gets a new document on every frame-tree read after the first.
  let reads = 0;
  const session = scriptedSession({ loaders: () => `L${++reads}` });
  const send = session.send.bind(session);
  session.send = (method, params) => (method === 'DOMSnapshot.captureSnapshot'
    ? new Promise(() => {}) : send(method, params));
  // DOMSnapshot never answers: that the capture settles at all shows it did not wait for it.
  await assert.rejects(capturePage(session, 1, { format: 'snapshot', scope: 'page', ax_source: 'chromium' }, STAB), (e) => e.code === 'page_navigated');
  const polls = session.calls.filter((m) => m === 'Page.getFrameTree').length;
  await new Promise((r) => setTimeout(r, 350));
  assert.equal(session.calls.filter((m) => m === 'Page.getFrameTree').length, polls, 'polling stopped');
});

/** A fake clock for the watcher: polls run only when the test says so. */
function fakeTimers() {
  const pending = new Map();
  let next = 1;
  return {
    setTimeout: (fn, ms) => { pending.set(next, { fn, ms }); return next++; },
    clearTimeout: (id) => { pending.delete(id); },
    get scheduled() { return [...pending.values()].map((t) => t.ms); },
    /** Run the one scheduled poll and let its async work finish. */
    async fire() {
      assert.equal(pending.size, 1, 'one poll is scheduled at a time');
      const [[id, { fn }]] = pending;
      pending.delete(id);
      await fn();
    },
  };
}

test('the navigation watcher ignores a steady document and failed polls', async () => {
  const { Navigated, watchMainDocument } = await import('../lib/session/navwatch.js');
  const loaders = ['L1', null, 'L1', 'L1', 'L2'];
  let calls = 0;
  const session = {
    async send(method) {
      assert.equal(method, 'Page.getFrameTree');
      const loader = loaders[calls++];
      if (loader === null) throw new Error('busy');
      return { frameTree: { frame: { loaderId: loader } } };
    },
  };
  const clock = fakeTimers();
  const watch = watchMainDocument(session, 'L1', 10, clock);
  let lost = null;
  watch.navigated.catch((e) => { lost = e; });
  assert.deepEqual(clock.scheduled, [10]);
  for (let i = 0; i < 4; i += 1) await clock.fire(); // steady, busy, steady, steady
  watch.check();
  await Promise.resolve();
  assert.equal(lost, null, 'a steady document and a failed poll are not a navigation');
  assert.equal(calls, 4);
  await clock.fire(); // another document
  await Promise.resolve();
  assert.ok(lost instanceof Navigated);
  assert.throws(() => watch.check(), Navigated);
  assert.deepEqual(clock.scheduled, [], 'no poll after the navigation');
  watch.stop();
});

test('a stopped watcher polls no more', async () => {
  const { watchMainDocument } = await import('../lib/session/navwatch.js');
  let calls = 0;
  const session = { async send() { calls += 1; return { frameTree: { frame: { loaderId: 'L1' } } }; } };
  const clock = fakeTimers();
  const watch = watchMainDocument(session, 'L1', 10, clock);
  await clock.fire();
  watch.stop();
  assert.deepEqual(clock.scheduled, []);
  assert.equal(calls, 1);
});

test('the DOMSnapshot is asked after the main frame\'s AX tree (the AX cache read goes first)', async () => {
  const session = scriptedSession();
  const order = [];
  const send = session.send.bind(session);
  session.send = (method, params = {}) => {
    if (method === 'Accessibility.getFullAXTree') order.push(`ax:${params.frameId}`);
    if (method === 'DOMSnapshot.captureSnapshot') order.push('dom_snapshot');
    return send(method, params);
  };
  const cap = await capturePage(session, 9, { format: 'snapshot', scope: 'page', ax_source: 'chromium' }, STAB);
  assert.ok(order.indexOf('ax:M') > -1 && order.indexOf('ax:M') < order.indexOf('dom_snapshot'), order.join(' '));
  // no change journal here (no chrome.scripting): a full read that says so
  assert.equal(cap.frames[0].ax_source, 'full');
  assert.equal(cap.frames[0].ax_cache_reason, 'no change journal in this page');
});

test('a streamed read ends its AX stream before the DOMSnapshot comes, naming the final frames', async () => {
  const session = scriptedSession();
  const posted = [];
  let release;
  // the DOMSnapshot answers once the end is posted (or after 300 ms, when none comes)
  const gate = Promise.race([new Promise((resolve) => { release = resolve; }),
    new Promise((resolve) => { setTimeout(resolve, 300); })]);
  const send = session.send.bind(session);
  session.send = (method, params = {}) => (method === 'DOMSnapshot.captureSnapshot'
    ? gate.then(() => { posted.push({ type: 'dom_snapshot_answered' }); return send(method, params); })
    : send(method, params));
  const { AxStream } = await import('../lib/ax/ax_stream.js');
  const openStream = () => new AxStream((type, body) => {
    posted.push({ type, ...body });
    if (type === 'capture_ax_end') release();
  });
  const cap = await capturePage(session, 9, { format: 'snapshot', scope: 'page', ax_source: 'chromium' }, STAB, { openStream });
  const kinds = posted.map((m) => m.type);
  assert.ok(kinds.includes('capture_ax_end'), kinds.join(' '));
  assert.ok(kinds.indexOf('capture_ax_end') < kinds.indexOf('dom_snapshot_answered'), kinds.join(' '));
  const end = posted.find((m) => m.type === 'capture_ax_end');
  assert.deepEqual({ id: end.stream, parts: end.parts, nodes: end.nodes }, cap.ax_stream);
  assert.deepEqual(end.frames, cap.frames.map((f) => Object.fromEntries(
    ['frameId', 'parentFrameId', 'url', 'name', 'captured', 'error', 'ownerBackendNodeId']
      .filter((k) => f[k] !== undefined).map((k) => [k, f[k]]))));
  assert.deepEqual(end.frames.map((f) => f.ownerBackendNodeId), [null, 42]);
  // the request that follows carries no AX node: they went in the stream's parts
  assert.deepEqual(cap.frames.map((f) => f.axNodes?.length ?? 0), [0, 0]);
});

test('DOMSnapshot goes without the columns no host step reads', () => {
  const snapshot = { strings: ['a'], documents: [
    { nodes: { parentIndex: [-1] }, textBoxes: { layoutIndex: [0] },
      layout: { nodeIndex: [0], bounds: [[0, 0, 1, 1]], offsetRects: [[0, 0, 1, 1]], clientRects: [[]], scrollRects: [[]] } },
  ] };
  thinDomSnapshot(snapshot);
  assert.deepEqual(snapshot.documents[0], {
    nodes: { parentIndex: [-1] },
    layout: { nodeIndex: [0], bounds: [[0, 0, 1, 1]], clientRects: [[]], scrollRects: [[]] },
  });
  assert.equal(thinDomSnapshot(null), null);
});
