// The walker's words of a payment card's field agree with the host's on every shared case
// (note 315): the walker's whole-page tally leaves a card's code in a password box out of the
// passwords (lib/walker/src/tally_passwords.js CARD), as the host does (semantic/
// account_forms.py). tests/vectors/card_field_words.json holds the cases;
// tests/unit/test_card_field_vectors.py runs the host's side.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { CARD } from '../lib/walker/src/tally_passwords.js';

const VECTORS = JSON.parse(readFileSync(
  new URL('../../tests/vectors/card_field_words.json', import.meta.url), 'utf8'));

test('words naming a card\'s field', () => {
  for (const words of VECTORS.card) assert.ok(CARD.test(words), words);
});

test('words naming no card\'s field', () => {
  for (const words of VECTORS.not_card) assert.ok(!CARD.test(words), words);
});
