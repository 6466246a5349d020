"""Requests reach the extension over DevTools, not through WebDriver: a read goes to the
service worker's own target (no bridge-page evaluation, no WebDriver command: the driver never
leaves the page it rests on), answers as the bridge page and the WebDriver path do, survives
the worker being stopped, and a browser that dies under a request is ``browser_died``, not a
hang."""

from __future__ import annotations

import json
import os
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
from browser_cdp import BrowserCDP
from page_waits import WITHIN_S

from axsnap_host.client import Browser
from axsnap_host.client.devtools_bridge import BridgeLost, DevtoolsBridge, DevtoolsSocket
from axsnap_host.client.procs import descendants
from axsnap_host.client.worker_bridge import WorkerBridge
from axsnap_host.models.errors import AxsnapError, ErrorCode

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"enabled": False}}


class CommandLog:
    """Records the WebDriver commands a driver sends (Selenium's ``execute``)."""

    def __init__(self, driver: Any) -> None:
        self.driver, self.sent = driver, []
        self.original = driver.execute

    def __enter__(self) -> list[str]:
        def execute(command: str, params: dict[str, Any] | None = None) -> Any:
            self.sent.append(command)
            return self.original(command, params)

        self.driver.execute = execute
        return self.sent

    def __exit__(self, *exc: object) -> None:
        self.driver.execute = self.original


class WaysIn:
    """Counts the requests each DevTools way in took (answered, or lost after sending):
    ``page``, the bridge page's target; ``worker``, the service worker's."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts = {"page": 0, "worker": 0}
        for key, kind in (("page", DevtoolsBridge), ("worker", WorkerBridge)):
            monkeypatch.setattr(kind, "call", self._counted(key, kind.call))

    def _counted(self, key: str, call: Any) -> Any:
        def counted(bridge: Any, name: str, args: Any, timeout_s: float) -> Any:
            try:
                answer = call(bridge, name, args, timeout_s)
            except BridgeLost as err:
                self.counts[key] += err.sent
                raise
            self.counts[key] += 1
            return answer
        return counted


@pytest.fixture
def ways_in(monkeypatch: pytest.MonkeyPatch) -> WaysIn:
    return WaysIn(monkeypatch)


class ReadSent:
    """Set once a snapshot request has left over the worker's socket (its ``Runtime.evaluate``
    sent, the client waiting for the answer): a fault timed on it lands under the request,
    however slow the machine, never before it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.event = threading.Event()
        sending = threading.local()
        evaluate, answer = DevtoolsSocket.evaluate, DevtoolsSocket._answer

        def evaluating(sock: DevtoolsSocket, expression: str, timeout_s: float) -> Any:
            sending.read = sock.watch_events and '"snapshot"' in expression
            return evaluate(sock, expression, timeout_s)

        def answering(sock: DevtoolsSocket, ws: Any, call_id: int, deadline: float) -> Any:
            if getattr(sending, "read", False):
                self.event.set()
            return answer(sock, ws, call_id, deadline)

        monkeypatch.setattr(DevtoolsSocket, "evaluate", evaluating)
        monkeypatch.setattr(DevtoolsSocket, "_answer", answering)

    def then(self, fault: Any) -> threading.Thread:
        """A thread that runs ``fault`` once the read has left (started; join it after)."""
        def run() -> None:
            if self.event.wait(WITHIN_S):
                fault()
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        return thread


@pytest.fixture
def read_sent(monkeypatch: pytest.MonkeyPatch) -> ReadSent:
    return ReadSent(monkeypatch)


def test_reads_go_to_the_service_worker_not_the_bridge_page(
        browser: Browser, pages_url: str, ways_in: WaysIn) -> None:
    """send and targets are evaluated in the worker's own target: no bridge page, no port
    between it and the worker (bench/bench_domtext.py measures what that saves)."""
    browser.open(pages_url + "login.html")
    with CommandLog(browser.driver) as sent:
        dom = browser.snapshot(format="domtext", **FAST)
        outline = browser.snapshot(format="outline", **FAST)
        browser.ping_host()
        tab = browser.tab_id_for(browser.target_handle or "")
    assert '"Sign in"' in dom.domtext and outline.combinedTree and tab > 0
    assert ways_in.counts == {"page": 0, "worker": 4}, ways_in.counts
    assert sent == []


