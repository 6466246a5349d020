"""The extension's own faults in real Chromium: its service worker stopped (Chrome stops idle
workers), the tab's debugger held by another extension or by a stray axsnap session, and the
client's deadlines.

One Chromium for the module, with the example agent (examples/agent-extension, allowed) and
a helper extension that debugs tabs (tests/e2e/extensions/holder). The worker is stopped over
a browser-level CDP connection (browser_cdp.py says how and why that stops it).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_cdp import BrowserCDP
from host_procs import Watched, the_host, wait_busy
from page_waits import wait_until_axsnap_lets_go
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from axsnap_host import EXTENSION_ID
from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError, ErrorCode

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
AGENT_DIR = ROOT / "examples" / "agent-extension"
AGENT_ID = "ffmggmhlffiobcicpghhjfkdfpffifmi"  # fixed by the example's manifest key
HOLDER_DIR = Path(__file__).parent / "extensions" / "holder"
HOLDER_ID = "hngenjbpddiidnhclffgbecbgbdogopi"  # fixed by the helper's manifest key
LONG_TIMEOUT_S = 300.0
# mutating.html changes every 100 ms, so a capture that waits for 1 s of quiet waits its whole
# max_wait: 60 s, far longer than any fault below needs to strike it mid-capture.
BUSY = {"format": "outline", "stabilize": {"quiet_ms": 1000, "max_wait_ms": 60_000}}
NOW = {"format": "outline", "stabilize": {"enabled": False}}


@pytest.fixture(scope="module")
def faulty() -> Iterator[Browser]:
    with Browser(timeout_s=LONG_TIMEOUT_S, extra_extensions=(AGENT_DIR, HOLDER_DIR)) as b:
        b.run_in_bridge("chrome.storage.local.set({agentAllowList: arguments[0]})"
                        ".then(arguments[1])", [AGENT_ID])
        yield b


@pytest.fixture(scope="module")
def cdp(faulty: Browser) -> Iterator[BrowserCDP]:
    connection = BrowserCDP(faulty)
    yield connection
    connection.close()


@pytest.fixture
def ticking(faulty: Browser, pages_url: str) -> int:
    """The target tab on mutating.html; its tab id."""
    faulty.open(f"{pages_url}mutating.html")
    return faulty.tab_id


def own_session_on(browser: Browser, tab_id: int) -> bool:
    """Does axsnap (any of its contexts) hold a debugger session on the tab? Chrome refuses a
    second session of one extension on a tab, so the bridge page (an axsnap page) asks: its
    attach is refused exactly while one exists (DevTools, chromedriver and other extensions
    do not count). When it is not refused, the bridge lets go at once."""
    attached = browser.bridge_call("attach", tab_id)
    if attached.get("ok"):
        browser.bridge_call("detach", tab_id)
        return False
    assert "already attached" in attached["error"]["message"], attached
    return True


def stop_once_capturing(cdp: BrowserCDP, tab_id: int) -> threading.Thread:
    """Stop the worker once its capture holds the tab, from another thread (the client's call
    blocks). The probe is own_session_on's, over this thread's own DevTools connection: the
    bridge page's attach is refused exactly while axsnap holds a session on the tab."""
    probe = (f"axsnapBridge.attach({tab_id}).then((text) => JSON.parse(text).ok"
             f" ? axsnapBridge.detach({tab_id}).then(() => false) : true)")

    def stop() -> None:
        bridge = cdp.page_target("/bridge.html")
        assert bridge is not None, "no bridge page"
        deadline = time.monotonic() + 120  # a failure bound only
        while not cdp.evaluate_in(bridge, probe, await_promise=True):
            assert time.monotonic() < deadline, "the capture never took the tab"
            time.sleep(0.1)
        cdp.stop_worker()

    thread = threading.Thread(target=stop)
    thread.start()
    return thread


def test_client_deadlines_follow_timeout_s(faulty: Browser) -> None:
    """Browser(timeout_s=300) holds: chromedriver's script deadline is 300 s and Selenium's
    HTTP client waits past it (not its own 120 s default, which ended in a raw urllib3 error)."""
    assert faulty.driver.timeouts.script == LONG_TIMEOUT_S
    http_timeout = faulty.driver.command_executor.client_config.timeout
    assert http_timeout == faulty.http_timeout_s >= LONG_TIMEOUT_S + Browser.HTTP_MARGIN_S


