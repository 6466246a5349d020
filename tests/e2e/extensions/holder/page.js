// Hold or let go of a tab's debugger from this extension (tests call these through WebDriver).
// Every call resolves with a JSON string: {ok: true} or {ok: false, error: "..."}.

async function call(fn) {
  try {
    await fn();
    return JSON.stringify({ ok: true });
  } catch (e) {
    return JSON.stringify({ ok: false, error: String(e?.message ?? e) });
  }
}

globalThis.holder = {
  attach: (tabId) => call(() => chrome.debugger.attach({ tabId }, '1.3')),
  detach: (tabId) => call(() => chrome.debugger.detach({ tabId })),
};
