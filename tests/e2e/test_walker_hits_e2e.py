"""A walk asks the hit test once a point (issue 33, design note 63).

A hit test (``elementFromPoint``) costs 6-30 ms on a page of thousands of paint layers
(rustdoc: design note 56), and nested boxes of one size are tested at the same centre. The
walk is one synchronous task that changes nothing, so the walker keeps each answer for the
rest of the walk (extension/lib/walker/src/visibility.js ``hitAt``): each point of each root
(a document, a shadow root) is asked once, and every record's ``top``/``cb`` is what its own
hit tests said.

The walker runs as a page script in real Chromium (no extension) on
tests/pages/walker/shared_hits.html: a button that fills its link, a card and its link of one
box, two covered boxes of one size under a veil (each tested at all nine points), and the same
pair inside a shadow root.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import run_walker, walker_browser

# Counts each hit test by its root and point, in the page's world (where run_walker walks).
COUNTING = """
window.__hits = new Map();
for (const proto of [Document.prototype, ShadowRoot.prototype]) {
  const ask = proto.elementFromPoint;
  proto.elementFromPoint = function (x, y) {
    const key = (this.host ? 'shadow' : 'document') + ' ' + x + ',' + y;
    window.__hits.set(key, (window.__hits.get(key) || 0) + 1);
    return ask.call(this, x, y);
  };
}
"""
HITS = "const out = Object.fromEntries(window.__hits); window.__hits = new Map(); return out;"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-hits-") as d:
        yield d


def by_id(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["a"]["id"]: r for r in out["elements"] if (r.get("a") or {}).get("id")}


@pytest.mark.parametrize("options", [{}, {"viewportOnly": False}, {"semantic": True}])
def test_each_point_is_asked_once_a_walk(driver: Any, pages_url: str,
                                         options: dict[str, Any]) -> None:
    driver.get(f"{pages_url}walker/shared_hits.html")
    driver.execute_script(COUNTING)
    records = by_id(run_walker(driver, options))
    hits = driver.execute_script(HITS)
    assert hits and max(hits.values()) == 1, hits
    # the answers are each record's own: on top where it is, covered by the veil where not
    for name in ("outer", "inner", "card", "card-link", "s-outer", "s-inner"):
        assert records[name].get("top") == 1, (name, records[name])
    for name in ("wrap", "under"):
        record = records[name]
        assert record.get("top") == 0 and record.get("cb") == "div#veil", record
    # both covered boxes tried every point: the second got all nine from the first's
    assert sum(1 for key in hits if key.startswith("document")) >= 9 + 2


def test_a_second_walk_asks_again(driver: Any, pages_url: str) -> None:
    """The answers are kept for one walk only: the next walk sees the page as it is then."""
    driver.get(f"{pages_url}walker/shared_hits.html")
    first = by_id(run_walker(driver, {}))
    assert first["under"]["top"] == 0
    driver.execute_script("document.getElementById('veil').style.display = 'none'")
    driver.execute_script(COUNTING)
    second = by_id(run_walker(driver, {}))
    assert second["under"]["top"] == 1 and "cb" not in second["under"]
    assert driver.execute_script(HITS)
