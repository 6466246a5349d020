"""Schema-valid but odd messages (hypothesis): one field of a recorded capture, a streamed
part or an act report replaced by another JSON value. Every one is served or refused with a
structured error naming it, never ``internal_error``, and the host serves the next message.
(Issue 28: a property whose ``name`` is a list killed the host; 153 odd messages ended in
``internal_error`` in the walker merge, the DOM index, ``elements`` and the act report.)"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from axsnap_host.native.host import Host
from host_harness import FIXTURES, load_capture

ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False,
                                                                     allow_infinity=False),
    st.text(max_size=8), st.lists(st.integers(-3, 3), max_size=3),
    st.lists(st.text(max_size=3), max_size=2), st.dictionaries(st.text(max_size=3),
                                                               st.integers(), max_size=2),
    st.just([["nested"]]), st.just({"value": [1, 2]}),
)
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def _dom() -> str:
    return (FIXTURES / "dom_basic_whole.json").read_text("utf-8")


@cache
def _ax() -> str:
    return json.dumps(load_capture("login"))


def _paths(value: Any, prefix: tuple[Any, ...] = (), depth: int = 0) -> list[tuple[Any, ...]]:
    """Paths to every value of a JSON document (lists sampled: their first 3 items)."""
    found: list[tuple[Any, ...]] = []
    if depth > 7:
        return found
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((*prefix, key))
            found.extend(_paths(item, (*prefix, key), depth + 1))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            found.append((*prefix, i))
            found.extend(_paths(item, (*prefix, i), depth + 1))
    return found


@cache
def _dom_paths() -> tuple[tuple[Any, ...], ...]:
    capture = json.loads(_dom())
    walker = [p for p in _paths(capture["walker"], ("walker",))]
    elements = [("walker", "elements", i, key) for i in (0, 3, 5, 8, 12)
                for key in ("p", "f", "s", "r", "vis", "win", "inv", "top", "c", "tx", "a", "b",
                            "val", "dp", "sh", "lab")]
    return tuple(walker + elements + [p for p in _paths(capture["dom_snapshot"],
                                                        ("dom_snapshot",))][:300])


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        document = document[key]
    if isinstance(document, list) and path[-1] >= len(document):
        return
    document[path[-1]] = value


def _served_or_refused(replies: list[dict[str, Any]]) -> None:
    for reply in replies:
        json.dumps(reply, allow_nan=False)
        if not reply.get("ok", True):
            assert reply["error"]["code"] != "internal_error", reply["error"]
            assert reply["error"]["hint"]


def _still_serves(host: Host) -> None:
    [pong] = host.handle_text(json.dumps({"v": 1, "id": "ping", "type": "ping"}))
    assert pong["ok"] is True


@SETTINGS
@given(data=st.data(), fmt=st.sampled_from(["domtext", "elements", "outline", "semantic"]))
def test_an_odd_dom_capture_is_served_or_refused(data: st.DataObject, fmt: str) -> None:
    capture = json.loads(_dom())
    path = data.draw(st.sampled_from(_dom_paths()))
    _set(capture, path, data.draw(ODD))
    host = Host()
    _served_or_refused(host.handle_text(json.dumps(
        {"v": 1, "id": "f", "type": "snapshot", "options": {"format": fmt}, "capture": capture})))
    _still_serves(host)


@SETTINGS
@given(data=st.data())
def test_an_odd_streamed_part_fails_its_stream_not_the_host(data: st.DataObject) -> None:
    capture = json.loads(_ax())
    frame = capture["frames"][0]
    nodes = frame["axNodes"]
    frame["axNodes"] = []
    node = data.draw(st.integers(0, len(nodes) - 1))
    path = data.draw(st.sampled_from(_paths(nodes[node])))
    _set(nodes[node], path, data.draw(ODD))
    capture["ax_stream"] = {"id": "fz", "parts": 1, "nodes": len(nodes)}
    for other in capture["frames"][1:]:
        other["axNodes"] = other.get("axNodes") or []
    host = Host()
    part = {"v": 1, "id": "p0", "type": "capture_part", "stream": "fz", "seq": 0,
            "frameId": frame["frameId"], "nodes": nodes}
    assert host.handle_text(json.dumps(part)) == []
    _served_or_refused(host.handle_text(json.dumps(
        {"v": 1, "id": "s", "type": "snapshot", "options": {"scope": "page"},
         "capture": capture})))
    _still_serves(host)


@SETTINGS
@given(data=st.data())
def test_an_odd_act_report_is_served_or_refused(data: st.DataObject) -> None:
    capture = json.loads(_dom())
    report: dict[str, Any] = {
        "v": 1, "id": "r", "type": "act_report", "tabId": 1, "action": "click",
        "target": {"index": 3, "tag": "a"}, "capture": capture,
        "before": {"url": "https://x.test/", "loaderId": "L1"},
        "dialogs": [{"type": "alert", "message": "hi"}],
        "readiness": {"ready": True}, "timings": {"act_ms": 3.0},
    }
    path = data.draw(st.sampled_from(
        [("target",), ("target", "index"), ("before",), ("before", "url"), ("dialogs",),
         ("dialogs", 0), ("dialogs", 0, "message"), ("readiness",), ("focus",), ("error",),
         ("method",), *[p for p in _dom_paths() if p[0] == "walker"][:60]]))
    if path[0] in ("focus", "error", "method"):
        report[path[0]] = data.draw(ODD)
    elif path[0] == "walker":
        _set(report["capture"], path, data.draw(ODD))
    else:
        _set(report, path, data.draw(ODD))
    host = Host()
    _served_or_refused(host.handle_text(json.dumps(copy.deepcopy(report))))
    _still_serves(host)
