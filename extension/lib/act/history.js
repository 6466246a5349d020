// back, forward and reload as acts (issue 32): the tab moves in its own history through the
// debugger (Page.navigateToHistoryEntry, Page.reload: what the browser's buttons do; no page
// script is asked), and the act waits until the main frame has committed the move — a new
// document, a document restored from the back-forward cache, or a same-document entry (a
// hash or pushState) — before readiness takes over. Nothing to go to is refused.

import { AxError } from '../common/errors.js';

export const HISTORY_ACTIONS = Object.freeze(['back', 'forward', 'reload']);
// How long the main frame may take to commit the move; readiness waits for the rest.
export const COMMIT_TIMEOUT_MS = 10_000;

/** The entry `action` moves to from `history` (Page.getNavigationHistory), or null. */
export function historyEntry(history, action) {
  const at = Number(history?.currentIndex);
  const entries = Array.isArray(history?.entries) ? history.entries : [];
  const to = action === 'back' ? at - 1 : at + 1;
  return Number.isInteger(to) && to >= 0 && to < entries.length ? entries[to] : null;
}

/** Move the tab behind `session` back, forward or reload it; resolves with the method once the
 * main frame committed (or after `timeoutMs`: readiness then reports what it sees). */
export async function moveInHistory(session, action, { timeoutMs = COMMIT_TIMEOUT_MS } = {}) {
  const tree = await session.send('Page.getFrameTree');
  const main = tree?.frameTree?.frame?.id;
  let committed;
  const done = new Promise((resolve) => { committed = resolve; });
  const off = session.onEvent((method, params, source) => {
    if (source?.sessionId) return;
    if (method === 'Page.frameNavigated' && !params.frame?.parentId) committed();
    else if (method === 'Page.navigatedWithinDocument' && params.frameId === main) committed();
  });
  let timer;
  try {
    if (action === 'reload') {
      await session.send('Page.reload', {});
    } else {
      const entry = historyEntry(await session.send('Page.getNavigationHistory'), action);
      if (!entry) {
        throw new AxError('not_actionable', `The tab has no page to go ${action} to.`,
          action === 'back' ? 'This is the first page of the tab: navigate instead.' : 'Nothing was left by going back.');
      }
      await session.send('Page.navigateToHistoryEntry', { entryId: entry.id });
    }
    await Promise.race([done, new Promise((resolve) => { timer = setTimeout(resolve, timeoutMs); })]);
    return action === 'reload' ? 'reload' : 'history';
  } finally {
    clearTimeout(timer);
    off();
  }
}