def test_the_worker_answers_as_the_bridge_page_does(browser: Browser, pages_url: str,
                                                   ways_in: WaysIn) -> None:
    browser.open(pages_url + "login.html")
    direct = browser.snapshot(format="domtext", **FAST).domtext
    direct_unknown = browser.request({"type": "no_such_type"})
    browser.bridge = "page"  # the bridge page's target only: the way before
    try:
        through_page = browser.snapshot(format="domtext", **FAST).domtext
        page_unknown = browser.request({"type": "no_such_type"})
    finally:
        browser.bridge = "devtools"
    assert ways_in.counts == {"page": 2, "worker": 2}, ways_in.counts
    assert direct == through_page
    assert direct_unknown["error"]["code"] == page_unknown["error"]["code"] == "unknown_type"
    assert direct_unknown == page_unknown


_VOLATILE = {"timings", "snapshot_id", "trace_id", "ts", "host_peak_rss_kb", "quality"}


def _stable(value: Any) -> Any:
    """A reply's result without what differs between two reads of one page."""
    if isinstance(value, dict):
        return {k: _stable(v) for k, v in value.items()
                if k not in _VOLATILE and not k.endswith("_ms")}
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


def test_a_reply_of_many_frames_comes_from_the_worker_as_the_bridge_page_gives_it(
        browser: Browser, pages_url: str, ways_in: WaysIn) -> None:
    """A reply over one frame: the host writes it as it encodes it (native/reply_stream.py,
    deflated, the count on the last frame), the worker inflates it and hands the host's
    text of its result on (lib/common/reply_text.js); over the bridge page the same reply is
    parsed and stringified again. Both give the same result."""
    browser.open(pages_url + "big.html?n=2500")
    read = {"pruned": False, "scope": "page", **FAST}
    direct = browser.snapshot_raw(**read)
    browser.bridge = "page"
    try:
        through_page = browser.snapshot_raw(**read)
    finally:
        browser.bridge = "devtools"
    assert ways_in.counts == {"page": 1, "worker": 1}, ways_in.counts
    # a chunk set (deflated: design note 58), its text over what one frame may carry
    assert direct["sizes"]["reply_chunks"] >= 1 and through_page["sizes"]["reply_chunks"] >= 1
    assert direct["sizes"]["reply_bytes"] > 1_000_000
    # the page's nodes and rows; the read's own account (quality, stats, size) differs by read
    assert _stable(direct["result"]["snapshot"]) == _stable(through_page["result"]["snapshot"])


def test_a_stopped_worker_is_answered_through_the_page_then_directly_again(
        fresh_browser_factory: type[Browser], pages_url: str, ways_in: WaysIn,
        read_sent: ReadSent) -> None:
    """Chromium stops service workers (CDP Target.closeTarget here, as
    chrome://serviceworker-internals does): the next request finds no worker target and goes
    through the bridge page, whose port starts a new worker; the one after is evaluated in the
    new worker (the same target id, looked up again). Stopped under a request, the request
    is answered worker_stopped and never sent again."""
    with fresh_browser_factory() as own:
        cdp = BrowserCDP(own)
        try:
            own.open(pages_url + "login.html")
            first = own.snapshot(format="domtext", **FAST).domtext
            assert ways_in.counts == {"page": 0, "worker": 1}
            cdp.stop_worker()
            assert cdp.worker_target() is None
            assert own.snapshot(format="domtext", **FAST).domtext == first
            assert ways_in.counts == {"page": 1, "worker": 1}, ways_in.counts
            assert cdp.worker_target() is not None  # the bridge page's port started one
            assert own.snapshot(format="domtext", **FAST).domtext == first
            assert ways_in.counts == {"page": 1, "worker": 2}, ways_in.counts
            # stopped under a request: the new worker's answer, not a deadline
            own.open(pages_url + "mutating.html")  # never quiet: the read waits its max_wait
            stopper = read_sent.then(cdp.stop_worker)
            try:
                reply = own.request({"type": "snapshot", "targetId": own.target_handle,
                                     "options": {"format": "outline", "stabilize": {
                                         "quiet_ms": 1000, "max_wait_ms": 60_000}}})
            finally:
                stopper.join()
            # not the read's own answer after its 60 s wait: the stop under it
            assert reply["ok"] is False and reply["error"]["code"] == ErrorCode.WORKER_STOPPED
            assert ways_in.counts == {"page": 1, "worker": 3}  # not sent again another way
            assert "Ticker" in own.snapshot(format="outline", **FAST).combinedTree
        finally:
            cdp.close()


