"""Things kept in one place: the Chromium flags (axsnap_host.client.chromium), the tests' offline
resolver rule (tests/offline_launch.py) and the HTTP server
that serves test and benchmark pages (axsnap_host.client.file_server). A copy elsewhere drifts."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [path for folder in ("host", "tests", "bench", "scripts", "examples")
           for path in (ROOT / folder).rglob("*.py")
           if not any(part.startswith(".venv") for part in path.parts)  # bench/.venv-peers too
           and path != Path(__file__).resolve()]


@pytest.mark.parametrize(("marker", "home"), [
    ("~NOTFOUND", "tests/offline_launch.py"),
    ("--disable-background-networking", "host/axsnap_host/client/chromium.py"),
    ("ThreadingHTTPServer", "host/axsnap_host/client/file_server.py"),
    ("(SimpleHTTPRequestHandler)", "host/axsnap_host/client/file_server.py"),
])
def test_written_in_one_place_only(marker: str, home: str) -> None:
    assert len(SOURCES) > 50
    found = sorted(str(path.relative_to(ROOT)) for path in SOURCES
                   if marker in path.read_text(encoding="utf-8", errors="replace"))
    assert found == [home]
