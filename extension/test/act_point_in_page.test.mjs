// The act's box and hit test read in the lookup's page call (point_in_page.js, fast path
// act_point_in_page): the same box, viewport and point as DevTools' reads give earlyPoint, a
// hit taken only when it reaches the node (or its label, when no shadow root can hide the hit),
// and liveTarget sending no box or hit command for a top document's node unless exact.
import test from 'node:test';
import assert from 'node:assert/strict';

import { POINT_IN_PAGE } from '../lib/act/point_in_page.js';
import { REACHES, actionPoint, checkHit, earlyPoint } from '../lib/act/geometry.js';
import { liveTarget } from '../lib/act/executor.js';

const pointInPage = new Function(`return (${POINT_IN_PAGE});`)();
const HTML = 'http://www.w3.org/1999/xhtml';

/** An element of a fake page: `name`, its parent, client rects [left, top, right, bottom]. */
function element(name, parent = null, rects = []) {
  return {
    nodeType: 1, localName: name, namespaceURI: HTML, parentNode: parent, parentElement: parent, control: null,
    getClientRects: () => rects.map(([left, top, right, bottom]) => ({ left, top, right, bottom })),
    closest(sel) {
      for (let n = this; n; n = n.parentElement) if (n.localName === sel) return n;
      return null;
    },
  };
}

/** A top document 800×600 scrolled by (scrollX, scrollY) whose hit at any point is `hit()`;
 * `asked`: the points elementFromPoint was asked at. */
function page({ scrollX = 0, scrollY = 0, width = 800, height = 600 } = {}) {
  const view = { scrollX, scrollY, getComputedStyle: (el) => ({ display: el.display ?? 'block' }) };
  view.top = view;
  const doc = { compatMode: 'CSS1Compat', documentElement: { clientWidth: width, clientHeight: height }, defaultView: view,
    asked: [], hit: () => null };
  doc.elementFromPoint = (x, y) => { doc.asked.push({ x, y }); return doc.hit(); };
  return doc;
}

function placed(doc, el, root = doc) {
  el.ownerDocument = doc;
  el.getRootNode = () => root;
  return el;
}

test('a node wholly in view: its rects, the viewport, and a hit inside it at the centre', () => {
  const doc = page({ scrollY: 50.4 });
  const body = placed(doc, element('body'));
  const button = placed(doc, element('button', body, [[100, 100, 200, 140]]));
  const icon = placed(doc, element('svg', button));
  doc.hit = () => icon;
  const got = pointInPage.call(button);
  assert.deepEqual(got.quads, [[100, 100, 200, 100, 200, 140, 100, 140]]);
  assert.deepEqual(got.viewport, { width: 800, height: 600, pageX: 0, pageY: 50.4 });
  // the centre rounded in document coordinates, as DOM.getNodeForLocation is asked
  assert.deepEqual(got.hit, { x: 150, y: 170, reaches: true });
  assert.equal(doc.asked.length, 1);
  assert.ok(Math.abs(doc.asked[0].y - (170 - 50.4)) < 1e-9, 'asked in viewport coordinates');
});

test('a cover, or nothing there: the hit does not reach (DevTools is asked)', async () => {
  const doc = page();
  const body = placed(doc, element('body'));
  const button = placed(doc, element('button', body, [[100, 100, 200, 140]]));
  const banner = placed(doc, element('div', body));
  doc.hit = () => banner;
  assert.deepEqual(pointInPage.call(button).hit, { x: 150, y: 120, reaches: false });
  doc.hit = () => null;
  assert.equal(pointInPage.call(button).hit.reaches, false);
});

test('a hit that does not reach is asked of DevTools at that point', async () => {
  const frame = { frameId: 'F', sessionId: undefined };
  const node = { frame, frames: [frame], backendNodeId: 7, objectId: 'o', contextId: 1 };
  const s = devtools([[100, 100, 200, 140]], { scrollX: 0, scrollY: 0, width: 800, height: 600 }, 7);
  const early = { backendNodeId: 7, quads: [[100, 100, 200, 100, 200, 140, 100, 140]],
    viewport: { width: 800, height: 600, pageX: 0, pageY: 0 }, hit: { x: 150, y: 120, reaches: false } };
  const at = await actionPoint(s, node, early);
  await checkHit(s, node, at.toDocument(at.locals[0]), at.hit);
  assert.deepEqual(s.sent.map((c) => c.method), ['DOM.getNodeForLocation']);
  assert.deepEqual(s.sent[0].params, { x: 150, y: 120, includeUserAgentShadowDOM: false, ignorePointerEventsNone: true });
});

test('not wholly in view: the box only, nothing hit-tested', () => {
  const doc = page();
  const button = placed(doc, element('button', null, [[100, 580, 200, 620]]));
  const got = pointInPage.call(button);
  assert.equal(got.hit, null);
  assert.equal(doc.asked.length, 0);
  assert.equal(got.quads.length, 1);
});