def test_http_wait_running_out_is_a_timeout_and_the_browser_serves_on(
        faulty: Browser, ticking: int) -> None:
    """Should Selenium's HTTP wait run out before chromedriver answers (a chromedriver that
    hangs), the caller gets AxsnapError(timeout), not a raw urllib3 error, and the same
    Browser serves the next request once the abandoned one is done (8 s here)."""
    config = faulty.driver.command_executor.client_config
    config.timeout = 2.0  # shorter than the capture: stands in for a chromedriver that hangs
    faulty.bridge = "webdriver"  # requests through chromedriver (Browser(bridge="webdriver"))
    try:
        with pytest.raises(AxsnapError) as caught:
            faulty.snapshot(format="outline", stabilize={"quiet_ms": 1000, "max_wait_ms": 8000})
    finally:
        config.timeout = faulty.http_timeout_s
        faulty.bridge = "devtools"
    assert caught.value.code == ErrorCode.TIMEOUT
    assert "chromedriver gave no answer within 2.0 s" in caught.value.message
    assert "Ticker" in faulty.snapshot(**NOW).combinedTree
    assert faulty.driver.current_window_handle == faulty.target_handle  # back on the page


def test_worker_stopped_mid_capture_python_client(faulty: Browser, cdp: BrowserCDP,
                                                  ticking: int) -> None:
    stopper = stop_once_capturing(cdp, ticking)  # the capture waits 60 s for a quiet DOM
    with pytest.raises(AxsnapError) as caught:  # (its own end would be a reply, not this)
        faulty.snapshot(**BUSY)
    stopper.join()
    assert caught.value.code == ErrorCode.WORKER_STOPPED
    assert "service worker stopped" in caught.value.message
    assert caught.value.hint.startswith("Retry")
    # Chrome kept the stopped worker's session on the tab: an orphan only a new worker frees
    assert own_session_on(faulty, ticking)
    # the next request starts a new worker, which frees the tab: no debugger_busy
    assert "Ticker" in faulty.snapshot(**NOW).combinedTree
    # and nothing of the old worker stays attached: stopped between requests, woken by a
    # request that does not touch the tab, the new worker holds no session on it
    cdp.stop_worker()
    faulty.ping_host()
    deadline = time.monotonic() + 60  # a failure bound only
    while own_session_on(faulty, ticking):
        assert time.monotonic() < deadline, "a debugger session of axsnap stays on the tab"
        time.sleep(0.2)


def test_worker_stopped_between_requests(faulty: Browser, cdp: BrowserCDP, ticking: int) -> None:
    first = faulty.snapshot(**NOW)
    cdp.stop_worker()
    assert cdp.worker_target() is None
    second = faulty.snapshot(format="outline", compression="delta", stabilize={"enabled": False})
    assert cdp.worker_target() is not None  # a new worker served it
    assert "Ticker" in first.combinedTree and "Ticker" in second.combinedTree


def test_worker_stopped_mid_capture_agent_api(faulty: Browser, cdp: BrowserCDP,
                                              ticking: int) -> None:
    """An agent extension asking through the example's client (askAxsnap) hears a structured
    worker_stopped, not "axsnap is missing", and its next request is served."""
    driver = faulty.driver
    driver.switch_to.new_window("window")
    driver.get(f"chrome-extension://{AGENT_ID}/agent.html")
    agent = driver.current_window_handle
    ask = ("const [message] = arguments; window.agentReply = null;"
           "import(chrome.runtime.getURL('axsnap.js')).then((m) => m.askAxsnap(message))"
           ".then((reply) => { window.agentReply = JSON.stringify(reply); });")

    def answer(within_s: float = 30.0) -> dict[str, Any]:
        driver.switch_to.window(agent)
        deadline = time.monotonic() + within_s
        while (text := driver.execute_script("return window.agentReply")) is None:
            assert time.monotonic() < deadline, "the agent got no reply"
            time.sleep(0.1)
        return json.loads(text)

    try:
        driver.execute_script(ask, {"type": "snapshot", "tabId": ticking, "options": BUSY})
        deadline = time.monotonic() + 60  # a failure bound only
        while not own_session_on(faulty, ticking):  # the capture has the tab: it is waiting
            assert time.monotonic() < deadline, "the agent's capture never started"
            time.sleep(0.2)
        cdp.stop_worker()
        failed = answer()
        assert failed["ok"] is False
        assert failed["error"]["code"] == ErrorCode.WORKER_STOPPED, failed
        assert "service worker stopped" in failed["error"]["message"]
        driver.switch_to.window(agent)
        driver.execute_script(ask, {"type": "snapshot", "tabId": ticking, "options": NOW})
        served = answer()
        assert served["ok"] is True, served
        assert "Ticker" in served["result"]["combinedTree"]
    finally:
        driver.switch_to.window(agent)
        driver.close()
        driver.switch_to.window(faulty.target_handle)


