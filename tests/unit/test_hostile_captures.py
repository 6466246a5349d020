"""Hostile captures: what no browser sends, but a message can. Rejected with a structured
error when it cannot be, served when it can; never ``internal_error``, never a hang, never
NaN in a reply (replies are strict JSON)."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from axsnap_host.models.capture import RawCapture
from axsnap_host.native.host import Host
from axsnap_host.native.protocol import ChunkAssembler, encode_json, frames_for_reply
from host_harness import FIXTURES, deadline, load_capture

FORMATS_WITH_DOM = ("domtext", "elements", "som")
FORMATS_WITH_AX = ("snapshot", "outline")


def _dom_capture() -> dict[str, Any]:
    return json.loads((FIXTURES / "dom_basic_whole.json").read_text("utf-8"))




def ask(capture: dict[str, Any], fmt: str, *, raw_text: str | None = None) -> dict[str, Any]:
    message = {"v": 1, "id": "h1", "type": "snapshot", "options": {"format": fmt},
               "capture": capture}
    host = Host()
    with deadline():
        text = raw_text if raw_text is not None else json.dumps(message, allow_nan=True)
        replies = host.handle_text(text)
    assert len(replies) == 1
    reply = replies[0]
    json.dumps(reply, allow_nan=False)  # strict JSON: raises on NaN / Infinity
    encode_json(reply)
    if not reply["ok"]:
        assert reply["error"]["code"] != "internal_error", reply["error"]
        assert reply["error"]["hint"]
    return reply


def _walker_cycle(c: dict[str, Any]) -> None:
    elements = c["walker"]["elements"]
    elements[5]["p"] = 7
    elements[7]["p"] = 5


def _walker_parent_after_child(c: dict[str, Any]) -> None:
    c["walker"]["elements"][3]["p"] = len(c["walker"]["elements"]) - 1


def _walker_index_out_of_range(c: dict[str, Any]) -> None:
    elements = c["walker"]["elements"]
    elements[4]["p"] = 10**6
    elements[5]["f"] = 99
    elements[6]["dp"] = -7


def _unequal_dom_snapshot(c: dict[str, Any]) -> None:
    nodes = c["dom_snapshot"]["documents"][0]["nodes"]
    nodes["nodeName"] = nodes["nodeName"][:5]
    nodes["parentIndex"] = nodes["parentIndex"][:-3]


def _huge_backend_ids(c: dict[str, Any]) -> None:
    for rec in c["walker"]["elements"]:
        if "b" in rec:
            rec["b"] = 2**70
    ids = c["dom_snapshot"]["documents"][0]["nodes"]["backendNodeId"]
    ids[3] = 2**70


HOSTILE_DOM: dict[str, Callable[[dict[str, Any]], None]] = {
    "walker_cycle": _walker_cycle,
    "walker_parent_after_child": _walker_parent_after_child,
    "walker_index_out_of_range": _walker_index_out_of_range,
    "dom_snapshot_unequal_columns": _unequal_dom_snapshot,
    "backend_ids_2_70": _huge_backend_ids,
}


@pytest.mark.parametrize("case", sorted(HOSTILE_DOM))
@pytest.mark.parametrize("fmt", FORMATS_WITH_DOM)
def test_hostile_dom_captures_get_an_answer(case: str, fmt: str) -> None:
    capture = _dom_capture()
    HOSTILE_DOM[case](capture)
    ask(capture, fmt)


def test_a_walker_cycle_is_refused_by_name() -> None:
    capture = _dom_capture()
    _walker_cycle(capture)
    reply = ask(capture, "domtext")
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message"
    assert "walker.elements[5].p" in reply["error"]["message"]


@pytest.mark.parametrize("dpr", [math.nan, math.inf, 0.0, -1.0])
@pytest.mark.parametrize("fmt", [*FORMATS_WITH_DOM, *FORMATS_WITH_AX])
def test_impossible_device_pixel_ratio_is_refused(dpr: float, fmt: str) -> None:
    capture = _dom_capture() if fmt in FORMATS_WITH_DOM else load_capture("login")
    capture["device_pixel_ratio"] = dpr
    reply = ask(capture, fmt)
    assert reply["ok"] is False
    if math.isfinite(dpr):
        assert reply["error"]["code"] == "invalid_message"
        assert "device_pixel_ratio" in reply["error"]["message"]
    else:  # NaN / Infinity literals are not JSON: refused by the parser
        assert reply["error"]["code"] == "malformed_json"


@pytest.mark.parametrize("dpr", [math.nan, math.inf, 0.0])
def test_the_model_refuses_impossible_ratios_from_python_too(dpr: float) -> None:
    with pytest.raises(ValidationError, match="device_pixel_ratio"):
        RawCapture.model_validate({"device_pixel_ratio": dpr})


@pytest.mark.parametrize("where", ["screenshot", "layout", "walker_viewport"])
def test_a_non_finite_number_past_the_parser_never_reaches_a_frame(where: str) -> None:
    """A Python caller hands the host dicts (no JSON parser in between): the frames sent
    are still strict JSON, and the answer is structured."""
    capture = _dom_capture()
    if where == "screenshot":
        capture["screenshot"] = {"ok": True, "format": "png", "data": "",
                                 "device_pixel_ratio": math.nan}
    elif where == "layout":
        capture["layout"]["cssLayoutViewport"]["pageY"] = math.inf
    else:
        capture["walker"]["viewport"]["w"] = math.nan
    message = {"v": 1, "id": "p", "type": "snapshot", "options": {"format": "som"},
               "capture": capture}
    with deadline():
        [reply] = Host().handle_message(message)
    for frame in frames_for_reply("p", reply):
        decoded = json.loads(frame, parse_constant=lambda c: pytest.fail(f"{c} in a frame"))
        if not decoded.get("ok", True):
            assert decoded["error"]["code"] != "internal_error"


@pytest.mark.parametrize("fmt", FORMATS_WITH_AX)
def test_hostile_ax_captures_get_an_answer(fmt: str) -> None:
    base = load_capture("login")
    cases = []
    huge = copy.deepcopy(base)
    for node in huge["frames"][0]["axNodes"]:
        if "backendDOMNodeId" in node:
            node["backendDOMNodeId"] = 2**70
    cases.append(huge)
    unequal = copy.deepcopy(base)
    if unequal.get("dom_snapshot"):
        nodes = unequal["dom_snapshot"]["documents"][0]["nodes"]
        nodes["backendNodeId"] = nodes["backendNodeId"][:10]
    cases.append(unequal)
    for capture in cases:
        ask(capture, fmt)


def test_nan_literal_in_the_frame_text_is_answered() -> None:
    capture = _dom_capture()
    text = json.dumps({"v": 1, "id": "n", "type": "snapshot", "options": {"format": "domtext"},
                       "capture": capture})
    text = text.replace('"device_pixel_ratio": 1', '"device_pixel_ratio": NaN', 1)
    assert "NaN" in text
    reply = ask(capture, "domtext", raw_text=text)
    assert reply["ok"] is False and reply["error"]["code"] == "malformed_json"


def test_chunk_memory_cap_counts_bytes_not_characters() -> None:
    assembler = ChunkAssembler(max_bytes=1000)
    # 400 characters, 1,200 bytes in UTF-8: over a 1,000-byte cap.
    with pytest.raises(Exception) as raised:
        assembler.add("c", 0, 2, "日" * 400)
    assert getattr(raised.value, "code", "") == "bad_chunk"


# --- a tab that shows Chrome's error page; an empty DOM result


def test_chrome_error_page_is_navigation_failed_in_every_format() -> None:
    capture = _dom_capture()
    capture["tab"]["url"] = "http://nonexistent.invalid/?session_token=abc"
    capture["frames"][0]["url"] = "chrome-error://chromewebdata/"
    capture["walker"]["elements"][3]["tx"] = "ERR_NAME_NOT_RESOLVED"
    for fmt in FORMATS_WITH_DOM:
        reply = ask(copy.deepcopy(capture), fmt)
        assert reply["error"]["code"] == "navigation_failed"
        assert reply["error"]["message"] == ("http://nonexistent.invalid/?session_token=[redacted]"
                                             " did not load (net::ERR_NAME_NOT_RESOLVED)")


def test_an_empty_dom_result_says_why() -> None:
    capture = _dom_capture()
    capture["walker"]["elements"] = capture["walker"]["elements"][:2]  # html, body
    capture["walker"]["frames"] = capture["walker"]["frames"][:1]
    capture["walker"]["stats"]["outside_window"] = 0
    capture["walker"]["stats"]["offscreen_subtrees"] = 0
    result = ask(capture, "domtext")["result"]
    assert result["notes"][0].startswith("no elements: the page has no interactive elements")
    assert "[Note: no elements" in result["domtext"]
    capture["walker"] = None
    capture["errors"] = [{"step": "walker", "message": 'Cannot access "data:text/html,<b>x</b>"'}]
    notes = ask(capture, "elements")["result"]["notes"]
    assert notes[0].startswith("no elements: the in-page walker did not run")
    assert "<b>x</b>" not in notes[0]
