"""The AX window read walks in semantic mode for its hiding facts alone: it asks no page tally
(design note 263, issue 32). The tally (extension/lib/walker/src/tally.js) is the whole
document's shape, which only the semantic formats' page type reads (semantic/facts.py); it
cost the window read of a 20,000-element page most of its walk.

The walker runs as a plain page script in real Chromium (no extension): a semantic walk of the
window with ``tally: false`` writes every record and stat the walk with the tally writes, and
no tally. On main the option was not read and the tally was always taken. The read after an
act that must not take the tally is tests/e2e/test_read_after_act_e2e.py's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import comparable, first_difference, run_walker, walker_browser

# the AX window read's walk (walker_reads.js semanticWalk with hiding_facts)
WINDOW = {"viewportOnly": True, "expandPx": 0, "maxNodes": 200000, "maxDepth": 256,
          "semantic": True}
PAGES = ("injection/hidden_text.html", "semantic/p01.html", "semantic/h01.html",
         "act/settle/settle.html")


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-tally-") as d:
        yield d


def _without_tally(out: dict[str, Any]) -> dict[str, Any]:
    stats = {k: v for k, v in out["stats"].items() if k != "tally_ms"}
    return {**{k: v for k, v in out.items() if k != "tally"}, "stats": stats}


@pytest.mark.parametrize("page", PAGES)
def test_the_window_reads_semantic_walk_takes_no_tally_and_writes_the_same_records(
        driver: Any, pages_url: str, page: str) -> None:
    driver.get(f"{pages_url}{page}")
    tallied = run_walker(driver, WINDOW)
    untallied = run_walker(driver, {**WINDOW, "tally": False})
    assert "tally" not in untallied, "tally: false takes none"
    assert "tally_ms" not in untallied["stats"]
    assert isinstance(tallied.get("tally"), dict), "the semantic walk takes the tally"
    assert "tally_ms" in tallied["stats"], "and says how long it took"
    assert untallied["elements"], "a walk of the window"
    a, b = comparable(_without_tally(tallied)), comparable(untallied)
    assert a == b, first_difference(a, b)
