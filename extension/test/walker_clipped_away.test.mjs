// A field in a panel its overflow clip folds shut is no field a person fills (the walk's page
// tally: lib/walker/src/clipped_away.js): Whoogle's configuration under its search box.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clippedAway } from '../lib/walker/src/clipped_away.js';

function page() {
  const styles = new Map();
  const doc = { defaultView: { getComputedStyle: (el) => styles.get(el) } };
  const make = (parent, rect, style = {}) => {
    const el = { parentElement: parent, ownerDocument: doc, offsetParent: null,
      getBoundingClientRect: () => ({ left: rect[0], top: rect[1], right: rect[0] + rect[2],
        bottom: rect[1] + rect[3] }) };
    styles.set(el, { position: 'static', display: 'block', overflowX: 'visible',
      overflowY: 'visible', ...style });
    return el;
  };
  doc.documentElement = make(null, [0, 0, 1280, 800]);
  doc.body = make(doc.documentElement, [0, 0, 1280, 800]);
  return { doc, make };
}

const FOLDED = { overflowX: 'hidden', overflowY: 'hidden' };

test('a field under a panel folded to no height is clipped away', () => {
  const { doc, make } = page();
  const panel = make(doc.body, [300, 400, 600, 0], FOLDED);
  const form = make(panel, [318, 400, 564, 300]);
  const field = make(form, [318, 420, 200, 30]);
  assert.equal(clippedAway(field), true);
});

test('the same field in the panel opened, in a scrolling pane, or beside the clip is not', () => {
  const { doc, make } = page();
  const opened = make(doc.body, [300, 400, 600, 320], FOLDED);
  assert.equal(clippedAway(make(opened, [318, 420, 200, 30])), false);
  const pane = make(doc.body, [300, 400, 600, 0], { overflowX: 'auto', overflowY: 'auto' });
  assert.equal(clippedAway(make(pane, [318, 420, 200, 30])), false);
  // clipped across only: a field below the box but inside its width shows when it is taller
  const wide = make(doc.body, [300, 400, 600, 0], { overflowX: 'hidden', overflowY: 'visible' });
  assert.equal(clippedAway(make(wide, [318, 420, 200, 30])), false);
});

test('an absolute field laid out outside the folded panel escapes its clip; a fixed one too', () => {
  const { doc, make } = page();
  const shell = make(doc.body, [0, 0, 1280, 800], { position: 'relative' });
  const panel = make(shell, [300, 400, 600, 0], FOLDED);
  const field = make(panel, [318, 420, 200, 30], { position: 'absolute' });
  field.offsetParent = shell;
  assert.equal(clippedAway(field), false);
  const inside = make(panel, [318, 420, 200, 30], { position: 'absolute' });
  inside.offsetParent = panel;
  assert.equal(clippedAway(inside), true);
  assert.equal(clippedAway(make(panel, [318, 420, 200, 30], { position: 'fixed' })), false);
});

test('a display: contents or inline box around a field clips nothing', () => {
  const { doc, make } = page();
  const contents = make(doc.body, [0, 0, 0, 0], { ...FOLDED, display: 'contents' });
  assert.equal(clippedAway(make(contents, [318, 420, 200, 30])), false);
  const inline = make(doc.body, [10, 10, 0, 0], { ...FOLDED, display: 'inline' });
  assert.equal(clippedAway(make(inline, [318, 420, 200, 30])), false);
});

test('a field scrolled out of a pane inside a clipped frame is not clipped away; the pane is asked', () => {
  const { doc, make } = page();
  const frame = make(doc.body, [300, 100, 600, 500], FOLDED);
  const pane = make(frame, [300, 150, 600, 450], { overflowX: 'hidden', overflowY: 'auto' });
  const below = make(pane, [318, 900, 200, 30]);  // scrolled out of the pane: the pane brings it
  assert.equal(clippedAway(below), false);
  const folded = make(doc.body, [300, 400, 600, 0], FOLDED);
  const shutPane = make(folded, [300, 400, 600, 300], { overflowY: 'auto' });
  assert.equal(clippedAway(make(shutPane, [318, 420, 200, 30])), true);
});
