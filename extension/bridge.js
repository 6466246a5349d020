// Helpers for automation clients on bridge.html. Every call resolves with a JSON string.

// The service worker stopped before it answered (Chrome stops idle workers; a crash): the
// message port closes without a reply. Say so, in the structured shape every reply has.
const WORKER_GONE = /message port closed|receiving end does not exist|message channel closed/i;

async function call(fn) {
  try {
    const reply = await fn();
    if (reply === undefined) throw new Error('The message port closed before a response was received.');
    return JSON.stringify(reply);
  } catch (e) {
    const message = String(e?.message ?? e);
    if (WORKER_GONE.test(message)) {
      return JSON.stringify({ ok: false, error: { code: 'capture_failed',
        message: `the extension's service worker stopped before it answered (${message})`,
        hint: 'retry: a new worker starts on the next request and frees the tab' } });
    }
    return JSON.stringify({ ok: false, error: { code: e?.code ?? 'internal_error', message, hint: '' } });
  }
}

globalThis.axsnapBridge = {
  /** Send a message to the service worker ({type:"snapshot",...} or {type:"ping_host"}). */
  send: (message) => call(() => chrome.runtime.sendMessage(message)),
  /** CDP targets known to chrome.debugger (maps Selenium window handles to tab ids). */
  targets: () => call(() => chrome.debugger.getTargets()),
  /** Attach chrome.debugger to a tab from this page (tests use it to occupy a tab). */
  attach: (tabId) => call(async () => { await chrome.debugger.attach({ tabId }, '1.3'); return { ok: true }; }),
  detach: (tabId) => call(async () => { await chrome.debugger.detach({ tabId }); return { ok: true }; }),
  extensionId: () => chrome.runtime.id,
};
