"""The DevTools bridge's call shape and its errors, the worker's way in and its fallbacks,
without a browser (the e2e tests in tests/e2e/test_bridge_transport_e2e.py run them against
Chromium)."""

from __future__ import annotations

import contextlib
import json
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import websocket

from axsnap_host.client.devtools_bridge import (
    NOT_SENT,
    BridgeLost,
    BridgeScriptError,
    BridgeTimeout,
    DevtoolsSocket,
    TargetGone,
    answer_text,
    bridge_expression,
    devtools_call,
    devtools_port,
)
from axsnap_host.client.file_server import serve_directory
from axsnap_host.client.worker_bridge import direct_call, worker_expression
from axsnap_host.models.errors import AxsnapError, ErrorCode


class FakeBridge:
    """Answers every call with ``answer`` or raises ``error``."""

    def __init__(self, answer: str = "", error: Exception | None = None) -> None:
        self.answer, self.error = answer, error

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> str:
        if self.error is not None:
            raise self.error
        return self.answer


def test_the_expression_spreads_json_arguments() -> None:
    message = {"type": "snapshot", "options": {"format": "domtext"}, "note": "a\u2028\"b</script>"}
    expression = bridge_expression("send", [message])
    assert expression.startswith('axsnapBridge["send"](...[')
    assert json.loads(expression[len('axsnapBridge["send"](...'):-1]) == [message]
    assert bridge_expression("targets", []) == 'axsnapBridge["targets"](...[])'


def test_answers_and_thrown_scripts() -> None:
    assert answer_text({"id": 1, "result": {"result": {"type": "string", "value": "{}"}}}) == "{}"
    thrown = {"id": 1, "result": {"result": {"type": "object"}, "exceptionDetails": {
        "text": "Uncaught", "exception": {"description": "ReferenceError: axsnapBridge"}}}}
    with pytest.raises(BridgeScriptError, match="ReferenceError"):
        answer_text(thrown)
    with pytest.raises(BridgeScriptError, match="not found"):
        answer_text({"id": 1, "error": {"code": -32000, "message": "Target not found"}})


def test_debugger_address_port() -> None:
    assert devtools_port("localhost:39283") == 39283


def test_errors_are_the_clients_structured_ones() -> None:
    assert devtools_call(FakeBridge('{"ok": true}'), "send", [{}], 5) == {"ok": True}
    with pytest.raises(AxsnapError) as timeout:
        devtools_call(FakeBridge(error=BridgeTimeout()), "send", [{}], 5)
    assert timeout.value.code == ErrorCode.TIMEOUT and "5 s" in timeout.value.message
    with pytest.raises(AxsnapError) as died:
        devtools_call(FakeBridge(error=BridgeLost("closed", sent=True)), "send", [{}], 5)
    assert died.value.code == ErrorCode.BROWSER_DIED and died.value.hint
    with pytest.raises(AxsnapError) as failed:
        devtools_call(FakeBridge(error=BridgeScriptError("boom")), "send", [{}], 5)
    assert failed.value.code == ErrorCode.INTERNAL
    # a request that never left may go another way (WebDriver): never one that did
    lost = devtools_call(FakeBridge(error=BridgeLost("refused", sent=False)), "send", [{}], 5)
    assert lost is NOT_SENT


class FakeWebSocket:
    """websocket-client's calls DevtoolsSocket makes; ``frames`` are read in turn. ``sock``
    is one end of a socket pair: written to, a frame waits before the call (select)."""

    def __init__(self, frames: list[dict[str, Any]], *, waiting: bool = False) -> None:
        self.frames = [json.dumps(frame) for frame in frames]
        self.sent: list[dict[str, Any]] = []
        self.sock, self._other = socket.socketpair()
        if waiting:
            self._other.send(b"x")

    def settimeout(self, timeout: float) -> None:
        pass

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def recv(self) -> str:
        self.sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            self.sock.recv(16)  # the byte that made select say "waiting"
        if not self.frames:
            raise websocket.WebSocketConnectionClosedException("closed")
        return self.frames.pop(0)

    def shutdown(self) -> None:
        self.sock.close()
        self._other.close()


def watched(ws: FakeWebSocket) -> DevtoolsSocket:
    sock = DevtoolsSocket("ws://127.0.0.1:1/devtools/page/worker", watch_events=True)
    sock._ws = ws  # type: ignore[assignment]  # the socket the first call would open
    return sock


ANSWER = {"id": 1, "result": {"result": {"type": "string", "value": '{"ok": true}'}}}
CRASHED = {"method": "Inspector.targetCrashed", "params": {}}


