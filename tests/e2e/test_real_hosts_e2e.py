"""The product's launches reach host names: ``axsnap snapshot http://localhost:PORT/...`` and
``Browser().snapshot("http://app.localhost:PORT/...")`` read a page served on 127.0.0.1.

These launches drop the tests' offline configuration (tests/offline_launch.py), as a user's
launch has none; Chromium resolves ``localhost`` and ``*.localhost`` to loopback itself. Both
fail on a build whose product flags block host names.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from axsnap_host.client import Browser
from axsnap_host.client.chromium import ARGS_ENV
from axsnap_host.client.file_server import serve_directory
from offline_launch import without_offline_launch

PAGE = """<!doctype html><title>Local app</title>
<h1>Served on loopback</h1><button>Reach me</button>"""


@pytest.fixture(scope="module")
def local_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A page on 127.0.0.1; yields the port."""
    root = tmp_path_factory.mktemp("local-site")
    (root / "app.html").write_text(PAGE, encoding="utf-8")
    with serve_directory(root) as base:
        yield int(base.rstrip("/").rsplit(":", 1)[1])


def _axsnap() -> str:
    script = Path(sys.executable).with_name("axsnap")
    return str(script) if script.exists() else shutil.which("axsnap") or "axsnap"


def test_cli_snapshot_reads_localhost(local_site: int, tmp_path: Path) -> None:
    env = without_offline_launch(dict(os.environ))
    out = tmp_path / "out"
    done = subprocess.run(
        [_axsnap(), "snapshot", f"http://localhost:{local_site}/app.html", "--format",
         "domtext", "--out", str(out)], capture_output=True, text=True, env=env, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    dom_text = (out / "dom.txt").read_text(encoding="utf-8")
    assert "Reach me" in dom_text


def test_browser_reads_a_localhost_subdomain(local_site: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    kept = without_offline_launch(dict(os.environ)).get(ARGS_ENV)
    if kept:
        monkeypatch.setenv(ARGS_ENV, kept)
    else:
        monkeypatch.delenv(ARGS_ENV, raising=False)
    with Browser() as browser:
        result = browser.snapshot(f"http://app.localhost:{local_site}/app.html",
                                  format="domtext")
    assert "Reach me" in result.domtext
    assert "[Title: Local app]" in result.domtext