def test_worker_stopped_mid_capture_panel(faulty: Browser, cdp: BrowserCDP,
                                          ticking: int) -> None:
    """The side panel's run ends in words (worker_stopped), not a spinner that never stops."""
    driver = faulty.driver
    driver.switch_to.new_window("window")
    panel = driver.current_window_handle
    driver.get(f"chrome-extension://{EXTENSION_ID}/sidepanel.html")
    driver.execute_async_script("chrome.storage.local.set({panelOptions: arguments[0]})"
                                ".then(arguments[1])", {"stabilize": BUSY["stabilize"]})
    driver.get(f"chrome-extension://{EXTENSION_ID}/sidepanel.html?tabId={ticking}")
    try:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        driver.find_element(By.ID, "snapshot").click()
        deadline = time.monotonic() + 60  # a failure bound only
        while not own_session_on(faulty, ticking):  # the panel's capture has the tab
            assert time.monotonic() < deadline, "the panel's capture never started"
            time.sleep(0.2)
        cdp.stop_worker()
        driver.switch_to.window(panel)
        WebDriverWait(driver, 20, poll_frequency=0.05).until(
            ec.visibility_of_element_located((By.ID, "error")))
        assert driver.find_element(By.ID, "error-code").text == "worker_stopped"
        assert driver.find_element(By.ID, "error-title").text == "axsnap stopped before it answered"
        assert not driver.find_element(By.ID, "spinner").is_displayed()
    finally:
        driver.switch_to.window(panel)
        driver.execute_async_script("chrome.storage.local.remove('panelOptions')"
                                    ".then(arguments[0])")
        driver.close()
        driver.switch_to.window(faulty.target_handle)
    assert "Ticker" in faulty.snapshot(**NOW).combinedTree


def test_worker_stopped_while_the_host_processes(faulty: Browser, cdp: BrowserCDP,
                                                pages_url: str) -> None:
    """Stopped while the host works on its request: the caller hears worker_stopped, Chrome
    ends that host (its port closed: no orphan process), and a new worker and host serve."""
    faulty.open(f"{pages_url}big.html?n=1200")
    faulty.ping_host()
    host = the_host(faulty)
    request = Watched(faulty, {
        "type": "snapshot", "targetId": faulty.target_handle,
        "options": {"format": "snapshot", "scope": "page", "pruned": False,
                    "stabilize": {"enabled": False}}})
    deadline = time.monotonic() + 90
    request.wait_for("process:start", deadline)
    wait_busy(host, deadline)
    cdp.stop_worker()
    answer = request.answer(deadline)
    assert answer["ok"] is False and answer["error"]["code"] == ErrorCode.WORKER_STOPPED, answer
    while Path(f"/proc/{host}").exists() and host in faulty.host_pids():
        assert time.monotonic() < deadline, "the stopped worker's host lives on"
        time.sleep(0.1)
    faulty.open(f"{pages_url}mutating.html")
    assert "Ticker" in faulty.snapshot(**NOW).combinedTree
    assert host not in faulty.host_pids()


def holder_call(browser: Browser, handle: str, name: str, tab_id: int) -> dict[str, Any]:
    """``holder.attach`` / ``holder.detach`` on the helper extension's page."""
    with browser.in_target(handle) as driver:
        return json.loads(driver.execute_async_script(
            f"holder.{name}(arguments[0]).then(arguments[1])", tab_id))


def test_another_extension_debugging_the_tab(faulty: Browser, ticking: int) -> None:
    """Chrome refuses only a second session of the same extension: with another extension's
    debugger on the tab (DevTools alike) axsnap captures beside it, and leaves it attached."""
    driver = faulty.driver
    driver.switch_to.new_window("window")
    driver.get(f"chrome-extension://{HOLDER_ID}/page.html")
    holder = driver.current_window_handle
    driver.switch_to.window(faulty.target_handle)
    try:
        assert holder_call(faulty, holder, "attach", ticking) == {"ok": True}
        assert "Ticker" in faulty.snapshot(**NOW).combinedTree
        assert faulty.ping_host()["result"]["pong"] is True  # the host serves on
        # the other extension's session survived axsnap's capture and release
        assert holder_call(faulty, holder, "detach", ticking) == {"ok": True}
        assert "Ticker" in faulty.snapshot(**NOW).combinedTree
    finally:
        holder_call(faulty, holder, "detach", ticking)
        with faulty.in_target(holder) as d:
            d.close()


def test_a_stray_session_of_axsnap_is_freed(faulty: Browser, ticking: int) -> None:
    """A session of axsnap the worker does not know (here an axsnap page's; in life a stopped
    worker's that the start-up reclaim did not see) is what Chrome refuses a new attach for:
    the worker detaches it and captures, where it answered debugger_busy (blaming DevTools)."""
    # the worker keeps its own session of an earlier read until it idles out (debugger.js;
    # the agents' idle set to nothing while it waits)
    wait_until_axsnap_lets_go(faulty, ticking)
    assert faulty.bridge_call("attach", ticking) == {"ok": True}
    try:
        assert "Ticker" in faulty.snapshot(**NOW).combinedTree
    finally:
        faulty.bridge_call("detach", ticking)
