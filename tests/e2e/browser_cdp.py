"""A browser-level CDP connection to a ``Browser``'s Chromium, for faults the page cannot cause.

chromedriver starts Chromium with a DevTools port (``goog:chromeOptions.debuggerAddress``);
its browser endpoint sees every target, the extension's service worker included.

Stopping an MV3 extension's service worker, as Chrome does to an idle one: measured on
Debian's Chromium 156, ``Target.closeTarget`` on the worker's ``service_worker`` target stops
it (the target disappears at once, a sendMessage waiting on it fails with "message channel
closed", and the next event starts a fresh worker whose globals are new). This is what
``chrome://serviceworker-internals`` → Stop does.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.request
from typing import Any

import websocket

from axsnap_host import EXTENSION_ID
from axsnap_host.client import Browser


class BrowserCDP:
    """One websocket to the browser target; ``call`` sends a command and waits for its answer."""

    def __init__(self, browser: Browser) -> None:
        address = browser.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        port = address.rsplit(":", 1)[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=10) as r:
            endpoint = json.load(r)["webSocketDebuggerUrl"]
        self._ws = websocket.create_connection(endpoint, timeout=30, suppress_origin=True)
        self._next = 0

    def close(self) -> None:
        self._ws.close()

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None, timeout_s: float = 30.0) -> dict[str, Any]:
        """Send a command (to ``session``: an attached target) and wait for its answer;
        RuntimeError for an error answer or none within ``timeout_s``."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self._ws.send(json.dumps(message))
        self._ws.settimeout(timeout_s)
        try:
            while True:  # events and late answers are skipped: nothing here enables a domain
                answer = json.loads(self._ws.recv())
                if answer.get("id") == self._next:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return dict(answer["result"])
        except websocket.WebSocketTimeoutException as err:
            raise RuntimeError(f"{method}: no answer within {timeout_s} s") from err

    def wait_event(self, method: str, session: str | None = None,
                   timeout_s: float = 120.0) -> dict[str, Any]:
        """The params of the next ``method`` event (of ``session``); other events are skipped.
        Events that came while ``call`` waited were skipped by it: enable, then wait."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"no {method} event within {timeout_s} s")
            self._ws.settimeout(left)
            try:
                message = json.loads(self._ws.recv())
            except websocket.WebSocketTimeoutException as err:
                raise RuntimeError(f"no {method} event within {timeout_s} s") from err
            if message.get("method") == method and message.get("sessionId") == session:
                return dict(message.get("params") or {})

    def worker_target(self, extension_id: str = EXTENSION_ID) -> str | None:
        """The target id of the extension's running service worker (None: not running)."""
        for info in self.call("Target.getTargets")["targetInfos"]:
            if (info["type"] == "service_worker"
                    and info["url"].startswith(f"chrome-extension://{extension_id}/")):
                return str(info["targetId"])
        return None

    def page_target(self, url_suffix: str) -> str | None:
        """The target id of the first page whose URL ends with ``url_suffix`` (None: none)."""
        for info in self.call("Target.getTargets")["targetInfos"]:
            if info["type"] == "page" and info["url"].endswith(url_suffix):
                return str(info["targetId"])
        return None

    def evaluate_in(self, target: str, expression: str, timeout_s: float = 30.0,
                    await_promise: bool = False) -> Any:
        """Evaluate ``expression`` in the target (a worker's global scope, a page); its value
        (a promise's, with ``await_promise``)."""
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                            timeout_s=timeout_s)["sessionId"]
        try:
            answer = self.call("Runtime.evaluate", {"expression": expression,
                                                    "returnByValue": True,
                                                    "awaitPromise": await_promise},
                               session=session, timeout_s=timeout_s)
            return answer.get("result", {}).get("value")
        finally:
            with contextlib.suppress(RuntimeError):  # the target went away
                self.call("Target.detachFromTarget", {"sessionId": session}, timeout_s=timeout_s)

    def set_zoom(self, base: str, zoom: float) -> None:
        """Browser zoom (chrome.tabs.setZoom; 0: the default) of the tabs showing ``base``."""
        worker = self.worker_target()
        assert worker is not None, "the extension's service worker is not running"
        got = self.evaluate_in(worker, f"""chrome.tabs.query({{}})
          .then((tabs) => Promise.all(tabs.filter((tab) => tab.url?.startsWith({json.dumps(base)}))
            .map((tab) => chrome.tabs.setZoom(tab.id, {zoom}))))
          .then((done) => done.length, (e) => String(e))""", await_promise=True)
        assert isinstance(got, int) and got >= 1, got

    def stop_worker(self, extension_id: str = EXTENSION_ID, within_s: float = 30.0) -> None:
        """Stop the extension's service worker; return once it is gone or a new one (a fresh
        global scope: an extension page may wake it at once) runs in its place."""
        target = self.worker_target(extension_id)
        assert target is not None, "the extension's service worker is not running"
        mark = f"stopped-{time.monotonic_ns()}"
        self.evaluate_in(target, f"globalThis.axsnapTestMark = {json.dumps(mark)}")
        self.call("Target.closeTarget", {"targetId": target})
        started = time.monotonic()
        while (now := self.worker_target(extension_id)) is not None:
            waited = time.monotonic() - started
            assert waited < within_s, "the service worker did not stop"
            if waited > 2.0:  # still listed: gone and started again (the same target id)?
                try:  # a worker on its way out may never answer: ask briefly
                    if self.evaluate_in(now, "globalThis.axsnapTestMark ?? null", 5.0) != mark:
                        return  # a new worker
                except RuntimeError:
                    pass  # it went away while we asked
            time.sleep(0.05)
