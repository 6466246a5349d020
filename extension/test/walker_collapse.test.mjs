// The walker's white space collapsing (lib/walker/src/run.js, design note 201) replaces only
// the runs that are not one space already: the same text as replacing every run, on random
// texts of every kind of white space JS and CSS know; a box's words collapsed only as far as
// their head needs are the head of the whole text collapsed; and the rows' words squashed
// without splitting them (printed_rows.js) are the words split, kept and joined.
import test from 'node:test';
import assert from 'node:assert/strict';
import { squash } from '../lib/walker/src/printed_rows.js';
import { collapse, collapseAscii, collapsedHead } from '../lib/walker/src/run.js';

// the rules as they were written before note 201: the references
const everyRun = (s) => s.replace(/\s+/g, ' ').trim();
const everyAsciiRun = (s) => s.replace(/[ \t\n\r\f]+/g, ' ');
const splitWords = (s) => s.split(/[\t\n\v\f\r ]+/).filter(Boolean).join(' ').toLowerCase();

// white space of every kind (ASCII, no-break, line and paragraph separators, the BOM, the
// ideographic space, a vertical tab), letters, and both halves of a surrogate pair
const PARTS = [' ', ' ', ' ', '\n', '\t', '\r', '\f', '\v', '\u00a0', '\u2028', '\u2029', '\ufeff',
  '\u3000', '\u2003', 'a', 'b', 'word', '\ud83d', '\ude00', '😀', '.'];

function randomText(next, parts) {
  let s = '';
  for (let k = 0; k < parts; k++) s += PARTS[Math.floor(next() * PARTS.length)];
  return s;
}

function seeded(seed) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

test('collapse gives the text every run replaced gives', () => {
  const next = seeded(7);
  for (let i = 0; i < 50000; i++) {
    const s = randomText(next, Math.floor(next() * 16));
    assert.equal(collapse(s), everyRun(s), JSON.stringify(s));
  }
  assert.equal(collapse(''), '');
  assert.equal(collapse(' one  two\u00a0three \n'), 'one two three');
});

test('collapseAscii replaces the ASCII runs only, as layout collapses them', () => {
  const next = seeded(11);
  for (let i = 0; i < 50000; i++) {
    const s = randomText(next, Math.floor(next() * 16));
    assert.equal(collapseAscii(s), everyAsciiRun(s), JSON.stringify(s));
  }
  assert.equal(collapseAscii('a \u00a0 b\t\tc '), 'a \u00a0 b c ');
});

test('collapsedHead is the head of the whole text collapsed', () => {
  const next = seeded(13);
  for (let i = 0; i < 3000; i++) {
    const s = randomText(next, Math.floor(next() * 2000));
    for (const n of [0, 1, 80, 200]) {
      assert.equal(collapsedHead(s, n), everyRun(s).slice(0, n), JSON.stringify(s.slice(0, 60)));
    }
  }
  // a long run of white space across the first heads it tries
  const wide = `${' '.repeat(5000)}a${'\n'.repeat(3000)}b ${'c '.repeat(100)}`;
  assert.equal(collapsedHead(wide, 80), everyRun(wide).slice(0, 80));
});

test('squash gives the words split, kept and joined, lower case', () => {
  const next = seeded(17);
  for (let i = 0; i < 50000; i++) {
    const s = randomText(next, Math.floor(next() * 16)) + (next() < 0.2 ? 'Upper CASE' : '');
    assert.equal(squash(s), splitWords(s), JSON.stringify(s));
  }
  assert.equal(squash('\v Open \t the  Menu '), 'open the menu');
});
