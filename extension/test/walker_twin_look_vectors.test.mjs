// The walker's class words agree with the read's on every shared case (note 300): the walker
// says the twins it numbers by the icon their class names (lib/walker/src/twin_own.js), the
// read the twins the walker never parted (semantic/read_twins.py, read_parts.py).
// tests/vectors/class_look_words.json holds the cases; tests/unit/test_class_look_vectors.py
// runs the read's side.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { classLookTokens, classTokenWords, lookParts } from '../lib/walker/src/twin_own.js';

const VECTORS = JSON.parse(readFileSync(
  new URL('../../tests/vectors/class_look_words.json', import.meta.url), 'utf8'));

test('a class token\'s words', () => {
  for (const { token, words } of VECTORS.token_words) {
    assert.deepEqual(classTokenWords(token), words, token);
  }
});

test('the tokens that may name a control', () => {
  for (const { tokens, kept } of VECTORS.look_tokens) {
    assert.deepEqual(classLookTokens(tokens), kept, tokens.join(' '));
  }
});

test('the words that part twins', () => {
  for (const { twins, parts } of VECTORS.look_parts) {
    assert.deepEqual(lookParts(twins.map(classLookTokens)), parts, JSON.stringify(twins));
  }
});
