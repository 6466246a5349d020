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
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from act_results import comparable, exact_and_fast

from axsnap_host.client import Browser

PAGE = "act/baseline/inbox.html"

INSERT_ROW_ABOVE = """
  const row = document.createElement('div');
  row.className = 'row';
  row.setAttribute('role', 'listitem');
  row.innerHTML = '<input type="checkbox" aria-label="Select Inserted mail"><span>Inserted</span>';
  document.getElementById('list').prepend(row);
"""

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


def _run(browser: Browser, pages_url: str, exact: bool) -> list[tuple[Any, ...]]:
    browser.open(f"{pages_url}{PAGE}")
    out: list[tuple[Any, ...]] = []
    for n, (target, script, _) in enumerate(STEPS):
        read = None
        if n:  # a DOM read between two acts: its text (the registry's indices) compared too
            read = browser.snapshot(format="domtext", exact=exact)
            out.append(("read", (read.domtext, read.indices),
                        (read.raw.get("timings") or {}).get("act_baseline_kept")))
        if isinstance(target, tuple):
            assert read is not None
            target = _index_of(read.domtext or "", target[1])
        if script:
            browser.run_in_target(script)
        result = browser.act(target, "click", exact=exact)
        assert result.ok, (n, result.error)
        out.append(("act", comparable(result), result.timings.get("baseline_kept")))
    final = browser.snapshot(format="domtext", exact=exact)
    out.append(("read", (final.domtext, final.indices), None))
    return out


@pytest.mark.parametrize("first", ["exact", "fast"])
def test_read_then_act_on_the_kept_baseline_equals_the_exact_act(
        browser: Browser, pages_url: str, first: str) -> None:
    exact, fast = exact_and_fast(lambda exact: _run(browser, pages_url, exact), first)
    assert all(kept is None for *_, kept in exact), "an exact read or act kept a baseline"
    acts = [kept for kind, _, kept in fast if kind == "act"]
    assert acts == [1 if on_baseline else None for *_, on_baseline in STEPS], acts
    # every read after an act whose page had not changed since kept the act's baseline
    reads = [kept for kind, _, kept in fast if kind == "read"][:-1]
    assert reads == [1] * len(reads), reads
    for n, (want, got) in enumerate(zip(exact, fast, strict=True)):
        assert got[:2] == want[:2], f"{n}: the {want[0]} differs from the exact path's"
    # the act after the row inserted acted on the read's element (the same node either way)
    checked = browser.run_in_target(
        "return [...document.querySelectorAll('#list input:checked')]"
        ".map((i) => i.getAttribute('aria-label'))")
    assert "Select Team offsite" in checked, checked
