"""A small document's window read after a change (lib/reuse/ax_window_cache.js).

A small document's main-frame AX tree is read whole and kept; a re-read of a page the walk's AX
journal says did not change stands on it (ax_kept_frames). After a change the tree is read
whole again: patching the cached tree with the changed records' nodes (the window patch) could
not prove the rest stood (issue 26: CSS keyed on another element, slots, a label's text rows)
and is gone. Each read after a change must equal a fresh read (the journal made to doubt),
for each of the AX cache's kinds of change.
"""

from __future__ import annotations

from typing import Any

import pytest
from page_reads import NOW, comparable

from axsnap_host.client import Browser

# a document's first read is what these tests compare with: no preparation races it (conftest)
pytestmark = pytest.mark.usefixtures("unprepared")
CASES_PAGE = "ax_cache/index.html"  # window.cases: the page's own changes (test_ax_cache_e2e)
CASES = ["text", "inline", "aria", "labelledby", "checked", "expanded", "insert", "remove",
         "replace", "hide", "shadow", "title", "frame", "labelfor", "describedby", "value",
         "radio", "select", "classhide", "ariahidden"]
DOUBTED = {"frame"}  # the change is in a child frame: the main frame's cached tree stands


def _window(browser: Browser) -> dict[str, Any]:
    return browser.snapshot_raw(format="snapshot", **NOW)


def _steps(reply: dict[str, Any]) -> dict[str, Any]:
    return reply["timings"]["capture_steps"]


@pytest.mark.parametrize("case", CASES)
def test_a_small_window_read_after_a_change_reads_the_tree_again_and_equals_a_fresh_one(
        browser: Browser, pages_url: str, case: str) -> None:
    browser.open(pages_url + CASES_PAGE)
    first = _window(browser)  # arms the journal, keeps the whole tree
    assert _steps(first).get("ax_whole_frames", 0) >= 1
    kept = _window(browser)
    assert _steps(kept).get("ax_kept_frames") == 1
    browser.run_in_target(f"window.cases[{case!r}]()")
    after = _window(browser)
    steps = _steps(after)
    assert "ax_patched_frames" not in steps, steps
    if case not in DOUBTED:
        assert "ax_kept_frames" not in steps
        assert steps.get("ax_whole_frames", 0) >= 1, steps
        # the tree read after the change is kept: an unchanged re-read stands on it
        again = _window(browser)
        assert _steps(again).get("ax_kept_frames") == 1
        assert comparable(again["result"]["snapshot"]) == comparable(after["result"]["snapshot"])
    browser.run_in_target("window.dispatchEvent(new Event('resize'))")  # the journal doubts
    fresh = _window(browser)
    assert "ax_kept_frames" not in _steps(fresh) and _steps(fresh).get("ax_whole_frames")
    assert comparable(after["result"]["snapshot"]) == comparable(fresh["result"]["snapshot"])
    assert comparable(after["result"]["snapshot"]) != comparable(kept["result"]["snapshot"])
