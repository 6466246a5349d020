"""The background process of one named session: a ``Browser`` (Chromium with the extension and
host) kept open, answering requests on a Unix socket, one at a time.

Requests and replies are control-link frames (control/framing.py): ``{op, token, params}`` →
``{ok: true, ...}`` or ``{ok: false, error: {code, message, hint}}``. The socket (0600) sits
in the per-install runtime folder (0700); every request also carries the session's token,
kept in the record (0600). ``axsnap open`` starts it (``python -m axsnap_host.sessions.daemon
CONFIG_JSON``) and reads one line from its stdout: ``{"ok": true, ...}`` once the page is
open, or the error. SIGTERM, SIGINT and ``close`` end it the same way: the browser quits
(Chromium and chromedriver with it) and the session's files are removed.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from axsnap_host.control.framing import LinkClosed, LinkFrameTooLarge, pack, read_frame
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.sessions.store import (
    SessionRecord,
    check_name,
    paths_of,
    remove_files,
    write_record,
)

SESSION_OPS = ("ping", "snapshot", "act", "navigate", "close")
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                       if hasattr(signal, name))


class Stop(Exception):
    """A signal asked the session to end."""


def _stop(signum: int, _frame: object) -> None:
    raise Stop(signal.Signals(signum).name)


def _error(err: AxsnapError) -> dict[str, Any]:
    return {"ok": False, "error": err.info().model_dump()}


class SessionServer:
    """Answers one session's requests over its socket with its browser."""

    def __init__(self, browser: Any, token: str) -> None:
        self.browser = browser
        self.token = token
        self.closing = False

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        if not hmac.compare_digest(str(message.get("token", "")), self.token):
            return _error(AxsnapError(ErrorCode.UNAUTHORIZED, "wrong session token",
                                      "use the axsnap command of the install that opened it"))
        op = message.get("op")
        params = found if isinstance(found := message.get("params"), dict) else {}
        try:
            if op == "ping":
                return {"ok": True, **self._where()}
            if op == "navigate":
                self.browser.open(str(params.get("url")))
                return {"ok": True, **self._where()}
            if op == "snapshot":
                if params.get("url"):
                    self.browser.open(str(params["url"]))
                return {"ok": True, "reply": self.browser.snapshot_raw(**params["options"])}
            if op == "act":
                return {"ok": True, "steps": self._act(params)}
            if op == "close":
                self.closing = True
                return {"ok": True}
        except AxsnapError as err:
            return _error(err)
        except Exception as err:  # the browser went away, a driver error: say it, keep serving
            first = (str(getattr(err, "msg", "") or err).strip().splitlines() or [""])[0]
            return _error(AxsnapError(ErrorCode.INTERNAL, f"{type(err).__name__}: {first}"[:300],
                                      "if the browser is gone: axsnap close -s NAME, then open"))
        return _error(AxsnapError(ErrorCode.UNKNOWN_TYPE, f"no session operation {op!r}",
                                  "one of: " + ", ".join(SESSION_OPS)))

    def _where(self) -> dict[str, Any]:
        url, title = self.browser.run_in_target("return [location.href, document.title]")
        return {"url": url, "title": title}

    def _act(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        from axsnap_host.client.acting import run_steps

        return run_steps(self.browser, list(params.get("steps") or []), params.get("options"),
                         bool(params.get("keep_going")), bool(params.get("follow_tabs")))

    def answer_clients(self, listener: socket.socket) -> None:
        while not self.closing:
            conn, _ = listener.accept()
            with conn:
                try:
                    message = read_frame(conn)
                except (LinkClosed, LinkFrameTooLarge, ValueError, UnicodeDecodeError, OSError):
                    continue
                reply = self.handle(message)
                with contextlib.suppress(OSError):
                    conn.sendall(pack(reply))


@contextlib.contextmanager
def listening(path: Path) -> Iterator[socket.socket]:
    """A Unix socket at ``path``, mode 0600 from the start (umask), removed afterwards."""
    path.unlink(missing_ok=True)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_umask = os.umask(0o177)
    try:
        listener.bind(str(path))
    finally:
        os.umask(old_umask)
    listener.listen(8)
    try:
        yield listener
    finally:
        listener.close()
        path.unlink(missing_ok=True)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGTERM, SIGINT and SIGHUP wait until the block is done (POSIX)."""
    held = set(ENDING_SIGNALS)
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _say(line: dict[str, Any]) -> None:
    """The one line ``axsnap open`` waits for; stdout is closed after it."""
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)


def run(config: dict[str, Any]) -> int:
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import url_for

    name = check_name(str(config["name"]))
    record_path, sock_path, _log = paths_of(name)
    for signum in ENDING_SIGNALS:
        signal.signal(signum, _stop)
    said = False
    try:
        with ExitStack() as stack:
            url = stack.enter_context(url_for(str(config["target"])))
            browser = Browser(headless=bool(config.get("headless", True)),
                              chromium=config.get("chromium"),
                              chromedriver=config.get("chromedriver"),
                              extra_args=tuple(config.get("extra_args") or ()))
            with signals_held():  # a signal now would leave Chromium half started
                stack.callback(browser.close)
                browser.start()
            browser.open(url)
            listener = stack.enter_context(listening(sock_path))
            token = secrets.token_urlsafe(32)
            service = getattr(browser, "_service", None)
            process = getattr(service, "process", None)
            record = SessionRecord(name=name, pid=os.getpid(), socket=str(sock_path),
                                   token=token, url=url, started=time.time(),
                                   headless=browser.headless,
                                   driver_pid=getattr(process, "pid", None))
            write_record(record)
            stack.callback(record_path.unlink, missing_ok=True)
            _say({"ok": True, **record.public()})
            said = True
            SessionServer(browser, token).answer_clients(listener)
    except Stop:
        pass
    except Exception as err:
        if said:
            raise
        if not isinstance(err, AxsnapError):
            err = AxsnapError(ErrorCode.INTERNAL, f"{type(err).__name__}: {err}"[:300],
                              "see the session's log")
        _say(_error(err))
        return 2
    finally:
        remove_files(name)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    return run(json.loads(argv[0]))


if __name__ == "__main__":
    sys.exit(main())
