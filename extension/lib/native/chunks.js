// Reassembly of chunk frames {type:"chunk", id, seq, total, data}: the data pieces joined in
// seq order are the JSON text of one whole message.

import { AxError } from '../common/errors.js';
import { utf8Length } from './utf8.js';

export const DEFAULT_MAX_PENDING_SETS = 16;

function badChunk(id, message) {
  const err = new AxError('bad_chunk', message, 'The host sent an inconsistent chunk set; retry the request.');
  err.id = id;
  return err;
}

export class ChunkAssembler {
  constructor({ maxPendingSets = DEFAULT_MAX_PENDING_SETS } = {}) {
    this.maxPendingSets = maxPendingSets;
    this.sets = new Map(); // id -> {total, pieces: Array, received, bytes}
  }

  get pendingCount() {
    return this.sets.size;
  }

  /** Forget a set (e.g. its request timed out). */
  drop(id) {
    this.sets.delete(id);
  }

  /**
   * Add one chunk frame. Returns null while the set is incomplete and, once it is complete,
   * {message, bytes, chunks, text}: the parsed whole message, its JSON text's UTF-8 size, the
   * number of chunks and the text itself. Throws AxError('bad_chunk') with `.id` for a bad frame; the whole set
   * is then dropped.
   */
  accept(frame) {
    const id = frame && typeof frame === 'object' ? frame.id : undefined;
    if (typeof id !== 'string' || id === '') throw badChunk(null, 'chunk without an id');
    const { seq, total, data } = frame;
    if (!Number.isInteger(total) || total < 1) {
      this.sets.delete(id);
      throw badChunk(id, `chunk total must be a positive integer, got ${JSON.stringify(total)}`);
    }
    if (!Number.isInteger(seq) || seq < 0 || seq >= total) {
      this.sets.delete(id);
      throw badChunk(id, `chunk seq ${JSON.stringify(seq)} out of range 0..${total - 1}`);
    }
    if (typeof data !== 'string') {
      this.sets.delete(id);
      throw badChunk(id, 'chunk data must be a string');
    }
    let set = this.sets.get(id);
    if (!set) {
      if (this.sets.size >= this.maxPendingSets) {
        throw badChunk(id, `too many chunk sets pending (${this.sets.size})`);
      }
      set = { total, pieces: new Array(total), received: 0 };
      this.sets.set(id, set);
    } else if (set.total !== total) {
      this.sets.delete(id);
      throw badChunk(id, `chunk total changed from ${set.total} to ${total}`);
    }
    if (set.pieces[seq] !== undefined) {
      this.sets.delete(id);
      throw badChunk(id, `duplicate chunk seq ${seq}`);
    }
    set.pieces[seq] = data;
    set.received += 1;
    if (set.received < set.total) return null;
    this.sets.delete(id);
    const text = set.pieces.join('');
    let message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      throw badChunk(id, `joined chunks are not valid JSON: ${e.message}`);
    }
    if (!message || typeof message !== 'object') throw badChunk(id, 'joined chunks are not a JSON object');
    return { message, bytes: utf8Length(text), chunks: set.total, text };
  }
}
