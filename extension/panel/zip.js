// A store-only ZIP writer (no compression): enough to hand every output over in one file.
// Format: PKWARE APPNOTE 4.3.6 — local file header + data per file, central directory, end
// record. Names are UTF-8 (general purpose flag bit 11). No ZIP64: each file and the whole
// archive must stay under 4 GiB, far above what a snapshot holds.

const encoder = new TextEncoder();

let table = null;
function crcTable() {
  if (table) return table;
  table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/** CRC-32 (IEEE 802.3, the one ZIP uses) of a byte array. */
export function crc32(bytes) {
  const t = crcTable();
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = t[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time fields of a Date (local time, 2-second resolution, from 1980). */
export function dosDateTime(date) {
  const year = Math.max(1980, Math.min(2107, date.getFullYear()));
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const asBytes = (data) => (typeof data === 'string' ? encoder.encode(data) : data);

/**
 * Build a ZIP archive. `files`: [{name, data (string → UTF-8, or Uint8Array)}], names
 * unique, forward slashes. Returns a Uint8Array.
 */
export function zip(files, date = new Date()) {
  const { time, date: day } = dosDateTime(date);
  const entries = files.map((file) => {
    const name = encoder.encode(file.name);
    const data = asBytes(file.data);
    return { name, data, crc: crc32(data) };
  });
  const localSize = entries.reduce((n, e) => n + 30 + e.name.length + e.data.length, 0);
  const centralSize = entries.reduce((n, e) => n + 46 + e.name.length, 0);
  if (entries.length > 0xffff || localSize + centralSize > 0xffffffff) throw new RangeError('too big for a ZIP without ZIP64');
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v) => { view.setUint16(at, v, true); at += 2; };
  const u32 = (v) => { view.setUint32(at, v >>> 0, true); at += 4; };
  const bytes = (b) => { out.set(b, at); at += b.length; };

  const offsets = [];
  for (const e of entries) {
    offsets.push(at);
    u32(0x04034b50); // local file header
    u16(20); // version needed: 2.0
    u16(0x0800); // flags: UTF-8 names
    u16(0); // method: stored
    u16(time); u16(day);
    u32(e.crc); u32(e.data.length); u32(e.data.length);
    u16(e.name.length); u16(0);
    bytes(e.name);
    bytes(e.data);
  }
  const centralStart = at;
  entries.forEach((e, i) => {
    u32(0x02014b50); // central directory header
    u16(20); u16(20); u16(0x0800); u16(0);
    u16(time); u16(day);
    u32(e.crc); u32(e.data.length); u32(e.data.length);
    u16(e.name.length); u16(0); u16(0); // name, extra, comment lengths
    u16(0); u16(0); u32(0); // disk, internal attributes, external attributes
    u32(offsets[i]);
    bytes(e.name);
  });
  const centralLength = at - centralStart;
  u32(0x06054b50); // end of central directory
  u16(0); u16(0);
  u16(entries.length); u16(entries.length);
  u32(centralLength);
  u32(centralStart);
  u16(0);
  return out;
}
