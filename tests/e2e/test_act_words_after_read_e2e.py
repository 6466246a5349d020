"""Fast path act_baseline_over_read (issue 32, "words cost one pass over the element model, not
a capture"): after an act, a DOM read of the unchanged page lists each element under the index
the act's kept baseline gives it, so that baseline stands across the read
(``timings.act_baseline_kept`` in the read's reply; the extension keeps its token). The next
act, by words or by the read's index, resolves on the baseline (``timings.baseline_kept``)
instead of capturing the page again, and its report compares with the baseline's elements.

Differential: "read, then act" with every fast path and with ``exact`` (a fresh capture before
every act) give the same results (the resolved target, the change report with its indices
added and removed) and the same DOM text of every read between (the registry's indices), a row
inserted between a read and the act included (the page changed: the act captures again).

A read wider than the act's window carries the baseline too (act40): on a page longer than
the act's window reaches (``?far``: a part 30,000 px down), a whole-page read
(``viewport_only: false``, or an outline page read with the DOM text beside it) lists every
element of the baseline under its index among more; the next act, by words, by an index the
read gave an element far outside the window, resolves on the baseline, and equals the exact act.

A read whose proof counted a change since the act (note 152: the page's title set after it,
no element changed, so the host still carries the baseline) drops the token at the read: the
next act captures at once (words) or looks its id up beside that capture (the read's index),
instead of a check that cannot stand, and equals the exact act.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from act_results import comparable, exact_and_fast
from baseline_inbox import INSERT_ROW_ABOVE, PAGE

from axsnap_host.client import Browser

# (the target: words, or ("index", label) for the read's index of that label; a script run
# between the read and the act; whether the act resolves on the kept baseline)
Step = tuple[Any, str | None, bool]

STEPS: list[Step] = [
    ("Select Quarterly report", None, False),  # the first act: nothing kept
    ("Select Invoice 2291", None, True),  # words after a DOM read: on the baseline
    (("index", "Star Invoice 2291"), None, True),  # the read's index: on the baseline
    ("Select Design review", INSERT_ROW_ABOVE, False),  # a row inserted after the read
    ("Star Lunch on Friday?", None, True),  # words again (the rows re-rendered since)
    ({"query": "Edit", "near": "Milestone"}, None, True),  # a relational target
    (("index", "Select Team offsite"), INSERT_ROW_ABOVE, False),
]


def _index_of(domtext: str, label: str) -> int:
    line = next(line for line in domtext.splitlines() if f'"{label}"' in line)
    return int(re.match(r"\s*\[(\d+)\]", line).group(1))  # type: ignore[union-attr]


# reads wider than the act's window (ACT_EXPAND_PX, extension/lib/act/route.js) on ?far
WHOLE_PAGE: dict[str, Any] = {"format": "domtext", "viewport_only": False}
OUTLINE_PAGE: dict[str, Any] = {"format": "outline", "scope": "page", "viewport_only": False,
                                "also_formats": ["domtext"]}

FAR_STEPS: list[Step] = [
    ("Select Quarterly report", None, False),  # the first act: nothing kept
    ("Select Invoice 2291", None, True),  # words after a whole-page read: on the baseline
    (("index", "Open archive"), None, True),  # the read's index of an element far down
    ("Sort archive", None, True),  # words, the window now far down (an outline page read)
    (("index", "Select Design review"), None, True),  # far up again, by the read's index
    ("Star Lunch on Friday?", INSERT_ROW_ABOVE, False),  # the page changed after the read
    ("Select Team offsite", None, True),
]


def _read(browser: Browser, exact: bool, options: dict[str, Any]) -> tuple[Any, ...]:
    """A read's DOM text and indices (the outline page read's from its DOM text beside it)
    and whether it kept the act's baseline."""
    result = browser.snapshot_raw(**options, exact=exact)["result"]
    dom = (result.get("also") or {}).get("domtext", result)
    return (dom["domtext"], dom["indices"]), (result.get("timings") or {}).get("act_baseline_kept")


def _run(browser: Browser, pages_url: str, exact: bool, page: str = PAGE,
         steps: list[Step] = STEPS, wide: bool = False) -> list[tuple[Any, ...]]:
    browser.open(f"{pages_url}{page}")
    out: list[tuple[Any, ...]] = []
    for n, (target, script, _) in enumerate(steps):
        domtext = ""
        if n:  # a DOM read between two acts: its text (the registry's indices) compared too
            options = (OUTLINE_PAGE if n == 3 else WHOLE_PAGE) if wide else {"format": "domtext"}
            read, kept = _read(browser, exact, options)
            domtext = read[0]
            out.append(("read", read, kept))
        if isinstance(target, tuple):
            assert domtext
            target = _index_of(domtext, target[1])
        if script:
            browser.run_in_target(script)
        result = browser.act(target, "click", exact=exact)
        assert result.ok, (n, result.error)
        out.append(("act", comparable(result), result.timings.get("baseline_kept")))
    final, _ = _read(browser, exact, WHOLE_PAGE if wide else {"format": "domtext"})
    out.append(("read", final, None))
    return out


