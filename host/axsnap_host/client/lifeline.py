"""Tie the browsers a process starts to its life: when it dies, even by ``kill -9``, its
chromedriver, Chromium (every one of its processes) and the native hosts go too.

chromedriver is started as the leader of its own process group (Chromium and the hosts it
starts stay in that group: measured on this machine). One watchdog process per Python
process reads a pipe from it; the pipe's end is the parent's death, however it died (no
signal is needed, none can be missed). The watchdog then kills every group still
registered. ``Browser.close`` unregisters its group first, so a clean close kills nothing.

POSIX only: elsewhere :func:`watch_group` does nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import IO, Any

# Runs in the watchdog: "+PGID" registers a group, "-PGID" forgets it; at EOF, kill the rest.
_WATCHDOG = r"""
import os, signal, sys
groups = set()
for line in sys.stdin:
    line = line.strip()
    try:
        pgid = int(line[1:])
    except ValueError:
        continue
    if line[:1] == "+":
        groups.add(pgid)
    elif line[:1] == "-":
        groups.discard(pgid)
for pgid in groups:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass
"""

_lock = threading.Lock()
_pipe: IO[str] | None = None
_watchdog: subprocess.Popen[Any] | None = None
_owner_pid = 0


def group_leader_kwargs() -> dict[str, Any]:
    """Popen keyword arguments that make the child lead a new process group (POSIX)."""
    return {"process_group": 0} if os.name == "posix" else {}


def _ensure_watchdog() -> IO[str] | None:
    global _pipe, _watchdog, _owner_pid
    if os.name != "posix":
        return None
    if _pipe is not None and _owner_pid == os.getpid() and _watchdog is not None \
            and _watchdog.poll() is None:
        return _pipe
    _watchdog = subprocess.Popen(  # its own session: a kill of our group leaves it alive
        [sys.executable, "-c", _WATCHDOG], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, text=True, start_new_session=True, close_fds=True)
    _pipe = _watchdog.stdin
    _owner_pid = os.getpid()
    return _pipe


def watch_group(pgid: int) -> None:
    """Kill process group ``pgid`` when this process dies (until :func:`release_group`)."""
    with _lock:
        pipe = _ensure_watchdog()
        if pipe is None:
            return
        try:
            pipe.write(f"+{pgid}\n")
            pipe.flush()
        except OSError:
            pass


def watched_chromedriver(executable_path: str) -> Any:
    """A Selenium chromedriver ``Service`` whose process leads its own group, watched from
    the moment it is started (not after the session is made: a kill in between would leave
    the browser running). Its ``watched_group`` is the group's id once started."""
    from selenium.webdriver.chrome.service import Service

    class WatchedService(Service):
        watched_group: int | None = None

        def _start_process(self, path: str) -> None:
            super()._start_process(path)
            self.watched_group = watch_service(self)

    return WatchedService(executable_path=executable_path, popen_kw=group_leader_kwargs())


def watch_service(service: Any) -> int | None:
    """Watch the group a Selenium Service's process leads (its pid); returns that pid."""
    pid = getattr(getattr(service, "process", None), "pid", None)
    if not isinstance(pid, int) or pid <= 0:
        return None
    watch_group(pid)
    return pid


def release_group(pgid: int | None) -> None:
    """Forget group ``pgid`` (its processes were ended on purpose); returns None."""
    with _lock:
        if pgid is None or _pipe is None or _owner_pid != os.getpid():
            return
        try:
            _pipe.write(f"-{pgid}\n")
            _pipe.flush()
        except OSError:
            pass


def watchdog_pid() -> int | None:
    """The watchdog's process id (tests)."""
    return _watchdog.pid if _watchdog is not None else None
