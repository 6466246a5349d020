// The everyday name of a swatch's colour (lib/walker/src/swatch.js): what a person calls it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cssColourName } from '../lib/walker/src/swatch.js';

test('a colour is named by its hue and lightness', () => {
  assert.equal(cssColourName('#e53935'), 'red');
  assert.equal(cssColourName('#1e88e5'), 'blue');
  assert.equal(cssColourName('rgb(67, 160, 71)'), 'green');
  assert.equal(cssColourName('#009688'), 'cyan');
  assert.equal(cssColourName('#ff9800'), 'orange');
  assert.equal(cssColourName('#bbdefb'), 'light blue');
  assert.equal(cssColourName('#8e24aa'), 'purple');
});

test('greys, black and white by lightness; transparent and unknown say nothing', () => {
  assert.equal(cssColourName('#ffffff'), 'white');
  assert.equal(cssColourName('rgb(0, 0, 0)'), 'black');
  assert.equal(cssColourName('#808080'), 'grey');
  assert.equal(cssColourName('rgba(0, 0, 0, 0)'), '');
  assert.equal(cssColourName('transparent'), '');
});