def _assert_equal_and_kept(exact: list[tuple[Any, ...]], fast: list[tuple[Any, ...]],
                           steps: list[Step]) -> None:
    assert all(kept is None for *_, kept in exact), "an exact read or act kept a baseline"
    acts = [kept for kind, _, kept in fast if kind == "act"]
    assert acts == [1 if on_baseline else None for *_, on_baseline in steps], acts
    # every read after an act whose page had not changed since kept the act's baseline
    reads = [kept for kind, _, kept in fast if kind == "read"][:-1]
    assert reads == [1] * len(reads), reads
    for n, (want, got) in enumerate(zip(exact, fast, strict=True)):
        assert got[:2] == want[:2], f"{n}: the {want[0]} differs from the exact path's"


@pytest.mark.parametrize("first", ["exact", "fast"])
def test_read_then_act_on_the_kept_baseline_equals_the_exact_act(
        browser: Browser, pages_url: str, first: str) -> None:
    exact, fast = exact_and_fast(lambda exact: _run(browser, pages_url, exact), first)
    _assert_equal_and_kept(exact, fast, STEPS)
    # the act after the row inserted acted on the read's element (the same node either way)
    checked = browser.run_in_target(
        "return [...document.querySelectorAll('#list input:checked')]"
        ".map((i) => i.getAttribute('aria-label'))")
    assert "Select Team offsite" in checked, checked


@pytest.mark.parametrize("first", ["exact", "fast"])
def test_a_read_wider_than_the_act_window_carries_the_baseline(
        browser: Browser, pages_url: str, first: str) -> None:
    exact, fast = exact_and_fast(
        lambda exact: _run(browser, pages_url, exact, f"{PAGE}?far", FAR_STEPS, wide=True), first)
    # the reads listed more than the act's window: the archive's buttons, 30,000 px down
    first_read = next(read for kind, read, _ in fast if kind == "read")[0]
    assert '"Open archive"' in first_read, first_read
    _assert_equal_and_kept(exact, fast, FAR_STEPS)
    # the act by the read's index clicked the element far outside the window
    assert browser.run_in_target(
        "return document.getElementById('far-state').textContent") == "open"


# (the target, then the title the page sets after that act, before the next read)
CHANGED_STEPS: list[tuple[Any, str]] = [
    ("Select Quarterly report", "Inbox 1"),
    ("Select Invoice 2291", "Inbox 2"),
    (("index", "Star Invoice 2291"), "Inbox 3"),
    ("Star Lunch on Friday?", ""),
]


def _run_changed(browser: Browser, pages_url: str, exact: bool) -> list[tuple[Any, ...]]:
    """Acts, and between two a change no element shows (the title) and then a DOM read."""
    browser.open(f"{pages_url}{PAGE}")
    out: list[tuple[Any, ...]] = []
    domtext = ""
    for target, title in CHANGED_STEPS:
        if isinstance(target, tuple):
            target = _index_of(domtext, target[1])
        result = browser.act(target, "click", exact=exact)
        assert result.ok, (target, result.error)
        timings = result.timings
        out.append(("act", comparable(result), (timings.get("baseline_kept"),
                                               timings.get("capture_at_once"),
                                               timings.get("capture_beside_lookup"))))
        if title:
            browser.run_in_target(f"document.title = {title!r}")
            read, kept = _read(browser, exact, {"format": "domtext"})
            domtext = read[0]
            out.append(("read", read, kept))
    return out


@pytest.mark.parametrize("first", ["exact", "fast"])
def test_a_read_after_a_change_since_the_act_drops_the_baseline_at_once(
        browser: Browser, pages_url: str, first: str) -> None:
    """The page changed after an act in a way no element shows (its title): the DOM read after
    still lists the baseline's elements (the host carries it: ``act_baseline_kept``), but its
    proof counted the change, so the extension drops the token at the read (note 152) and the
    next act captures at once (words) or looks its id up beside that capture (the read's
    index), instead of a check that cannot stand; every act and read equals the exact one."""
    exact, fast = exact_and_fast(lambda exact: _run_changed(browser, pages_url, exact), first)
    for n, (want, got) in enumerate(zip(exact, fast, strict=True)):
        assert got[:2] == want[:2], f"{n}: the {want[0]} differs from the exact path's"
    reads = [kept for kind, _, kept in fast if kind == "read"]
    assert reads == [1, 1, 1], reads  # the host carried the baseline across each read
    acts = [ways for kind, _, ways in fast if kind == "act"]
    # the first act: nothing kept; words: captured at once; the index: beside its lookup
    assert acts[1:] == [(None, 1, None), (None, None, 1), (None, 1, None)], acts
