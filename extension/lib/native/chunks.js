// Reassembly of chunk frames {type:"chunk", id, seq, total, data}: the data pieces joined in
// seq order are the JSON text of one whole message. The host writes a large reply as it
// encodes it (host/axsnap_host/native/reply_stream.py), so it knows the count only at the
// end: `total` is null on every frame of such a set but the last. A set whose frames say
// `encoding: "deflate"` carries the text deflated (host/axsnap_host/native/chunk_deflate.py,
// design note 58): each `data` is the base64 of the next part of one zlib stream, inflated
// as the frames come.

import { AxError } from '../common/errors.js';
import { CHUNK_ENCODING } from '../generated/contract.js';
import { utf8Length } from './utf8.js';

const { FIELD: ENCODING_FIELD, DEFLATE } = CHUNK_ENCODING;

export const DEFAULT_MAX_PENDING_SETS = 16;
export const MAX_CHUNKS = 1024; // frames of one set (each at most 1 MB): the host's own bound

function badChunk(id, message) {
  const err = new AxError('bad_chunk', message, 'The host sent an inconsistent chunk set; retry the request.');
  err.id = id;
  return err;
}

function bytesOfBase64(data) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(data);
  const binary = atob(data); // node's tests (no fromBase64 before node 22)
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** One deflated set's zlib stream: pieces fed in seq order as they come, the text at the end. */
class Inflater {
  constructor() {
    const stream = new DecompressionStream('deflate');
    this.writer = stream.writable.getWriter();
    this.writer.closed.catch(() => {}); // a bad stream is reported by `text`
    this.text = new Response(stream.readable).text();
    this.text.catch(() => {}); // awaited by finish(); dropped sets are not
    this.next = 0; // the seq to feed next
  }

  /** Feed what `pieces` holds from `next` on; fed pieces are left as null (seen, not held). */
  feed(pieces) {
    while (typeof pieces[this.next] === 'string') {
      this.writer.write(bytesOfBase64(pieces[this.next])).catch(() => {});
      pieces[this.next] = null;
      this.next += 1;
    }
  }

  finish() {
    this.writer.close().catch(() => {});
    return this.text;
  }

  abort() {
    this.writer.abort().catch(() => {});
  }
}

function parsed(id, text, chunks) {
  let message;
  try {
    message = JSON.parse(text);
  } catch (e) {
    throw badChunk(id, `joined chunks are not valid JSON: ${e.message}`);
  }
  if (!message || typeof message !== 'object') throw badChunk(id, 'joined chunks are not a JSON object');
  return { message, bytes: utf8Length(text), chunks, text };
}

export class ChunkAssembler {
  constructor({ maxPendingSets = DEFAULT_MAX_PENDING_SETS } = {}) {
    this.maxPendingSets = maxPendingSets;
    this.sets = new Map(); // id -> {total (null until a frame names it), pieces: Array, received}
  }

  get pendingCount() {
    return this.sets.size;
  }

  /** Forget a set (e.g. its request timed out). */
  drop(id) {
    this.sets.get(id)?.inflater?.abort();
    this.sets.delete(id);
  }

  /**
   * Add one chunk frame. Returns null while the set is incomplete and, once it is complete,
   * {message, bytes, chunks, text}: the parsed whole message, its JSON text's UTF-8 size, the
   * number of chunks and the text itself; for a deflated set a Promise of it. Throws
   * AxError('bad_chunk') with `.id` for a bad frame (a deflated set's promise rejects with
   * it for a bad stream); the whole set is then dropped.
   */
  accept(frame) {
    const id = frame && typeof frame === 'object' ? frame.id : undefined;
    if (typeof id !== 'string' || id === '') throw badChunk(null, 'chunk without an id');
    const { seq, data } = frame;
    const total = frame.total ?? null;
    if (total !== null && (!Number.isInteger(total) || total < 1 || total > MAX_CHUNKS)) {
      this.drop(id);
      throw badChunk(id, `chunk total must be an integer 1..${MAX_CHUNKS} or null, got ${JSON.stringify(total)}`);
    }
    let set = this.sets.get(id);
    const known = total ?? set?.total ?? null;
    if (!Number.isInteger(seq) || seq < 0 || seq >= (known ?? MAX_CHUNKS)) {
      this.drop(id);
      const range = `0..${(known ?? MAX_CHUNKS) - 1}`;
      throw badChunk(id, `chunk seq ${JSON.stringify(seq)} out of range ${range}`);
    }
    if (typeof data !== 'string') {
      this.drop(id);
      throw badChunk(id, 'chunk data must be a string');
    }
    const encoding = frame[ENCODING_FIELD] ?? null;
    if (encoding !== null && encoding !== DEFLATE) {
      this.drop(id);
      throw badChunk(id, `chunk encoding ${JSON.stringify(encoding)} is not known (${DEFLATE} is)`);
    }
    if (!set) {
      if (this.sets.size >= this.maxPendingSets) {
        throw badChunk(id, `too many chunk sets pending (${this.sets.size})`);
      }
      set = { total, pieces: [], received: 0, inflater: encoding === DEFLATE ? new Inflater() : null };
      this.sets.set(id, set);
    } else if (total !== null && set.total !== null && set.total !== total) {
      this.drop(id);
      throw badChunk(id, `chunk total changed from ${set.total} to ${total}`);
    } else if (total !== null && set.pieces.length > total) {
      this.drop(id);
      throw badChunk(id, `chunk total ${total} is below a seq already received`);
    }
    if (total !== null) set.total = total;
    if (set.pieces[seq] !== undefined) {
      this.drop(id);
      throw badChunk(id, `duplicate chunk seq ${seq}`);
    }
    if ((encoding === DEFLATE) !== (set.inflater !== null)) {
      this.drop(id);
      throw badChunk(id, 'chunk encoding differs within one set');
    }
    set.pieces[seq] = data;
    set.received += 1;
    if (set.inflater) {
      try {
        set.inflater.feed(set.pieces);
      } catch (e) {
        this.drop(id);
        throw badChunk(id, `chunk data is not base64: ${e.message}`);
      }
    }
    if (set.total === null || set.received < set.total) return null;
    this.sets.delete(id);
    if (!set.inflater) return parsed(id, set.pieces.join(''), set.total);
    return set.inflater.finish().then(
      (text) => parsed(id, text, set.total),
      (e) => { throw e?.code === 'bad_chunk' ? e : badChunk(id, `chunk data is not a deflated stream: ${e?.message ?? e}`); });
  }
}
