// Covers drawn by the documents above an out-of-process frame (frame_chain.js, geometry.js
// checkHit's `above`): the point is carried up each process boundary and hit-tested in each
// parent's root; anything there but the frame's own <iframe> takes the click.
import test from 'node:test';
import assert from 'node:assert/strict';

import { actionPoint, checkHit } from '../lib/act/geometry.js';
import { chainOffset, coverAbove, frameChain, hiddenLink } from '../lib/act/frame_chain.js';
import { devtoolsHit } from '../lib/act/hit_answer.js';

// The tab (T), a same-site frame in its process (M), a cross-site frame in M (C, session S1),
// and a frame of a third site inside C (D, session S2).
const TOP = { frameId: 'T', parentFrameId: null, sessionId: undefined, url: 'http://127.0.0.1/' };
const MID = { frameId: 'M', parentFrameId: 'T', sessionId: undefined, url: 'http://127.0.0.1/mid.html' };
const CROSS = { frameId: 'C', parentFrameId: 'M', sessionId: 'S1', url: 'http://127.0.0.2/frame.html' };
const DEEP = { frameId: 'D', parentFrameId: 'C', sessionId: 'S2', url: 'http://127.0.0.3/deep.html' };
const FRAMES = [TOP, MID, CROSS, DEEP];
const GONE = 'DOM.getNodeForLocation: {"code":-32001,"message":"Session with given id not found."}';

// Per session: the <iframe> owner of its child, that owner's content origin, its scroll.
const ROOTS = {
  undefined: { owner: 30, origin: [11, 111], scroll: [0, 300] }, // C's <iframe>, in M, drawn by the tab
  S1: { owner: 40, origin: [21, 61], scroll: [0, 150] }, // D's <iframe>, in C
};

/** A tab whose hit tests answer `hitIn(sessionId, params)` (a node, or throws). */
function tab(hitIn) {
  const sent = [];
  const root = (sessionId) => ROOTS[String(sessionId)];
  const answers = {
    'DOM.getContentQuads': () => ({ quads: [[100, 100, 200, 100, 200, 140, 100, 140]] }),
    'Page.getLayoutMetrics': (p, sessionId) => {
      const [pageX, pageY] = root(sessionId)?.scroll ?? [0, 0];
      return { cssLayoutViewport: { clientWidth: 800, clientHeight: 600, pageX, pageY } };
    },
    'DOM.getFrameOwner': (p, sessionId) => ({ backendNodeId: root(sessionId).owner }),
    'DOM.getBoxModel': (p, sessionId) => ({ model: { content: root(sessionId).origin } }),
    'DOM.getNodeForLocation': (p, sessionId) => hitIn(sessionId, p),
    'DOM.resolveNode': (p) => ({ object: { objectId: `o${p.backendNodeId}` } }),
    'Runtime.callFunctionOn': (p) => ({ result: { value: p.objectId === 'o7'
      ? true : JSON.stringify({ tag: 'div', text: 'A banner of the page', id: 'banner' }) } }),
    'Runtime.releaseObjectGroup': () => ({}),
  };
  return {
    sent,
    async send(method, params, sessionId) {
      sent.push({ method, params, sessionId });
      await new Promise((r) => setTimeout(r, 1));
      if (!answers[method]) throw new Error(`unexpected ${method}`);
      return answers[method](params, sessionId);
    },
  };
}

const node = (frame) => ({ frame, frames: FRAMES, backendNodeId: 7, objectId: 'o7', contextId: 1 });
test('the chain: one link per process boundary, nearest first, same-process parents skipped', async () => {
  const s = tab(() => ({ backendNodeId: 7 }));
  assert.deepEqual(await frameChain(s, FRAMES, TOP), []);
  assert.deepEqual(await frameChain(s, FRAMES, MID), [], 'a same-process frame has no boundary above it');
  const chain = await frameChain(s, FRAMES, DEEP);
  assert.deepEqual(chain.map((l) => [l.frameId, l.sessionId, l.owner]), [['D', 'S1', 40], ['C', undefined, 30]]);
  assert.deepEqual(chain[0].viewport, { width: 800, height: 600, pageX: 0, pageY: 150 });
  assert.deepEqual(chainOffset(chain), { x: 32, y: 172 }, "the tab's offset of D's viewport: as frameOffset gave it");
});

