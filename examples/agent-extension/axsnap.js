// The whole axsnap client: one message to the axsnap extension, one reply back.

export const AXSNAP_ID = 'egmnfpicaiccfgkfoddjahjnpdmhbkgf'; // fixed by axsnap's manifest key

/**
 * Send {type: "snapshot" | "resolve" | "ping_host", ...} to axsnap. Resolves with its reply,
 * {ok: true, result, timings} or {ok: false, error: {code, message, hint}}; never rejects.
 */
export async function askAxsnap(message) {
  try {
    const reply = await chrome.runtime.sendMessage(AXSNAP_ID, message);
    return reply ?? { ok: false, error: { code: 'no_reply', message: 'axsnap gave no reply.', hint: '' } };
  } catch (e) {
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
