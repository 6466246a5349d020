"""What an element's inside reads as is kept for the walk's later text walks of the same kind
(issue 33, design note 153).

The walker (extension/lib/walker/walker.js) runs as a plain page script in real Chromium (no
extension) on tests/pages/walker/kept_insides.html: a rustdoc item list, each item a
<details> whose <summary> holds a heading with the signature's links and words. The page's
own DOM getters are counted by node through the walk; what the walk reports stays what it
was (the differential check of every page: scripts/compare_walkers.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import WHOLE_WALK, getter_counting_script, run_walker, walker_browser

# Each read of these getters, counted by the node it is read of.
COUNTING = getter_counting_script({"CharacterData": ["data"], "Element": ["localName"]})
# The words inside the signature's links and spans (not the heading's own words), and the
# links and spans themselves.
INNER = """
const m = window.__reads.get(arguments[0]) || new Map();
const els = [...document.querySelectorAll('h4 > *')];
const nodes = arguments[1] ? els : els.flatMap((e) => [...e.childNodes]);
return nodes.map((n) => m.get(n) || 0);
"""


@pytest.fixture(scope="module")
def walked(pages_url: str) -> Iterator[tuple[list[dict[str, Any]], dict[str, list[int]]]]:
    with walker_browser("axsnap-text-kept-") as d:
        d.get(f"{pages_url}walker/kept_insides.html")
        d.execute_script(COUNTING)
        elements = list(run_walker(d, WHOLE_WALK)["elements"])
        reads = {"data": d.execute_script(INNER, "data", False),
                 "localName": d.execute_script(INNER, "localName", True)}
        yield elements, reads


def test_a_summary_says_its_signature_and_is_named_by_it(walked: Any) -> None:
    elements, _ = walked
    summaries = [r for r in elements if "form" in (r.get("c") or [])]
    assert [r["tx"] for r in summaries] == [
        "pub fn splat(self, value: T) -> Simd<T, N>",
        "pub fn from_array(self, value: T) -> Simd<T, N>",
        "pub fn to_array(self, value: T) -> Array<T, N>",
        "pub fn load_or(self, value: T) -> Simd<T, N>"]
    assert [r.get("nm") for r in summaries] == [r["tx"] for r in summaries]
    # the details around each summary, read as a skeleton ancestor, says it and its docs
    assert any(r.get("tx") == "pub fn splat(self, value: T) -> Simd<T, N> Makes a new vector "
               "from item 0." for r in elements)


def test_the_words_of_a_signature_are_read_once_for_each_kind_of_walk(walked: Any) -> None:
    _, reads = walked
    # each word in a link or span of a signature: once for its element's own words
    # (visit.js ownText), once by the summary's shown text and once by its name; the details'
    # and the section's texts and the heading's words take the summary's inside as it was
    # read (the old walker read each such word 9 to 11 times)
    assert len(reads["data"]) == 24
    assert set(reads["data"]) == {3}, reads["data"]
    # and each link or span's tag at most four times (the old walker: 10-11)
    assert max(reads["localName"]) <= 4, reads["localName"]