test('the point is hit-tested in each parent root, in its document coordinates; the <iframe> there passes', async () => {
  const asked = [];
  const s = tab((sessionId, p) => {
    asked.push([String(sessionId), p.x, p.y]);
    return { backendNodeId: ROOTS[String(sessionId)].owner };
  });
  const chain = await frameChain(s, FRAMES, DEEP);
  const hitAt = (params, sessionId) => devtoolsHit(s, params, sessionId);
  assert.equal(await coverAbove(s, chain, { x: 150, y: 120 }, hitAt), null);
  // in C: (150 + 21, 120 + 61) plus C's scroll 150; in the tab: (+ 11, + 111) plus its scroll 300
  assert.deepEqual(asked, [['S1', 171, 331], ['undefined', 182, 592]]);
});

test("a cover in a parent's root is named, with its frame; a parent's 'no node' lets the click decide", async () => {
  const s = tab((sessionId) => (sessionId === undefined ? { backendNodeId: 12, frameId: 'T' } : { backendNodeId: 40 }));
  const chain = await frameChain(s, FRAMES, DEEP);
  const hitAt = (params, sessionId) => devtoolsHit(s, params, sessionId);
  const got = await coverAbove(s, chain, { x: 150, y: 120 }, hitAt);
  assert.deepEqual(got, { cover: { backendNodeId: 12, frameId: 'T', tag: 'div', text: 'A banner of the page', id: 'banner' },
    frameId: 'C' });
  const none = tab(() => { throw new Error('No node found at given location'); });
  assert.equal(await coverAbove(none, chain, { x: 1, y: 1 }, (p, sid) => devtoolsHit(none, p, sid)), null);
});

test('checkHit with the chain: clear in its own root but covered above is occluded, the cover named by its frame', async () => {
  const s = tab((sessionId) => {
    if (sessionId === 'S1') return { backendNodeId: 7 }; // C's own root: the target
    return { backendNodeId: 12, frameId: 'M' }; // the tab: a box of the same-site frame M
  });
  const target = node(CROSS);
  const point = await actionPoint(s, target);
  await assert.rejects(checkHit(s, target, point.toDocument(point.locals[0]), null, { chain: point.chain, local: point.locals[0] }),
    (err) => err.code === 'occluded' && err.cover.frame === 1 && err.cover.text === 'A banner of the page');
  // without `above` (the old call) the cover above is never asked
  s.sent.length = 0;
  await checkHit(s, target, point.toDocument(point.locals[0]), null);
  assert.ok(s.sent.every((c) => c.sessionId === 'S1'), 'only its own root asked');
});

test('checkHit with the chain: the frame clear all the way up is clear; a parent that does not answer refuses', async () => {
  const clear = tab((sessionId) => (sessionId === 'S1' ? { backendNodeId: 7 } : { backendNodeId: 30 }));
  const target = node(CROSS);
  const point = await actionPoint(clear, target);
  assert.deepEqual(point.point, { x: 161, y: 231 }, 'the tab point: the local centre plus the chain offset');
  await checkHit(clear, target, point.toDocument(point.locals[0]), null, { chain: point.chain, local: point.locals[0] });
  const gone = tab((sessionId) => {
    if (sessionId === 'S1') return { backendNodeId: 7 };
    throw new Error(GONE);
  });
  await assert.rejects(checkHit(gone, target, point.toDocument(point.locals[0]), null, { chain: point.chain, local: point.locals[0] }),
    (err) => err.code === 'hit_test_failed' && err.hitTest.frame === 'C' && err.hitTest.devtools === GONE);
});

