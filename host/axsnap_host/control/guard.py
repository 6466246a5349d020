"""The checks every control request passes before anything else runs: no DNS rebinding
(the Host header must name this loopback server), no web page (no Origin, no cross-site
fetch metadata), the install's bearer token, and a bounded body.

An ASGI middleware, so a refused request never reaches routing or body parsing.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from ..models.errors import ErrorCode, ErrorInfo

MAX_BODY_BYTES = 64 * 1024

Refusal = tuple[int, ErrorInfo]
ASGIApp = Callable[[dict[str, Any], Callable[..., Awaitable[Any]],
                    Callable[..., Awaitable[Any]]], Awaitable[None]]


def allowed_hosts(port: int) -> frozenset[str]:
    return frozenset(f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]"))


def _refuse(status: int, code: str, message: str, hint: str) -> Refusal:
    return status, ErrorInfo(code=code, message=message, hint=hint)


def check_request(method: str, headers: Iterable[tuple[str, str]], token: str,
                  hosts: frozenset[str], max_body: int = MAX_BODY_BYTES) -> Refusal | None:
    """The first reason to refuse this request, or None. Header names lower-case."""
    seen: dict[str, list[str]] = {}
    for name, value in headers:
        seen.setdefault(name.lower(), []).append(value)
    host = seen.get("host", [])
    if len(host) != 1 or host[0].lower() not in hosts:
        return _refuse(421, ErrorCode.BAD_HOST, "the Host header does not name this server",
                       "connect to http://127.0.0.1:<port>/ directly (names that resolve "
                       "here from elsewhere are refused: DNS rebinding)")
    if "origin" in seen:
        return _refuse(403, ErrorCode.ORIGIN_REFUSED, "requests from web pages are refused",
                       "call the control API from a local program, not from a browser page")
    site = seen.get("sec-fetch-site", ["none"])
    if any(value != "none" for value in site):
        return _refuse(403, ErrorCode.ORIGIN_REFUSED, "requests from web pages are refused",
                       "call the control API from a local program, not from a browser page")
    auth = seen.get("authorization", [])
    presented = auth[0][7:].strip() if len(auth) == 1 and auth[0][:7].lower() == "bearer " else ""
    if not presented or not hmac.compare_digest(presented.encode(), token.encode()):
        return _refuse(401, ErrorCode.UNAUTHORIZED,
                       "missing or wrong bearer token" if presented or auth else
                       "no bearer token",
                       "send Authorization: Bearer <token>; the token is in the file "
                       "`axsnap serve --print-token-path` names (mode 0600)")
    if method in ("POST", "PUT", "PATCH"):
        length = seen.get("content-length", [])
        if len(length) != 1 or not length[0].isdigit():
            return _refuse(411, ErrorCode.INVALID_MESSAGE, "a body needs one Content-Length",
                           "send the JSON body with a Content-Length header")
        if int(length[0]) > max_body:
            return _refuse(413, ErrorCode.BODY_TOO_LARGE,
                           f"the body is {int(length[0])} bytes; at most {max_body}",
                           "send only the request's parameters")
        kind = seen.get("content-type", [""])[0].split(";")[0].strip().lower()
        if kind != "application/json":
            return _refuse(415, ErrorCode.INVALID_MESSAGE, "the body must be application/json",
                           "send Content-Type: application/json")
    return None


async def send_error(send: Callable[..., Awaitable[Any]], status: int, info: ErrorInfo) -> None:
    body = json.dumps({"ok": False, "error": info.model_dump()}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: refuses with a structured error before the app sees the request."""

    def __init__(self, app: ASGIApp, token: str, hosts: frozenset[str],
                 max_body: int = MAX_BODY_BYTES) -> None:
        self.app, self.token, self.hosts, self.max_body = app, token, hosts, max_body

    async def __call__(self, scope: dict[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[Any]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]]
        refusal = check_request(scope["method"], headers, self.token, self.hosts, self.max_body)
        if refusal is not None:
            await send_error(send, *refusal)
            return
        await self.app(scope, receive, send)
