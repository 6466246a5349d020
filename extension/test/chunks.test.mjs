import assert from 'node:assert/strict';
import { test } from 'node:test';

import { deflateSync } from 'node:zlib';

import { ChunkAssembler } from '../lib/native/chunks.js';

const message = { v: 1, id: 'r1', ok: true, type: 'result', result: { text: 'héllo ✓ '.repeat(50) } };
function split(msg, n, id = msg.id) {
  const text = JSON.stringify(msg);
  const size = Math.ceil(text.length / n);
  return Array.from({ length: n }, (_, seq) => ({ v: 1, id, type: 'chunk', seq, total: n, data: text.slice(seq * size, (seq + 1) * size) }));
}

test('reassembles chunks given in any order', () => {
  const asm = new ChunkAssembler();
  const frames = split(message, 5);
  const order = [3, 0, 4, 1, 2];
  let done = null;
  for (const [i, seq] of order.entries()) {
    done = asm.accept(frames[seq]);
    if (i < order.length - 1) assert.equal(done, null);
  }
  assert.deepEqual(done.message, message);
  assert.equal(done.chunks, 5);
  assert.equal(done.bytes, Buffer.byteLength(JSON.stringify(message), 'utf8'));
  assert.equal(asm.pendingCount, 0);
});

test('a single-chunk set completes at once', () => {
  const asm = new ChunkAssembler();
  assert.deepEqual(asm.accept(split(message, 1)[0]).message, message);
});

test('interleaved sets are kept apart by id', () => {
  const asm = new ChunkAssembler();
  const other = { ...message, id: 'r2', result: { n: 2 } };
  const a = split(message, 2);
  const b = split(other, 2);
  assert.equal(asm.accept(a[0]), null);
  assert.equal(asm.accept(b[1]), null);
  assert.deepEqual(asm.accept(b[0]).message, other);
  assert.deepEqual(asm.accept(a[1]).message, message);
});

function assertBad(fn, pattern, id) {
  assert.throws(fn, (err) => {
    assert.equal(err.code, 'bad_chunk');
    assert.match(err.message, pattern);
    if (id !== undefined) assert.equal(err.id, id);
    return true;
  });
}

test('seq out of range is refused and the set dropped', () => {
  const asm = new ChunkAssembler();
  const frames = split(message, 3);
  asm.accept(frames[0]);
  assertBad(() => asm.accept({ ...frames[1], seq: 3 }), /out of range/, 'r1');
  assertBad(() => asm.accept({ ...frames[1], seq: -1 }), /out of range/);
  assertBad(() => asm.accept({ ...frames[1], seq: 1.5 }), /out of range/);
  assert.equal(asm.pendingCount, 0);
});

test('a total that changes within a set is refused', () => {
  const asm = new ChunkAssembler();
  const frames = split(message, 3);
  asm.accept(frames[0]);
  assertBad(() => asm.accept({ ...frames[1], total: 4 }), /total changed/, 'r1');
  assert.equal(asm.pendingCount, 0);
});

test('a duplicate seq is refused', () => {
  const asm = new ChunkAssembler();
  const frames = split(message, 3);
  asm.accept(frames[1]);
  assertBad(() => asm.accept(frames[1]), /duplicate/, 'r1');
});

test('bad totals, data and ids are refused', () => {
  const asm = new ChunkAssembler();
  const [frame] = split(message, 2);
  assertBad(() => asm.accept({ ...frame, total: 0 }), /integer 1\.\.1024 or null/);
  assertBad(() => asm.accept({ ...frame, total: 2.5 }), /integer 1\.\.1024 or null/);
  assertBad(() => asm.accept({ ...frame, data: 42 }), /string/);
  assertBad(() => asm.accept({ ...frame, id: '' }), /without an id/);
  assertBad(() => asm.accept(null), /without an id/);
});

test('joined data that is not JSON is refused', () => {
  const asm = new ChunkAssembler();
  assertBad(() => asm.accept({ id: 'x', seq: 0, total: 1, data: '{"v":1,' }), /not valid JSON/, 'x');
});

test('the number of pending sets is bounded', () => {
  const asm = new ChunkAssembler({ maxPendingSets: 2 });
  asm.accept({ id: 'a', seq: 0, total: 2, data: '{' });
  asm.accept({ id: 'b', seq: 0, total: 2, data: '{' });
  assertBad(() => asm.accept({ id: 'c', seq: 0, total: 2, data: '{' }), /too many/, 'c');
  asm.drop('a');
  assert.equal(asm.accept({ id: 'c', seq: 0, total: 2, data: '{' }), null);
});

