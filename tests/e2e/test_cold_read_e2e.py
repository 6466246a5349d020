"""Issue 26: an exact read equals a cold read. The page is read (every fast path then holds
its state) and changed, read exactly; then the extension's service worker is stopped and the
host goes with its port, so that no cache of either survives, and the page is read again: the
same answer, format by format."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from browser_cdp import BrowserCDP
from differential import READS, content
from host_procs import the_host

from axsnap_host.client import Browser

PAGES = ["stale/window.html?plain", "kept/index.html"]


@pytest.fixture(scope="module")
def own() -> Iterator[Browser]:
    """A browser of its own: its worker is stopped here."""
    with Browser() as b:
        yield b


def _cold(browser: Browser, cdp: BrowserCDP) -> None:
    """Stop the service worker; its native port closes and the host exits."""
    cdp.stop_worker()
    deadline = time.monotonic() + 60  # a failure bound only
    while browser.host_pids():
        assert time.monotonic() < deadline, "the host outlived its port"
        time.sleep(0.05)


def _until_images_loaded(browser: Browser) -> None:
    """The page stops changing by itself: kept/index.html's lazy picture arrives 8 s late
    and moves everything below it (a read before and one after would differ for good)."""
    deadline = time.monotonic() + 60
    while not browser.run_in_target("return [...document.images].every((i) => i.complete)"):
        assert time.monotonic() < deadline, "the page's pictures never finished loading"
        time.sleep(0.1)


@pytest.mark.parametrize("page", PAGES)
def test_an_exact_read_equals_a_cold_read(own: Browser, pages_url: str, page: str) -> None:
    own.open(pages_url + page)
    _until_images_loaded(own)
    for options in READS.values():  # warm: every fast path holds this page
        own.snapshot_raw(**options)
        own.snapshot_raw(**options)
    # a change the kept states must follow (no event, no animation: the page then stays)
    own.run_in_target("document.querySelector('button').textContent = 'Changed before the reads'")
    exact = {name: content(own.snapshot_raw(exact=True, **options))
             for name, options in READS.items()}
    cdp = BrowserCDP(own)
    try:
        for name, options in READS.items():
            before = the_host(own)
            _cold(own, cdp)
            cold = own.snapshot_raw(**options)
            assert the_host(own) != before, "a new host served the cold read"
            assert cold["timings"].get("kept_answer") is None
            assert content(cold) == exact[name], f"{page}: {name}"
    finally:
        cdp.close()
