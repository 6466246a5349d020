"""Fast path act_baseline_at_read (issue 32, "words cost one pass over the element model, not
a capture"; design notes 174 and 199): a whole-page DOM read (``viewport_only: false``) of a
tab with no act baseline standing keeps one: the extension's witness is the read's own proof
and click listeners (read before its capture), and the host keeps the read's capture with its
elements as the act would have built them (the by-nature ``clickable`` reasons of the walk's
path dropped), its page facts and relational anchors, while the whole page lies inside the
act's window (20,000 px past the viewport), or, on a longer page, its walk cut to that window
by the walker's own marks (design note 211). The read's reply says
``timings.act_baseline_at_read``. The next act, by words, resolves on it with no capture
before its input (``timings.baseline_kept``, no ``capture_before_ms``).

Differential: every act equals the same act with ``exact`` (the act captures its window first)
on the same page and the same steps: words, a relational target, words that match nothing; a
row inserted above between the read and the act (the check fails, the act captures, the answer
is still the exact one); a page longer than the act's window with a twin of the target below
it, and rows above and below the viewport's fold (the read's walk cut to the act's window is
kept: the act resolves on it, and its window's one match is acted on), with the same row
inserted above (the act captures), and a target that lies only past the act's window.
"""

from __future__ import annotations

from typing import Any

import pytest
from act_results import comparable, exact_and_fast
from baseline_inbox import INSERT_ROW_ABOVE, PAGE

from axsnap_host.client import Browser

WHOLE_PAGE: dict[str, Any] = {"format": "domtext", "viewport_only": False}
# a page longer than the act's window, a twin of "Sync later" 30,000 px down, rows below the fold
LONG = f"{PAGE}?far&twin&fold"


# (the target, a script run between the read and the act, whether the read kept a baseline,
# whether the act resolved on it)
Case = tuple[Any, str | None, bool, bool]
# a case whose page had an act first, then changed (its title) before the read: the act's
# baseline can no longer stand, and the read keeps its own
AFTER_AN_ACT = {"changed_since_an_act"}

CASES: dict[str, tuple[str, Case]] = {
    "words": (PAGE, ("Select Invoice 2291", None, True, True)),
    "changed_since_an_act": (PAGE, ("Star Lunch on Friday?", None, True, True)),
    "relational": (PAGE, ({"query": "Edit", "near": "Milestone"}, None, True, True)),
    "no_match": (PAGE, ("Zebra crossing", None, True, True)),
    "row_inserted_above": (PAGE, ("Select Design review", INSERT_ROW_ABOVE, True, False)),
    # the page reaches past the act's window: its walk cut to that window is kept at the read
    # (note 211), and the act resolves on it; its window holds one "Sync later" (the twin lies
    # 30,000 px down)
    "twin_off_window": (f"{PAGE}?far&twin", ("Sync later", None, True, True)),
    # the same long page with rows above and below the viewport's fold
    "long_row_above_fold": (LONG, ("Select Invoice 2291", None, True, True)),
    "long_row_below_fold": (LONG, ("Select Older mail 38", None, True, True)),
    "long_relational": (LONG, ({"query": "Edit", "near": "Milestone"}, None, True, True)),
    "long_row_inserted_above": (LONG, ("Select Older mail 38", INSERT_ROW_ABOVE, True, False)),
    # only past the act's window: the act finds nothing there, on the read's baseline too
    "long_only_off_window": (LONG, ("Sort archive", None, True, True)),
}


def _run(browser: Browser, pages_url: str, exact: bool, page: str, case: Case,
         first_act: bool = False) -> list[tuple[Any, ...]]:
    """Open the page (act on it and change its title, if ``first_act``), read it whole, maybe
    change it, act on it; then the act's result and a read of the page after, each with the
    timings that say which way it went."""
    target, script, _, _ = case
    browser.open(f"{pages_url}{page}")
    if first_act:
        assert browser.act("Select Quarterly report", "click", exact=exact).ok
        browser.run_in_target("document.title = 'Inbox, changed'")
    reply = browser.snapshot_raw(**WHOLE_PAGE, exact=exact)
    read = reply["result"]
    kept_at_read = (read.get("timings") or {}).get("act_baseline_at_read")
    if script:
        browser.run_in_target(script)
    result = browser.act(target, "click", exact=exact)
    after = browser.snapshot_raw(**WHOLE_PAGE, exact=True)["result"]
    timings = result.timings
    return [("read", read["domtext"], kept_at_read),
            ("act", comparable(result), (timings.get("baseline_kept"),
                                         "capture_before_ms" in timings)),
            ("after", after["domtext"], None)]


@pytest.mark.parametrize("first", ["exact", "fast"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_an_act_after_a_whole_page_read_equals_the_exact_act(
        browser: Browser, pages_url: str, name: str, first: str) -> None:
    page, case = CASES[name]
    _, _, kept_at_read, on_read = case
    exact, fast = exact_and_fast(
        lambda exact: _run(browser, pages_url, exact, page, case, name in AFTER_AN_ACT), first)
    for n, (want, got) in enumerate(zip(exact, fast, strict=True)):
        assert got[:2] == want[:2], f"{name} {n}: the {want[0]} differs from the exact path's"
    assert exact[0][2] is None and exact[1][2] == (None, True), exact  # exact keeps nothing
    assert fast[0][2] == (1 if kept_at_read else None), (name, fast[0][2])
    # on the read's baseline: no capture before the input; else the act captured first
    assert fast[1][2] == ((1, False) if on_read else (None, True)), (name, fast[1][2])


def test_the_near_one_of_two_twins_is_acted_on(browser: Browser, pages_url: str) -> None:
    """The twin off the act's window is not in what the act ranks, after a whole-page read
    that listed both: the near "Sync later" is clicked, not refused as ambiguous."""
    browser.open(f"{pages_url}{PAGE}?far&twin")
    read = browser.snapshot_raw(**WHOLE_PAGE)["result"]
    assert read["domtext"].count('"Sync later"') == 2, read["domtext"]
    result = browser.act("Sync later", "click")
    assert result.ok, result.error
    assert browser.run_in_target(
        "return [document.getElementById('sync').textContent,"
        " document.getElementById('far-sync').textContent]") == ["Syncing…", "idle"]
