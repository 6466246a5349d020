"""A link to a place on this page is decided once, in the walk (issue 31; design note 351).

The walker marks a semantic read's link record ``ph`` when its ``#name`` names an element of
that id or an anchor of that name in its document (``tally_contents.js toPlaceHere``, the rule
its whole-page tally counts a table of contents by); the host reads the mark for the window's
contents entries, a heading's own anchor and the content ranking (semantic/page_features.py,
content.py) instead of deciding again from the ``href``. Any name an element holds is a place,
one written as a route too (Stoplight's heading anchors, ``#/operations/list#Request``); a bare
``#``, a one-page app's route or a row's script handle with nothing of its name, and another
page's section, are none.

The built walker runs as a page script in Debian Chromium (no extension) on
tests/pages/walker/place_here.html.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import run_walker, walker_browser

pytestmark = pytest.mark.e2e

PLACES = {"to-section", "to-anchor", "to-escaped", "pilcrow", "to-route-named"}
NO_PLACES = {"to-nothing", "stand-in", "route", "bang-route", "elsewhere"}


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-place-here-") as d:
        yield d


def _links(out: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["a"]["id"]: r for r in out["elements"]
            if (r.get("a") or {}).get("id") in PLACES | NO_PLACES}


@pytest.mark.parametrize("options", [{"semantic": True},
                                     {"semantic": True, "viewportOnly": False}])
def test_a_semantic_walk_marks_each_link_to_a_place_here(
        driver: Any, pages_url: str, options: dict[str, Any]) -> None:
    driver.get(f"{pages_url}walker/place_here.html")
    links = _links(run_walker(driver, options))
    assert set(links) == PLACES | NO_PLACES, sorted(links)
    assert {name for name, rec in links.items() if rec.get("ph") == 1} == PLACES, links


def test_other_walks_carry_no_mark(driver: Any, pages_url: str) -> None:
    driver.get(f"{pages_url}walker/place_here.html")
    links = _links(run_walker(driver, {}))
    assert links and not any("ph" in rec for rec in links.values()), links
