"""Window reads of a big document (more elements than lib/ax_window_full.js reads whole).

The AX change journal (extension/axwatch.js) serves two readers: the window read of a small
document (its kept tree, lib/ax_window_kept.js) and the whole-page AX cache. A big
document's window read keeps no tree, so it leaves the journal alone: taking or arming it
walks the whole document (30-80 ms on the 100k bench page) and would end the whole-page
cache's journal, so the next whole-page read was a full one ("full: not armed").
"""

from __future__ import annotations

from typing import Any

from page_reads import NOW, comparable, fresh_page_read, page_read

from axsnap_host.browser import Browser
from axsnap_host.models.snapshot import node_records


def _source(reply: dict[str, Any]) -> str:
    return reply["result"]["snapshot"]["quality"]["ax_source"]


def test_a_big_window_read_leaves_the_page_cache_journal(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "big.html?n=400")  # ~1.6k elements
    assert _source(page_read(browser)) == "full"
    window = browser.snapshot_raw(format="snapshot", **NOW)["result"]["snapshot"]
    assert window["quality"]["scope"] == "viewport"
    assert "Action 0" in {n["name"] for n in node_records(window)}
    browser.snapshot_raw(format="outline", **NOW)
    browser.run_in_target("document.querySelector('#list li span').textContent = 'Row 0 changed'")
    cached = page_read(browser)
    assert _source(cached).startswith("cache+"), _source(cached)
    fresh = fresh_page_read(browser)["result"]["snapshot"]
    assert comparable(cached["result"]["snapshot"]) == comparable(fresh)


PAD = ("document.body.insertAdjacentHTML('beforeend', '<div style=\"margin-top: 6000px\">'"
       " + '<i>.</i>'.repeat(400) + '</div>')")


def _window(browser: Browser, fmt: str = "snapshot") -> dict[str, Any]:
    return browser.snapshot_raw(format=fmt, **NOW)


def test_a_big_documents_window_read_equals_the_small_ones(browser: Browser,
                                                            pages_url: str) -> None:
    """The same window read two ways: a small document's (one getFullAXTree, cut) and, once
    400 elements far below the window make the document big, the per-node read
    (ax_window_partial.js): the same nodes, names and hidden-instruction flags."""
    browser.open(pages_url + "semantic_cases/hidden.html")
    small = _window(browser)
    assert small["timings"]["capture_steps"].get("ax_whole_frames")
    browser.run_in_target(PAD)
    big = _window(browser)
    steps = big["timings"]["capture_steps"]
    assert not steps.get("ax_whole_frames") and "ax_describe_frames" not in steps, steps
    nodes = [{k: n.get(k) for k in ("id", "role", "name", "suspicious")}
             for n in node_records(big["result"]["snapshot"])]
    assert nodes == [{k: n.get(k) for k in ("id", "role", "name", "suspicious")}
                     for n in node_records(small["result"]["snapshot"])]
    assert sum(1 for n in nodes if n["suspicious"]) >= 9