test('a label for it counts only when the element hit can hold no shadow root', () => {
  const doc = page();
  const body = placed(doc, element('body'));
  const label = placed(doc, element('label', body));
  const box = placed(doc, element('input', label, [[10, 10, 30, 30]]));
  label.control = box;
  doc.hit = () => label;
  assert.deepEqual(pointInPage.call(box).hit, { x: 20, y: 20, reaches: true });
  doc.hit = () => placed(doc, element('b', label));
  assert.equal(pointInPage.call(box).hit.reaches, true, 'a <b> cannot host a shadow root: it was hit itself');
  doc.hit = () => placed(doc, element('span', label));
  assert.equal(pointInPage.call(box).hit.reaches, false, 'a <span> may hide a closed root: asked of DevTools');
  doc.hit = () => placed(doc, element('x-check', label));
  assert.equal(pointInPage.call(box).hit.reaches, false, 'a custom element likewise');
  label.control = null;
  doc.hit = () => label;
  assert.equal(pointInPage.call(box).hit.reaches, false, 'another control\'s label covers it');
});

test('an inline box with elements inside is left to DevTools; one of text alone is read', () => {
  const doc = page();
  const label = placed(doc, element('label', null, [[0, 0, 80, 20]]));
  label.display = 'inline';
  label.firstElementChild = placed(doc, element('input', label));
  assert.equal(pointInPage.call(label), null);
  label.display = 'inline-block';
  assert.ok(pointInPage.call(label));
  label.display = 'inline';
  label.firstElementChild = null;
  assert.ok(pointInPage.call(label));
});

test('a node in a shadow root is hit-tested by its own root, through hosts', () => {
  const doc = page();
  const host = placed(doc, element('x-card'));
  const shadow = { host, elementFromPoint: () => inner, nodeType: 11 };
  const button = placed(doc, element('button', shadow, [[0, 0, 40, 20]]), shadow);
  const innerHost = placed(doc, element('x-icon', button), shadow);
  const inner = innerHost;
  doc.hit = () => host; // the document sees the host only
  assert.deepEqual(pointInPage.call(button).hit, { x: 20, y: 10, reaches: true });
});

test('a quirks-mode page reads the viewport off the body; a framed document is not read', () => {
  const doc = page();
  doc.compatMode = 'BackCompat';
  doc.body = { clientWidth: 640, clientHeight: 480 };
  const button = placed(doc, element('button', null, [[0, 0, 10, 10]]));
  assert.deepEqual(pointInPage.call(button).viewport, { width: 640, height: 480, pageX: 0, pageY: 0 });
  doc.defaultView.top = {};
  assert.equal(pointInPage.call(button), null);
});

/** DevTools answering the same page: the rects as content quads, the viewport as metrics. */
function devtools(rects, { scrollX, scrollY, width, height }, under) {
  const sent = [];
  return {
    sent,
    async send(method, params) {
      sent.push({ method, params });
      if (method === 'DOM.getContentQuads') return { quads: rects.map(([l, t, r, b]) => [l, t, r, t, r, b, l, b]) };
      if (method === 'Page.getLayoutMetrics') {
        return { cssLayoutViewport: { clientWidth: width, clientHeight: height, pageX: scrollX, pageY: scrollY } };
      }
      if (method === 'DOM.getNodeForLocation') return { backendNodeId: under };
      throw new Error(`unexpected ${method}`);
    },
  };
}

test('differential: the same point and box as earlyPoint over 300 random layouts', async () => {
  let seed = 7;
  const rand = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  for (let i = 0; i < 300; i++) {
    const vp = { scrollX: Math.round(rand() * 300 * 4) / 4, scrollY: Math.round(rand() * 3000 * 3) / 3,
      width: 300 + Math.round(rand() * 900), height: 200 + Math.round(rand() * 700) };
    const rects = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const l = rand() * 1200 - 100;
      const t = rand() * 1000 - 100;
      return [l, t, l + 1 + rand() * 300, t + 1 + rand() * 120];
    });
    const doc = page(vp);
    const target = placed(doc, element('button', null, rects));
    doc.hit = () => target;
    const mine = pointInPage.call(target);
    const frame = { frameId: 'F', sessionId: undefined };
    const node = { frame, frames: [frame], backendNodeId: 7, objectId: 'o', contextId: 1 };
    const s = devtools(rects, vp, 7);
    const theirs = await earlyPoint(s, node);
    assert.deepEqual(mine.quads, theirs.quads, `layout ${i}`);
    assert.deepEqual(mine.viewport, theirs.viewport, `layout ${i}`);
    assert.deepEqual(mine.hit && { x: mine.hit.x, y: mine.hit.y },
      theirs.hit && { x: theirs.hit.x, y: theirs.hit.y }, `layout ${i}: the same point hit-tested`);
    // and the point the act clicks: actionPoint on the in-page reads, no command sent
    assert.ok(!mine.hit || mine.hit.reaches, `layout ${i}`);
    if (mine.hit) {
      const quiet = devtools(rects, vp, 7);
      const at = await actionPoint(quiet, node, { backendNodeId: 7, ...mine });
      await checkHit(quiet, node, at.toDocument(at.locals[0]), at.hit);
      assert.deepEqual(quiet.sent, [], `layout ${i}: the in-page reads stand for DevTools'`);
    }
  }
});

