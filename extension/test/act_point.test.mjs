// The act's point reads (geometry.js): the box and the hit test read while the target is
// found (earlyPoint), taken by actionPoint and checkHit for that node only.
import test from 'node:test';
import assert from 'node:assert/strict';

import { actionPoint, checkHit, earlyPoint } from '../lib/act/geometry.js';

const FRAME = { frameId: 'F', sessionId: undefined };

/** A page with one node (backendNodeId 7) at `box` in a 800×600 viewport scrolled by `pageY`;
 * what is under any point: `under` (a backendNodeId). Answers come a tick later, so commands
 * sent at once are all sent before the first answer. */
function page({ box = [100, 100, 200, 140], pageY = 0, under = 7 } = {}) {
  const sent = [];
  let answered = 0;
  let [x0, y0, x1, y1] = box;
  const answers = {
    'DOM.getContentQuads': () => ({ quads: [[x0, y0, x1, y0, x1, y1, x0, y1]] }),
    'Page.getLayoutMetrics': () => ({ cssLayoutViewport: { clientWidth: 800, clientHeight: 600, pageX: 0, pageY } }),
    'DOM.scrollIntoViewIfNeeded': () => { y1 -= y0 - 10; y0 = 10; return {}; },
    'DOM.getNodeForLocation': () => ({ backendNodeId: under }),
  };
  return {
    sent,
    async send(method, params) {
      sent.push({ method, params, answered });
      await new Promise((r) => setTimeout(r, 1));
      answered++;
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected ${method}`);
      return answer(params);
    },
  };
}

const node = (over = {}) => ({ frame: FRAME, frames: [FRAME], backendNodeId: 7, objectId: 'o7', contextId: 1, ...over });

test('a node in view: its box and viewport read at once, then the hit test at its centre, once', async () => {
  const s = page({ pageY: 50 });
  const early = await earlyPoint(s, node());
  assert.deepEqual(s.sent.map((c) => c.method), ['DOM.getContentQuads', 'Page.getLayoutMetrics', 'DOM.getNodeForLocation']);
  assert.equal(s.sent[1].answered, 0, 'the viewport is asked before the box is answered');
  assert.deepEqual(s.sent[2].params, { x: 150, y: 170, includeUserAgentShadowDOM: false, ignorePointerEventsNone: true },
    'the centre in document coordinates (the viewport point plus the scroll)');
  const target = node();
  const point = await actionPoint(s, target, early);
  await checkHit(s, target, point.toDocument(point.locals[0]), point.hit);
  assert.equal(s.sent.length, 3, 'actionPoint and checkHit took the early reads: no command more');
  assert.deepEqual(point.point, { x: 150, y: 120 });
});

test('the early hit stands only for its own point: another point is hit-tested again', async () => {
  const s = page({ under: 9 });
  const early = await earlyPoint(s, node());
  const point = await actionPoint(s, node(), early);
  await checkHit(s, node(), point.toDocument(point.locals[0]), point.hit).catch(() => {});
  const before = s.sent.length;
  await checkHit(s, node(), point.toDocument(point.locals[1]), point.hit).catch(() => {});
  assert.equal(s.sent[before].method, 'DOM.getNodeForLocation');
});

test('a node partly out of view: no early hit test; the act scrolls and reads again', async () => {
  const s = page({ box: [100, 580, 200, 640] });
  const early = await earlyPoint(s, node());
  assert.equal(early.hit, null);
  assert.deepEqual(s.sent.map((c) => c.method), ['DOM.getContentQuads', 'Page.getLayoutMetrics']);
  const point = await actionPoint(s, node(), early);
  assert.equal(point.scrolled, true);
  assert.equal(point.hit, null);
  assert.deepEqual(s.sent.slice(2).map((c) => c.method),
    ['DOM.scrollIntoViewIfNeeded', 'DOM.getContentQuads', 'Page.getLayoutMetrics']);
});

test('reads of another node are not taken (a label, a form\'s button): its own are read', async () => {
  const s = page();
  const early = await earlyPoint(s, node());
  const label = node({ backendNodeId: 8, objectId: 'o8' });
  const point = await actionPoint(s, label, early);
  assert.equal(point.hit, null);
  assert.deepEqual(s.sent.slice(3).map((c) => c.method), ['DOM.getContentQuads', 'Page.getLayoutMetrics']);
});

test('a read that fails leaves no early answer: the act reads as before', async () => {
  const s = page();
  s.send = async () => { throw new Error('target closed'); };
  assert.equal(await earlyPoint(s, node()), null);
});
