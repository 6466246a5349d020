"""DevTools targets reached over Chromium's DevTools port instead of WebDriver.

chromedriver starts Chromium with a DevTools port (``goog:chromeOptions.debuggerAddress``).
A websocket to a target evaluates an expression there (``Runtime.evaluate``,
``awaitPromise``, ``returnByValue``): one round trip of ~0.5 ms, and the WebDriver session's
current window never moves. Over WebDriver a call on the bridge page is four chromedriver
commands (current window, switch to the bridge, ``execute_async_script``, switch back),
15–20 ms more a read of the 1k bench page (docs/ARCHITECTURE.md, "Where the time of one read
goes"). :class:`DevtoolsBridge` calls ``axsnapBridge[name](...)`` on the bridge page, which
asks the service worker over its port; worker_bridge.py asks the worker's own target.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Self

import websocket

from axsnap_host.client.reply_json import parse_reply
from axsnap_host.models.errors import AxsnapError, ErrorCode

NOT_SENT = object()  # devtools_call: the request never left (another way may carry it)


class BridgeTimeout(Exception):
    """No answer within the caller's deadline (the request may still run in the browser)."""


class BridgeLost(Exception):
    """The connection closed or failed: the browser or the bridge page went away.
    ``sent``: whether the request had left (a request that never left may go another way)."""

    def __init__(self, message: str, *, sent: bool) -> None:
        super().__init__(message)
        self.sent = sent


class BridgeScriptError(Exception):
    """The bridge page threw instead of answering (no ``axsnapBridge``, a bad call name)."""


def devtools_port(debugger_address: str) -> int:
    """The port of chromedriver's ``debuggerAddress`` (``localhost:PORT``)."""
    return int(debugger_address.rsplit(":", 1)[1])


def bridge_expression(name: str, args: Sequence[Any]) -> str:
    """``axsnapBridge["name"](...[args])``: JSON literals are JavaScript literals."""
    return f"axsnapBridge[{json.dumps(name)}](...{json.dumps(list(args))})"


def answer_text(answer: dict[str, Any]) -> Any:
    """The value of a ``Runtime.evaluate`` answer; BridgeScriptError for a thrown one."""
    if "error" in answer:
        raise BridgeScriptError(str(answer["error"].get("message", answer["error"])))
    result = answer.get("result") or {}
    details = result.get("exceptionDetails")
    if details:
        thrown = (details.get("exception") or {}).get("description") or details.get("text")
        raise BridgeScriptError(str(thrown))
    return (result.get("result") or {}).get("value")


GONE_EVENTS = frozenset({"Inspector.targetCrashed", "Inspector.detached"})


class TargetGone(BridgeLost):
    """The target said it went away (a service worker stopped: ``Inspector.targetCrashed``)
    while the socket stays open."""


