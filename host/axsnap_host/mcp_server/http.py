"""``axsnap mcp --http``: the MCP server over streamable HTTP on 127.0.0.1, behind a bearer
token on every request (the install's token, as ``axsnap serve`` asks it, or the file
``--token-file`` names), so another local user who can reach the port cannot use it.

The SDK's own transport security keeps web pages out (Host and Origin); this guard keeps
out every program that does not hold the token.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from axsnap_host.control.guard import bearer_refusal, send_error
from axsnap_host.control.paths import ensure_token, token_path

TOKEN_HINT = ("send Authorization: Bearer <token> on every request; the token is in the file "
              "`axsnap mcp --print-token-path` names (mode 0600)")


class BearerGuard:
    """ASGI middleware: a structured 401 unless the request carries the token."""

    def __init__(self, app: Any, token: str) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope: dict[str, Any], receive: Callable[..., Awaitable[Any]],
                       send: Callable[..., Awaitable[Any]]) -> None:
        if scope["type"] == "http":
            auth = [v.decode("latin-1") for k, v in scope["headers"]
                    if k.lower() == b"authorization"]
            refusal = bearer_refusal(auth, self.token, TOKEN_HINT)
            if refusal is not None:
                await send_error(send, *refusal)
                return
        await self.app(scope, receive, send)


def mcp_token(token_file: Path | None = None) -> str:
    """The token HTTP clients must send: the install's (made, mode 0600, when missing) or
    the one in ``token_file``."""
    return ensure_token(token_file or token_path())
