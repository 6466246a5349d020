"""Serve's end of the control link: accepts native hosts on the Unix socket and sends them
requests, matching replies by id. The newest live link is the one requests go to (one
browser at a time; another profile's host that connects later takes over)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from axsnap_host.control.framing import LinkClosed, LinkFrameTooLarge, pack, read_frame_async
from axsnap_host.control.paths import private_dir, socket_path
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.native.log import get_logger

log = get_logger("control.hub")

HELLO_TIMEOUT_S = 5.0


@dataclass
class Link:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    hello: dict[str, Any]
    since: float = field(default_factory=time.time)
    pending: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)


def not_connected() -> AxsnapError:
    return AxsnapError(
        ErrorCode.BROWSER_NOT_CONNECTED,
        "no browser is connected to axsnap serve",
        "open the browser with the axsnap extension, open its side panel and turn on "
        "Outside access (the extension then starts the native host, which connects here)",
    )


class Hub:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or socket_path()
        self.links: list[Link] = []
        self._ids = itertools.count(1)
        self._server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        private_dir(self.path.parent)
        if self.path.exists():
            if _alive(self.path):
                raise AxsnapError(ErrorCode.SERVE_RUNNING,
                                  f"another axsnap serve is listening on {self.path}",
                                  "stop it first, or use it")
            self.path.unlink()
        self._server = await asyncio.start_unix_server(self._accept, path=str(self.path))
        self.path.chmod(0o600)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for link in list(self.links):
            link.writer.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
            # Only the socket this hub made: a start refused because another serve listens
            # there must leave that one's socket alone.
            self.path.unlink(missing_ok=True)

    @property
    def current(self) -> Link | None:
        return self.links[-1] if self.links else None

    async def request(self, op: str, params: dict[str, Any], client: dict[str, Any],
                      timeout_s: float) -> dict[str, Any]:
        """Send one request to the browser; return the extension's reply ``{ok, ...}``."""
        link = self.current
        if link is None:
            raise not_connected()
        message_id = f"c{next(self._ids)}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        link.pending[message_id] = future
        try:
            link.writer.write(pack({"type": "control", "id": message_id, "op": op,
                                    "params": params, "client": client}))
            await link.writer.drain()
            return await asyncio.wait_for(future, timeout_s)
        except TimeoutError:
            raise AxsnapError(ErrorCode.TIMEOUT,
                              f"the browser did not answer within {timeout_s:g} s",
                              "the page may be very large or busy; retry, or raise the "
                              "request's timeout_s") from None
        except (ConnectionError, OSError):
            raise not_connected() from None
        finally:
            link.pending.pop(message_id, None)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            hello = await asyncio.wait_for(read_frame_async(reader), HELLO_TIMEOUT_S)
        except (TimeoutError, LinkClosed, LinkFrameTooLarge, ValueError, UnicodeDecodeError):
            writer.close()
            return
        if hello.get("type") != "hello":
            writer.close()
            return
        link = Link(reader, writer, {k: hello.get(k) for k in ("protocol", "host", "pid")})
        self.links.append(link)
        log.info("browser link up (host pid %s)", link.hello.get("pid"))
        try:
            while True:
                message = await read_frame_async(reader)
                future = link.pending.get(str(message.get("id")))
                reply = message.get("reply")
                if (message.get("type") == "control_reply" and future is not None
                        and not future.done() and isinstance(reply, dict)):
                    future.set_result(reply)
        except (LinkClosed, LinkFrameTooLarge, ValueError, UnicodeDecodeError, OSError):
            pass
        finally:
            self.links.remove(link)
            for future in link.pending.values():
                if not future.done():
                    future.set_exception(AxsnapError(
                        ErrorCode.BROWSER_NOT_CONNECTED,
                        "the browser's link closed before it answered",
                        "the browser or its native host went away; retry once it is back"))
            writer.close()
            log.info("browser link down")


def _alive(path: Path) -> bool:
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.settimeout(1)
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True
