"""Fast path act_id_lookup (issue 32, "resolving an id costs a lookup"): an act after a read
names its target by an index of that read's DOM text, an element id of its outline or a
semantic id; the host looks it up on the tab's kept elements (no capture), and the act finds
the node and starts its watch while the capture before is walked, the input waiting for that
capture, which the host resolves exactly behind it (``timings.id_lookup``). Every act's
result equals the same act's with ``exact``, also when the page changed between the read and
the act (a row inserted above the target: the same element is acted on), and words still
resolve on the capture (no lookup): after a DOM read (the host's elements rebuilt, no baseline
to try) the capture starts at once, the host asked nothing before it
(``timings.capture_at_once``, note 114). An index or an id with no act baseline kept (after a
DOM read the extension drops its token too) starts the capture before beside the host's
lookup, not after its answer (``timings.capture_beside_lookup``, note 109); after an outline
read the last act's baseline may stand, so nothing is captured before the answer.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from act_results import comparable, exact_and_fast
from baseline_inbox import INSERT_ROW_ABOVE, PAGE

from axsnap_host.client import Browser


def _index_of(browser: Browser, label: str, exact: bool) -> int:
    dom = browser.snapshot(format="domtext", exact=exact)
    line = next(line for line in dom.domtext.splitlines() if f'"{label}"' in line)
    return int(re.match(r"\s*\[(\d+)\]", line).group(1))  # type: ignore[union-attr]


def _id_of(browser: Browser, label: str, exact: bool) -> str:
    outline = browser.snapshot(format="outline", exact=exact)
    line = next(line for line in outline.combinedTree.splitlines() if line.endswith(label))
    return re.search(r"\[(\d+-\d+)\]", line).group(1)  # type: ignore[union-attr]


# (how the target is named, label, action, script; a script that starts with "!" runs before
# the read, else between the read and the act)
Step = tuple[str, str, str, str | None]

STEPS: list[Step] = [
    ("index", "Select Quarterly report", "click", None),
    ("id", "Star Invoice 2291", "click", None),
    # the page changed between the read and the act: the same element is acted on
    ("id", "Select Invoice 2291", "click", INSERT_ROW_ABOVE),
    ("index", "Select Design review", "click", INSERT_ROW_ABOVE),
    # words after a read of a changed page (the last act's baseline does not stand across it:
    # act_baseline_over_read): resolved on the capture
    ("words", "Select Team offsite", "click", "!" + INSERT_ROW_ABOVE),
    ("id", "Edit", "click", None),  # the Milestone's Edit (the first listed)
]


def _run(browser: Browser, pages_url: str, exact: bool) -> list[tuple[Any, Any, Any, Any, Any]]:
    browser.open(f"{pages_url}{PAGE}")
    out = []
    for how, label, action, script in STEPS:
        target: str | int = label
        if script and script.startswith("!"):
            browser.run_in_target(script[1:])
            script = None
        if how == "index":
            target = _index_of(browser, label, exact)
        elif how == "id":
            target = _id_of(browser, label, exact)
        else:
            _index_of(browser, label, exact)  # read (the host's elements rebuilt), act by words
        if script:
            browser.run_in_target(script)
        result = browser.act(target, action, exact=exact)
        assert result.ok, (how, label, result.error)
        checked = browser.run_in_target(
            "return [...document.querySelectorAll('#list input:checked')]"
            ".map((i) => i.getAttribute('aria-label'))")
        # how the target was resolved without a capture first: looked up, or on the last
        # act's kept report (an outline read rebuilds no elements: act_baseline may stand)
        looked = "id_lookup" if result.timings.get("id_lookup") else \
            "baseline_kept" if result.timings.get("baseline_kept") else None
        out.append((comparable(result), looked, checked, result.timings.get("capture_at_once"),
                    result.timings.get("capture_beside_lookup")))
    return out


@pytest.mark.parametrize("first", ["exact", "fast"])
def test_an_act_after_a_read_looks_its_id_up_and_equals_the_exact_act(
        browser: Browser, pages_url: str, first: str) -> None:
    exact, fast = exact_and_fast(lambda exact: _run(browser, pages_url, exact), first)
    assert all(looked is None for _, looked, *_ in exact), "an exact act looked its target up"
    for (how, label, _, _), (_, looked, *_) in zip(STEPS, fast, strict=True):
        assert (looked is not None) == (how != "words"), (how, label, looked)
    # the acts after a read that rebuilt the host's elements (DOM text), or a change since
    assert [looked for _, looked, *_ in fast][2:4] == ["id_lookup", "id_lookup"]
    # words after a DOM read: no baseline to try, nothing to look up: the capture at once
    # (an exact act captures at once as ever, and says nothing of it)
    assert [at_once for *_, at_once, _ in fast] == [None, None, None, None, 1, None]
    # an index after a DOM read with no baseline kept: the capture before went beside the
    # lookup; after an outline read, or a DOM read the last act's baseline stood across
    # (act_baseline_over_read), that baseline may stand: nothing is captured before the answer
    assert [beside for *_, beside in fast] == [1, None, None, None, None, None]
    assert all(at_once is None and beside is None for *_, at_once, beside in exact)
    for n, ((want, _, want_checked, *_), (got, _, got_checked, *_)) in enumerate(
            zip(exact, fast, strict=True)):
        assert got == want, f"act {n} ({STEPS[n][:2]}) differs from the exact act"
        assert got_checked == want_checked, n
    # the row inserted above moved nothing: the read's element was the one acted on
    assert fast[2][2] == ["Select Quarterly report", "Select Invoice 2291"]
    assert "Select Design review" in fast[3][2] and "Select Inserted mail" not in fast[3][2]
