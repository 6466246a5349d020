import assert from 'node:assert/strict';
import { test } from 'node:test';

import { crc32, dosDateTime, zip } from '../panel/zip.js';

const bytes = (s) => new TextEncoder().encode(s);

test('crc32 matches the standard check values', () => {
  assert.equal(crc32(bytes('123456789')), 0xcbf43926);
  assert.equal(crc32(new Uint8Array()), 0);
  assert.equal(crc32(bytes('The quick brown fox jumps over the lazy dog')), 0x414fa339);
});

test('DOS date and time', () => {
  const { date, time } = dosDateTime(new Date(2026, 10, 22, 6, 49, 51));
  assert.equal(date, ((2026 - 1980) << 9) | (11 << 5) | 22);
  assert.equal(time, (6 << 11) | (49 << 5) | 25);
});

test('a stored archive: headers, data, central directory and end record agree', () => {
  const files = [{ name: 'dom.txt', data: '[1] <a> "Ünïcode"\n' }, { name: 'dir/som.png', data: new Uint8Array([137, 80, 78, 71]) }];
  const out = zip(files, new Date(2026, 0, 2, 3, 4, 6));
  const view = new DataView(out.buffer);
  const eocd = out.length - 22;
  assert.equal(view.getUint32(eocd, true), 0x06054b50);
  assert.equal(view.getUint16(eocd + 10, true), 2);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdStart = view.getUint32(eocd + 16, true);
  assert.equal(cdStart + cdSize, eocd);
  let at = cdStart;
  for (const file of files) {
    assert.equal(view.getUint32(at, true), 0x02014b50);
    const data = typeof file.data === 'string' ? bytes(file.data) : file.data;
    assert.equal(view.getUint32(at + 16, true), crc32(data));
    assert.equal(view.getUint32(at + 20, true), data.length);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    assert.equal(new TextDecoder().decode(out.slice(at + 46, at + 46 + nameLength)), file.name);
    assert.equal(view.getUint32(local, true), 0x04034b50);
    assert.equal(view.getUint16(local + 8, true), 0, 'stored');
    const start = local + 30 + view.getUint16(local + 26, true);
    assert.deepEqual(out.slice(start, start + data.length), data);
    at += 46 + nameLength;
  }
});

test('an empty archive is just the end record', () => {
  assert.equal(zip([]).length, 22);
});