def test_a_worker_that_stops_during_a_request_closes_the_session() -> None:
    """Chromium replays a session's unanswered commands on the restarted worker: the stop
    event ends the call (sent: worker_stopped, never again) and closes the socket."""
    ws = FakeWebSocket([{"method": "Inspector.workerScriptLoaded"}, CRASHED, ANSWER])
    sock = watched(ws)
    with pytest.raises(TargetGone) as gone:
        sock.evaluate("axsnapWorker.send({})", 5)
    assert gone.value.sent and not sock.connected
    assert [c["method"] for c in ws.sent] == ["Runtime.evaluate"]


def test_a_stop_heard_before_a_call_sends_nothing() -> None:
    """Between calls nobody reads: a stop waiting on the socket is read before sending (a
    command sent to a stopped worker would run in the next one)."""
    ws = FakeWebSocket([CRASHED, ANSWER], waiting=True)
    sock = watched(ws)
    with pytest.raises(TargetGone) as gone:
        sock.evaluate("axsnapWorker.send({})", 5)
    assert not gone.value.sent and ws.sent == [] and not sock.connected
    # the bridge page's socket does not watch: the same frames are skipped there
    page = DevtoolsSocket("ws://127.0.0.1:1/devtools/page/bridge")
    page._ws = FakeWebSocket([CRASHED, ANSWER], waiting=True)  # type: ignore[assignment]
    assert page.evaluate("1", 5) == '{"ok": true}'


def test_the_worker_expression_answers_no_entry_without_axsnap_worker() -> None:
    expression = worker_expression("send", [{"type": "ping_host"}])
    assert expression == ('globalThis.axsnapWorker?.["send"] ? axsnapWorker["send"]'
                          '(...[{"type": "ping_host"}]) : "axsnap:no-worker-entry"')


class FakeWorker(FakeBridge):
    port = 1  # nothing listens there: the browser reads as gone
    closed = False

    def __init__(self, answer: str = "", error: Exception | None = None) -> None:
        super().__init__(answer, error)
        self.calls = 0

    def call(self, name: str, args: Sequence[Any], timeout_s: float) -> str:
        self.calls += 1
        return super().call(name, args, timeout_s)


def test_requests_go_to_the_worker_and_the_page_only_when_it_cannot_be_asked() -> None:
    page = FakeBridge('{"from": "page"}')
    worker = FakeWorker('{"from": "worker"}')
    assert direct_call(worker, page, "send", [{}], 5) == {"from": "worker"}  # type: ignore[arg-type]
    assert direct_call(worker, page, "poll", ["job-1", 0], 5) == {"from": "page"}  # type: ignore[arg-type]
    assert worker.calls == 1
    down = FakeWorker(error=BridgeLost("not running", sent=False))
    assert direct_call(down, page, "send", [{}], 5) == {"from": "page"}  # type: ignore[arg-type]
    assert direct_call(None, page, "send", [{}], 5) == {"from": "page"}  # type: ignore[arg-type]


def test_a_worker_lost_under_a_request_is_worker_stopped_or_browser_died() -> None:
    page = FakeBridge('{"from": "page"}')
    stopped = FakeWorker(error=TargetGone("stopped", sent=True))
    reply = direct_call(stopped, page, "send", [{}], 5)  # type: ignore[arg-type]
    assert reply["ok"] is False and reply["error"]["code"] == ErrorCode.WORKER_STOPPED
    assert reply["error"]["hint"].startswith("Retry")
    with pytest.raises(AxsnapError) as targets:
        direct_call(stopped, page, "targets", [], 5)  # type: ignore[arg-type]
    assert targets.value.code == ErrorCode.WORKER_STOPPED
    closed = FakeWorker(error=BridgeLost("closed", sent=True))  # port 1: no browser there
    with pytest.raises(AxsnapError) as died:
        direct_call(closed, page, "send", [{}], 5)  # type: ignore[arg-type]
    assert died.value.code == ErrorCode.BROWSER_DIED


def test_a_socket_lost_under_a_live_browser_is_worker_stopped(tmp_path: Path) -> None:
    """The worker's socket can close with the worker (its target gone) while the browser
    lives: its DevTools port still answers, so that is worker_stopped. Closed by this client
    (Browser.close under a call), it is browser_died, as over the bridge page."""
    (tmp_path / "json").mkdir()
    (tmp_path / "json" / "version").write_text("{}")
    page = FakeBridge('{"from": "page"}')
    with serve_directory(tmp_path) as base:
        worker = FakeWorker(error=BridgeLost("closed", sent=True))
        worker.port = int(base.rstrip("/").rsplit(":", 1)[1])
        reply = direct_call(worker, page, "send", [{}], 5)  # type: ignore[arg-type]
        assert reply["error"]["code"] == ErrorCode.WORKER_STOPPED, reply
        worker.closed = True
        with pytest.raises(AxsnapError) as died:
            direct_call(worker, page, "send", [{}], 5)  # type: ignore[arg-type]
        assert died.value.code == ErrorCode.BROWSER_DIED
