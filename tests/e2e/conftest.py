"""End-to-end fixtures: test pages over HTTP and one real Chromium with the extension and host.

Pages are served from 127.0.0.1 and the same folder from 127.0.0.2, which is cross-site, for
out-of-process iframes. Every browser the tests start (here and in the ``axsnap`` commands
they run) gets the offline launch configuration (tests/offline_launch.py): no real host name
resolves, ``localhost`` neither; tests that reach host names drop it for their own launch.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from axsnap_host.client import Browser
from axsnap_host.client.file_server import QuietHandler, serve_directory
from axsnap_host.client.paths import CHROMEDRIVER, CHROMIUM
from offline_launch import use_offline_launch

use_offline_launch()


def _own_runtime_and_config_folders() -> None:
    """This test process, and every browser, host and ``axsnap`` command it starts, keeps its
    control socket, sessions and token in folders of its own: never the user's, and never
    another test process's (``pytest -n 2`` runs two side by side)."""
    for name in ("AXSNAP_RUNTIME_DIR", "AXSNAP_CONFIG_DIR"):
        if name not in os.environ:
            folder = tempfile.mkdtemp(prefix=f"axsnap-tests-{name.split('_')[1].lower()}-")
            atexit.register(shutil.rmtree, folder, True)
            os.environ[name] = folder


_own_runtime_and_config_folders()

PAGES_DIR = Path(__file__).resolve().parents[1] / "pages"


class PagesHandler(QuietHandler):
    """Static files, plus ``/__slow?ms=N``: answers after N ms, at most 120 s (requests kept
    in flight; a page that outlasts any deadline a test gives);
    with ``&file=dir/name.svg`` the answer is that file of tests/pages (an image that loads
    late)."""

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        if parts.path == "/__slow":
            query = parse_qs(parts.query)
            delay_ms = int(query.get("ms", ["1000"])[0])
            time.sleep(min(delay_ms, 120_000) / 1000)
            body, kind = b"slow", "text/plain"
            name = query.get("file", [""])[0]
            path = (PAGES_DIR / name).resolve()
            if name and path.is_file() and PAGES_DIR in path.parents:
                body, kind = path.read_bytes(), self.guess_type(str(path))
            try:
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page went away while we slept: expected
            return
        super().do_GET()


def serve_pages(host: str) -> AbstractContextManager[str]:
    """tests/pages on ``host`` with the ``/__slow`` route: the one test HTTP server
    (axsnap_host.client.file_server.serve_directory), as every test and recorder uses it."""
    return serve_directory(PAGES_DIR, host, handler_class=PagesHandler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


def require_chromium() -> None:
    """Fail loudly (never skip) when the browser or its driver is missing."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    if missing:
        pytest.fail(
            f"end-to-end tests need Chromium and chromedriver; missing: {', '.join(missing)}. "
            "Install them (apt-get install -y chromium chromium-driver) or set AXSNAP_CHROMIUM "
            "/ AXSNAP_CHROMEDRIVER.",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def pages_url() -> Iterator[str]:
    """Base URL (ending in /) of tests/pages on 127.0.0.1."""
    with serve_pages("127.0.0.1") as base:
        yield base


@pytest.fixture(scope="session")
def cross_site_url() -> Iterator[str]:
    """Base URL of tests/pages on 127.0.0.2: another site, so iframes go out of process."""
    with serve_pages("127.0.0.2") as base:
        yield base


@pytest.fixture(scope="session")
def miniwob_url() -> Iterator[str]:
    """Base URL (ending in /) of the ``miniwob`` package's task pages on 127.0.0.1: open
    ``miniwob_url + "enter-text.html"``, then start the episode (``core.startEpisodeReal()``,
    what the START button does)."""
    import miniwob

    html = Path(miniwob.__file__).resolve().parent / "html"
    with serve_directory(html, handler_class=PagesHandler) as base:
        yield base + "miniwob/"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for the session, host registered in its temporary profile."""
    require_chromium()
    with Browser() as b:
        yield b


@pytest.fixture
def unprepared(browser: Browser) -> Iterator[Browser]:
    """The session browser with the worker's preparation of new documents off for the test
    (lib/reuse/prepare.js, bridge.js ``setPreparation``). A tab read in the last seconds gets
    each document it loads read once it settles; a test of what a document's own first read
    does would otherwise race that read (on a loaded machine the preparation can win).
    On again after the test."""
    assert browser.bridge_call("setPreparation", False) == {"ok": True, "prepareDocuments": False}
    try:
        yield browser
    finally:
        browser.bridge_call("setPreparation", True)


@pytest.fixture(autouse=True)
def _driver_rests_on_the_target_tab(request: pytest.FixtureRequest) -> Iterator[None]:
    """The session browser is shared: a test that moves its driver to another window must
    move it back (``Browser.driver`` rests on the target tab), or the next test that uses
    ``browser.driver`` runs its scripts in that window. Fails the test that left it."""
    yield
    if "browser" not in request.fixturenames:
        return
    browser: Browser = request.getfixturevalue("browser")
    try:
        handle = browser.driver.current_window_handle
    except Exception:  # a closed current window is the same leak
        handle = None
    if handle != browser.target_handle:
        pytest.fail(f"the test left the session browser's driver on window {handle}, not on "
                    "the target tab: switch back to browser.target_handle", pytrace=False)


@pytest.fixture
def fresh_browser_factory() -> Iterator[type[Browser]]:
    """For tests that need their own browser (e.g. without the host registered)."""
    require_chromium()
    yield Browser
