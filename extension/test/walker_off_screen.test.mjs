// A box beyond the page's start hides what it holds (src/visibility.js offScreen); a box of no
// size on the page's edge does not: an empty inline wrapper at the origin holds a fixed modal.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const { offScreen } = await import('../lib/walker/src/visibility.js');

test('a box that ends before the page starts is off the screen', () => {
  assert.equal(offScreen(-9999, 1), true);  // the "left: -9999px" of a screen-reader text
  assert.equal(offScreen(-50, 50), true);   // ends exactly at the edge, drawn wholly before it
  assert.equal(offScreen(-10, 0), true);    // no size, placed before the edge
});

test('a box on the page or of no size at its edge is not', () => {
  assert.equal(offScreen(0, 0), false);     // <ng-include> around a fixed modal
  assert.equal(offScreen(0, 20), false);
  assert.equal(offScreen(-5, 20), false);   // partly shown
  assert.equal(offScreen(300, 0), false);
});
