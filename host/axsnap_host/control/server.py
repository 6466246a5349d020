"""``axsnap serve``: the control API on 127.0.0.1 and the link socket for the native host."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from axsnap_host.control.app import create_app
from axsnap_host.control.hub import Hub
from axsnap_host.control.ops import Grants
from axsnap_host.control.paths import (
    ensure_token,
    interrupted_by_sigterm,
    remove_runtime_dir_if_empty,
    remove_serve_info,
    token_path,
    write_serve_info,
)
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.native.log import get_logger

log = get_logger("control.serve")

DEFAULT_PORT = 8765


def bind_loopback(port: int) -> socket.socket:
    """A listening TCP socket on 127.0.0.1 only (``port`` 0: any free port);
    ``serve_running`` when another program holds the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as err:
        sock.close()
        raise AxsnapError(ErrorCode.SERVE_RUNNING,
                          f"127.0.0.1:{port} is in use ({err.strerror or err})",
                          "another axsnap serve may run there: use it, stop it, or pass "
                          "--port N (0: any free port)") from None
    sock.listen(64)
    sock.setblocking(False)
    return sock


async def serve_async(port: int = DEFAULT_PORT, token_file: Path | None = None,
                      link_path: Path | None = None,
                      ready: Callable[[dict[str, object]], None] | None = None,
                      grants: Grants | None = None) -> None:
    """Run until cancelled. ``ready`` hears ``{url, port, pid, token_path, socket}``."""
    import uvicorn

    token_file = token_file or token_path()
    token = ensure_token(token_file)
    sock = bind_loopback(port)  # a busy port fails before the link socket is made
    hub = Hub(link_path)
    # One try from the link socket on: a SIGTERM (raised here as KeyboardInterrupt) while
    # serve.json is written or the address announced still removes both runtime files.
    try:
        await hub.start()
        bound = sock.getsockname()[1]
        app = create_app(hub, token, bound, grants=grants)
        config = uvicorn.Config(app, log_level="warning",
                                access_log=False, lifespan="off", server_header=False)
        server = uvicorn.Server(config)
        info: dict[str, object] = {"url": f"http://127.0.0.1:{bound}", "port": bound,
                                   "pid": os.getpid(), "token_path": str(token_file),
                                   "socket": str(hub.path)}
        write_serve_info(info)
        log.info("control API on 127.0.0.1:%d, link socket %s", bound, hub.path)
        if ready is not None:
            ready(info)
        await server.serve(sockets=[sock])
    finally:
        remove_serve_info(os.getpid())
        await hub.close()
        sock.close()


def run(port: int = DEFAULT_PORT, grants: Grants | None = None) -> int:
    def announce(info: dict[str, object]) -> None:
        print(f"axsnap serve: control API on {info['url']} (token in {info['token_path']})",
              file=sys.stderr, flush=True)
        print("axsnap serve: waiting for the browser: turn on Outside access in the axsnap "
              "side panel", file=sys.stderr, flush=True)

    with contextlib.suppress(KeyboardInterrupt), interrupted_by_sigterm():
        asyncio.run(serve_async(port, ready=announce, grants=grants))
    remove_runtime_dir_if_empty()
    return 0
