"""DOM text and ``elements`` keep the controls an agent needs (issue 17): regression pages
under tests/pages/fidelity/ and the ``miniwob`` package's task pages."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.browser import Browser, DomResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 150, "max_wait_ms": 4000}}


def dom(browser: Browser, url: str | None = None, **options: Any) -> DomResult:
    result = browser.snapshot(url, format="domtext", **FAST, **options)
    assert isinstance(result, DomResult)
    return result


def start_task(browser: Browser, miniwob_url: str, task: str) -> None:
    browser.open(f"{miniwob_url}{task}.html")
    browser.run_in_target("core.startEpisodeReal();")  # what the START button does


def lines(result: DomResult) -> list[str]:
    return result.domtext.split("Interactive Elements:\n", 1)[1].splitlines()


def test_miniwob_login_user_lines_show_the_ids(browser: Browser, miniwob_url: str) -> None:
    start_task(browser, miniwob_url, "login-user")
    shown = lines(dom(browser))
    assert any(line.startswith("[1] <input> id=\"username\"") for line in shown), shown
    assert any('<input> id="password" type="password"' in line for line in shown), shown
