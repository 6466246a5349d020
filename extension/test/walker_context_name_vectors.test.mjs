// The walker's rule for when a control's place names it agrees with the host's on every shared
// case (notes 185, 313): the walker keys a nameless box's twins by its place's words
// (lib/walker/src/context_name.js contextNamesControl) where the host's element model names
// it by them (models/context_names.py). tests/vectors/context_name_words.json holds the cases;
// tests/unit/test_context_name_vectors.py runs the host's side.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { contextNamesControl } from '../lib/walker/src/context_name.js';

const VECTORS = JSON.parse(readFileSync(
  new URL('../../tests/vectors/context_name_words.json', import.meta.url), 'utf8'));

test('words that name a control', () => {
  for (const words of VECTORS.names) assert.ok(contextNamesControl(words), words);
});

test('words that name no control', () => {
  for (const words of VECTORS.not_names) assert.ok(!contextNamesControl(words), words);
});