// The host writes a large reply as it encodes it (native/reply_stream.py): `total` is null on
// every frame but the last, which names the count.
function streamed(msg, n, id = msg.id) {
  return split(msg, n, id).map((f, seq) => ({ ...f, total: seq === n - 1 ? n : null }));
}

test('a streamed set (total only on its last frame) is reassembled', () => {
  const asm = new ChunkAssembler();
  const frames = streamed(message, 4);
  for (const f of frames.slice(0, 3)) assert.equal(asm.accept(f), null);
  const done = asm.accept(frames[3]);
  assert.deepEqual(done.message, message);
  assert.equal(done.chunks, 4);
  assert.equal(done.text, JSON.stringify(message));
  assert.equal(asm.pendingCount, 0);
});

test('a streamed set completes when its last frame came before others', () => {
  const asm = new ChunkAssembler();
  const frames = streamed(message, 3);
  assert.equal(asm.accept(frames[2]), null);
  assert.equal(asm.accept(frames[0]), null);
  assert.deepEqual(asm.accept(frames[1]).message, message);
});

test('a streamed set refuses a total below a seq it has, a seq past the bound, a second total', () => {
  const asm = new ChunkAssembler();
  const frames = streamed(message, 4);
  asm.accept(frames[0]);
  asm.accept(frames[2]);
  assertBad(() => asm.accept({ ...frames[1], total: 2 }), /below a seq/, 'r1');
  assert.equal(asm.pendingCount, 0);
  assertBad(() => asm.accept({ ...frames[0], seq: 1024 }), /out of range 0\.\.1023/, 'r1');
  asm.accept(frames[0]);
  asm.accept(frames[3]);
  assertBad(() => asm.accept({ ...frames[1], total: 5 }), /total changed from 4 to 5/, 'r1');
});

// A deflated set as the host writes it (host/axsnap_host/native/chunk_deflate.py): one zlib
// stream of the message's JSON text, cut into pieces, each piece's base64 a frame's data.
function deflatedFrames(msg, n, id = msg.id) {
  const bytes = deflateSync(Buffer.from(JSON.stringify(msg), 'utf8'), { level: 1 });
  const size = Math.ceil(bytes.length / n);
  return Array.from({ length: n }, (_, seq) => ({
    v: 1, id, type: 'chunk', seq, total: seq === n - 1 ? n : null, encoding: 'deflate',
    data: bytes.subarray(seq * size, (seq + 1) * size).toString('base64'),
  }));
}

test('a deflated set is inflated into the very text, its frames in any order', async () => {
  const asm = new ChunkAssembler();
  const frames = deflatedFrames(message, 4);
  let done = null;
  for (const seq of [1, 0, 3, 2]) done = asm.accept(frames[seq]) ?? done;
  const whole = await done;
  assert.equal(whole.text, JSON.stringify(message));
  assert.deepEqual(whole.message, message);
  assert.equal(whole.chunks, 4);
  assert.equal(whole.bytes, Buffer.byteLength(JSON.stringify(message), 'utf8'));
  assert.equal(asm.pendingCount, 0);
});

test('a deflated set that is not a whole zlib stream rejects with bad_chunk', async () => {
  const asm = new ChunkAssembler();
  const frames = deflatedFrames(message, 3);
  frames[1].data = Buffer.from('not deflate at all').toString('base64');
  assert.equal(asm.accept(frames[0]), null);
  assert.equal(asm.accept(frames[1]), null);
  await assert.rejects(asm.accept(frames[2]), (err) => err.code === 'bad_chunk' && err.id === 'r1');
  const cut = deflatedFrames(message, 3, 'r2');
  cut[2].data = '';
  await assert.rejects(asm.accept(cut[0]) ?? asm.accept(cut[1]) ?? asm.accept(cut[2]),
    (err) => err.code === 'bad_chunk');
});

test('a set mixing encodings, an unknown encoding and data that is not base64 are refused', () => {
  const asm = new ChunkAssembler();
  const frames = deflatedFrames(message, 2);
  assert.equal(asm.accept(frames[0]), null);
  assertBad(() => asm.accept({ ...frames[1], encoding: undefined }), /encoding differs/, 'r1');
  assert.equal(asm.pendingCount, 0);
  assertBad(() => asm.accept({ ...frames[0], encoding: 'gzip' }), /not known/, 'r1');
  assertBad(() => asm.accept({ ...frames[0], data: '%%%' }), /not base64/, 'r1');
  assert.equal(asm.pendingCount, 0);
});
