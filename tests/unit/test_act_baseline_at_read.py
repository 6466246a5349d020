"""Fast path act_baseline_at_read, host side (act/baseline_at_read.py): a whole-page DOM read
from the walk, sent with a token by a tab with no act baseline, keeps one (the reply says
``timings.act_baseline_at_read``) whose elements and page facts are those the act's own window
capture of the same page builds (the by-nature ``clickable`` reasons dropped), and an act by
words resolved on it names what the exact resolve on that capture names. A read that is not
the act's (a record outside the act's window, other options, exact) keeps nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from test_dom_source_walk import walked

from axsnap_host.act.baseline_at_read import ACT_OPTIONS
from axsnap_host.act.page_facts import page_facts
from axsnap_host.act.window_cut import PRUNED, UNLIKE
from axsnap_host.models.capture import RawCapture
from axsnap_host.native.host import Host
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.state import TabState
from host_harness import act_resolve
from host_harness import host_result as send

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TOKEN = "R" * 24
WHOLE = {"format": "domtext", "viewport_only": False}


@pytest.fixture(scope="module")
def whole() -> dict[str, Any]:
    """A whole-page read from the walk of a page of the top document alone (the fixture's
    iframe and its records left out)."""
    data = json.loads((FIXTURES / "dom_basic_whole.json").read_text())
    records = data["walker"]["elements"]
    data["walker"]["elements"] = records[:21] + records[26:]  # (the last one's parent: body)
    data["walker"]["frames"] = data["walker"]["frames"][:1]
    data["frames"] = data["frames"][:1]
    return walked(data)


def window_of(whole: dict[str, Any]) -> dict[str, Any]:
    """The act's own capture of the same page: its window walk (viewport grown 20,000 px),
    every record's id its own (no listable-only take, so no by-nature rule)."""
    window = copy.deepcopy(whole)
    window["walker"]["options"] = {"viewportOnly": True, "expandPx": 20_000}
    del window["walker"]["stats"]["ids"]
    return window


def read(host: Host, capture: dict[str, Any], token: str | None = TOKEN,
         **options: Any) -> dict[str, Any]:
    body = {"type": "snapshot", "capture": copy.deepcopy(capture), "options": {**WHOLE, **options}}
    return send(host, {**body, **({"baseline": token} if token else {})})


def resolve(host: Host, target: Any, capture: dict[str, Any] | None = None) -> dict[str, Any]:
    return act_resolve(host, target, token=TOKEN, capture=capture)


def test_a_whole_page_read_keeps_the_acts_own_baseline(whole: dict[str, Any]) -> None:
    host = Host()
    reply = read(host, whole)
    assert reply["timings"].get("act_baseline_at_read") == 1, reply["timings"]
    kept = host.tabs.get(1).act_baseline
    assert kept is not None and kept.token == TOKEN
    # the read's elements say clickable by nature (a link, inputs of a form): the kept ones not
    assert any("clickable" in rec["reasons"] for rec in reply["elements"])
    exact = RawCapture.model_validate(window_of(whole))
    built = build_dom_result(exact, ACT_OPTIONS, TabState(1), text=False)
    assert kept.elements == built["elements"]
    assert kept.facts == page_facts(exact)
    assert kept.capture.dom_snapshot is None and not kept.capture.derived


@pytest.mark.parametrize("target", ["Home", "Search", {"query": "button", "near": "Home"}])
def test_an_act_on_it_resolves_as_on_its_own_capture(whole: dict[str, Any],
                                                       target: Any) -> None:
    fast, exact = Host(), Host()
    read(fast, whole)
    on_read = resolve(fast, target)
    assert not on_read.get("baseline_gone"), on_read
    read(exact, whole, token=None)
    assert exact.tabs.get(1).act_baseline is None
    on_capture = resolve(exact, target, window_of(whole))
    assert on_read == on_capture


def far_down(whole: dict[str, Any]) -> dict[str, Any]:
    """The same page with its last button 50,000 px down: past the act's window."""
    far = copy.deepcopy(whole)
    last = far["walker"]["elements"][-1]
    last["r"] = [last["r"][0], 50_000, *last["r"][2:]]
    return far


@pytest.mark.parametrize("why", ["exact", "past_window", "no_redaction", "walker_ids",
                                 "window_read", "no_token"])
def test_a_read_unlike_the_acts_keeps_nothing(whole: dict[str, Any], why: str) -> None:
    capture = whole
    options: dict[str, Any] = {}
    token_sent: str | None = TOKEN
    if why == "exact":
        options = {"exact": True}
    elif why == "past_window":
        capture = far_down(whole)
    elif why == "no_redaction":
        options = {"redact": False}
    elif why == "walker_ids":
        options = {"node_ids": "walker"}
    elif why == "window_read":
        options = {"viewport_only": True}
    else:
        token_sent = None
    host = Host()
    reply = read(host, capture, token_sent, **options)
    assert "act_baseline_at_read" not in reply.get("timings", {}), why
    assert host.tabs.get(1).act_baseline is None


def marked_far_down(whole: dict[str, Any], mark: int) -> dict[str, Any]:
    """far_down as the walker writes it when asked for the act's marks (design note 211): the
    far button marked ``mark`` (act/window_cut.py), the walk saying it was marked."""
    far = far_down(whole)
    far["walker"]["options"] = {"viewportOnly": False, "expandPx": 0, "actMarks": 20_000}
    far["walker"]["elements"][-1]["am"] = mark
    return far


def test_a_marked_read_past_the_window_keeps_its_walk_cut_to_it(whole: dict[str, Any]) -> None:
    host = Host()
    capture = marked_far_down(whole, PRUNED)
    reply = read(host, capture)
    assert reply["timings"].get("act_baseline_at_read") == 1, reply["timings"]
    kept = host.tabs.get(1).act_baseline
    assert kept is not None
    far = capture["walker"]["elements"][-1]
    listed = [rec for rec in reply["elements"] if rec.get("xpath")]
    assert len(kept.elements) == len(listed) - 1  # the far button: the read's, not the act's
    walker = kept.capture.walker or {}
    assert len(walker["elements"]) == len(capture["walker"]["elements"]) - 1
    assert walker["options"] == {"viewportOnly": True, "expandPx": 20_000}
    # what the act's own capture of the page builds: the walk without the far button
    exact = window_of(whole)
    exact["walker"]["elements"] = exact["walker"]["elements"][:-1]
    built = build_dom_result(RawCapture.model_validate(exact), ACT_OPTIONS, TabState(1),
                             text=False)
    assert [e["xpath"] for e in kept.elements] == [e["xpath"] for e in built["elements"]]
    assert kept.facts == page_facts(RawCapture.model_validate(exact))
    assert not any(e.get("xpath") == far.get("xpath") for e in kept.elements)


def test_a_marked_read_whose_window_record_the_act_would_write_otherwise_keeps_nothing(
        whole: dict[str, Any]) -> None:
    capture = marked_far_down(whole, PRUNED)
    records = capture["walker"]["elements"]
    records[records[-1]["p"]]["am"] = UNLIKE  # its parent said words outside the window
    records[-1].pop("am")  # and the act's window walk writes the button
    host = Host()
    reply = read(host, capture)
    assert "act_baseline_at_read" not in reply.get("timings", {})
    assert host.tabs.get(1).act_baseline is None
