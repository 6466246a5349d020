"""The whole-page DOM channel read from the walk alone (``dom_source="walk"``, issue 33).

No DOMSnapshot: the listable records' backendNodeIds come from the walker's own elements and
the click listeners are matched through its ids (extension/lib/walker/walker_ids_listable.js).
The read must list what the DOMSnapshot-joined read lists, under the same ids, and an act on
an id from it must reach an element below the fold, one the walker sees no reason to act on
but its click listener.
"""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError

WHOLE = {"format": "domtext", "viewport_only": False, "exact": True}


@pytest.fixture
def page(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}dom/walk_source.html")
    return browser


def read(browser: Browser, source: str) -> dict[str, Any]:
    return browser.snapshot_raw(**WHOLE, dom_source=source)


def log_text(browser: Browser) -> str:
    return str(browser.run_in_target("return document.getElementById('log').textContent"))


def test_the_walk_lists_what_the_snapshot_join_lists(page: Browser) -> None:
    joined = read(page, "snapshot")
    walked = read(page, "walk")
    steps = walked["timings"]["capture_steps"]
    assert "dom_snapshot_ms" not in steps  # no DOMSnapshot asked
    assert "dom_snapshot_ms" in joined["timings"]["capture_steps"]
    assert walked["result"]["domtext"] == joined["result"]["domtext"]
    ids = [(e["index"], e["frame"], e["backendNodeId"]) for e in walked["result"]["elements"]]
    assert ids == [(e["index"], e["frame"], e["backendNodeId"])
                   for e in joined["result"]["elements"]]
    names = {e["name"] for e in walked["result"]["elements"]}
    assert {"Listener tile", "Far button", "Frame button", "Top button"} <= names
    # only the listable records were taken, not every record of the page
    assert 0 < steps["walker_ids_resolved"] < len(walked["result"]["elements"]) + 40
    # and asked as the walk reported, before its output reached the worker (walker_ids_early.js)
    assert steps["walker_ids_early_parts"] == 1
    # the tile's listener named no taken record: resolved on its own and found a record
    # (the listener step's split, walker_listeners.js)
    assert 1 <= steps["walker_ids_listener_nodes_marked"] <= steps["walker_ids_listener_nodes"]
    assert 0 <= steps["walker_ids_listener_nodes_ms"] <= steps["walker_ids_listeners_ms"]


def test_an_id_below_the_fold_from_the_walk_acts(page: Browser) -> None:
    walked = read(page, "walk")["result"]
    tile = next(e for e in walked["elements"] if e["name"] == "Listener tile")
    assert tile["reasons"] == ["clickable"]  # known from its listener alone
    assert tile["rect"]["y"] > page.run_in_target("return window.innerHeight")
    assert page.act(tile["index"], "click").ok
    assert log_text(page) == "tile clicked"
    far = next(e for e in walked["elements"] if e["name"] == "Far button")
    assert page.act(f"{far['frame']}-{far['backendNodeId']}", "click").ok
    assert log_text(page) == "far clicked"


def test_dom_source_is_refused_where_no_dom_channel_reads(page: Browser) -> None:
    with pytest.raises(AxsnapError) as refused:
        page.snapshot_raw(format="snapshot", dom_source="snapshot")  # not the default
    assert refused.value.code == "invalid_message" and "dom_source" in str(refused.value)
    assert read(page, "walk")["result"]["elements"]  # and the host keeps serving


def test_a_repeated_read_with_the_fast_paths_on_gives_the_same(page: Browser) -> None:
    exact = read(page, "walk")["result"]
    for _ in range(2):  # the second walks in the kept world and knows the ids it took
        reply = page.snapshot_raw(format="domtext", viewport_only=False, dom_source="walk")
        assert reply["result"]["domtext"] == exact["domtext"]
        assert [e["backendNodeId"] for e in reply["result"]["elements"]] == [
            e["backendNodeId"] for e in exact["elements"]]
    tile = next(e for e in reply["result"]["elements"] if e["name"] == "Listener tile")
    assert page.act(tile["index"], "click").ok
    assert log_text(page) == "tile clicked"


