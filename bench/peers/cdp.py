"""A minimal synchronous Chrome DevTools Protocol client over one websocket.

Used by the reference set and the raw-CDP peer, both in the project venv (websocket-client
comes with Selenium). One connection per page target; events are read and dropped.
"""

from __future__ import annotations

import itertools
import json
import urllib.request
from typing import Any

import websocket


class CdpError(RuntimeError):
    """A CDP command answered with an error."""


def http_base(debugger_address: str) -> str:
    """``http://127.0.0.1:PORT`` for chromedriver's ``debuggerAddress`` (``localhost:PORT``)."""
    host, _, port = debugger_address.rpartition(":")
    host = "127.0.0.1" if host in ("", "localhost") else host
    return f"http://{host}:{port}"


def page_ws_url(debugger_address: str, target_id: str) -> str:
    """The websocket URL of one page target, from the browser's /json/list endpoint."""
    with urllib.request.urlopen(f"{http_base(debugger_address)}/json/list", timeout=10) as reply:
        targets = json.load(reply)
    for target in targets:
        if target.get("id") == target_id:
            return target["webSocketDebuggerUrl"]
    raise CdpError(f"no target {target_id} among {[t.get('id') for t in targets]}")


class CdpSession:
    """Send commands and wait for their replies, one at a time."""

    def __init__(self, ws_url: str, timeout_s: float = 600.0) -> None:
        self._ws = websocket.create_connection(ws_url, timeout=timeout_s, suppress_origin=True)
        self._ids = itertools.count(1)

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return json.loads(self.send_raw(method, params))["result"]

    def send_raw(self, method: str, params: dict[str, Any] | None = None) -> str:
        """Send one command; return the reply's JSON text (the caller may time the parse)."""
        command_id = next(self._ids)
        self._ws.send(json.dumps({"id": command_id, "method": method, "params": params or {}}))
        while True:
            text = self._ws.recv()
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            if _reply_id(text) != command_id:
                continue
            if '"error":{' in text[:64]:
                error = json.loads(text)["error"]
                raise CdpError(f"{method}: {error.get('message')} {error.get('data', '')}".strip())
            return text

    def close(self) -> None:
        self._ws.close()

    def __enter__(self) -> CdpSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _reply_id(text: str) -> int | None:
    """The id of a reply, read without parsing a possibly huge body (events have none)."""
    if text.startswith('{"id":'):
        end = text.find(",", 6)
        try:
            return int(text[6:end])
        except ValueError:
            return None
    if text.startswith('{"method":'):
        return None
    return json.loads(text).get("id")
