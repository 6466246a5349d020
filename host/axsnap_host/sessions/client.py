"""The commands' end of a session: start its background process (``open``), send it one
request at a time, end it (``close``), list and prune sessions."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from typing import Any

from axsnap_host.control.framing import LinkClosed, LinkFrameTooLarge, pack, read_frame
from axsnap_host.control.paths import private_dir
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.sessions.store import (
    SessionRecord,
    all_records,
    check_name,
    is_live,
    paths_of,
    process_alive,
    read_record,
    remove_files,
)

REQUEST_TIMEOUT_S = 600.0  # past every deadline the browser keeps (Browser.timeout_s: 120)
CLOSE_WAIT_S = 60.0


def no_session(name: str) -> AxsnapError:
    return AxsnapError(ErrorCode.BROWSER_NOT_CONNECTED, f"no open session {name!r}",
                       f"open one: axsnap open URL -s {name} (axsnap sessions lists them)")


def open_session(name: str, target: str, *, headless: bool = True, chromium: str | None = None,
                 chromedriver: str | None = None, extra_args: tuple[str, ...] = ()
                 ) -> dict[str, Any]:
    """Start session ``name`` on ``target`` (URL or local file); return its record (public
    part) once the page is open. ``session_open`` when it is open already."""
    check_name(name)
    existing = read_record(name)
    if existing is not None:
        if is_live(existing):
            raise AxsnapError(ErrorCode.SESSION_OPEN, f"session {name!r} is open already",
                              f"use it (-s {name}), or axsnap close -s {name} first")
        remove_files(name)  # a stale one: its process died
    record_path, _sock, log_path = paths_of(name)
    private_dir(record_path.parent)
    config = {"name": name, "target": target, "headless": headless, "chromium": chromium,
              "chromedriver": chromedriver, "extra_args": list(extra_args)}
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "axsnap_host.sessions.daemon", json.dumps(config)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log,
            start_new_session=True)
    assert process.stdout is not None
    line = process.stdout.readline()  # the daemon's one line: ready, or why not
    process.stdout.close()
    try:
        said = json.loads(line) if line.strip() else None
    except ValueError:
        said = None
    if isinstance(said, dict) and said.get("ok"):
        return said
    process.wait()
    if isinstance(said, dict) and isinstance(said.get("error"), dict):
        error = said["error"]
        raise AxsnapError(str(error.get("code")), str(error.get("message")),
                          str(error.get("hint") or ""))
    tail = log_path.read_text(encoding="utf-8", errors="replace")[-600:] \
        if log_path.exists() else ""
    remove_files(name)
    raise AxsnapError(ErrorCode.INTERNAL, f"session {name!r} did not start "
                      f"(exit {process.returncode})", tail.strip().splitlines()[-1]
                      if tail.strip() else "run `axsnap doctor`")


def call(name: str, op: str, params: dict[str, Any] | None = None,
         timeout_s: float = REQUEST_TIMEOUT_S) -> dict[str, Any]:
    """One request to session ``name``; its reply (``ok: true``) or ``AxsnapError``."""
    record = read_record(check_name(name))
    if record is None:
        raise no_session(name)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout_s)
    try:
        sock.connect(record.socket)
        sock.sendall(pack({"op": op, "token": record.token, "params": params or {}}))
        reply = read_frame(sock)
    except (FileNotFoundError, ConnectionRefusedError):
        if not process_alive(record.pid):
            remove_files(name)
        raise no_session(name) from None
    except TimeoutError:
        raise AxsnapError(ErrorCode.TIMEOUT, f"session {name!r} gave no answer within "
                          f"{timeout_s:g} s", f"axsnap close -s {name}, then open it again"
                          ) from None
    except (LinkClosed, LinkFrameTooLarge, ValueError, OSError) as err:
        raise AxsnapError(ErrorCode.BROWSER_NOT_CONNECTED,
                          f"session {name!r} ended before it answered ({type(err).__name__})",
                          "axsnap sessions shows what is still open") from None
    finally:
        sock.close()
    if not reply.get("ok"):
        error = found if isinstance(found := reply.get("error"), dict) else {}
        raise AxsnapError(str(error.get("code") or ErrorCode.INTERNAL),
                          str(error.get("message") or "the session refused"),
                          str(error.get("hint") or ""))
    return reply


def close_session(name: str) -> bool:
    """End session ``name`` and wait until its process is gone; False when none was open."""
    record = read_record(check_name(name))
    if record is None:
        return False
    if not is_live(record):
        remove_files(name)
        return False
    call(name, "close")
    wait_gone(record)
    return True


def wait_gone(record: SessionRecord, within_s: float = CLOSE_WAIT_S) -> None:
    deadline = time.monotonic() + within_s
    while process_alive(record.pid):
        if time.monotonic() > deadline:
            raise AxsnapError(ErrorCode.TIMEOUT, f"session {record.name!r} (pid {record.pid}) "
                              f"did not end within {within_s:g} s",
                              f"kill {record.pid} (SIGTERM ends it cleanly)")
        time.sleep(0.05)


def list_sessions() -> tuple[list[SessionRecord], list[SessionRecord]]:
    """(live sessions, stale ones pruned now: their process died)."""
    live, pruned = [], []
    for record in all_records():
        if is_live(record):
            live.append(record)
        else:
            remove_files(record.name)
            pruned.append(record)
    return live, pruned
