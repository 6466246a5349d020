"""Faults in real Chromium: each ends in a structured error or a correct result, and the
browser keeps serving.

- a client timeout shorter than the capture (``Browser(timeout_s=4)``): AxsnapError(timeout);
- tab closed, tab navigated, host killed while a capture waits for a quiet DOM;
- five tabs captured at once.
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from axsnap_host.client import Browser
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


# -- faults in the middle of a capture (the session's browser) ------------------------------

SETTLING = {"format": "outline", "stabilize": {"quiet_ms": 1000, "max_wait_ms": 4000}}
STRUCTURED_CODES = {code.value for code in ErrorCode}


def start(browser: Browser, key: str, message: dict[str, Any]) -> None:
    """Send ``message`` from the bridge page without waiting; the reply lands under ``key``."""
    driver = browser.driver
    driver.switch_to.window(browser.bridge_handle)
    driver.execute_script(
        "const [key, message] = arguments; window.axsnapReplies ??= {};"
        "axsnapBridge.send(message).then((text) => { window.axsnapReplies[key] = text; });",
        key, message)


def reply(browser: Browser, key: str, within_s: float = 60.0) -> dict[str, Any]:
    """The reply sent under ``key`` (polled on the bridge page); fails after ``within_s``."""
    driver = browser.driver
    driver.switch_to.window(browser.bridge_handle)
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        text = driver.execute_script("return (window.axsnapReplies ?? {})[arguments[0]] ?? null",
                                     key)
        if text is not None:
            return json.loads(text)
        time.sleep(0.1)
    raise AssertionError(f"no reply to {key} within {within_s} s")


def assert_structured(answer: dict[str, Any]) -> None:
    assert answer["ok"] is False, answer
    error = answer["error"]
    assert error["code"] in STRUCTURED_CODES and error["code"] != "internal_error", error
    assert error["message"]


def assert_serving(browser: Browser, pages_url: str) -> None:
    """The browser still answers: a fresh snapshot of a known page in the target tab."""
    browser.driver.switch_to.window(browser.target_handle)
    result = browser.snapshot(f"{pages_url}mutating.html", format="outline",
                              stabilize={"enabled": False})
    assert "Ticker" in result.combinedTree


def new_tab(browser: Browser, url: str) -> str:
    driver = browser.driver
    driver.switch_to.new_window("tab")
    driver.get(url)
    return driver.current_window_handle


def test_tab_closed_mid_capture(browser: Browser, pages_url: str) -> None:
    handle = new_tab(browser, f"{pages_url}mutating.html")
    start(browser, "closed", {"type": "snapshot", "targetId": handle, "options": SETTLING})
    time.sleep(1.0)  # the capture is waiting for a quiet DOM
    browser.driver.switch_to.window(handle)
    browser.driver.close()
    assert_structured(reply(browser, "closed"))
    assert_serving(browser, pages_url)


def test_tab_navigated_mid_capture(browser: Browser, pages_url: str) -> None:
    handle = new_tab(browser, f"{pages_url}mutating.html")
    start(browser, "moved", {"type": "snapshot", "targetId": handle, "options": SETTLING})
    time.sleep(1.0)
    browser.driver.switch_to.window(handle)
    browser.driver.get(f"{pages_url}pending.html")
    answer = reply(browser, "moved")
    if answer["ok"]:  # a capture of one page or the other, never a mix of both
        tree = answer["result"]["combinedTree"]
        assert ("Ticker" in tree) != ("Busy network" in tree), tree
    else:
        assert_structured(answer)
    browser.driver.switch_to.window(handle)
    browser.driver.close()
    assert_serving(browser, pages_url)


def test_host_killed_mid_capture(browser: Browser, pages_url: str) -> None:
    browser.ping_host()
    browser.driver.switch_to.window(browser.target_handle)
    browser.open(f"{pages_url}mutating.html")
    start(browser, "killed", {"type": "snapshot", "targetId": browser.target_handle,
                              "options": {**SETTLING, "stabilize": {"quiet_ms": 1000,
                                                                    "max_wait_ms": 2500}}})
    time.sleep(1.0)
    pids = browser.host_pids()
    assert pids, "the host runs"
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    answer = reply(browser, "killed")
    if answer["ok"]:  # the extension started a new host for the capture's processing
        assert "Ticker" in answer["result"]["combinedTree"]
    else:
        assert_structured(answer)
    assert not set(pids) & set(browser.host_pids()), "the killed host is gone"
    assert_serving(browser, pages_url)  # a host serves again


def test_five_tabs_at_once(browser: Browser, pages_url: str) -> None:
    pages = ["mutating.html", "pending.html", "mutating.html", "pending.html", "mutating.html"]
    handles = [new_tab(browser, f"{pages_url}{page}") for page in pages]
    options = {"format": "outline", "stabilize": {"quiet_ms": 100, "max_wait_ms": 1500}}
    for i, handle in enumerate(handles):
        start(browser, f"tab{i}", {"type": "snapshot", "targetId": handle, "options": options})
    for i, page in enumerate(pages):
        answer = reply(browser, f"tab{i}")
        assert answer["ok"], answer
        expected = "Ticker" if page == "mutating.html" else "Busy network"
        assert expected in answer["result"]["combinedTree"]
    for handle in handles:
        browser.driver.switch_to.window(handle)
        browser.driver.close()
    assert_serving(browser, pages_url)
