// The walk's output as one JSON text (lib/walker/src/json_text.js, design note 111): every
// lone surrogate of a value written as U+FFFD, exactly as the replacer pass writes it, with
// one JSON.stringify unless a key holds one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { asJson } from '../lib/walker/src/json_text.js';

// The exact counterpart: each string value made well formed by a replacer (keys left as are).
const reference = (result) => JSON.stringify(result,
  (k, v) => (typeof v === 'string' && !v.isWellFormed() ? v.toWellFormed() : v));

// Counts the replacer passes (a JSON.stringify given a function) over `fn`.
function replacerPasses(fn) {
  const plain = JSON.stringify;
  let passes = 0;
  JSON.stringify = (value, replacer, space) => {
    if (typeof replacer === 'function') passes++;
    return plain(value, replacer, space);
  };
  try { fn(); } finally { JSON.stringify = plain; }
  return passes;
}

const HIGH = '\ud83d';
const LOW = '\udd2c';
const samples = [
  { t: 'plain words', n: [1, 2.5, null, true] },
  { t: `clipped (u8, u8)${HIGH}`, a: { title: `x${LOW}y` } },  // rustdoc's clipped "🔬"
  { t: 'a pair 🔬 whole', u: '\\ud83d written out', v: '\\\\ud83d', w: `\\${HIGH}` },
  { t: `${LOW}${HIGH}`, rows: [[0, 'StaticText', `${HIGH}"quoted"\\`, null], `\\"${LOW}`] },
  { t: 'a backslash run \\\\\\', u: `\\\\\\${HIGH}\\\\` },
  { t: '\u0001 control \u001f', u: `${HIGH}\u0001` },
];

test('the text is the replacer pass\'s, byte for byte', () => {
  for (const s of samples) assert.equal(asJson(s), reference(s), JSON.stringify(s));
});

test('a lone surrogate in a value costs no second JSON.stringify', () => {
  let got = '';
  assert.equal(replacerPasses(() => { got = asJson(samples[1]); }), 0);
  assert.equal(JSON.parse(got).t, 'clipped (u8, u8)\ufffd');
  assert.equal(JSON.parse(got).a.title, 'x\ufffdy');
  // a text's own backslash before "ud83d" is no escape: the text comes back as it was
  assert.equal(replacerPasses(() => { got = asJson(samples[2]); }), 0);
  assert.deepEqual(JSON.parse(got), { ...samples[2], w: '\\\ufffd' });
});

test('a lone surrogate in a key takes the replacer pass, which leaves keys as they are', () => {
  const keyed = { a: { [`data-${HIGH}`]: `v${LOW}`, ok: HIGH } };
  let got = '';
  assert.equal(replacerPasses(() => { got = asJson(keyed); }), 1);
  assert.equal(got, reference(keyed));
  assert.ok(got.includes('data-\\ud83d'));
});

test('random texts of surrogates, quotes and backslashes agree with the replacer pass', () => {
  const parts = [HIGH, LOW, '\\', '"', 'ud83d', 'a', ' ', '🔬', '\u0007', ':', '\\ud'];
  let seed = 7;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const text = () => Array.from({ length: next(9) }, () => parts[next(parts.length)]).join('');
  for (let i = 0; i < 3000; i++) {
    const key = i % 2 ? text() : text().replace(/[\ud800-\udfff]/g, 'k');  // (odd: a key may hold one)
    const value = { [key]: text(), l: [text(), { m: text() }] };
    assert.equal(asJson(value), reference(value), JSON.stringify(value));
  }
});
