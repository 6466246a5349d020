"""Where the control link lives: the runtime dir (socket, serve's address) and the token.

The runtime dir is private to the user (mode 0700) and to the install: only processes of the
same user can reach the link socket. The token file (mode 0600) is the per-install secret
HTTP clients send as ``Authorization: Bearer``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import signal
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SOCKET_NAME = "control.sock"
SERVE_INFO_NAME = "serve.json"
TOKEN_NAME = "control-token"


PACKAGE_DIR = Path(__file__).resolve().parents[1]


def install_id(package_dir: Path = PACKAGE_DIR) -> str:
    """A short name for this install (its package folder): two installs of one user (a wheel
    in a venv, a checkout) get two runtime folders, so neither links to the other's serve
    or sessions. The native host an install registers runs from the same folder."""
    return hashlib.sha256(str(package_dir).encode("utf-8")).hexdigest()[:10]


def runtime_dir(package_dir: Path = PACKAGE_DIR) -> Path:
    """``$AXSNAP_RUNTIME_DIR``, else ``$XDG_RUNTIME_DIR/axsnap-<install>``, else
    ``/tmp/axsnap-<uid>-<install>`` (see :func:`install_id`)."""
    explicit = os.environ.get("AXSNAP_RUNTIME_DIR")
    if explicit:
        return Path(explicit)
    install = install_id(package_dir)
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg and Path(xdg).is_dir():
        return Path(xdg) / f"axsnap-{install}"
    return Path(tempfile.gettempdir()) / f"axsnap-{os.getuid()}-{install}"


def config_dir() -> Path:
    """``$AXSNAP_CONFIG_DIR``, else ``$XDG_CONFIG_HOME/axsnap`` (``~/.config/axsnap``)."""
    explicit = os.environ.get("AXSNAP_CONFIG_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "axsnap"


def private_dir(path: Path) -> Path:
    """Create ``path`` (mode 0700) or check an existing one is ours and not open to others."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = path.stat()
    if info.st_uid != os.getuid():
        raise PermissionError(f"{path} belongs to another user")
    if stat.S_IMODE(info.st_mode) & 0o077:
        path.chmod(0o700)
    return path


def socket_path() -> Path:
    return runtime_dir() / SOCKET_NAME


def token_path() -> Path:
    return config_dir() / TOKEN_NAME


def read_token(path: Path | None = None) -> str | None:
    path = path or token_path()
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text or None


def ensure_token(path: Path | None = None) -> str:
    """The install's token, made (32 random bytes, file mode 0600) when there is none."""
    path = path or token_path()
    existing = read_token(path)
    if existing:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(0o600)
        return existing
    private_dir(path.parent)
    token = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(token + "\n")
    return token


def write_serve_info(address: dict[str, Any]) -> Path:
    """Record where ``axsnap serve`` listens (for ``axsnap mcp`` and other local clients)."""
    path = private_dir(runtime_dir()) / SERVE_INFO_NAME
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(address, out)
    tmp.replace(path)
    return path


def read_serve_info() -> dict[str, Any] | None:
    try:
        data = json.loads((runtime_dir() / SERVE_INFO_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def remove_serve_info(pid: int) -> None:
    """Remove the address file if it still names this process."""
    info = read_serve_info()
    if info and info.get("pid") == pid:
        (runtime_dir() / SERVE_INFO_NAME).unlink(missing_ok=True)


def remove_runtime_dir_if_empty() -> None:
    """The runtime folder, once nothing in it is left (serve's and sessions' files gone)."""
    with contextlib.suppress(OSError):
        runtime_dir().rmdir()


@contextlib.contextmanager
def interrupted_by_sigterm() -> Iterator[None]:
    """SIGTERM raises KeyboardInterrupt in the block, as Ctrl-C does, so the ``finally``
    blocks that remove runtime files and quit browsers run (Python's default for SIGTERM
    ends the process without them). A server that catches signals itself (uvicorn) hands
    the signal back on its way out, to this handler."""
    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
