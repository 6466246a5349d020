"""The tab's AX cache (extension/lib/ax_cache*.js, extension/content/axwatch.js) in real Chromium.

A whole-page SnapshotV1 after the page changed itself is served from the cached tree patched
with what changed (``quality.ax_source == "cache+N changed"``), and it equals a fresh full
read of the same page (the next read after the page's own ``resize`` event, which makes the
journal doubt and the extension read the whole tree again). Navigation, input and too many
changes make the next read a full one that says why. Every read here asks for Chromium's
tree (``ax_source="chromium"``), the source the cache is of (the default, the walk, has none:
design note 65).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from page_reads import CHROMIUM, NOW, comparable, fresh_page_read, page_read
from page_waits import wait_until_axsnap_lets_go

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.snapshot import node_records

REALISTIC = Path(__file__).resolve().parents[2] / "bench" / "pages" / "realistic"
PAGE = "ax_cache/index.html"


def _page_read(browser: Browser) -> dict[str, Any]:
    return page_read(browser)["result"]["snapshot"]


def _first_read(browser: Browser) -> dict[str, Any]:
    """The first whole-page read of a document just opened: a full read; or, when the worker
    prepared the document while it settled (lib/reuse/prepare.js: the tab's last read options,
    so its AX tree is cached under this document's loader) and the read says so, that tree
    from the cache with nothing changed. Which one comes first is a race between the read and
    the preparation's quiet window; the read's own ``timings.prepared`` tells which won."""
    reply = page_read(browser)
    source = reply["result"]["snapshot"]["quality"]["ax_source"]
    prepared = reply.get("timings", {}).get("prepared") == "prepared"
    assert source == "full" or (prepared and source == "cache+0 changed"), (
        source, reply.get("timings", {}).get("prepared"))
    return reply["result"]["snapshot"]


def _fresh(browser: Browser) -> dict[str, Any]:
    return fresh_page_read(browser)["result"]["snapshot"]


def _names(snapshot: dict[str, Any]) -> set[str]:
    return {n["name"] for n in node_records(snapshot)}


CASES = {
    "text": "Item one changed",
    "inline": "strong",
    "aria": "Renamed inner",
    "labelledby": "New label",
    "checked": None,
    "expanded": "Popped link",
    "insert": "Two and a half",
    "remove": None,
    "replace": "New link",
    "hide": None,
    "shadow": "Shadow changed",
    "title": "Cases, retitled",
    "frame": "Frame changed",
    "labelfor": "Work email",
    "describedby": None,
    "value": None,
    "radio": None,
    "select": None,
    "classhide": None,
    "ariahidden": None,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_cached_read_after_a_change_equals_a_fresh_read(browser: Browser, pages_url: str,
                                                           case: str) -> None:
    browser.open(pages_url + PAGE)
    first = _first_read(browser)
    browser.run_in_target(f"window.cases[{case!r}]()")
    cached = _page_read(browser)
    source = cached["quality"]["ax_source"]
    assert source.startswith("cache+") and source.endswith(" changed"), source
    assert comparable(cached) != comparable(first), "the change is in the cached read"
    if CASES[case]:
        assert CASES[case] in _names(cached)
    assert comparable(cached) == comparable(_fresh(browser))


def test_an_unchanged_page_is_served_from_the_cache(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    first = _page_read(browser)
    again = _page_read(browser)
    assert again["quality"]["ax_source"] == "cache+0 changed"
    assert comparable(again) == comparable(first)


def test_navigation_drops_the_cache(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    _page_read(browser)
    browser.open(pages_url + PAGE + "?again")
    _first_read(browser)  # full, or this document's own prepared tree: never the last one's
    assert _page_read(browser)["quality"]["ax_source"] == "cache+0 changed"


def test_input_and_bulk_changes_mean_a_full_read(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    _page_read(browser)
    browser.run_in_target("document.getElementById('remember')"
                          ".dispatchEvent(new Event('change', {bubbles: true}))")
    assert _page_read(browser)["quality"]["ax_source"] == "full: page event (change)"
    browser.run_in_target("document.getElementById('pop').showPopover()")  # no mutation
    shown = _page_read(browser)
    assert shown["quality"]["ax_source"] == "full: page event (beforetoggle)"
    assert "Popover link" in _names(shown)
    browser.run_in_target("window.cases.rows(500)")
    bulk = _page_read(browser)
    assert bulk["quality"]["ax_source"] == "full: too many changes"
    assert "Bulk 499" in _names(bulk)
    browser.run_in_target("document.head.append(document.createElement('style'));"
                          "document.styleSheets[document.styleSheets.length - 1]"
                          ".insertRule('#box { display: none }')")
    restyled = _page_read(browser)
    # the new <style> is a mutation; its rule (no mutation) is what the journal must see
    assert restyled["quality"]["ax_source"] == "full: style sheets changed"


def test_the_default_window_read_says_nothing_of_the_cache(browser: Browser,
                                                           pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    snapshot = browser.snapshot_raw(format="snapshot", **NOW)["result"]["snapshot"]
    assert "ax_source" not in snapshot["quality"]


def test_the_cache_outlives_the_debugger_session(browser: Browser, pages_url: str) -> None:
    """The tree is kept per document, not per debugger session: after the kept session's idle
    detach (lib/session/debugger.js IDLE_DETACH_MS), a change is still read from the cache."""
    browser.open(pages_url + PAGE)
    _page_read(browser)
    wait_until_axsnap_lets_go(browser)
    browser.run_in_target("window.cases.text()")
    cached = _page_read(browser)
    assert cached["quality"]["ax_source"].startswith("cache+"), cached["quality"]["ax_source"]
    assert comparable(cached) == comparable(_fresh(browser))


def _outline(browser: Browser) -> dict[str, Any]:
    reply = browser.snapshot_raw(format="outline", scope="page", **CHROMIUM, **NOW)["result"]
    return {key: reply[key] for key in ("combinedTree", "combinedXpathMap", "combinedUrlMap")}


@pytest.mark.parametrize("case", ["text", "insert", "replace", "labelledby"])
def test_the_outline_reads_the_cache_alike(browser: Browser, pages_url: str, case: str) -> None:
    """The outline's whole-page read takes the main frame's tree through the same cache: after
    a change, its text and maps equal those of a full read."""
    browser.open(pages_url + PAGE)
    _outline(browser)
    browser.run_in_target(f"window.cases[{case!r}]()")
    cached = _outline(browser)
    browser.run_in_target("window.dispatchEvent(new Event('resize'))")
    assert cached == _outline(browser)
    assert CASES[case] in cached["combinedTree"]


def test_a_cross_site_frame_is_read_whole_beside_the_cached_main_frame(
        browser: Browser, pages_url: str, cross_site_url: str) -> None:
    browser.open(f"{pages_url}frames.html?plain&cross={cross_site_url}")
    browser.wait_ready()
    first = _page_read(browser)
    assert len(first["frames"]) == 3
    browser.run_in_target("document.querySelector('h1').textContent = 'Frames, renamed'")
    cached = _page_read(browser)
    assert cached["quality"]["ax_source"].startswith("cache+")
    assert "Frames, renamed" in _names(cached)
    assert cached["quality"]["frames_captured"] == 3
    assert comparable(cached) == comparable(_fresh(browser))


# One random change by the page's own script, from a seed (tests/pages/ax_cache/random_change.js).
RANDOM_CHANGE = (Path(__file__).resolve().parents[1] / "pages" / "ax_cache"
                 / "random_change.js").read_text(encoding="utf-8")


@pytest.mark.parametrize(("page", "seed"), [("article.html", 0), ("docs.html", 1234)])
def test_random_page_changes_read_from_the_cache_equal_full_reads(browser: Browser, page: str,
                                                                   seed: int) -> None:
    """Seeds that once found a difference: white space collapsing across a new block or a
    removed element, a <details> whose <summary> moved, a removed label[for]."""
    with serve_directory(REALISTIC) as base:
        browser.open(base + page)
        _page_read(browser)
        for step in range(8):
            done = [browser.run_in_target(RANDOM_CHANGE, seed + 1000 * step + k + 7)
                    for k in range(1 + step % 3)]
            cached = _page_read(browser)
            assert cached["quality"]["ax_source"].startswith("cache+"), (step, done)
            assert comparable(cached) == comparable(_fresh(browser)), (step, done)
