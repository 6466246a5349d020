// A hit test that does not answer is not "clear" (hit_answer.js, geometry.js checkHit):
// DevTools' "no node at this point" lets the click decide; any other failure is asked of the
// page once, and neither answering refuses the act with hit_test_failed.
import test from 'node:test';
import assert from 'node:assert/strict';

import { actionPoint, checkHit, earlyPoint } from '../lib/act/geometry.js';
import { depthInLocalRoot, devtoolsHit, HIT_IN_PAGE } from '../lib/act/hit_answer.js';

const TOP = { frameId: 'T', parentFrameId: null, sessionId: undefined, url: 'http://127.0.0.1/' };
const CROSS = { frameId: 'C', parentFrameId: 'T', sessionId: 'S1', url: 'http://127.0.0.2/frame.html' };
const GONE = 'capture_failed: DOM.getNodeForLocation: {"code":-32001,"message":"Session with given id not found."}';
const NO_NODE = 'DOM.getNodeForLocation: {"code":-32000,"message":"No node found at given location"}';

/** A frame with one node (backendNodeId 7) at 100,100-200,140; the hit test answers
 * `hit()` (a node, or throws), the page's own hit test `inPage()` (a value, or throws). */
function page({ hit = () => ({ backendNodeId: 7 }), inPage = () => ({ reaches: true }) } = {}) {
  const sent = [];
  const answers = {
    'DOM.getContentQuads': () => ({ quads: [[100, 100, 200, 100, 200, 140, 100, 140]] }),
    'Page.getLayoutMetrics': () => ({ cssLayoutViewport: { clientWidth: 800, clientHeight: 600, pageX: 0, pageY: 0 } }),
    'DOM.getNodeForLocation': hit,
    'DOM.getFrameOwner': () => ({ backendNodeId: 3 }),
    'DOM.getBoxModel': () => ({ model: { content: [10, 20] } }),
    'Runtime.callFunctionOn': (params) => {
      assert.equal(params.functionDeclaration, HIT_IN_PAGE);
      return { result: { value: inPage(params) } };
    },
  };
  return {
    sent,
    async send(method, params, sessionId) {
      sent.push({ method, params, sessionId });
      await new Promise((r) => setTimeout(r, 1));
      if (!answers[method]) throw new Error(`unexpected ${method}`);
      return answers[method](params);
    },
  };
}

const fail = (message) => () => { throw new Error(message); };
const node = (frame = CROSS) => ({ frame, frames: [TOP, frame], backendNodeId: 7, objectId: 'o7', contextId: 1 });
const methods = (s) => s.sent.map((c) => c.method);

async function hitAtCentre(s, target = node()) {
  const early = await earlyPoint(s, target);
  const point = await actionPoint(s, target, early);
  return { early, run: () => checkHit(s, target, point.toDocument(point.locals[0]), point.hit) };
}

test('DevTools "no node at this point" is told apart from a hit test that failed', async () => {
  assert.deepEqual(await devtoolsHit(page({ hit: fail(NO_NODE) }), {}, 'S1'), { answer: null });
  assert.deepEqual(await devtoolsHit(page({ hit: fail(GONE) }), {}, 'S1'), { failed: GONE });
  assert.deepEqual(await devtoolsHit(page(), {}, 'S1'), { answer: { backendNodeId: 7 } });
});

test('no node at the point: the click decides, as before, and the page is not asked', async () => {
  const s = page({ hit: fail(NO_NODE) });
  const { early, run } = await hitAtCentre(s);
  assert.equal(early.hit.answer, null);
  await run();
  assert.ok(!methods(s).includes('Runtime.callFunctionOn'));
});

test('an early DevTools hit test that failed is asked of the page once, which decides', async () => {
  const s = page({ hit: fail(GONE), inPage: () => ({ reaches: true }) });
  const { early, run } = await hitAtCentre(s);
  assert.equal(early.hit.failed, GONE);
  await run();
  const calls = s.sent.filter((c) => c.method === 'Runtime.callFunctionOn');
  assert.equal(calls.length, 1);
  assert.deepEqual(calls[0].params.arguments.map((a) => a.value), [150, 120, 0], 'the point DevTools was asked, depth 0');
  assert.equal(calls[0].sessionId, 'S1', "in the node's own frame");
  assert.equal(methods(s).filter((m) => m === 'DOM.getNodeForLocation').length, 1, 'DevTools is not asked again');
});

test("the page's answer stands: a cover it sees is occluded, naming it", async () => {
  const s = page({ hit: fail(GONE), inPage: () => ({ cover: { tag: 'header', text: 'Top bar', id: 'h' } }) });
  const { run } = await hitAtCentre(s);
  await assert.rejects(run(), (err) => err.code === 'occluded' && err.cover.tag === 'header' && err.cover.text === 'Top bar');
});

test('neither way answers: hit_test_failed with the frame and both reasons, never a click', async () => {
  const s = page({ hit: fail(GONE), inPage: () => { throw new Error('No session with given id'); } });
  const { run } = await hitAtCentre(s);
  await assert.rejects(run(), (err) => {
    assert.equal(err.code, 'hit_test_failed');
    assert.deepEqual(err.hitTest, { frame: 'C', url: CROSS.url, devtools: GONE, in_page: 'No session with given id' });
    assert.match(err.message, /frame C \(http:\/\/127\.0\.0\.2\/frame\.html\)/);
    assert.match(err.message, /Nothing was clicked/);
    assert.ok(err.hint);
    return true;
  });
});

test('a hit test asked in checkHit (no early answer) that fails is re-checked too', async () => {
  const s = page({ hit: fail(GONE), inPage: () => ({ unanswered: 'the target is in no shown document' }) });
  const target = node();
  await assert.rejects(checkHit(s, target, { x: 150, y: 120 }, null),
    (err) => err.code === 'hit_test_failed' && err.hitTest.in_page === 'the target is in no shown document');
  assert.deepEqual(methods(s), ['DOM.getNodeForLocation', 'Runtime.callFunctionOn']);
});

