// The delta view: what changed in the outline since the previous read of the same tab
// (option compression "delta"; see host/axsnap_host/pipeline/delta.py). Shows what the
// reply's `delta` part holds, or why there is none.

const REASONS = {
  no_base: 'this is the first outline of this tab with these options',
  url_changed: 'the tab is on another page than last time',
  options_changed: 'the options changed since the last outline',
  large_change: 'too much changed',
};

/** Why the host sent a full outline instead of a delta, in words. */
export function fallbackReason(delta) {
  let why = REASONS[delta?.reason] ?? (delta?.reason ? String(delta.reason) : 'no reason given');
  if (delta?.reason === 'large_change' && typeof delta.changed_fraction === 'number') {
    why += ` (${Math.round(delta.changed_fraction * 100)}% of the lines, over the ${Math.round((delta.delta_max_change ?? 0.5) * 100)}% limit)`;
  }
  return why;
}

export const BELOW_SHOWN = 20;

/**
 * One row of the change list: {kind, text, context, below}: `below` holds the lines of an
 * added subtree under its top line (at most BELOW_SHOWN, then a count of the rest).
 */
export function changeRow(change) {
  let text = String(change.line ?? '');
  if (change.op === 'removed' && (change.lines ?? 1) > 1) text += ` (and ${change.lines - 1} lines below)`;
  if (change.op === 'changed' && change.was) text += ` (was: ${change.was})`;
  const context = Array.isArray(change.context) && change.context.length ? `in: ${change.context.join(' > ')}` : '';
  const all = change.op === 'added' && Array.isArray(change.below) ? change.below.map(String) : [];
  const below = all.length > BELOW_SHOWN ? [...all.slice(0, BELOW_SHOWN), `… ${all.length - BELOW_SHOWN} more lines`] : all;
  return { kind: change.op, text, context, below };
}

/**
 * {state:'none', message} or {state:'delta', counts, rows, note}.
 * `reply`: the outline part's reply (or undefined); `options`: the run's panel options.
 */
export function deltaView(reply, options) {
  if (!reply) return { state: 'none', message: 'No delta: this run has no outline. Choose "Everything" or "Hybrid outline".' };
  const delta = reply.result?.delta;
  if (!delta || typeof delta !== 'object') {
    return options?.compression === 'delta'
      ? { state: 'none', message: 'No delta: the reply has none.' }
      : { state: 'none', message: 'No delta: turn on "Delta" in the options and snapshot this tab twice.' };
  }
  if (delta.applied === false) {
    return { state: 'none', message: `No delta: the host sent the full outline because ${fallbackReason(delta)}.` };
  }
  const changes = Array.isArray(delta.changes) ? delta.changes : [];
  const counts = { added: 0, removed: 0, changed: 0, ...(delta.counts ?? {}) };
  const rows = changes.filter((c) => ['added', 'removed', 'changed'].includes(c.op)).map(changeRow);
  const fraction = typeof delta.changed_fraction === 'number' ? `${Math.round(delta.changed_fraction * 1000) / 10}% of the lines changed` : '';
  const base = delta.base_snapshot_id ? `since ${delta.base_snapshot_id}` : '';
  return { state: 'delta', counts, rows, note: [fraction, base].filter(Boolean).join(', ') };
}
