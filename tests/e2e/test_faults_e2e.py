"""Faults in real Chromium: each ends in a structured error or a correct result, and the
browser keeps serving."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from axsnap_host.browser import Browser
from axsnap_host.models.errors import AxsnapError, ErrorCode

pytestmark = pytest.mark.e2e

SHORT_TIMEOUT_S = 4.0


@pytest.fixture(scope="module")
def short_browser() -> Iterator[Browser]:
    """A browser whose client gives a request SHORT_TIMEOUT_S."""
    with Browser(timeout_s=SHORT_TIMEOUT_S) as b:
        yield b


def test_client_timeout_is_set_on_the_running_driver(short_browser: Browser) -> None:
    executor = short_browser.driver.command_executor
    assert executor.client_config.timeout == short_browser.http_timeout_s
    assert short_browser.http_timeout_s > short_browser.page_load_timeout_s


def test_slow_capture_ends_in_timeout_and_the_browser_serves_on(
        short_browser: Browser, pages_url: str) -> None:
    """mutating.html changes its DOM every 100 ms: a capture that waits for 1 s of quiet
    waits max_wait_ms (12 s), longer than the client's 4 s."""
    short_browser.open(f"{pages_url}mutating.html")
    with pytest.raises(AxsnapError) as caught:
        short_browser.snapshot(format="outline",
                               stabilize={"quiet_ms": 1000, "max_wait_ms": 12_000})
    assert caught.value.code == ErrorCode.TIMEOUT
    assert caught.value.hint
    # the next request works (it may wait for the first capture to finish, within its time)
    result = short_browser.snapshot(format="outline", stabilize={"enabled": False})
    assert "Ticker" in result.combinedTree
