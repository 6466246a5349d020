"""The control API's pieces without a browser: the guard's refusals, the link between serve
(hub) and the native host (link thread) over a real Unix socket, the host's handling of the
extension's control replies, the token file and the committed OpenAPI document."""

from __future__ import annotations

import asyncio
import json
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.control.guard import MAX_BODY_BYTES, allowed_hosts, check_request
from axsnap_host.control.hub import Hub
from axsnap_host.control.link import ControlLink
from axsnap_host.control.openapi import openapi_text
from axsnap_host.control.paths import ensure_token
from axsnap_host.models.errors import AxsnapError
from axsnap_host.native.host import Host

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "t0ken-" + "x" * 40
HOSTS = allowed_hosts(8765)


def headers(**extra: str) -> list[tuple[str, str]]:
    base = {"host": "127.0.0.1:8765", "authorization": f"Bearer {TOKEN}",
            "content-type": "application/json", "content-length": "20"}
    base.update({k.replace("_", "-"): v for k, v in extra.items()})
    return [(k, v) for k, v in base.items() if v != "-"]


def refusal(method: str = "POST", **extra: str) -> tuple[int, str] | None:
    found = check_request(method, headers(**extra), TOKEN, HOSTS)
    return None if found is None else (found[0], found[1].code)


def test_guard_lets_a_proper_local_request_through() -> None:
    assert refusal() is None
    assert refusal("GET", content_length="-", content_type="-") is None
    assert refusal(host="localhost:8765") is None


@pytest.mark.parametrize(("extra", "expected"), [
    ({"authorization": "-"}, (401, "unauthorized")),
    ({"authorization": "Bearer wrong"}, (401, "unauthorized")),
    ({"authorization": f"Basic {TOKEN}"}, (401, "unauthorized")),
    ({"origin": "https://evil.example"}, (403, "origin_refused")),
    ({"origin": "null"}, (403, "origin_refused")),
    ({"sec_fetch_site": "cross-site"}, (403, "origin_refused")),
    ({"host": "evil.example:8765"}, (421, "bad_host")),
    ({"host": "127.0.0.1:9999"}, (421, "bad_host")),
    ({"host": "-"}, (421, "bad_host")),
    ({"content_length": str(MAX_BODY_BYTES + 1)}, (413, "body_too_large")),
    ({"content_length": "-"}, (411, "invalid_message")),
    ({"content_type": "text/plain"}, (415, "invalid_message")),
])
def test_guard_refusals(extra: dict[str, str], expected: tuple[int, str]) -> None:
    assert refusal(**extra) == expected


def test_guard_refuses_a_second_host_header() -> None:
    doubled = [*headers(), ("host", "evil.example:8765")]
    found = check_request("GET", doubled, TOKEN, HOSTS)
    assert found is not None and found[1].code == "bad_host"


# -- hub ↔ link over a real socket -----------------------------------------------------------


