"""Where sessions live: ``<runtime dir>/sessions/`` (mode 0700, per install, see
control/paths.py) holds ``NAME.json`` (the record: pid, socket, token; mode 0600), the socket
``NAME.sock`` (mode 0600) and ``NAME.log`` (the background process's own messages)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from axsnap_host.control.paths import private_dir, runtime_dir
from axsnap_host.models.errors import AxsnapError, ErrorCode

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")


def sessions_dir() -> Path:
    return runtime_dir() / "sessions"


def check_name(name: str) -> str:
    if not _NAME.match(name or ""):
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"{name!r} is not a session name",
                          "use up to 40 letters, digits, '.', '_' or '-', e.g. -s work")
    return name


@dataclass
class SessionRecord:
    name: str
    pid: int
    socket: str
    token: str
    url: str = ""
    started: float = 0.0
    headless: bool = True
    driver_pid: int | None = None  # chromedriver (Chromium runs below it)
    extra: dict[str, Any] = field(default_factory=dict)

    def public(self) -> dict[str, Any]:
        """What ``axsnap sessions`` shows (never the token)."""
        return {k: v for k, v in asdict(self).items() if k not in ("token", "extra")}


def paths_of(name: str) -> tuple[Path, Path, Path]:
    """(record, socket, log) of session ``name``."""
    folder = sessions_dir()
    return folder / f"{name}.json", folder / f"{name}.sock", folder / f"{name}.log"


def write_record(record: SessionRecord) -> Path:
    path = paths_of(record.name)[0]
    private_dir(path.parent)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(asdict(record), out)
    tmp.replace(path)
    return path


def read_record(name: str) -> SessionRecord | None:
    try:
        data = json.loads(paths_of(name)[0].read_text(encoding="utf-8"))
        return SessionRecord(**data)
    except (OSError, ValueError, TypeError):
        return None


def all_records() -> list[SessionRecord]:
    folder = sessions_dir()
    if not folder.is_dir():
        return []
    found = (read_record(p.stem) for p in sorted(folder.glob("*.json")))
    return [r for r in found if r is not None]


def remove_files(name: str) -> None:
    """The session's record, socket and log; the folders too once empty."""
    for path in paths_of(name):
        path.unlink(missing_ok=True)
    for folder in (sessions_dir(), runtime_dir()):
        with contextlib.suppress(OSError):
            folder.rmdir()  # only when empty


def process_alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie no parent reaped yet counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc (macOS): the signal said it exists
    return stat[stat.rfind(")") + 2:][:1] not in ("Z", "X")


def answering(path: str) -> bool:
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.settimeout(2)
        probe.connect(path)
    except OSError:
        return False
    finally:
        probe.close()
    return True


def is_live(record: SessionRecord) -> bool:
    return process_alive(record.pid) and answering(record.socket)
