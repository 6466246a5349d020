// A box that clips what overflows it, drawn 0 or under 6 px a side, hides what it holds but
// what is laid out against a containing block outside it (lib/walker/src/clip_escape.js,
// design note 280): SimpleBar's mask, absolute to the sidebar around the 0-height wrapper.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { escapeClips } from '../lib/walker/src/clip_escape.js';

class Box {
  constructor(parent = null) {
    this.parent = parent;
    this.offsetParent = null;
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
