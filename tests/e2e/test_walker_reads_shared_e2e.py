"""What the controls side by side share is read once a walk (issue 33, design note 149).

The walker (extension/lib/walker/walker.js) runs as a plain page script in real Chromium (no
extension) on tests/pages/walker/shared_reads.html: a line of code holding eight links (a
rustdoc signature), a row of six segmented buttons one of which a class marks active, and a
link holding 300 words. The page's own DOM getters are counted by node through the walk;
what the walk reports stays what it was (the differential check of every page:
scripts/compare_walkers.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import WHOLE_WALK, getter_counting_script, run_walker, walker_browser

# Each read of these getters, counted by the node it is read of.
COUNTING = getter_counting_script({
    "Node": ["nextSibling", "previousSibling", "nodeType", "textContent"],
    "Element": ["className", "nextElementSibling"]})
RESET = "window.__reads.clear();"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-reads-shared-") as d:
        yield d


@pytest.fixture
def page(driver: Any, pages_url: str) -> Any:
    driver.get(f"{pages_url}walker/shared_reads.html")
    driver.execute_script(COUNTING)
    return driver


def reads_of(driver: Any, name: str, selector: str) -> list[int]:
    """How many times the walk read getter `name` of each element `selector` matches."""
    return driver.execute_script(
        "const m = window.__reads.get(arguments[0]) || new Map();"
        "return [...document.querySelectorAll(arguments[1])].map((e) => m.get(e) || 0);",
        name, selector)


def records(driver: Any) -> list[dict[str, Any]]:
    driver.execute_script(RESET)
    return list(run_walker(driver, WHOLE_WALK)["elements"])


def test_the_links_of_a_line_of_code_read_its_words_once(page: Any) -> None:
    links = [r for r in records(page) if (r.get("a") or {}).get("href", "").startswith("#t")]
    assert len(links) == 8
    # each link still carries its line's words
    assert {r.get("ptx") for r in links} == {
        "pub fn map<U, F>(self, f: F) -> Option<U> where F: FnOnce"}
    # the line's words are read once for all its links: its text walk (text.js parentWords,
    # note 327) steps over each link once, the walk of the tree and the link's own text the
    # other two reads; the old walker read the line's textContent once for every link in it
    assert reads_of(page, "nextSibling", "#sigcode > a") == [3] * 8
    assert reads_of(page, "textContent", "#sigcode") == [0]


def test_a_row_of_buttons_reads_its_siblings_classes_once(page: Any) -> None:
    buttons = [r for r in records(page) if r.get("tx") in
               ("Day", "Week", "Month", "Year", "Decade", "All")]
    assert len(buttons) == 6
    # the one a class marks active is still the selected one of its row
    assert {r["tx"]: (r.get("st") or {}).get("selected") for r in buttons} == {
        "Day": False, "Week": True, "Month": False, "Year": False, "Decade": False, "All": False}
    # whether the row has one active button is asked once: each button's next sibling is read
    # once for it, and once more by the walk stepping to it along the sibling links (tree.js
    # walkChildren, note 201); the old walker read it for every button of the row, six each
    assert reads_of(page, "nextElementSibling", "#seg > button") == [2] * 6


def test_a_controls_text_walk_reads_no_word_past_its_bound(page: Any) -> None:
    link = next(r for r in records(page) if (r.get("a") or {}).get("id") == "long")
    assert link["tx"].startswith("word0 word1 word2") and len(link["tx"]) <= 120
    # the text walks stop at their bound and read nothing of the spans past it: only the
    # link's own text (visit.js ownText) steps over each of them, once (the old walker also
    # read every span's previous sibling and node type in each of its five text walks)
    late = {name: set(reads_of(page, name, "#long > span:nth-child(n+100)"))
            for name in ("nextSibling", "previousSibling", "nodeType")}
    assert late == {"nextSibling": {1}, "previousSibling": {0}, "nodeType": {1}}, late
