"""Requests straight to the extension's service worker over its own DevTools target.

The bridge page (devtools_bridge.py) forwards every request over a port to the service
worker and the reply back: two hops and a JSON round of its own. The worker's target, on
the same DevTools port, evaluates ``axsnapWorker.send(message)`` (background.js: the router
call the bridge page's port makes) and answers the reply's JSON text: 1.5–2 ms less a read
of the 1k bench page (docs/ARCHITECTURE.md, "Where the time of one read goes"). Only
``send`` and ``targets`` go this way; the progress requests (``start``/``poll``) and the
test helpers stay on the bridge page.

The worker may be stopped (Chromium, a crash, a test's ``Target.closeTarget``); its target
id stays the same when it starts again. A stop during a request answers ``worker_stopped``
(the bridge page's answer: the request is never sent twice). A worker that is not running
cannot be reached this way: the request goes to the bridge page, whose port starts a new
worker, and the next one comes here again.
"""

from __future__ import annotations

import contextlib
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from axsnap_host.client.devtools_bridge import (
    NOT_SENT,
    BridgeLost,
    BridgeScriptError,
    BridgeTimeout,
    DevtoolsBridge,
    DevtoolsSocket,
    TargetGone,
    devtools_call,
    devtools_port,
)
from axsnap_host.models.errors import AxsnapError, ErrorCode

WORKER_CALLS = frozenset({"send", "targets", "control", "preparation"})  # the rest: the bridge page
NO_ENTRY = "axsnap:no-worker-entry"  # the worker has no axsnapWorker (yet): not sent
LOOKUP_TIMEOUT_S = 5.0


def worker_expression(name: str, args: Sequence[Any]) -> str:
    """``axsnapWorker[name](...args)``, or NO_ENTRY when the worker has no such entry (an
    older extension; a restarted worker whose script has not run yet)."""
    key = json.dumps(name)
    return (f"globalThis.axsnapWorker?.[{key}] ? axsnapWorker[{key}](...{json.dumps(list(args))})"
            f" : {json.dumps(NO_ENTRY)}")


def worker_target_url(port: int, extension_id: str) -> str | None:
    """The websocket address of the extension's running service worker (None: not running
    or the DevTools port does not answer)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list",
                                    timeout=LOOKUP_TIMEOUT_S) as answer:
            targets = json.load(answer)
    except (OSError, ValueError, urllib.error.URLError):
        return None
    for target in targets:
        if (target.get("type") == "service_worker"
                and str(target.get("url", "")).startswith(f"chrome-extension://{extension_id}/")
                and target.get("webSocketDebuggerUrl")):
            return str(target["webSocketDebuggerUrl"])
    return None


def browser_alive(port: int) -> bool:
    """Does the browser's DevTools port still answer (a closed worker socket under a live
    browser is a stopped worker, not a dead browser)?"""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version",
                                    timeout=LOOKUP_TIMEOUT_S) as answer:
            return answer.status == 200
    except (OSError, urllib.error.URLError):
        return False


def worker_stopped_reply(detail: str) -> dict[str, Any]:
    """What the bridge page answers when the worker stops under a request."""
    return {"ok": False, "error": {
        "code": ErrorCode.WORKER_STOPPED.value,
        "message": f"axsnap's service worker stopped before it answered ({detail}).",
        "hint": "Retry: the next request starts a new worker, which frees the tab."}}


class WorkerBridge:
    """The service worker's DevTools target: :meth:`call` is ``axsnapWorker[name]``.

    The socket is opened at the first call and again after the worker stopped."""

    PROBE_S = 2.0

    def __init__(self, port: int, extension_id: str) -> None:
        self.port, self.extension_id = port, extension_id
        self.evaluations = 0  # calls the worker answered (tests: which way requests went)
        self.closed = False  # closed by this client: no more calls
        self._socket: DevtoolsSocket | None = None
        self._lock = threading.Lock()

    def connect(self) -> DevtoolsSocket:
        """An open socket to the running worker; BridgeLost(sent=False) when it is not running.

        The address is looked up each time (a stopped worker leaves the list; its id comes
        back with the next worker), and a new socket is asked whether ``axsnapWorker`` is
        there: a socket opened on a worker that stopped just before waits for the next
        worker without a word (nothing would start it), so a probe that gets no answer
        within PROBE_S means the bridge page carries the request (its port starts one)."""
        with self._lock:
            if self.closed:
                raise BridgeLost("closed", sent=False)
            if self._socket is not None and self._socket.connected:
                return self._socket
            url = worker_target_url(self.port, self.extension_id)
            if url is None:
                raise BridgeLost("the service worker is not running", sent=False)
            sock = DevtoolsSocket(url, watch_events=True).connect()
            try:
                entry = sock.evaluate("typeof globalThis.axsnapWorker", self.PROBE_S)
            except (BridgeTimeout, BridgeScriptError) as err:
                sock.close()
                raise BridgeLost(f"the service worker did not answer: {err!r}", sent=False) from err
            except BridgeLost as err:
                raise BridgeLost(str(err), sent=False) from err
            if entry != "object":
                sock.close()
                raise BridgeLost("the service worker has no axsnapWorker", sent=False)
            self._socket = sock
            return sock

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> Any:
        """The entry's JSON text; the DevtoolsSocket's exceptions, BridgeLost(sent=False)
        when it could not be asked."""
        sock = self.connect()
        value = sock.evaluate(worker_expression(name, args), timeout_s)
        if value == NO_ENTRY:
            sock.close()
            raise BridgeLost("the service worker has no axsnapWorker", sent=False)
        self.evaluations += 1
        return value

    def close(self) -> None:
        self.closed = True
        socket = self._socket
        if socket is not None:
            socket.close()


def connect_worker(driver: Any, extension_id: str) -> WorkerBridge | None:
    """The worker's way in, connected if the worker runs; None when chromedriver names no
    DevTools port."""
    try:
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        worker = WorkerBridge(devtools_port(address), extension_id)
    except (KeyError, TypeError, ValueError):
        return None
    # not running now: the first request goes to the bridge page, which starts it
    with contextlib.suppress(BridgeLost):
        worker.connect()
    return worker


def direct_call(worker: WorkerBridge | None, page: DevtoolsBridge, name: str,
                args: Sequence[Any], timeout_s: float) -> Any:
    """A bridge call over DevTools: the worker's target for ``send``/``targets``, the bridge
    page's for the rest and whenever the worker cannot be asked; the parsed answer, the
    client's structured errors, NOT_SENT when neither way took the request."""
    if worker is not None and name in WORKER_CALLS:
        def lost(err: BridgeLost) -> Any:
            # the worker stopped under the request (its socket may close with it): answered
            # as the bridge page answers it, never sent again; a closed socket under a dead
            # browser is browser_died, and so is one this client closed (Browser.close)
            if worker.closed:
                return None
            if isinstance(err, TargetGone) or browser_alive(worker.port):
                return stopped(name, str(err))
            return None

        reply = devtools_call(worker, name, args, timeout_s, lost_after_send=lost)
        if reply is not NOT_SENT:
            return reply
    return devtools_call(page, name, args, timeout_s)


def stopped(name: str, detail: str) -> dict[str, Any]:
    """A ``send`` answers worker_stopped as a reply; the other calls raise it."""
    reply = worker_stopped_reply(detail)
    if name == "send":
        return reply
    error = reply["error"]
    raise AxsnapError(ErrorCode.WORKER_STOPPED, error["message"], error["hint"])
