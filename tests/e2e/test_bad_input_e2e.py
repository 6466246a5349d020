"""Bad input from a person: addresses that are no URL or do not load, and empty pages.

Each bad address ends in one structured error, ``navigation_failed`` (with Chrome's net
error when there is one), from the CLI (one line on stderr, exit code 2, no traceback),
from Python (``Browser.snapshot``), and from the extension's API for a tab that shows
Chrome's error page. An empty DOM result says why it is empty.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from axsnap_host.client import Browser, DomResult
from axsnap_host.models.errors import AxsnapError

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
# address → what the one line must name
BAD = {
    "http://127.0.0.1:1/": "net::ERR_UNSAFE_PORT",
    "http://nonexistent.invalid/": "net::ERR_NAME_NOT_RESOLVED",
    "http://exa mple.com/": "is not a valid URL",
    "ht!tp://x": "is not a valid URL",
    "http://": "is not a valid URL",
}


@pytest.mark.parametrize("url", sorted(BAD))
def test_python_client_raises_navigation_failed(browser: Browser, url: str) -> None:
    with pytest.raises(AxsnapError) as raised:
        browser.snapshot(url, format="domtext", **FAST)
    assert raised.value.code == "navigation_failed"
    assert BAD[url] in raised.value.message
    assert raised.value.hint


def test_a_tab_on_chrome_error_page_is_refused_and_the_browser_stays_usable(
    browser: Browser, pages_url: str
) -> None:
    with pytest.raises(AxsnapError):
        browser.open("http://nonexistent.invalid/")
    for fmt in ("snapshot", "outline", "domtext"):  # the tab itself, through the extension
        with pytest.raises(AxsnapError) as raised:
            browser.snapshot_raw(format=fmt, **FAST)
        assert raised.value.code == "navigation_failed", fmt
        assert "nonexistent.invalid" in raised.value.message
    result = browser.snapshot(pages_url + "login.html", format="domtext", **FAST)
    assert isinstance(result, DomResult) and result.elements


@pytest.mark.parametrize("url", ["http://127.0.0.1:1/", "http://exa mple.com/", "ht!tp://x"])
def test_cli_prints_one_line_and_exits_non_zero(url: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "axsnap_host.cli.main", "snapshot", url, "--out", str(tmp_path),
         "--no-stabilize"],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(errors) == 1, done.stderr  # one line (progress lines aside)
    assert errors[0].startswith("axsnap: error [navigation_failed]: ")
    assert BAD[url] in errors[0] and errors[0] == done.stderr.strip().splitlines()[-1]
    assert "Traceback" not in done.stderr + done.stdout
    assert not list(tmp_path.iterdir())  # no error page saved as a snapshot


def test_a_404_page_says_why_it_lists_nothing(browser: Browser, pages_url: str) -> None:
    result = browser.snapshot_raw(pages_url + "no-such-page.html", format="domtext",
                                  **FAST)["result"]
    assert result["elements"] == []
    assert result["notes"] and "no interactive elements" in result["notes"][0]
    assert "[Note: no elements" in result["domtext"]


def test_a_data_url_says_why_it_lists_nothing_and_is_not_printed_whole(
    browser: Browser
) -> None:
    url = "data:text/html,<p>card 4111 1111 1111 1111 typed-value-77</p>"
    result = browser.snapshot_raw(url, format="domtext", **FAST)["result"]
    assert result["elements"] == []
    assert result["notes"], result["domtext"]
    assert "typed-value-77" not in str(result)
