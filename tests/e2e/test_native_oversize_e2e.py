"""A request past native messaging's 64 MiB, in real Chromium with the registered host (design
note 127). The worker posts each request as the message itself, so what says a request is too
large is Chromium's own refusal in ``postMessage``; the extension's ``NativeClient``
(lib/native/native.js, loaded in the bridge page: an extension page with nativeMessaging)
answers it ``request_too_large`` and serves on over the same port to the same host."""

from __future__ import annotations

from axsnap_host.client import Browser

OVERSIZE = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const { NativeClient } = await import(chrome.runtime.getURL('lib/native/native.js'));
  const client = new NativeClient({ connect: (name) => chrome.runtime.connectNative(name),
    lastError: () => chrome.runtime.lastError?.message });
  const first = await client.request('ping');
  const port = client.port;
  const seen = { firstOk: first.reply.ok === true };
  try {
    // 65 MiB of one-byte characters: its JSON is past Chromium's 64 MiB
    await client.request('ping', { pad: 'x'.repeat(65 * 1024 * 1024) });
    seen.big = 'answered';
  } catch (e) {
    seen.big = e.code ?? String(e);
    seen.bigMessage = String(e.message);
  }
  seen.samePort = client.port === port;
  const after = await client.request('ping');
  seen.afterOk = after.reply.ok === true;
  seen.samePortAfter = client.port === port;
  client.disconnect();
  return seen;
})().then(done, (e) => done({ thrown: String(e?.stack ?? e) }));
"""


def test_a_request_past_64_mib_is_refused_and_the_port_serves_on(browser: Browser) -> None:
    seen = browser.run_in_bridge(OVERSIZE)
    assert "thrown" not in seen, seen
    assert seen["firstOk"], seen
    # Chromium's refusal, recognised (tooLong) and answered as the client's own error
    assert seen["big"] == "request_too_large", seen
    assert "67108864" in seen["bigMessage"], seen
    # nothing was sent, the port was not dropped: the next request goes the same way
    assert seen["samePort"] and seen["afterOk"] and seen["samePortAfter"], seen
