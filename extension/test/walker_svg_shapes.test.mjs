// An inline SVG icon named by what it draws (lib/walker/src/svg_shapes.js): the known icons'
// first path's opening, at any size and spacing; any other drawing says nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { shapeWords } from '../lib/walker/src/svg_shapes.js';

function svgDrawing(d, localName = 'svg') {
  const path = { getAttribute: (name) => (name === 'd' ? d : null) };
  return { localName, querySelector: (sel) => (sel === 'path[d]' && d !== null ? path : null) };
}

test('a known icon is named by its first path, whatever its spacing', () => {
  assert.equal(shapeWords(svgDrawing('M11.49 3.17c-.38-1.56-2.6-1.56-2.98 0a1.532 1.532 0 01')), 'cog');
  assert.equal(shapeWords(svgDrawing('M9 2a1 1  0 00-.894.553L7.382 4H4a1 1 0 000 2v10')), 'trash');
  assert.equal(shapeWords(svgDrawing('\n  M7.293 14.707a1 1 0 010-1.414L10.586 10 7.293 6.707a1')),
    'chevron right');
  assert.equal(shapeWords(svgDrawing('M8.29 20.251c7.547 0 11.675-6.253 11.675-11.675 0-.178')),
    'twitter');
});

test('circles alike in their opening are told by the rest of it', () => {
  const circle = 'M18 10a8 8 0 11-16 0 8 8 0 0116 0z';
  assert.equal(shapeWords(svgDrawing(`${circle}m-7 4a1 1 0 11-2 0 1 1 0 012 0z`)),
    'exclamation circle');
  assert.equal(shapeWords(svgDrawing(`${circle}m-7-4a1 1 0 11-2 0 1 1 0 012 0z`)),
    'information circle');
  assert.equal(shapeWords(svgDrawing(`${circle}m-3.707-9.293`)), '');
});

test('an unknown drawing, no path or no svg says nothing', () => {
  assert.equal(shapeWords(svgDrawing('M2 2h16v16H2z')), '');
  assert.equal(shapeWords(svgDrawing(null)), '');
  assert.equal(shapeWords(svgDrawing('M11.49 3.17c-.38-1.56-2.6-1.56-2.98 0', 'g')), '');
});