test('a node of the tab\'s own process has no chain: no hit test more than before', async () => {
  const s = tab(() => ({ backendNodeId: 7 }));
  const target = node(MID);
  const point = await actionPoint(s, target);
  assert.deepEqual(point.chain, []);
  s.sent.length = 0;
  await checkHit(s, target, point.toDocument(point.locals[0]), null, { chain: point.chain, local: point.locals[0] });
  assert.deepEqual(s.sent.map((c) => c.method), ['DOM.getNodeForLocation']);
});

test('a frame below the page\'s fold: its <iframe> is scrolled to the point in the parent, then all is read again', async () => {
  // C's <iframe> starts 900 px down a 600 px tab (its border 1 px outside its content box)
  let top = 900;
  const sent = [];
  const s = {
    async send(method, params, sessionId) {
      sent.push({ method, params, sessionId });
      switch (method) {
        case 'DOM.getContentQuads': return { quads: [[100, 100, 200, 100, 200, 140, 100, 140]] };
        case 'Page.getLayoutMetrics': return { cssLayoutViewport: { clientWidth: 800, clientHeight: 600, pageX: 0, pageY: 0 } };
        case 'DOM.getFrameOwner': return { backendNodeId: 30 };
        case 'DOM.getBoxModel': return { model: { content: [11, top], border: [10, top - 1] } };
        case 'DOM.scrollIntoViewIfNeeded': top = 111; return {};
        // the two frames drawn after the scroll (after.js afterFrames, in a world of the act)
        case 'Page.getFrameTree': return { frameTree: { frame: { id: 'TOP' } } };
        case 'Page.createIsolatedWorld': return { executionContextId: 5 };
        case 'Runtime.evaluate': return { result: { value: true } };
        default: throw new Error(`unexpected ${method}`);
      }
    },
  };
  const chain = await frameChain(s, FRAMES, CROSS);
  assert.deepEqual(hiddenLink(chain, { x: 150, y: 120 }), { link: chain[0], rect: { x: 151, y: 121, width: 1, height: 1 } });
  sent.length = 0;
  const point = await actionPoint(s, { frame: CROSS, frames: FRAMES, backendNodeId: 7 });
  const scroll = sent.find((c) => c.method === 'DOM.scrollIntoViewIfNeeded');
  assert.deepEqual(scroll.params, { backendNodeId: 30, rect: { x: 151, y: 121, width: 1, height: 1 } }, 'the point, in the <iframe>');
  assert.equal(scroll.sessionId, undefined, "in the parent's root");
  assert.deepEqual(point.point, { x: 161, y: 231 }, 'the tab point once scrolled');
  assert.equal(point.scrolled, true);
  assert.equal(hiddenLink(point.chain, point.locals[0]), null);
  // input is routed by what was drawn: two frames of the page are waited after the scroll
  const methods = sent.map((c) => c.method);
  const waited = methods.lastIndexOf('Runtime.evaluate');
  assert.ok(waited > methods.lastIndexOf('DOM.scrollIntoViewIfNeeded'), methods.join(' '));
  assert.match(sent[waited].params.expression, /i < 2;.*requestAnimationFrame/s);
});

test('a frame that no scroll brings into view is not acted on', async () => {
  const s = {
    async send(method) {
      switch (method) {
        case 'DOM.getContentQuads': return { quads: [[100, 100, 200, 100, 200, 140, 100, 140]] };
        case 'Page.getLayoutMetrics': return { cssLayoutViewport: { clientWidth: 800, clientHeight: 600, pageX: 0, pageY: 0 } };
        case 'DOM.getFrameOwner': return { backendNodeId: 30 };
        case 'DOM.getBoxModel': return { model: { content: [11, 5000] } };
        default: return {};
      }
    },
  };
  await assert.rejects(actionPoint(s, { frame: CROSS, frames: FRAMES, backendNodeId: 7 }), (err) => err.code === 'not_actionable');
});
