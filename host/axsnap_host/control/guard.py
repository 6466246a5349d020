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

from axsnap_host.models.errors import ErrorCode, ErrorInfo

MAX_BODY_BYTES = 64 * 1024

Refusal = tuple[int, ErrorInfo]
ASGIApp = Callable[[dict[str, Any], Callable[..., Awaitable[Any]],
                    Callable[..., Awaitable[Any]]], Awaitable[None]]


def allowed_hosts(port: int) -> frozenset[str]:
    return frozenset(f"{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]"))


def _refuse(status: int, code: str, message: str, hint: str) -> Refusal:
    return status, ErrorInfo(code=code, message=message, hint=hint)


def bearer_refusal(auth: list[str], token: str,
                   hint: str = "send Authorization: Bearer <token>; the token is in the file "
                   "`axsnap serve --print-token-path` names (mode 0600)") -> Refusal | None:
    """401 unless exactly one ``Authorization: Bearer <token>`` names ``token`` (compared in
    constant time)."""
    presented = auth[0][7:].strip() if len(auth) == 1 and auth[0][:7].lower() == "bearer " else ""
    if presented and hmac.compare_digest(presented.encode(), token.encode()):
        return None
    return _refuse(401, ErrorCode.UNAUTHORIZED,
                   "missing or wrong bearer token" if presented or auth else "no bearer token",
                   hint)


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
    refusal = bearer_refusal(seen.get("authorization", []), token)
    if refusal is not None:
        return refusal
    if "transfer-encoding" in seen:
        # a chunked body's size is not known before it is read, and Content-Length beside it
        # would be a lie the server might believe (request smuggling): refuse both
        return _refuse(411, ErrorCode.INVALID_MESSAGE,
                       "Transfer-Encoding is not accepted: a body needs one Content-Length",
                       "send the JSON body with a Content-Length header, not chunked")
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
        body = await read_body(receive, self.max_body)
        if body is None:
            await send_error(send, 413, ErrorInfo(
                code=ErrorCode.BODY_TOO_LARGE, message=f"the body is over {self.max_body} bytes",
                hint="send only the request's parameters"))
            return
        await self.app(scope, replay(body, receive), send)


async def read_body(receive: Callable[..., Awaitable[Any]], limit: int) -> bytes | None:
    """The request's whole body, counted as it is read (whatever the headers said), or None
    once it passes ``limit`` bytes: the rest is never read."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        parts.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(parts)


def replay(body: bytes, receive: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """A ``receive`` that gives the app the body read already, then the client's own events
    (a disconnect)."""
    sent = False

    async def again() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
