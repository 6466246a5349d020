"""The host manifest and the launcher it points at (a shell script, or a .cmd on Windows),
both pinning the interpreter that ran the installer."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from axsnap_host import EXTENSION_ID, HOST_NAME

MANIFEST_MODE = 0o644
WRAPPER_MODE = 0o755


def allowed_origins(extension_ids: Iterable[str] = ()) -> list[str]:
    ids = [EXTENSION_ID, *(i for i in extension_ids if i and i != EXTENSION_ID)]
    return [f"chrome-extension://{i}/" for i in dict.fromkeys(ids)]


def host_manifest(wrapper: Path, extension_ids: Iterable[str] = ()) -> dict[str, Any]:
    return {
        "name": HOST_NAME,
        "description": "axsnap native host: turns tab captures into agent-ready snapshots",
        "path": str(wrapper.resolve()),
        "type": "stdio",
        "allowed_origins": allowed_origins(extension_ids),
    }


def write_manifest(path: Path, manifest: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    path.chmod(MANIFEST_MODE)


def wrapper_text(python: str, log_file: Path | None, windows: bool) -> str:
    """The launcher: runs ``python -m axsnap_host`` with the host's arguments."""
    args = ["-m", "axsnap_host"]
    if log_file is not None:
        args += ["--log-file", str(Path(log_file).absolute())]
    if windows:
        quoted = " ".join(f'"{a}"' if " " in a else a for a in args)
        return ("@echo off\r\n"
                "rem axsnap native host, written by axsnap install-host: pins the Python "
                "it was run with.\r\n"
                f'"{python}" {quoted} %*\r\n')
    return ("#!/bin/sh\n"
            "# axsnap native host, written by axsnap install-host: pins the Python it was run "
            "with.\n"
            f"exec {shlex.join([python, *args])} \"$@\"\n")


def write_wrapper(path: Path, python: str, log_file: Path | None, windows: bool) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(wrapper_text(python, log_file, windows), encoding="utf-8", newline="")
    path.chmod(WRAPPER_MODE)
    return path
