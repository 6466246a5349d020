"""Faults in real Chromium: each ends in a structured error or a correct result, and the
browser keeps serving.

- a client timeout shorter than the capture (``Browser(timeout_s=4)``): AxsnapError(timeout);
- tab closed, tab navigated, host killed while a capture waits for a quiet DOM;
- five tabs captured at once.
"""

from __future__ import annotations

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
    # the browser serves on: a next request works. It may queue behind the first capture
    # (its 12 s wait ends when the client's stop reaches it); on a loaded machine that can
    # outlast one 4 s request, so the condition is polled, each try a new request.
    deadline = time.monotonic() + 90
    while True:
        try:
            result = short_browser.snapshot(format="outline", stabilize={"enabled": False})
            break
        except AxsnapError as error:
            assert error.code == ErrorCode.TIMEOUT and time.monotonic() < deadline, error
    assert "Ticker" in result.combinedTree


# -- faults in the middle of a capture (the session's browser) ------------------------------

SETTLING = {"format": "outline", "stabilize": {"quiet_ms": 1000, "max_wait_ms": 4000}}
STRUCTURED_CODES = {code.value for code in ErrorCode}


class Job:
    """A request run on the bridge page without waiting (``axsnapBridge.start``), polled for
    its progress events and its reply (``axsnapBridge.poll`` waits up to 250 ms a call)."""

    def __init__(self, browser: Browser, message: dict[str, Any]) -> None:
        started = browser.bridge_call("start", message)
        assert started["ok"], started
        self.browser, self.token = browser, started["token"]
        self.events: list[dict[str, Any]] = []
        self.answer: dict[str, Any] | None = None

    def _poll(self) -> None:
        polled = self.browser.bridge_call("poll", self.token, 250)
        assert polled["ok"], polled
        self.events += polled.get("events") or []
        if polled.get("done"):
            self.answer = polled["reply"]

    def wait_for(self, stage: str, state: str = "start", within_s: float = 120.0) -> None:
        """Return once the request has reached ``stage`` (its own progress event says so)."""
        deadline = time.monotonic() + within_s
        while (stage, state) not in {(e.get("stage"), e.get("state")) for e in self.events}:
            assert self.answer is None, f"it ended before {stage} {state}: {self.answer}"
            assert time.monotonic() < deadline, f"never reached {stage} {state}"
            self._poll()

    def reply(self, within_s: float = 120.0) -> dict[str, Any]:
        deadline = time.monotonic() + within_s
        while self.answer is None:
            assert time.monotonic() < deadline, f"no reply within {within_s} s"
            self._poll()
        return self.answer


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
    job = Job(browser, {"type": "snapshot", "targetId": handle, "options": SETTLING})
    job.wait_for("stabilize")  # the capture is waiting for a quiet DOM
    browser.driver.switch_to.window(handle)
    browser.driver.close()
    assert_structured(job.reply())
    assert_serving(browser, pages_url)


def test_tab_navigated_mid_capture(browser: Browser, pages_url: str) -> None:
    handle = new_tab(browser, f"{pages_url}mutating.html")
    job = Job(browser, {"type": "snapshot", "targetId": handle, "options": SETTLING})
    job.wait_for("stabilize")
    browser.driver.switch_to.window(handle)
    browser.driver.get(f"{pages_url}pending.html")
    answer = job.reply()
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
    job = Job(browser, {"type": "snapshot", "targetId": browser.target_handle,
                              "options": {**SETTLING, "stabilize": {"quiet_ms": 1000,
                                                                    "max_wait_ms": 2500}}})
    job.wait_for("stabilize")
    pids = browser.host_pids()
    assert pids, "the host runs"
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    answer = job.reply()
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
    jobs = [Job(browser, {"type": "snapshot", "targetId": handle, "options": options})
            for handle in handles]
    for job, page in zip(jobs, pages, strict=True):
        answer = job.reply()
        assert answer["ok"], answer
        expected = "Ticker" if page == "mutating.html" else "Busy network"
        assert expected in answer["result"]["combinedTree"]
    for handle in handles:
        browser.driver.switch_to.window(handle)
        browser.driver.close()
    assert_serving(browser, pages_url)
