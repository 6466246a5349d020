// A request that outlived the service worker (Chrome stops idle workers; a crash; an
// update): the channel to it closes with no reply. Every axsnap page that asks the worker
// (the panel, the bridge) turns that into this one structured error; the next request starts
// a new worker, which frees the tabs the old one held (lib/session/debugger.js).

import { ERROR_CODES } from '../generated/contract.js';

/** chrome.runtime's words for a channel that closed before its reply. */
export const WORKER_GONE = /message port closed|message channel closed|receiving end does not exist/i;

/** The reply a caller gets instead: `{ok: false, error: {code: "worker_stopped", ...}}`. */
export function workerStopped(detail = '') {
  const why = detail ? ` (${detail})` : '';
  return {
    ok: false,
    error: {
      code: ERROR_CODES.WORKER_STOPPED,
      message: `axsnap's service worker stopped before it answered${why}.`,
      hint: 'Retry: the next request starts a new worker, which frees the tab.',
    },
  };
}