class DevtoolsSocket:
    """One websocket to a DevTools target; :meth:`evaluate` runs an expression there.

    A call that times out closes the socket (its late answer must not be read as the next
    call's); the next call opens a new one. Calls from several threads take turns.
    ``watch_events``: the target may stop and come back under the same session (a service
    worker): its ``Inspector.targetCrashed`` closes the socket at once, before a call and
    during one, because Chromium replays a session's unanswered and queued commands on the
    restarted worker (measured: an evaluate in flight at the stop ran again in the new
    worker, before its script had loaded). A closed socket ends the session and drops them."""

    CONNECT_TIMEOUT_S = 10.0
    DRAIN_WAIT_S = 1.0  # a frame that has begun arriving before a call

    def __init__(self, url: str, *, watch_events: bool = False) -> None:
        self.url = url
        self.watch_events = watch_events
        self.evaluations = 0  # expressions sent (tests count which way requests went)
        self._ws: websocket.WebSocket | None = None
        self._next_id = 0
        self._lock = threading.Lock()

    def connect(self) -> Self:
        """Open the socket now (BridgeLost if the target cannot be reached)."""
        with self._lock:
            self._socket()
        return self

    def _socket(self) -> websocket.WebSocket:
        if self._ws is None:
            try:
                # DevTools refuses sockets that send an Origin; replies are UTF-8 JSON from
                # Chromium, so the (pure Python, ~0.3 ms a KB) UTF-8 check is skipped
                self._ws = websocket.create_connection(
                    self.url, timeout=self.CONNECT_TIMEOUT_S, suppress_origin=True,
                    skip_utf8_validation=True, enable_multithread=False)
            except (OSError, websocket.WebSocketException) as err:
                raise BridgeLost(f"cannot reach {self.url}: {err}", sent=False) from err
        return self._ws

    @property
    def connected(self) -> bool:
        return self._ws is not None

    def close(self) -> None:
        """Close the socket now, without waiting for a call another thread has in flight
        (that call ends in BridgeLost)."""
        self._drop()

    def _drop(self) -> None:
        if self._ws is not None:
            ws, self._ws = self._ws, None
            # no closing handshake (a late answer may be on its way); SHUT_RDWR wakes a recv
            # another thread is blocked in, which close() alone does not
            with contextlib.suppress(OSError, websocket.WebSocketException):
                if ws.sock is not None:
                    ws.sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError, websocket.WebSocketException):
                ws.shutdown()

    def evaluate(self, expression: str, timeout_s: float) -> Any:
        """``Runtime.evaluate`` (awaitPromise, returnByValue) of ``expression``; its value.
        BridgeTimeout after ``timeout_s``; BridgeLost when the socket fails (TargetGone when
        the target stopped); BridgeScriptError when the expression throws."""
        with self._lock:
            ws = self._socket()
            if self.watch_events:
                self._skip_waiting(ws)
            self._next_id += 1
            call_id = self._next_id
            command = {"id": call_id, "method": "Runtime.evaluate",
                       "params": {"expression": expression,
                                  "awaitPromise": True, "returnByValue": True}}
            try:
                ws.send(json.dumps(command))
            except (OSError, websocket.WebSocketException) as err:
                self._drop()
                raise BridgeLost(f"the DevTools connection failed: {err}", sent=False) from err
            self.evaluations += 1
            return answer_text(self._answer(ws, call_id, time.monotonic() + timeout_s))

    def _skip_waiting(self, ws: websocket.WebSocket) -> None:
        """Read what arrived since the last call (events only: no call is in flight); a
        stop among them closes the socket before anything is sent."""
        while ws.sock is not None and select.select([ws.sock], [], [], 0)[0]:
            ws.settimeout(self.DRAIN_WAIT_S)
            try:
                event = json.loads(ws.recv())
            except (OSError, websocket.WebSocketException, ValueError) as err:
                self._drop()
                raise BridgeLost(f"the DevTools connection closed: {err}", sent=False) from err
            if event.get("method") in GONE_EVENTS:
                self._drop()
                raise TargetGone(f"the target stopped ({event['method']})", sent=False)

    def _answer(self, ws: websocket.WebSocket, call_id: int, deadline: float) -> dict[str, Any]:
        """The answer to ``call_id``; events and other ids are skipped (no domain is enabled:
        there are none but a late answer's and the Inspector's)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._drop()
                raise BridgeTimeout()
            ws.settimeout(left)
            try:
                answer = json.loads(ws.recv())
            except websocket.WebSocketTimeoutException as err:
                self._drop()
                raise BridgeTimeout() from err
            except (OSError, websocket.WebSocketException, ValueError) as err:
                self._drop()
                raise BridgeLost(f"the DevTools connection closed during the request: {err}",
                                 sent=True) from err
            if answer.get("id") == call_id:
                return dict(answer)
            if self.watch_events and answer.get("method") in GONE_EVENTS:
                self._drop()
                raise TargetGone(f"the target stopped during the request ({answer['method']})",
                                 sent=True)


class DevtoolsBridge(DevtoolsSocket):
    """One websocket to the bridge page's target; :meth:`call` is ``axsnapBridge[name]``."""

    def __init__(self, port: int, target_id: str) -> None:
        super().__init__(f"ws://127.0.0.1:{port}/devtools/page/{target_id}")

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> Any:
        """``axsnapBridge[name](...args)`` on the bridge page; the value it resolves with (the
        bridge's JSON text)."""
        return self.evaluate(bridge_expression(name, args), timeout_s)


def connect_bridge(driver: Any, bridge_handle: str) -> DevtoolsBridge | None:
    """A socket to the bridge page's DevTools target; None (WebDriver carries the requests)
    when chromedriver names no DevTools port or it cannot be reached."""
    try:
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        return DevtoolsBridge(devtools_port(address), bridge_handle).connect()
    except (KeyError, TypeError, ValueError, BridgeLost):
        return None


def devtools_call(bridge: Any, name: str, args: Sequence[Any], timeout_s: float, *,
                  lost_after_send: Callable[[BridgeLost], Any] | None = None) -> Any:
    """``bridge.call``, its JSON answer parsed; the client's structured errors (timeout,
    browser_died, internal_error); NOT_SENT when the request never left.
    ``lost_after_send``: the answer to a connection lost after sending, instead of
    browser_died when it returns anything but None."""
    try:
        return parse_reply(bridge.call(name, args, timeout_s))
    except BridgeTimeout:
        raise AxsnapError(ErrorCode.TIMEOUT, f"no reply within {timeout_s} s",
                          "raise Browser(timeout_s=...) for very large pages") from None
    except BridgeScriptError as err:
        raise AxsnapError(ErrorCode.INTERNAL, f"the bridge page failed: {err}",
                          "run `axsnap doctor`") from err
    except BridgeLost as err:
        if not err.sent:
            return NOT_SENT
        # it may have run: never sent twice (an action, say)
        answer = lost_after_send(err) if lost_after_send is not None else None
        if answer is not None:
            return answer
        raise AxsnapError(ErrorCode.BROWSER_DIED, str(err), "the browser or its bridge "
                          "page went away: start a new Browser") from err
