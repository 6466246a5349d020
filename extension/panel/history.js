// The last snapshots of this browser session, newest first. Kept in chrome.storage.session
// (memory only, never written to disk, out of reach of content scripts).

export const HISTORY_KEY = 'history';
export const HISTORY_MAX = 10;

/** A new list with `run` in front, at most `max` long. */
export function pushRun(list, run, max = HISTORY_MAX) {
  const rest = (Array.isArray(list) ? list : []).filter((r) => r && r.id !== run.id);
  return [run, ...rest].slice(0, max);
}

/** The history line of a run: time, page and what it holds. */
export function describeRun(run) {
  const when = new Date(run.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const parts = Object.keys(run.parts ?? {}).join(', ') || 'no output';
  const page = run.title || run.url || `tab ${run.tabId}`;
  return `${when} — ${page} — ${parts}${run.unredacted ? ' — UNREDACTED' : ''}${run.error ? ' — failed' : ''}`;
}

/**
 * Store the list; when storage is full (its quota is 10 MB), drop the oldest runs until it
 * fits. `set(list)` writes and throws on quota errors. Returns the list that was stored.
 */
export async function storeHistory(list, set) {
  let kept = list;
  for (;;) {
    try {
      await set(kept);
      return kept;
    } catch (err) {
      if (kept.length <= 1) {
        await set([]).catch(() => {});
        return [];
      }
      kept = kept.slice(0, -1);
    }
  }
}
