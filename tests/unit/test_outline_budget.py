"""Token budget (``max_tokens``) and the token counter, on recorded captures and on
generated line records."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.pipeline.outline.budget import fit_budget, priority
from axsnap_host.pipeline.outline.lines import OutlineLine
from axsnap_host.pipeline.outline.text import join_lines, line_text
from axsnap_host.pipeline.tokens import count_tokens, encoder, size_of
from host_harness import outline_of

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MARKER = re.compile(r"^ *… (\d+) nodes? elided(?: \((?P<why>.*)\))?$")


def outline(name: str = "compact", **options: Any) -> dict[str, Any]:
    data = json.loads((FIXTURES / f"outline_{name}.json").read_text(encoding="utf-8"))
    return outline_of(data, **options)


def markers(tree: str) -> list[re.Match[str]]:
    return [m for line in tree.splitlines() if (m := MARKER.match(line))]


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("budget", [100, 200, 350])
def test_budget_holds_and_markers_add_up(budget: int, compact: bool) -> None:
    whole = outline(compact=compact)
    result = outline(compact=compact, max_tokens=budget)
    tree = result["combinedTree"]
    assert count_tokens(tree) <= budget
    report = result["budget"]
    assert report["fits"] and report["tokens"] == count_tokens(tree) == result["budget"]["tokens"]
    assert report["tokens_before"] == count_tokens(whole["combinedTree"]) > budget
    found = markers(tree)
    kept = len(tree.splitlines()) - len(found)
    dropped = len(whole["combinedTree"].splitlines()) - kept
    assert sum(int(m[1]) for m in found) == dropped == report["elided"] > 0
    # what is left is a tree: each line at most one level below the one before
    depths = [(len(x) - len(x.lstrip(" "))) // 2 for x in tree.splitlines()]
    assert depths[0] == 0 and all(b <= a + 1 for a, b in itertools.pairwise(depths))
    # the maps only name lines that are still there
    assert all(f"[{key}]" in tree for key in result["combinedXpathMap"])


def test_a_budget_that_fits_changes_nothing() -> None:
    whole = outline(compact=True)
    result = outline(compact=True, max_tokens=100_000)
    assert result["combinedTree"] == whole["combinedTree"]
    assert result["budget"]["elided"] == 0 and result["budget"]["fits"]


def test_off_screen_text_goes_before_on_screen_controls() -> None:
    """The page's footer lies 1,600 px below the fold: it goes first; the controls at the
    top stay longest, before headings and text."""
    whole = outline()["combinedTree"]
    result = outline(max_tokens=350)["combinedTree"]
    assert "Far below the fold." in whole and "Far below the fold." not in result
    assert "link: Terms" not in result
    for control in ("link: Home", "button: Deep button", "textbox: Name", "checkbox: Email me"):
        assert control in result, control
    tight = outline(max_tokens=100)["combinedTree"]
    assert "link: Home" in tight and "Far below" not in tight
    why = " ".join(m["why"] or "" for m in markers(result))
    assert "offscreen" in why and "control" in why


def _synthetic(rows: int) -> list[OutlineLine]:
    """A table of ``rows`` rows (text cell, link, button, checkbox), half off screen."""
    lines = [OutlineLine("0-1", 0, "RootWebArea", "Big", "document"),
             OutlineLine("0-2", 1, "heading", "Catalog", "heading", parent=0),
             OutlineLine("0-3", 1, "table", "Catalog", "container", parent=0)]
    for r in range(rows):
        onscreen = r < rows // 2
        row = len(lines)
        lines.append(OutlineLine(f"0-r{r}", 2, "row", "", "structure", parent=2,
                                 onscreen=onscreen))
        lines.append(OutlineLine(f"0-c{r}", 3, "cell", f"Item {r}", "cell", parent=row,
                                 onscreen=onscreen))
        lines.append(OutlineLine(f"0-t{r}", 3, "StaticText", f"Details of item {r}", "text",
                                 parent=row, onscreen=onscreen))
        for kind, role in (("interactive", "link"), ("interactive", "button"),
                           ("interactive", "checkbox")):
            lines.append(OutlineLine(f"0-{role[0]}{r}", 3, role, f"{role} {r}", kind,
                                     parent=row, onscreen=onscreen))
    for line in lines:
        line.text = line_text(line, detail=False)
    return lines


@pytest.mark.parametrize("budget", [2_000, 8_000])
def test_budget_on_a_large_outline(budget: int) -> None:
    lines = _synthetic(3_000)
    parents = [x.parent for x in lines]
    out, report = fit_budget(lines, budget)
    assert [x.parent for x in lines] == parents  # the records it was given are untouched
    text = join_lines(out)
    assert count_tokens(text) <= budget and report["tokens"] <= budget
    assert report["tokens"] > budget * 0.8  # not far below: the budget is used
    dropped = len(lines) - sum(1 for x in out if not x.is_marker)
    assert sum(x.elided for x in out if x.is_marker) == dropped == report["elided"]
    kept = {x.key for x in out}
    # text goes before controls: no kept row lost a control while keeping its text
    for r in range(3_000):
        if f"0-t{r}" in kept:
            assert {f"0-l{r}", f"0-b{r}", f"0-c{r}"} <= kept
    # on-screen controls go last
    onscreen_controls = {x.key for x in lines if x.kind == "interactive" and x.onscreen}
    offscreen_kept = {x.key for x in out if x.kind == "interactive" and not x.onscreen}
    assert not offscreen_kept or onscreen_controls <= kept


def test_priorities_follow_the_rules() -> None:
    def line(kind: str, onscreen: bool, depth: int = 2) -> OutlineLine:
        return OutlineLine("0-9", depth, "x", "y", kind, parent=0, onscreen=onscreen)

    assert priority(line("interactive", False)) > priority(line("heading", True))
    assert priority(line("heading", True)) > priority(line("heading", False))
    assert priority(line("text", True)) > priority(line("interactive", False)) - 20
    assert priority(line("text", False, depth=9)) < priority(line("text", False, depth=2))
    assert priority(line("decorative", False)) < priority(line("text", False))
    assert priority(line("heading", False)) > priority(line("text", False))


def test_token_counter_loads_once_and_counts_long_text_whole() -> None:
    """The encoder loads once; a 500 KB outline is counted as one text. (Its speed is a
    benchmark's business: bench/bench_text.py.)"""
    assert encoder() is encoder()
    text = "\n".join(f"      [0-{i}] button: Add item {i} to the basket" for i in range(11_000))
    assert len(text) >= 500_000
    tokens = count_tokens(text)
    assert tokens == len(encoder().encode_ordinary(text)) > 100_000
    # a text longer than one counting piece is counted as if whole
    big = text * 3
    assert count_tokens(big) == len(encoder().encode_ordinary(big))
    assert size_of("é") == {"bytes": 2, "chars": 1, "tokens": count_tokens("é")}


def test_long_text_without_newlines_is_counted_exactly_in_pieces() -> None:
    """Compact JSON (a SnapshotV1) has no line ends: it is cut only after a letter that a
    non-letter follows, so the pieces' counts add up to the whole's, whatever the text."""
    records = [{"nodeId": f"0-{i}", "role": "button", "name": f"Café 購入 {i}'s item",
                "bbox": [i * 1.5, 2, 30, 40], "states": ["focusable"], "note": "  spaced  "}
               for i in range(12_000)]
    text = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    assert "\n" not in text and len(text) > 3 * 256_000
    assert count_tokens(text) == len(encoder().encode_ordinary(text))
    digits = "7" * 600_000  # no letter to cut after: cut at the window's end, close enough
    assert abs(count_tokens(digits) - len(encoder().encode_ordinary(digits))) <= 3
