// The walker reads a name's words as the host's ids do (lib/walker/src/twins_last.js idWords
// against host/axsnap_host/semantic/ids.py slug): twins are grouped and parted by these words,
// so a difference the host's id keeps must part them in the walker too (design notes 218, 306).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { idWords } from '../lib/walker/src/twins_last.js';

test('a sign opening a number is a word of the name', () => {
  assert.deepEqual(idWords('Fine adjust: -1°C', 5), ['fine', 'adjust', 'minus', '1', 'c']);
  assert.deepEqual(idWords('Fine adjust: +1°C', 5), ['fine', 'adjust', 'plus', '1', 'c']);
  assert.deepEqual(idWords('Zoom \u221210%', 5), ['zoom', 'minus', '10']);
  assert.deepEqual(idWords('(-5)', 5), ['minus', '5']);
});

test('a dash or plus between words and numbers stays a break', () => {
  assert.deepEqual(idWords('2026-12-05', 5), ['2026', '12', '05']);
  assert.deepEqual(idWords('10-20 items', 5), ['10', '20', 'items']);
  assert.deepEqual(idWords('UTC+2', 5), ['utc', '2']);
  assert.deepEqual(idWords('+ Add', 5), ['add']);
  assert.deepEqual(idWords("10'-13'", 5), ['10', '13']);
  assert.deepEqual(idWords('heise.de/-2596987', 5), ['heise', 'de', '2596987']);
});

test('a number keeps its unit past the last word', () => {
  assert.deepEqual(idWords('Colombian filter coffee 250 g bag', 4),
    ['colombian', 'filter', 'coffee', '250', 'g']);
});