def test_reads_send_no_webdriver_command(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "login.html")
    assert browser.bridge_transport == "devtools"
    events: list[dict[str, Any]] = []
    with CommandLog(browser.driver) as sent:
        dom = browser.snapshot(format="domtext", **FAST)
        browser.snapshot_raw(format="outline", on_progress=events.append, **FAST)  # start, poll
        browser.ping_host()
    assert '"Sign in"' in dom.domtext
    assert ("process", "end") in [(e.get("stage"), e.get("state")) for e in events]
    assert sent == []  # over WebDriver: window handle, two switches and a script each


def test_the_webdriver_bridge_answers_the_same(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "login.html")
    over_devtools = browser.snapshot(format="domtext", **FAST).domtext
    browser.bridge = "webdriver"
    try:
        with CommandLog(browser.driver) as sent:
            over_webdriver = browser.snapshot(format="domtext", **FAST).domtext
    finally:
        browser.bridge = "devtools"
    assert "w3cExecuteScriptAsync" in sent and "switchToWindow" in sent, sent
    assert over_webdriver == over_devtools
    assert browser.driver.current_window_handle == browser.target_handle


def _chromium_pid(browser: Browser) -> int:
    """The browser process of ``browser`` (started by this test: its profile, no ``--type``)."""
    profile = f"--user-data-dir={browser.user_data_dir}".encode()
    for pid in descendants(os.getpid()):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if profile in argv and not any(a.startswith(b"--type=") for a in argv):
            return pid
    raise AssertionError("no browser process")


def test_a_browser_that_dies_under_a_request_is_browser_died(
        fresh_browser_factory: type[Browser], pages_url: str, ways_in: WaysIn,
        read_sent: ReadSent) -> None:
    with fresh_browser_factory(timeout_s=120) as own:
        own.open(pages_url + "mutating.html")  # never quiet: the read waits its max_wait
        pid = _chromium_pid(own)
        killer = read_sent.then(lambda: os.kill(pid, signal.SIGKILL))
        try:
            with pytest.raises(AxsnapError) as caught:
                own.snapshot(format="outline",
                             stabilize={"quiet_ms": 1000, "max_wait_ms": 60_000})
        finally:
            killer.join()
        # the closed socket answered, not the client's deadline (that would be timeout)
        assert caught.value.code == ErrorCode.BROWSER_DIED, caught.value
        assert caught.value.hint
        assert ways_in.counts == {"page": 0, "worker": 1}  # the worker's socket had it


def test_the_bridge_port_tells_requests_apart(browser: Browser, pages_url: str) -> None:
    """bridge.js sends over one long-lived port: replies find their requests, several in
    flight at once, and a message type the worker does not know is answered as such (through
    sendMessage nobody answered it: the closed channel read as worker_stopped)."""
    browser.open(pages_url + "login.html")
    unknown = browser.request({"type": "no_such_type"})
    assert unknown["ok"] is False and unknown["error"]["code"] == "unknown_type", unknown
    assert unknown["error"]["hint"]
    with browser.in_target(browser.bridge_handle) as driver:
        texts = driver.execute_async_script(
            "const [messages, done] = arguments;"
            "Promise.all(messages.map((m) => axsnapBridge.send(m))).then(done);",
            [{"type": "snapshot", "targetId": browser.target_handle,
              "options": {"format": "domtext", **FAST}},
             {"type": "ping_host"},
             {"type": "snapshot", "targetId": browser.target_handle,
              "options": {"format": "outline", **FAST}}])
    dom, ping, outline = (json.loads(text) for text in texts)
    assert dom["ok"] and '"Sign in"' in dom["result"]["domtext"]
    assert ping["ok"] and "domtext" not in ping["result"]
    assert outline["ok"] and outline["result"]["format"] == "outline"


def test_a_poll_with_a_wait_answers_when_the_reply_lands(browser: Browser) -> None:
    """axsnapBridge.poll(token, waitMs) waits on the bridge page for an event or the reply
    (the progress client sleeps between no polls): a ping, which tells no progress, is done
    at the first poll. Without the wait the first poll answered at once, not done."""
    token = browser.bridge_call("start", {"type": "ping_host"})["token"]
    polled = browser.bridge_call("poll", token, 30_000)
    assert polled["ok"] and polled["done"], polled
    assert polled["reply"]["ok"] and polled["events"] == [], polled
    gone = browser.bridge_call("poll", token, 30_000)  # a finished job's token: answered at once
    assert gone["ok"] is False and gone["error"]["code"] == "invalid_message"
