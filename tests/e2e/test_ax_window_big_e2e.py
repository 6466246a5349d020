"""Window reads of bigger documents (more elements than lib/ax/ax_window_full.js reads whole).

Such a document's window is read node by node (lib/ax/ax_window_partial.js), and up to
JOURNAL_MAX_ELEMENTS the nodes of the last read stand while the page did not change since
(lib/reuse/ax_window_cache.js, the AX change journal of extension/content/axwatch.js); after a
change every node is read again, and the read equals a fresh read. Over that size the walk
leaves the journal alone (taking it walks the whole document: 30-80 ms on the 100k bench page,
and it is the whole-page AX cache's).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from page_reads import NOW, comparable

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

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


CASES_PAGE = "ax_cache/index.html"  # window.cases: the page's own changes (test_ax_cache_e2e)
CASES = ["text", "inline", "aria", "labelledby", "checked", "expanded", "insert", "remove",
         "replace", "hide", "shadow", "title", "frame", "labelfor", "describedby", "value",
         "radio", "select", "classhide", "ariahidden", "attach"]


@pytest.mark.parametrize("case", CASES)
def test_a_window_read_after_a_change_equals_a_fresh_one(browser: Browser, pages_url: str,
                                                         case: str) -> None:
    browser.open(pages_url + CASES_PAGE)
    browser.run_in_target(PAD)
    _window(browser)  # arms the journal, keeps the nodes
    kept = _window(browser)
    assert kept["timings"]["capture_steps"].get("ax_kept_nodes", 0) > 10
    browser.run_in_target(f"window.cases[{case!r}]()")
    after = _window(browser)
    # after a change every node is read again (issue 26: the window patch is gone); a change
    # in a child frame leaves the main frame's nodes standing
    if case != "frame":
        assert "ax_kept_nodes" not in after["timings"]["capture_steps"]
    browser.run_in_target("window.dispatchEvent(new Event('resize'))")  # the journal doubts
    fresh = _window(browser)
    assert "ax_kept_nodes" not in fresh["timings"]["capture_steps"]
    assert comparable(after["result"]["snapshot"]) == comparable(fresh["result"]["snapshot"])
    assert comparable(after["result"]["snapshot"]) != comparable(kept["result"]["snapshot"])


WALKER = Path(__file__).resolve().parents[2] / "extension" / "lib" / "walker" / "walker.js"
# The journal as the walker sees it (axwatch.js's API), in the page's own world: it records
# what the walk asked, and says the <h1> changed.
FAKE_JOURNAL = """window.__asked = [];
globalThis.__axsnapAxWatch = {
  arm: () => { window.__asked.push('arm'); return 'T1'; },
  take: (t, known) => {
    window.__asked.push('take ' + t);
    window.__known = Array.isArray(known) ? known.map((r) => r.host.localName) : null;
    return ['ok', 'T2', 1, document.querySelector('h1')];
  },
};"""


def _walk(browser: Browser, journal: dict[str, Any]) -> dict[str, Any]:
    source = WALKER.read_text().replace("export function axsnapWalk", "function axsnapWalk")
    script = (f"{FAKE_JOURNAL}\nconst run = ({source})(arguments[0]);"
              " return JSON.stringify({journal: run.axJournal || null, asked: window.__asked,"
              " known: window.__known, tags: run.elements.map((r) => r.s)});")
    return json.loads(browser.run_in_target(script, {"axJournal": journal, "track": True,
                                                     "hold": True}))


def test_the_walk_takes_the_journal_only_in_a_document_up_to_max(browser: Browser,
                                                                   pages_url: str) -> None:
    browser.open(pages_url + "big.html?n=50")  # ~300 elements
    over = _walk(browser, {"take": None, "max": 100})
    assert over["journal"] is None and over["asked"] == []
    armed = _walk(browser, {"take": None, "max": 100_000})
    assert armed["journal"] == {"status": "armed", "token": "T1", "changed": 0}
    taken = _walk(browser, {"take": "T1", "max": 100_000})
    assert taken["asked"] == ["take T1"]
    journal = taken["journal"]
    assert (journal["status"], journal["token"], journal["changed"]) == ("ok", "T2", 1)
    # the records the journal's nodes touch: the changed <h1> (its self nodes: just it here)
    assert [taken["tags"][i] for i in journal["dirty"]] == ["h1"]


def test_the_journal_gets_the_shadow_roots_the_walk_found(browser: Browser,
                                                         pages_url: str) -> None:
    """The walk's scan of positioned boxes visits every element of a document that reaches
    past the window, and so meets its shadow roots: the journal is taken after the walk with
    them (axwatch.js then does not walk the document again for them)."""
    browser.open(pages_url + CASES_PAGE)
    browser.run_in_target(PAD)
    taken = _walk(browser, {"take": "T1", "max": 100_000})
    assert taken["asked"] == ["take T1"]
    assert taken["known"] == ["div"]  # the card: a plain element's open shadow root
