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

import json
import time
import urllib.request
from typing import Any

import websocket

from axsnap_host import EXTENSION_ID
from axsnap_host.browser import Browser


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

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self._next += 1
        self._ws.send(json.dumps({"id": self._next, "method": method, "params": params or {}}))
        while True:  # events are skipped: nothing here enables a domain
            answer = json.loads(self._ws.recv())
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def worker_target(self, extension_id: str = EXTENSION_ID) -> str | None:
        """The target id of the extension's running service worker (None: not running)."""
        for info in self.call("Target.getTargets")["targetInfos"]:
            if (info["type"] == "service_worker"
                    and info["url"].startswith(f"chrome-extension://{extension_id}/")):
                return str(info["targetId"])
        return None

    def stop_worker(self, extension_id: str = EXTENSION_ID, within_s: float = 10.0) -> None:
        """Stop the extension's service worker and wait until it is gone."""
        target = self.worker_target(extension_id)
        assert target is not None, "the extension's service worker is not running"
        self.call("Target.closeTarget", {"targetId": target})
        deadline = time.monotonic() + within_s
        while self.worker_target(extension_id) is not None:
            assert time.monotonic() < deadline, "the service worker did not stop"
            time.sleep(0.05)