// liveTarget on a fake tab: the node's check answers its facts and, when asked, its point
const FACTS = { tag: 'button', type: '', role: '', disabled: false, editable: false, readOnly: false, checked: null,
  options: null, selectedIndex: null, multiple: false, form: false, focused: false };
const TOP = { frameId: 'F0', parentFrameId: null, loaderId: 'L0', url: 'http://127.0.0.1/a.html', name: '' };
const POINT = { quads: [[10, 10, 50, 10, 50, 30, 10, 30]], viewport: { width: 800, height: 600, pageX: 0, pageY: 0 },
  hit: { x: 30, y: 20, reaches: true } };

function tab() {
  const sent = [];
  return {
    sent,
    tabId: 7,
    childSessions: () => [],
    async send(method, params) {
      sent.push({ method, params });
      if (method === 'DOM.resolveNode') return { object: { objectId: 'n29' } };
      if (method === 'Runtime.callFunctionOn') {
        const withPoint = params.functionDeclaration.includes('elementFromPoint');
        return { result: { value: { where: 'here', also: JSON.stringify(withPoint ? { ...FACTS, point: POINT } : FACTS) } } };
      }
      if (method === 'DOM.getContentQuads') return { quads: POINT.quads };
      if (method === 'Page.getLayoutMetrics') return { cssLayoutViewport: { clientWidth: 800, clientHeight: 600, pageX: 0, pageY: 0 } };
      if (method === 'DOM.getNodeForLocation') return { backendNodeId: 29 };
      throw new Error(`unexpected ${method}`);
    },
  };
}

const KNOWN = { frames: [TOP], topContext: 40 };
const methods = (s) => s.sent.map((c) => c.method);

test('a click on a top document\'s node: the box and hit ride the check, no command for them', async () => {
  const s = tab();
  const node = await liveTarget(s, { id: '0-29' }, 'click', KNOWN, { pointInPage: true });
  assert.deepEqual(methods(s), ['DOM.resolveNode', 'Runtime.callFunctionOn']);
  assert.equal(node.facts.point, undefined, 'the point is not a fact');
  assert.deepEqual(node.early, { backendNodeId: 29, ...POINT });
  const at = await actionPoint(s, node, node.early);
  await checkHit(s, node, at.toDocument(at.locals[0]), at.hit);
  assert.deepEqual(methods(s), ['DOM.resolveNode', 'Runtime.callFunctionOn'], 'no box or hit command');
});

test('the fast path off (an exact act): the box and hit are DevTools\' reads, as before', async () => {
  const s = tab();
  const node = await liveTarget(s, { id: '0-29' }, 'click', KNOWN, { pointInPage: false });
  assert.deepEqual(methods(s).sort(), ['DOM.getContentQuads', 'DOM.getNodeForLocation', 'DOM.resolveNode',
    'Page.getLayoutMetrics', 'Runtime.callFunctionOn']);
  assert.ok(!s.sent.find((c) => c.method === 'Runtime.callFunctionOn').params.functionDeclaration.includes('elementFromPoint'));
  assert.equal(node.early.hit.answer.backendNodeId, 29);
});

test('a fill reads no point at all', async () => {
  const s = tab();
  await liveTarget(s, { id: '0-29' }, 'fill', KNOWN, { pointInPage: true });
  assert.ok(!s.sent.find((c) => c.method === 'Runtime.callFunctionOn').params.functionDeclaration.includes('elementFromPoint'));
  assert.deepEqual(methods(s), ['DOM.resolveNode', 'Runtime.callFunctionOn']);
});

test('the exact path\'s hit on a pseudo-element (DevTools names ::before) is its element\'s', () => {
  const reaches = new Function(`return (${REACHES});`)();
  const target = element('input');
  const label = element('label');
  label.control = target;
  const before = { element: label }; // a CSSPseudoElement: no nodeType, no parentNode
  assert.equal(reaches.call(target, before), true, 'its label\'s ::before forwards the click');
  assert.equal(reaches.call(target, { element: element('div') }), false, 'another element\'s is a cover');
  const child = element('span', target);
  assert.equal(reaches.call(target, { element: child }), true, 'its own part\'s');
});