class LoopThread:
    """An asyncio loop on a thread, so the hub runs as in serve while the test drives it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 10) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def linked(tmp_path: Path) -> Iterator[tuple[LoopThread, Hub, ControlLink, list[dict[str, Any]]]]:
    """A hub on a socket in tmp_path and a link whose 'extension' answers every request."""
    loop = LoopThread()
    hub = Hub(tmp_path / "run" / "control.sock")
    loop.run(hub.start())
    to_extension: list[dict[str, Any]] = []

    def extension(message: dict[str, Any]) -> None:
        to_extension.append(message)
        if message["type"] == "control" and message["op"] == "tabs":
            link.deliver(message["id"], {"ok": True, "scope": "active", "tabs": [],
                                         "asked_by": message["client"]["name"]})

    link = ControlLink(extension, path=hub.path, retry_s=0.05).start()
    deadline = time.monotonic() + 10
    while hub.current is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert hub.current is not None, "the link never connected"
    yield loop, hub, link, to_extension
    link.stop()
    loop.run(hub.close())
    loop.stop()


def test_socket_dir_is_private(linked: Any) -> None:
    _loop, hub, _link, _sent = linked
    assert stat.S_IMODE(hub.path.parent.stat().st_mode) == 0o700


def test_a_request_travels_to_the_extension_and_back(linked: Any) -> None:
    loop, hub, _link, sent = linked
    reply = loop.run(hub.request("tabs", {}, {"name": "unit"}, 5))
    assert reply == {"ok": True, "scope": "active", "tabs": [], "asked_by": "unit"}
    control = [m for m in sent if m["type"] == "control"]
    assert control[0]["v"] == 1 and control[0]["op"] == "tabs"
    assert sent[0] == {"v": 1, "id": sent[0]["id"], "type": "control_status", "linked": True}


def test_a_malformed_request_is_answered_by_the_link_not_forwarded(linked: Any) -> None:
    loop, hub, _link, sent = linked
    reply = loop.run(hub.request("rm -rf", {}, {"name": "unit"}, 5))
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message"
    assert not [m for m in sent if m["type"] == "control"]


def test_an_unanswered_request_times_out_and_a_dropped_link_fails_pending(linked: Any) -> None:
    loop, hub, link, _sent = linked
    with pytest.raises(AxsnapError) as caught:
        loop.run(hub.request("snapshot", {}, {"name": "unit"}, 0.2))
    assert caught.value.code == "timeout"
    pending = asyncio.run_coroutine_threadsafe(
        hub.request("snapshot", {}, {"name": "unit"}, 30), loop.loop)
    time.sleep(0.2)
    link.stop()
    with pytest.raises(AxsnapError) as dropped:
        pending.result(10)
    assert dropped.value.code == "browser_not_connected"


def test_no_link_means_browser_not_connected(tmp_path: Path) -> None:
    async def ask() -> None:
        hub = Hub(tmp_path / "control.sock")
        await hub.start()
        try:
            await hub.request("tabs", {}, {}, 1)
        finally:
            await hub.close()

    with pytest.raises(AxsnapError) as caught:
        asyncio.run(ask())
    assert caught.value.code == "browser_not_connected"
    assert "Outside access" in caught.value.hint


def test_a_second_serve_on_the_same_socket_is_refused(linked: Any) -> None:
    _loop, hub, _link, _sent = linked

    async def second() -> None:
        await Hub(hub.path).start()

    with pytest.raises(AxsnapError) as caught:
        asyncio.run(second())
    assert caught.value.code == "serve_running"


def test_a_refused_second_hub_leaves_the_first_ones_socket(linked: Any) -> None:
    _loop, hub, _link, _sent = linked
    second = Hub(hub.path)

    async def refused_then_closed() -> None:
        try:
            await second.start()
        finally:
            await second.close()

    with pytest.raises(AxsnapError):
        asyncio.run(refused_then_closed())
    assert hub.path.exists()


# -- the host side ----------------------------------------------------------------------------


class RecordingLink:
    def __init__(self) -> None:
        self.delivered: list[tuple[str, dict[str, Any]]] = []

    def deliver(self, message_id: str, reply: dict[str, Any]) -> bool:
        self.delivered.append((message_id, reply))
        return True


def test_host_passes_control_replies_to_the_link_and_sends_nothing_back() -> None:
    link = RecordingLink()
    host = Host(control_link=link)  # type: ignore[arg-type]
    replies = host.handle_text(json.dumps(
        {"v": 1, "id": "c7", "type": "control_reply", "reply": {"ok": True, "tabs": []}}))
    assert replies == []
    assert link.delivered == [("c7", {"ok": True, "tabs": []})]
    bad = host.handle_text(json.dumps({"v": 1, "id": "c8", "type": "control_reply"}))
    assert bad[0]["error"]["code"] == "invalid_message"
    assert len(link.delivered) == 1


# -- token and documents ----------------------------------------------------------------------


def test_token_file_is_private_and_stable(tmp_path: Path) -> None:
    path = tmp_path / "config" / "control-token"
    first = ensure_token(path)
    assert len(first) >= 40
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    path.chmod(0o644)
    assert ensure_token(path) == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_committed_openapi_document_is_current() -> None:
    path = ROOT / "schemas" / "control" / "openapi.json"
    assert path.read_text(encoding="utf-8") == openapi_text(), (
        "regenerate: .venv/bin/python -m axsnap_host.control.openapi --write "
        "schemas/control/openapi.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    assert {"/control/health", "/control/tabs", "/control/snapshot",
            "/control/navigate"} <= set(document["paths"])
    assert document["security"] == [{"bearer": []}]
