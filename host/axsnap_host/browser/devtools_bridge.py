"""The bridge page reached over Chromium's DevTools port instead of WebDriver.

chromedriver starts Chromium with a DevTools port (``goog:chromeOptions.debuggerAddress``).
A websocket to the bridge page's own target evaluates ``axsnapBridge[name](...args)`` there
(``Runtime.evaluate``, ``awaitPromise``, ``returnByValue``): one round trip of ~1 ms, and the
WebDriver session's current window never moves. Over WebDriver the same call is four
chromedriver commands (current window, switch to the bridge, ``execute_async_script``, switch
back), 15–20 ms more a read of the 1k bench page (docs/ARCHITECTURE.md, "Where the time of
one read goes"). The extension's path is the same either way: the bridge page calls
``chrome.runtime.sendMessage`` and answers with one JSON string.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Sequence
from typing import Any

import websocket

from ..models.errors import AxsnapError, ErrorCode

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


class DevtoolsBridge:
    """One websocket to the bridge page's target; :meth:`call` is ``axsnapBridge[name]``.

    A call that times out closes the socket (its late answer must not be read as the next
    call's); the next call opens a new one. Calls from several threads take turns."""

    CONNECT_TIMEOUT_S = 10.0

    def __init__(self, port: int, target_id: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/devtools/page/{target_id}"
        self._ws: websocket.WebSocket | None = None
        self._next_id = 0
        self._lock = threading.Lock()

    def connect(self) -> DevtoolsBridge:
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
                raise BridgeLost(f"cannot reach the bridge page at {self.url}: {err}",
                                 sent=False) from err
        return self._ws

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

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> Any:
        """``axsnapBridge[name](...args)`` on the bridge page; the value it resolves with (the
        bridge's JSON text). BridgeTimeout after ``timeout_s``; BridgeLost when the socket
        fails; BridgeScriptError when the page throws."""
        with self._lock:
            ws = self._socket()
            self._next_id += 1
            call_id = self._next_id
            command = {"id": call_id, "method": "Runtime.evaluate",
                       "params": {"expression": bridge_expression(name, args),
                                  "awaitPromise": True, "returnByValue": True}}
            try:
                ws.send(json.dumps(command))
            except (OSError, websocket.WebSocketException) as err:
                self._drop()
                raise BridgeLost(f"the bridge connection failed: {err}", sent=False) from err
            return answer_text(self._answer(ws, call_id, time.monotonic() + timeout_s))

    def _answer(self, ws: websocket.WebSocket, call_id: int, deadline: float) -> dict[str, Any]:
        """The answer to ``call_id``; events and other ids are skipped (no domain is enabled:
        there are none but a late answer's)."""
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
                raise BridgeLost(f"the bridge connection closed during the request: {err}",
                                 sent=True) from err
            if answer.get("id") == call_id:
                return dict(answer)


def connect_bridge(driver: Any, bridge_handle: str) -> DevtoolsBridge | None:
    """A socket to the bridge page's DevTools target; None (WebDriver carries the requests)
    when chromedriver names no DevTools port or it cannot be reached."""
    try:
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        return DevtoolsBridge(devtools_port(address), bridge_handle).connect()
    except (KeyError, TypeError, ValueError, BridgeLost):
        return None


def devtools_call(bridge: DevtoolsBridge, name: str, args: Sequence[Any],
                  timeout_s: float) -> Any:
    """``bridge.call``, its JSON answer parsed; the client's structured errors (timeout,
    browser_died, internal_error); NOT_SENT when the request never left."""
    try:
        return json.loads(bridge.call(name, args, timeout_s))
    except BridgeTimeout:
        raise AxsnapError(ErrorCode.TIMEOUT, f"no reply within {timeout_s} s",
                          "raise Browser(timeout_s=...) for very large pages") from None
    except BridgeScriptError as err:
        raise AxsnapError(ErrorCode.INTERNAL, f"the bridge page failed: {err}",
                          "run `axsnap doctor`") from err
    except BridgeLost as err:
        if err.sent:  # it may have run: never sent twice (an action, say)
            raise AxsnapError(ErrorCode.BROWSER_DIED, str(err), "the browser or its bridge "
                              "page went away: start a new Browser") from err
        return NOT_SENT
