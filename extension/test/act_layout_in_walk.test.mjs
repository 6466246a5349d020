// The capture after an act reads its layout in the walk's own evaluate (fast path
// act_layout_in_walk, design note 86): the expression's answer, its parse, and the capture
// after taking it (the focus and modals still read off the items behind it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';

import { createAfterReads } from '../lib/act/after.js';
import { LAYOUT_IN_PAGE, layoutOf } from '../lib/act/layout_in_walk.js';
import { createActBaselines } from '../lib/reuse/act_baseline.js';

/** LAYOUT_IN_PAGE run on a made-up window. */
function run({ dpr = 1, scale = 1, scrollX = 0, scrollY = 0, styles = {}, scrolling = true } = {}) {
  const root = { clientWidth: 1265, clientHeight: 742, scrollWidth: 2408, scrollHeight: 3109, name: 'html' };
  const body = { name: 'body' };
  const style = (el) => ({ direction: 'ltr', writingMode: 'horizontal-tb', ...styles[el.name] });
  const window = { devicePixelRatio: dpr, visualViewport: { scale }, scrollX, scrollY };
  const document = { scrollingElement: scrolling ? root : null, documentElement: root, body };
  return vm.runInNewContext(LAYOUT_IN_PAGE, { window, document, getComputedStyle: style, JSON, Number });
}

test('at a zoom of 1 the page answers getLayoutMetrics\' two parts the host reads', () => {
  const got = layoutOf({ type: 'string', value: run({ scrollX: 33, scrollY: 123 }) });
  assert.deepEqual(got, {
    cssLayoutViewport: { pageX: 33, pageY: 123, clientWidth: 1265, clientHeight: 742 },
    cssContentSize: { x: 0, y: 0, width: 2408, height: 3109 },
  });
});

test('a zoom, a pinch, a fractional scroll, another scroll origin or no scrolling element: declined', () => {
  assert.equal(run({ dpr: 1.25 }), null);
  assert.equal(run({ dpr: 2 }), null);
  assert.equal(run({ scale: 1.5 }), null);
  assert.equal(run({ scrollY: 77.5 }), null);
  assert.equal(run({ scrollX: 0.25 }), null);
  assert.equal(run({ styles: { html: { direction: 'rtl' } } }), null);
  assert.equal(run({ styles: { body: { direction: 'rtl' } } }), null);
  assert.equal(run({ styles: { html: { writingMode: 'vertical-rl' } } }), null);
  assert.equal(run({ scrolling: false }), null);
  assert.equal(layoutOf({ type: 'null' }), null);
});

test('only an answer of its own shape is taken', () => {
  assert.equal(layoutOf(null), null);
  assert.equal(layoutOf({ type: 'string', value: 'not json' }), null);
  assert.equal(layoutOf({ type: 'string', value: '{"cssLayoutViewport":{"pageX":0}}' }), null);
  const value = JSON.stringify({ cssLayoutViewport: { pageX: 0, pageY: 0, clientWidth: 1, clientHeight: 1 },
    cssContentSize: { x: 0, y: 0, width: 1, height: null } });
  assert.equal(layoutOf({ type: 'string', value }), null);
});

test('the capture after gets the walk\'s layout; the focus and modals are the items behind it', async () => {
  const layout = { cssLayoutViewport: { pageX: 0, pageY: 40, clientWidth: 800, clientHeight: 600 },
    cssContentSize: { x: 0, y: 0, width: 800, height: 2000 } };
  const focused = { type: 'node', value: { backendNodeId: 41, localName: 'input' } };
  const items = [{ type: 'string', value: JSON.stringify(layout) }, focused, { type: 'string', value: 'Labels' }];
  const baselines = createActBaselines();
  const readWith = async (options) => {
    let asked = null;
    let given = null;
    const deps = {
      walkWithProof: (s, tabId, opts, how) => {
        asked = how;
        const exact = !how.also.includes('scrollingElement');
        return { reply: Promise.resolve({ proof: ['P', 1, 'ok', 3, 0], out: {} }), contextId: 9,
          also: Promise.resolve(exact ? items.slice(1) : items) };
      },
      actBaselines: { ...baselines, mayLayoutInWalk: baselines.mayLayoutInWalk, wantsWitness: () => true,
        witnessOfWalk: async () => ({ proof: null }) },
    };
    const capture = async (s, tabId, opts, stab, how) => { given = how.walked; return { frames: [] }; };
    const { readAfter } = createAfterReads({ deps, now: () => 0, capture });
    const got = await readAfter({ tabId: 1, send: async () => ({}) }, 1, options, null, null);
    return { asked, given, got };
  };
  const fast = await readWith({});
  assert.ok(fast.asked.also.includes('scrollingElement') && fast.asked.also.includes('activeElement'));
  assert.deepEqual(await fast.given.layout, layout);
  assert.deepEqual(fast.got.focus, { backendNodeId: 41, tag: 'input' });
  assert.deepEqual(fast.got.modals, ['Labels']);
  // exact: the walk carries the focus and modals only, the capture asks getLayoutMetrics
  const exact = await readWith({ exact: true });
  assert.ok(!exact.asked.also.includes('scrollingElement'));
  assert.equal(exact.given.layout, undefined);
  assert.deepEqual(exact.got.modals, ['Labels']);
});

test('the switch: exact turns it off', () => {
  const baselines = createActBaselines();
  assert.equal(baselines.mayLayoutInWalk({}), true);
  assert.equal(baselines.mayLayoutInWalk({ exact: true }), false);
});
