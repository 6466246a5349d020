// Rebuild the full outline that a delta reply stands for, from the base the panel kept
// (the same steps as apply_delta in host/axsnap_host/pipeline/delta.py — keep the two in
// step: the panel's end-to-end delta test fails when the rebuilt hash stops matching), and
// check it against the delta's hash.

const SNAPSHOT_PARTS = ['combinedTree', 'combinedXpathMap', 'combinedUrlMap', 'frames', 'focus'];
const MAP_PARTS = ['combinedXpathMap', 'combinedUrlMap'];

/** JSON with sorted keys and no spaces: Python's json.dumps(sort_keys=True, separators=(",", ":")). */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** "sha256:<hex>" of an outline result's snapshot parts, as the host computes it. */
export async function snapshotHash(result) {
  const parts = {};
  for (const part of SNAPSHOT_PARTS) if (part in result) parts[part] = result[part];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(parts)));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
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
