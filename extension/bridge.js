// Helpers for automation clients on bridge.html. Every call resolves with a JSON string.

async function call(fn) {
  try {
    return JSON.stringify(await fn());
  } catch (e) {
    return JSON.stringify({ ok: false, error: { code: e?.code ?? 'internal_error', message: String(e?.message ?? e), hint: '' } });
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
