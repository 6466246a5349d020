// Rebuild the full outline that a delta reply stands for, from the base the panel kept
// (the same steps as apply_delta in host/axsnap_host/pipeline/delta/apply.py — keep the two in
// step: the panel's end-to-end delta test fails when the rebuilt hash stops matching), and
// check it against the delta's hash.

import { sha256Hash } from '../lib/common/canonical.js';

const SNAPSHOT_PARTS = ['combinedTree', 'combinedXpathMap', 'combinedUrlMap', 'frames', 'focus'];
const MAP_PARTS = ['combinedXpathMap', 'combinedUrlMap'];
// The parts the host hashes (SNAPSHOT_PARTS + DOM_PARTS in pipeline/delta/diff.py).
const HASH_PARTS = [...SNAPSHOT_PARTS, 'domtext', 'elements'];

/** "sha256:<hex>" of a result's snapshot parts (RFC 8785 canonical JSON), as the host computes it. */
export async function snapshotHash(result) {
  const parts = {};
  for (const part of HASH_PARTS) if (part in result) parts[part] = result[part];
  return sha256Hash(parts);
}

/** Lines after positional edits [start, deleteCount, newLines] (ascending). */
export function applyEdits(lines, edits) {
  const out = [];
  let at = 0;
  for (const [start, count, added] of edits) {
    if (start < at || start + count > lines.length) throw new Error(`edit [${start}, ${count}] does not fit ${lines.length} lines`);
    out.push(...lines.slice(at, start), ...added);
    at = start + count;
  }
  out.push(...lines.slice(at));
  return out;
}

/**
 * The full outline result for a delta reply's `result` (delta.applied true) on `base` (the
 * full outline result named by delta.base_snapshot_id). Resolves with {full, verified}:
 * verified is false when the rebuilt parts do not hash to the delta's hash.
 */
export async function applyDelta(base, result) {
  const delta = result.delta;
  const full = { ...result };
  delete full.delta;
  const baseLines = base.combinedTree ? base.combinedTree.split('\n') : [];
  full.combinedTree = applyEdits(baseLines, delta.edits ?? []).join('\n');
  for (const part of MAP_PARTS) {
    const merged = { ...(base[part] ?? {}) };
    const patch = delta.maps?.[part] ?? {};
    for (const key of patch.remove ?? []) delete merged[key];
    Object.assign(merged, patch.set ?? {});
    full[part] = merged;
  }
  // frames: {length, set: {index: record}}; focus: {value}
  let frames = [...(base.frames ?? [])];
  if (delta.frames && typeof delta.frames === 'object') {
    frames = [...frames, ...Array(Math.max(0, delta.frames.length - frames.length)).fill(null)].slice(0, delta.frames.length);
    for (const [index, frame] of Object.entries(delta.frames.set ?? {})) frames[Number(index)] = frame;
  }
  if (frames.length || 'frames' in base) full.frames = frames;
  else delete full.frames;
  const focus = delta.focus && typeof delta.focus === 'object' ? delta.focus.value : base.focus;
  if (focus === null || focus === undefined) delete full.focus;
  else full.focus = focus;
  if (delta.full_size && typeof delta.full_size === 'object') full.size = delta.full_size;
  const verified = !delta.hash || (await snapshotHash(full)) === delta.hash;
  return { full, verified };
}
