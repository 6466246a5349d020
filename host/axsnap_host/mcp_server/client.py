"""A client of the control API (``axsnap serve``): finds it through the runtime dir, sends
the install's token, and turns error replies back into AxsnapError."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any

from axsnap_host.control.paths import read_serve_info, read_token, token_path
from axsnap_host.models.errors import AxsnapError, ErrorCode


def _not_running() -> AxsnapError:
    return AxsnapError(ErrorCode.BROWSER_NOT_CONNECTED, "axsnap serve is not running",
                       "start it with `axsnap serve` (it links to the browser once Outside "
                       "access is on in the axsnap side panel), or run `axsnap mcp --launch`")


class ControlClient:
    def __init__(self, url: str | None = None, token: str | None = None,
                 client_name: str = "axsnap-mcp") -> None:
        self._url = url or os.environ.get("AXSNAP_CONTROL_URL")
        self._token = token or os.environ.get("AXSNAP_CONTROL_TOKEN")
        self.client_name = client_name

    def _address(self) -> tuple[str, str]:
        url = self._url
        if url is None:
            info = read_serve_info()
            if not info or not isinstance(info.get("url"), str):
                raise _not_running()
            url = info["url"]
        token = self._token or read_token(token_path())
        if not token:
            raise AxsnapError(ErrorCode.UNAUTHORIZED, f"no control token in {token_path()}",
                              "start `axsnap serve` once: it makes the token")
        return url.rstrip("/"), token

    def call(self, method: str, path: str, body: dict[str, Any] | None = None,
             timeout_s: float = 90.0, client: str | None = None) -> dict[str, Any]:
        base, token = self._address()
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(base + path, data=data, method=method, headers={
            "Authorization": f"Bearer {token}", "Content-Type": "application/json",
            "X-Axsnap-Client": client or self.client_name})
        try:
            with urllib.request.urlopen(request, timeout=timeout_s) as response:
                reply = json.loads(response.read())
        except urllib.error.HTTPError as err:
            try:
                reply = json.loads(err.read())
            except ValueError:
                reply = {"ok": False, "error": {"code": ErrorCode.INTERNAL,
                                                "message": f"HTTP {err.code}", "hint": ""}}
        except (urllib.error.URLError, ConnectionError, TimeoutError) as err:
            if isinstance(getattr(err, "reason", None), ConnectionRefusedError):
                raise _not_running() from None
            raise AxsnapError(ErrorCode.TIMEOUT,
                              f"axsnap serve did not answer ({type(err).__name__})",
                              "is `axsnap serve` running?") from None
        if not reply.get("ok"):
            error = reply.get("error") or {}
            raise AxsnapError(error.get("code", ErrorCode.INTERNAL),
                              error.get("message", "failed"), error.get("hint", ""))
        return reply
