"""The native host's end of the control link: a thread that keeps a connection to the
``axsnap serve`` socket (retrying while serve is not running) and passes requests to the
extension as ``control`` messages; the extension's ``control_reply`` goes back to serve.

The thread never reads the extension's port (the host's main loop does); it only writes
through ``send_to_extension``, which must be safe to call from another thread.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from axsnap_host import PROTOCOL_VERSION
from axsnap_host.control.framing import LinkClosed, LinkFrameTooLarge, pack, read_frame
from axsnap_host.control.paths import socket_path
from axsnap_host.models.wire import CONTROL_OPS, ControlMessage
from axsnap_host.native.log import get_logger

log = get_logger("control.link")

RETRY_S = 1.0
_MAX_PARAMS_CHARS = 64 * 1024


class ControlLink:
    """Connects to serve, forwards its requests to the extension, delivers replies back."""

    def __init__(self, send_to_extension: Callable[[dict[str, Any]], None],
                 path: Path | None = None, retry_s: float = RETRY_S) -> None:
        self._send_to_extension = send_to_extension
        self._path = path
        self._retry_s = retry_s
        self._sock: socket.socket | None = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._status_ids = itertools.count(1)
        self._thread = threading.Thread(target=self._run, name="axsnap-control-link",
                                        daemon=True)

    @property
    def connected(self) -> bool:
        return self._sock is not None

    def start(self) -> ControlLink:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        sock = self._sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    # -- replies from the extension ------------------------------------------------------

    def deliver(self, message_id: str, reply: dict[str, Any]) -> bool:
        """Send the extension's answer to serve; False when the link is down (dropped)."""
        sock = self._sock
        if sock is None:
            log.info("control reply id=%s dropped: no link", message_id)
            return False
        try:
            frame = pack({"type": "control_reply", "id": message_id, "reply": reply})
        except LinkFrameTooLarge:
            frame = pack({"type": "control_reply", "id": message_id, "reply": {
                "ok": False, "error": {"code": "request_too_large",
                                       "message": "the reply is too large for the control link",
                                       "hint": "ask for a smaller output (viewport only, "
                                               "compact, max_tokens)"}}})
        try:
            with self._write_lock:
                sock.sendall(frame)
        except OSError:
            log.info("control reply id=%s dropped: link broke", message_id)
            return False
        return True

    # -- the thread ------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            sock = self._connect()
            if sock is None:
                self._stop.wait(self._retry_s)
                continue
            self._sock = sock
            self._status(True)
            try:
                self._serve(sock)
            finally:
                self._sock = None
                sock.close()
                self._status(False)
            self._stop.wait(self._retry_s)

    def _connect(self) -> socket.socket | None:
        path = self._path or socket_path()
        if not path.exists():
            return None
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.settimeout(5)
            sock.connect(str(path))
            from axsnap_host import __version__

            sock.sendall(pack({"type": "hello", "protocol": PROTOCOL_VERSION,
                               "host": __version__, "pid": os.getpid()}))
            sock.settimeout(None)
        except OSError:
            sock.close()
            return None
        log.info("control link up")
        return sock

    def _serve(self, sock: socket.socket) -> None:
        while not self._stop.is_set():
            try:
                message = read_frame(sock)
            except (LinkClosed, OSError):
                log.info("control link closed")
                return
            except (LinkFrameTooLarge, ValueError, UnicodeDecodeError) as exc:
                log.warning("control link: bad frame (%s); closing", type(exc).__name__)
                return
            self._forward(message)

    def _forward(self, message: dict[str, Any]) -> None:
        message_id = message.get("id")
        try:
            request = ControlMessage.model_validate({**message, "v": PROTOCOL_VERSION})
            if len(str(request.params)) > _MAX_PARAMS_CHARS:
                raise ValueError("params too large")
        except (ValidationError, ValueError):
            if isinstance(message_id, str) and 0 < len(message_id) <= 200:
                self.deliver(message_id, {"ok": False, "error": {
                    "code": "invalid_message", "message": "malformed control request",
                    "hint": f"ops: {', '.join(CONTROL_OPS)}"}})
            return
        log.info("control id=%s op=%s", request.id, request.op)
        self._send_to_extension(request.model_dump(mode="json"))

    def _status(self, linked: bool) -> None:
        try:
            self._send_to_extension({"v": PROTOCOL_VERSION, "id": f"link-{next(self._status_ids)}",
                                     "type": "control_status", "linked": linked})
        except Exception:  # the port may be gone while the host shuts down
            log.info("control status not sent")