test('the page finding nothing at the point lets the click decide, as DevTools would', async () => {
  const s = page({ hit: fail(GONE), inPage: () => ({ none: true }) });
  await checkHit(s, node(), { x: 150, y: 120 }, null);
});

test('a closed tab stays tab_not_found, not a hit test that failed', async () => {
  const err = Object.assign(new Error('Tab 3 was closed during the capture.'), { code: 'tab_not_found' });
  const { AxError } = await import('../lib/common/errors.js');
  const s = page({ hit: () => { throw new AxError('tab_not_found', err.message); } });
  await assert.rejects(checkHit(s, node(), { x: 150, y: 120 }, null), (e) => e.code === 'tab_not_found');
});

test('the in-page lookup read that did not reach is still asked of DevTools, not taken', async () => {
  const s = page({ hit: fail(GONE), inPage: () => { throw new Error('gone'); } });
  const early = { x: 150, y: 120, reaches: false };
  await assert.rejects(checkHit(s, node(TOP), { x: 150, y: 120 }, early), (err) => err.code === 'hit_test_failed'
    && /the top document/.test(err.message));
  assert.deepEqual(methods(s), ['DOM.getNodeForLocation', 'Runtime.callFunctionOn']);
});

test('depth in the local root: same-session parents count, a process boundary ends it', () => {
  const inner = { frameId: 'I', parentFrameId: 'C', sessionId: 'S1' };
  const same = { frameId: 'M', parentFrameId: 'T', sessionId: undefined };
  const deeper = { frameId: 'D', parentFrameId: 'M', sessionId: undefined };
  const frames = [TOP, CROSS, inner, same, deeper];
  assert.equal(depthInLocalRoot(frames, TOP), 0);
  assert.equal(depthInLocalRoot(frames, CROSS), 0);
  assert.equal(depthInLocalRoot(frames, inner), 1);
  assert.equal(depthInLocalRoot(frames, deeper), 2);
});

// -- HIT_IN_PAGE on a small model of documents ---------------------------------------------

const hitInPage = new Function(`return ${HIT_IN_PAGE}`)();

function el(tag, parent = null, extra = {}) {
  return { localName: tag, parentNode: parent, id: '', innerText: tag, closest: () => null, ...extra };
}

/** A window whose document answers `at(x, y)`; scrolled by (sx, sy). */
function win(at, { sx = 0, sy = 0, frameElement = null } = {}) {
  const document = { elementFromPoint: at };
  return { document, scrollX: sx, scrollY: sy, frameElement, getComputedStyle: () => ({ paddingLeft: '0', paddingTop: '0' }) };
}

test('HIT_IN_PAGE: the point in the local root, through each same-process frame, to the target', () => {
  const asked = [];
  const iframe = el('iframe', null, { clientLeft: 1, clientTop: 1, getBoundingClientRect: () => ({ left: 10, top: 500 }) });
  const top = win((x, y) => { asked.push(['top', x, y]); return iframe; }, { sy: 400 });
  iframe.ownerDocument = top.document;
  top.document.defaultView = top;
  const target = el('button');
  const inner = win((x, y) => { asked.push(['inner', x, y]); return target; }, { frameElement: iframe });
  inner.document.defaultView = inner;
  Object.assign(target, { ownerDocument: inner.document, isConnected: true, getRootNode: () => inner.document });
  assert.deepEqual(hitInPage.call(target, 61, 641, 1), { reaches: true });
  assert.deepEqual(asked, [['top', 61, 241], ['inner', 50, -260]]);
});

test('HIT_IN_PAGE: a cover in a document above the frame, or in its own, is named', () => {
  const banner = el('div', null, { innerText: '  Cookie   banner ', id: 'b' });
  const iframe = el('iframe');
  const top = win(() => banner);
  top.document.defaultView = top;
  iframe.ownerDocument = top.document;
  const target = el('button');
  const inner = win(() => target, { frameElement: iframe });
  inner.document.defaultView = inner;
  Object.assign(target, { ownerDocument: inner.document, isConnected: true, getRootNode: () => inner.document });
  assert.deepEqual(hitInPage.call(target, 5, 5, 1), { cover: { tag: 'div', text: 'Cookie banner', id: 'b' } });
  const header = el('header');
  const alone = win(() => header);
  alone.document.defaultView = alone;
  Object.assign(target, { ownerDocument: alone.document, getRootNode: () => alone.document });
  assert.deepEqual(hitInPage.call(target, 5, 5, 0), { cover: { tag: 'header', text: 'header', id: '' } });
});

test('HIT_IN_PAGE: inside the target or its label reaches; no window or a closed parent does not answer', () => {
  const target = el('input');
  const span = el('span', target);
  const labelled = el('span', null, { closest: () => ({ control: target }) });
  let under = span;
  const w = win(() => under);
  w.document.defaultView = w;
  Object.assign(target, { ownerDocument: w.document, isConnected: true, getRootNode: () => w.document });
  assert.deepEqual(hitInPage.call(target, 1, 1, 0), { reaches: true });
  under = labelled;
  assert.deepEqual(hitInPage.call(target, 1, 1, 0), { reaches: true });
  under = null;
  assert.deepEqual(hitInPage.call(target, 1, 1, 0), { none: true });
  assert.ok(hitInPage.call(target, 1, 1, 1).unanswered, 'a parent across origins: frameElement is null');
  assert.ok(hitInPage.call({ ownerDocument: { defaultView: null }, isConnected: true }, 1, 1, 0).unanswered);
});
