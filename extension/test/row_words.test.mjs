// A label is taken out of a control's row words only where it stands as words of its own
// (design note 327): the vectors the host's suite reads too (tests/vectors/label_minus.json;
// tests/unit/test_label_minus.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { withoutLabel } from '../lib/walker/src/run.js';

const { vectors } = JSON.parse(readFileSync(new URL('../../tests/vectors/label_minus.json', import.meta.url), 'utf8'));

test('every vector: the label out where it is words of its own, else the text as it was', () => {
  assert.ok(vectors.length >= 10);
  for (const { text, label, out } of vectors) assert.equal(withoutLabel(text, label), out, `${text} - ${label}`);
});
