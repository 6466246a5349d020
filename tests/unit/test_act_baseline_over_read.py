"""Fast path act_baseline_over_read, host side (act/baseline.py): a DOM read that lists each
element under the index the last act's kept baseline gives the same node leaves that baseline
standing (the reply says ``timings.act_baseline_kept``); an act resolved on it names the target
the exact resolve on a fresh capture names, and its report compares with the baseline's
elements, counted from their listing (what the exact path's capture before lists). A read
that does not match, an exact read or another rebuild drops the baseline.

A read wider than the act's window (act40: a whole-page read of a page longer than the window)
lists every element of the baseline under its index among more: it keeps the baseline too, and
the act on it equals the exact act, by words and by an index only the wider read listed."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.native.host import Host
from host_harness import act_resolve
from host_harness import host_result as send

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TOKEN = "T" * 24


@pytest.fixture(scope="module")
def capture() -> dict[str, Any]:
    return json.loads((FIXTURES / "dom_basic.json").read_text())


@pytest.fixture(scope="module")
def long_capture(capture: dict[str, Any]) -> dict[str, Any]:
    """The page with two controls far down, outside the window (a whole-page read lists them,
    the act's window read does not)."""
    long = copy.deepcopy(capture)
    for rec in long["walker"]["elements"]:
        if (rec.get("a") or {}).get("id") in ("tab-item", "action"):
            rec["win"], rec["inv"], rec["r"] = 0, 0, [rec["r"][0], 50_000, *rec["r"][2:]]
    return long


def resolve(host: Host, target: Any, capture: dict[str, Any] | None = None) -> dict[str, Any]:
    return act_resolve(host, target, token=TOKEN, capture=capture)


def report(host: Host, capture: dict[str, Any], target: dict[str, Any],
           before: dict[str, Any]) -> dict[str, Any]:
    return send(host, {"type": "act_report", "action": "click", "target": target,
                       "options": {"format": "elements"}, "capture": copy.deepcopy(capture),
                       "before": {"url": capture["tab"]["url"], **before},
                       "readiness": {"ready": True, "waited_ms": 0, "reasons": []},
                       "baseline": TOKEN})


def read(host: Host, capture: dict[str, Any], **options: Any) -> dict[str, Any]:
    return send(host, {"type": "snapshot", "capture": copy.deepcopy(capture),
                       "options": {"format": "domtext", **options}})


def acted(capture: dict[str, Any]) -> Host:
    """A host whose tab 1 had an act whose report kept a baseline under TOKEN."""
    host = Host()
    first = resolve(host, "Home", capture)
    report(host, capture, first["target"], {})
    assert host.tabs.get(1).act_baseline is not None
    return host


@pytest.mark.parametrize("wider", [False, True], ids=["window_read", "whole_page_read"])
def test_a_matching_read_keeps_the_baseline_and_the_act_on_it_equals_the_exact_act(
        capture: dict[str, Any], long_capture: dict[str, Any], wider: bool) -> None:
    # wider: the act's window is a part of what a whole-page read of a longer page lists
    capture = long_capture if wider else capture
    options = {"viewport_only": False} if wider else {}
    fast, exact = acted(capture), acted(capture)
    for host in (fast, exact):
        got = read(host, capture, **options)
    assert got["timings"]["act_baseline_kept"] == 1
    state = fast.tabs.get(1)
    kept = state.act_baseline
    assert state.elements is not kept.elements and kept.read is state.elements
    listed = {r["backendNodeId"] for r in kept.elements}
    outside = [r["index"] for r in state.elements if r["backendNodeId"] not in listed]
    assert len(outside) == (2 if wider else 0), outside
    # the act on the baseline (fast) and on a fresh capture (exact) name one target, by
    # words, by the read's index (wider: of an element outside the act's window)
    index = outside[0] if wider else \
        next(r["index"] for r in state.elements if r.get("backendNodeId") is not None)
    for target in ("Home", index):
        on_kept = resolve(fast, target)
        assert "baseline_gone" not in on_kept, target
        read_then_exact = acted(capture)  # (an exact resolve replaces the tab's elements)
        read(read_then_exact, capture, **options)
        want = resolve(read_then_exact, target, capture)["target"]
        assert want is not None and on_kept["target"] == want, target
        assert state.elements is kept.read, "resolving changed the tab's elements"
    # the report compares with the baseline's elements, counted from their listing
    target = resolve(fast, "Home")["target"]
    fast_report = report(fast, capture, target, {"baseline": TOKEN})
    exact_report = report(exact, capture, resolve(exact, "Home", capture)["target"], {})
    fast_report.pop("timings"), exact_report.pop("timings")
    assert fast_report == exact_report
    assert [r["index"] for r in fast.tabs.get(1).elements or []] == \
        [r["index"] for r in exact.tabs.get(1).elements or []]
    after_fast, after_exact = read(fast, capture, **options), read(exact, capture, **options)
    assert (after_fast["domtext"], after_fast["indices"]) == \
        (after_exact["domtext"], after_exact["indices"])


def test_the_report_counts_added_and_removed_from_the_baseline_listing(
        capture: dict[str, Any]) -> None:
    host = acted(capture)
    assert read(host, capture)["timings"]["act_baseline_kept"] == 1
    # a read that listed fewer than the baseline (a viewport's): here, none
    host.tabs.get(1).dom_registry.relist([])
    result = report(host, capture, resolve(host, "Home")["target"], {"baseline": TOKEN})
    # counted from the baseline's listing, as the exact path's capture before lists: the same
    # page, nothing added or removed (from the read's, every element would be "added")
    assert result["changes"]["dom"]["added"] == [] and result["changes"]["dom"]["removed"] == []


def test_a_read_that_does_not_match_an_exact_read_or_a_collection_drops_the_baseline(
        capture: dict[str, Any]) -> None:
    host = acted(capture)
    kept = host.tabs.get(1).act_baseline
    kept.elements[0]["index"] += 1000  # the baseline names a node by another index
    assert "act_baseline_kept" not in read(host, capture)["timings"]
    assert host.tabs.get(1).act_baseline is None
    assert resolve(host, "Home") == {"baseline_gone": True}
    host = acted(capture)
    assert "act_baseline_kept" not in read(host, capture, exact=True)["timings"]
    assert resolve(host, "Home") == {"baseline_gone": True}
    # a rebuild that is no read (an act's capture) between: the next read cannot carry it
    host = acted(capture)
    state = host.tabs.get(1)
    state.elements = list(state.elements or [])
    assert "act_baseline_kept" not in read(host, capture)["timings"]
    assert state.act_baseline is None
    # an outline read rebuilds nothing: the baseline stands, and says nothing
    host = acted(capture)
    assert "act_baseline_kept" not in read(host, capture, format="outline")["timings"]
    assert "baseline_gone" not in resolve(host, "Home")


def test_a_wider_read_that_misses_a_baseline_node_or_renumbers_one_drops_the_baseline(
        long_capture: dict[str, Any]) -> None:
    # the baseline names a node by another index than the whole-page read gives it
    host = acted(long_capture)
    host.tabs.get(1).act_baseline.elements[0]["index"] += 1000
    assert "act_baseline_kept" not in read(host, long_capture, viewport_only=False)["timings"]
    assert resolve(host, "Home") == {"baseline_gone": True}
    # the read lists more than the window but not every node of the baseline: neither is a
    # part of the other
    host = acted(long_capture)
    kept = host.tabs.get(1).act_baseline
    kept.elements.append({**kept.elements[-1], "backendNodeId": 10**9, "index": 10**6})
    assert "act_baseline_kept" not in read(host, long_capture, viewport_only=False)["timings"]
    assert host.tabs.get(1).act_baseline is None
    # an element the read lists inside the baseline's window that the baseline does not: the
    # page gained it since (the act's check would fail: no baseline kept, the act captures)
    host = acted(long_capture)
    kept = host.tabs.get(1).act_baseline
    kept.elements[:] = [r for r in kept.elements if r["tagName"] != "a"]  # Home, at the top
    assert "act_baseline_kept" not in read(host, long_capture, viewport_only=False)["timings"]
    assert host.tabs.get(1).act_baseline is None
    # an exact whole-page read: the exact path, as ever
    host = acted(long_capture)
    assert "act_baseline_kept" not in read(host, long_capture, viewport_only=False,
                                           exact=True)["timings"]
    assert resolve(host, "Home") == {"baseline_gone": True}
