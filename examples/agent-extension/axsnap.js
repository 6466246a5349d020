// The whole axsnap client: one message to the axsnap extension, one reply back.

export const AXSNAP_ID = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf'; // fixed by axsnap's manifest key

// axsnap was there but its service worker stopped mid-request (Chrome stops idle workers;
// a crash): the channel closes without a reply. Not "axsnap missing": a retry is served.
// The same error axsnap's own pages give (axsnap's extension/lib/session/worker_stopped.js).
const WORKER_STOPPED = /message (port|channel) closed/i;

/**
 * Send {type: "snapshot" | "resolve" | "ping_host", ...} to axsnap. Resolves with its reply,
 * {ok: true, result, timings} or {ok: false, error: {code, message, hint}}; never rejects.
 */
export async function askAxsnap(message) {
  try {
    const reply = await chrome.runtime.sendMessage(AXSNAP_ID, message);
    return reply ?? { ok: false, error: { code: 'no_reply', message: 'axsnap gave no reply.', hint: '' } };
  } catch (e) {
    if (WORKER_STOPPED.test(String(e?.message ?? e))) {
      return {
        ok: false,
        error: {
          code: 'worker_stopped',
          message: `axsnap's service worker stopped before it answered (${e?.message ?? e}).`,
          hint: 'Retry: the next request starts a new worker, which frees the tab.',
        },
      };
    }
    // "Could not establish connection": axsnap is not installed or not enabled.
    return {
      ok: false,
      error: {
        code: 'axsnap_missing',
        message: `axsnap did not answer: ${e?.message ?? e}`,
        hint: `Load the axsnap extension (ID ${AXSNAP_ID}) and enable it.`,
      },
    };
  }
}
