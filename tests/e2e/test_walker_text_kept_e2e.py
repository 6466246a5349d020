"""A rustdoc signature read by several text walks says the same in each (issue 33, design
notes 153 and 158).

The walker (extension/lib/walker/walker.js) runs as a plain page script in real Chromium (no
extension) on tests/pages/walker/kept_insides.html: a rustdoc item list, each item a
<details> whose <summary> holds a heading with the signature's links and words. The summary's
shown text, its name and the details' text around it each walk the signature (note 153 kept
what one walk read for the next; note 158 took that back, as it cost more than it saved).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import WHOLE_WALK, run_walker, walker_browser


@pytest.fixture(scope="module")
def walked(pages_url: str) -> Iterator[list[dict[str, Any]]]:
    with walker_browser("axsnap-text-kept-") as d:
        d.get(f"{pages_url}walker/kept_insides.html")
        yield list(run_walker(d, WHOLE_WALK)["elements"])


def test_a_summary_says_its_signature_and_is_named_by_it(walked: Any) -> None:
    elements = walked
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
