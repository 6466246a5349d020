// A box that clips what overflows it, drawn 0 or under 6 px a side, hides what it holds but
// what is laid out against a containing block outside it (lib/walker/src/clip_escape.js,
// design note 280): SimpleBar's mask, absolute to the sidebar around the 0-height wrapper.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { escapeClips } from '../lib/walker/src/clip_escape.js';
import { clipsItsBox } from '../lib/walker/src/visibility.js';

const NO_BODY = { body: null, documentElement: null };

class Box {
  constructor(parent = null, doc = NO_BODY) {
    this.parent = parent;
    this.parentNode = parent;
    this.offsetParent = null;
    this.ownerDocument = doc;
    this.style = { position: 'static', overflowX: 'visible', overflowY: 'visible' };
  }

  contains(other) {
    for (let at = other; at; at = at.parent) if (at === this) return true;
    return false;
  }
}

test('an absolute box whose containing block is outside the clipping box escapes it', () => {
  const sidebar = new Box();
  const wrapper = new Box(sidebar);
  const mask = new Box(wrapper);
  mask.offsetParent = sidebar;
  const clipTo = { box: wrapper, reasons: ['zero_size'], outer: null };
  assert.deepEqual(escapeClips(mask, 'absolute', ['zero_size'], clipTo), [null, null]);
  // other reasons stay: a transparent box's children are transparent wherever they are drawn
  assert.deepEqual(escapeClips(mask, 'absolute', ['opacity_0', 'zero_size'], clipTo),
    [['opacity_0'], null]);
});

test('an absolute box laid out against the clipping box, or inside it, does not escape', () => {
  const gone = new Box();
  const link = new Box(gone);
  link.offsetParent = gone;
  const clipTo = { box: gone, reasons: ['zero_size'], outer: null };
  assert.deepEqual(escapeClips(link, 'absolute', ['zero_size'], clipTo), [['zero_size'], clipTo]);
  const inner = new Box(gone);
  const deeper = new Box(inner);
  deeper.offsetParent = inner;
  assert.deepEqual(escapeClips(deeper, 'absolute', ['zero_size'], clipTo), [['zero_size'], clipTo]);
});

test('escaping an inner clip only keeps the reason the outer one gave; fixed escapes both', () => {
  const page = new Box();
  const outer = new Box(page);
  const between = new Box(outer);
  const inner = new Box(between);
  const el = new Box(inner);
  el.offsetParent = between;
  const outerClip = { box: outer, reasons: ['tiny_box'], outer: null };
  const innerClip = { box: inner, reasons: ['zero_size'], outer: outerClip };
  assert.deepEqual(escapeClips(el, 'absolute', ['tiny_box', 'zero_size'], innerClip),
    [['tiny_box'], outerClip]);
  assert.deepEqual(escapeClips(el, 'fixed', ['tiny_box', 'zero_size'], innerClip), [null, null]);
});

// getComputedStyle as the page answers it, from each fake box's own style
globalThis.getComputedStyle = (box) => box.style;

function page() {
  const doc = { body: null, documentElement: null };
  const root = new Box(null, doc);
  const body = new Box(root, doc);
  doc.documentElement = root;
  doc.body = body;
  return { doc, root, body };
}

test('an absolute box the body names as offsetParent escapes the body unless it is positioned', () => {
  const { doc, body } = page();
  const link = new Box(body, doc);
  link.offsetParent = body;  // what offsetParent says when nothing above is positioned
  const clipTo = { box: body, reasons: ['zero_size'], outer: null };
  assert.deepEqual(escapeClips(link, 'absolute', ['zero_size'], clipTo), [null, null]);
  body.style.position = 'relative';
  assert.deepEqual(escapeClips(link, 'absolute', ['zero_size'], clipTo), [['zero_size'], clipTo]);
});

test('the root never clips its box; the body only while the root clips too', () => {
  const { doc, root, body } = page();
  const div = new Box(body, doc);
  for (const box of [root, body, div]) box.style.overflowY = 'hidden';
  root.style.overflowY = 'visible';
  assert.equal(clipsItsBox(root, root.style), false);
  assert.equal(clipsItsBox(body, body.style), false);  // its overflow is the viewport's
  assert.equal(clipsItsBox(div, div.style), true);
  root.style.overflowY = 'hidden';  // the root's goes to the viewport, the body keeps its own
  assert.equal(clipsItsBox(root, root.style), false);
  assert.equal(clipsItsBox(body, body.style), true);
  div.style.overflowY = 'visible';
  assert.equal(clipsItsBox(div, div.style), false);
});