def test_a_cross_site_frame_from_the_walk(browser: Browser, pages_url: str,
                                          cross_site_url: str) -> None:
    """A cross-site frame walks itself (another world, another process): its listable
    records are taken there, so they have ids (the tab's DOMSnapshot does not hold that
    frame: the join leaves them without), and its button acts by its index."""
    browser.open(f"{pages_url}dom/xorigin.html?src={cross_site_url}dom/frame.html")
    joined = read(browser, "snapshot")["result"]
    reply = read(browser, "walk")
    walked = reply["result"]
    assert walked["domtext"] == joined["domtext"]
    # each run's take began as it reported, the frame's over its own session
    assert reply["timings"]["capture_steps"]["walker_ids_early_parts"] == 2
    for was, now in zip(joined["elements"], walked["elements"], strict=True):
        assert now["backendNodeId"] is not None
        assert was["backendNodeId"] in (None, now["backendNodeId"])
    inner = next(e for e in walked["elements"] if e["name"] == "Frame button")
    assert inner["frame"] == 1
    assert browser.act(inner["index"], "click").ok


def test_a_first_read_of_a_document_takes_its_ids_as_the_walk_reports(browser: Browser,
                                                                      pages_url: str) -> None:
    """A document's first read (the batch case: each page read once) also takes its ids as
    the walk reports: the extension's world is there before the walk (the binding the early
    take starts on goes only into worlds that exist), and it lists what the join lists."""
    browser.open(f"{pages_url}dom/walk_source.html?first")
    walked = read(browser, "walk")
    assert walked["timings"]["capture_steps"]["walker_ids_early_parts"] == 1
    joined = read(browser, "snapshot")["result"]
    assert walked["result"]["domtext"] == joined["domtext"]
    assert [e["backendNodeId"] for e in walked["result"]["elements"]] == [
        e["backendNodeId"] for e in joined["elements"]]


def test_listener_nodes_on_hidden_roots_are_known_without_a_resolve(browser: Browser,
                                                                    pages_url: str) -> None:
    """The click-listener nodes no taken record names were each resolved in the walker's world
    only to learn they are no record: on rustdoc the 1,400-2,900 hidden heading anchors
    (design notes 87, 117). The walk now holds the roots of the subtrees it leaves out as
    hidden and, when they are few against those nodes, the extension takes their ids in one
    deep serialization: a listener node among them is no record, unresolved. Here 80 hidden
    anchors and a transparent box are left so; the hidden menu's button (inside a hidden
    subtree, not its root) and the tile (a record known by its listener alone) are still
    resolved; the read lists what the DOMSnapshot-joined read lists, and the tile acts."""
    browser.open(f"{pages_url}dom/walk_hidden_anchors.html")
    joined = read(browser, "snapshot")
    walked = read(browser, "walk")
    steps = walked["timings"]["capture_steps"]
    assert steps["walker_ids_listener_nodes"] == 83, steps  # 80 anchors, ghost, menu item, tile
    assert steps["walker_ids_listener_nodes_hidden"] == 81, steps
    assert steps["walker_ids_listener_nodes_resolved"] == 2, steps
    assert steps["walker_ids_listener_nodes_unreported"] == 1, steps  # the menu's button
    assert steps["walker_ids_listener_nodes_marked"] == 1, steps  # the tile
    assert walked["result"]["domtext"] == joined["result"]["domtext"]
    ids = [(e["index"], e["frame"], e["backendNodeId"]) for e in walked["result"]["elements"]]
    assert ids == [(e["index"], e["frame"], e["backendNodeId"])
                   for e in joined["result"]["elements"]]
    names = [e["name"] for e in walked["result"]["elements"]]
    assert "Listener tile" in names and "Ghost" not in names and "Menu item" not in names
    tile = next(e for e in walked["result"]["elements"] if e["name"] == "Listener tile")
    assert tile["reasons"] == ["clickable"]  # known from its listener alone
    assert browser.act(tile["index"], "click").ok
    assert log_text(browser) == "tile clicked"


CARRIAGE = ("inject", "walk", "json", "trip", "parse")


def test_the_walks_carriage_is_split_in_the_steps_not_the_reply(page: Browser) -> None:
    """An injected walk's carriage in its parts (design note 226): the injection, the walk,
    its JSON text, the text's trip to the worker and its parse, each in the capture's steps;
    nothing of them in the result (the walker's stats say what they said before)."""
    walked = read(page, "walk")
    steps = walked["timings"]["capture_steps"]
    parts = {part: steps.get(f"walker_carry_{part}_ms") for part in CARRIAGE}
    assert all(isinstance(ms, int | float) for ms in parts.values()), steps
    assert parts["json"] >= 0 and parts["parse"] >= 0, parts
    assert "carry" not in str(walked["result"])
