// The delta hash, JavaScript side: the vectors the host's suite reads too
// (tests/vectors/delta_hash.json; tests/unit/test_canonical_hash.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { canonicalJson, sha256Hash } from '../lib/common/canonical.js';
import { snapshotHash } from '../panel/deltaapply.js';

const { vectors } = JSON.parse(readFileSync(new URL('../../tests/vectors/delta_hash.json', import.meta.url), 'utf8'));
const PARTS = ['combinedTree', 'combinedXpathMap', 'combinedUrlMap', 'frames', 'focus', 'domtext', 'elements'];

test('there are vectors', () => assert.ok(vectors.length >= 9));

for (const vector of vectors) {
  test(`delta hash vector: ${vector.name}`, async () => {
    const parts = Object.fromEntries(PARTS.filter((p) => p in vector.result).map((p) => [p, vector.result[p]]));
    assert.equal(canonicalJson(parts), vector.canonical);
    assert.equal(await sha256Hash(parts), vector.hash);
    assert.equal(await snapshotHash(vector.result), vector.hash);
  });
}

test('keys sort by UTF-16 code unit: an astral key comes before U+FFFF', () => {
  assert.equal(canonicalJson({ '\uffff': 1, '\u{1F600}': 2 }), '{"\u{1F600}":2,"\uffff":1}');
});

test('a lone surrogate is hashed as U+FFFD, not refused', () => {
  assert.equal(canonicalJson({ k: 'a\ud800' }), '{"k":"a\ufffd"}');
});
