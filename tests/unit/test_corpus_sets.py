"""bench/corpus/sets.py: SOURCES.md's sets and labels.json's held-out flags agree."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "corpus"
sys.path.insert(0, str(CORPUS))
from sets import disagreements, read_sets, report  # noqa: E402

SOURCES = """# bench/corpus
3 real pages (labelled in `labels.json`)

| page | source | license |
|---|---|---|
| tuned-a | x | MIT |

## The second held-out set (1 pages, added when the first was spent)

| page | source | license |
|---|---|---|
| old-b | x | MIT |

## The third held-out set (1 pages, added when the second was spent)

| page | source | license |
|---|---|---|
| new-c | x | MIT |
"""


def labels() -> dict[str, dict[str, Any]]:
    return {"tuned-a": {"held_out": False},
            "old-b": {"held_out": False, "spent_held_out": True},
            "new-c": {"held_out": True}}


def test_the_corpus_files_agree() -> None:
    sources = (CORPUS / "SOURCES.md").read_text("utf-8")
    pages = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    assert disagreements(sources, pages) == []
    held = {name for name, label in pages.items() if label.get("held_out")}
    assert held <= set(read_sets(sources)[-1].pages)


def test_matching_files_give_nothing_and_the_sets_in_order() -> None:
    assert disagreements(SOURCES, labels()) == []
    assert [s.pages for s in read_sets(SOURCES)] == [["tuned-a"], ["old-b"], ["new-c"]]
    assert [s.declared for s in read_sets(SOURCES)] == [None, 1, 1]


def test_a_set_left_unspent_when_the_next_came_is_named() -> None:
    flags = labels()
    flags["old-b"] = {"held_out": True}
    found = disagreements(SOURCES, flags)
    assert any(p.startswith("old-b: held_out, but not in the last set") for p in found)
    assert any(p.startswith("old-b: in 'The second held-out set") for p in found)


def test_a_last_set_neither_held_out_nor_spent_is_named() -> None:
    flags = labels()
    flags["new-c"] = {"held_out": False}
    assert disagreements(SOURCES, flags) == ["new-c: in the last set, not spent_held_out"]


def test_the_last_set_measured_and_spent_before_the_next_comes_agrees() -> None:
    flags = labels()
    flags["new-c"] = {"held_out": False, "spent_held_out": True}
    assert disagreements(SOURCES, flags) == []
    flags["old-b"] = {"held_out": False}
    assert disagreements(SOURCES, flags) == [
        "old-b: in 'The second held-out set (1 pages, added when the first was spent)', "
        "measured before, not spent_held_out"]


def test_a_last_set_partly_held_out_is_named() -> None:
    sources = SOURCES.replace("| new-c | x | MIT |", "| new-c | x | MIT |\n| new-d | x | MIT |")
    flags = {**labels(), "new-d": {"held_out": False}}
    found = disagreements(sources.replace("3 real pages", "4 real pages"), flags)
    assert "new-d: in the last set, not held_out" in found


def test_rows_labels_and_counts_that_differ_are_named() -> None:
    flags = labels()
    flags["extra-d"] = {"held_out": False}
    found = disagreements(SOURCES.replace("(1 pages, added when the first", "(2 pages, added "
                                          "when the first"), flags)
    assert "extra-d: labelled, no row in SOURCES.md" in found
    assert "SOURCES.md says 3 real pages, labels.json has 4" in found
    assert any("says 2 pages, its table has 1" in p for p in found)
    del flags["extra-d"], flags["tuned-a"]
    assert "tuned-a: a row in SOURCES.md, no label" in disagreements(SOURCES, flags)


def test_the_report_counts_flags_by_set_and_names_unlabelled_directories() -> None:
    out = report(SOURCES, labels(), {"tuned-a", "old-b", "new-c", "stray"})
    assert "| The second held-out set | 1 | 0 | 1 |" in out
    assert "| The third held-out set | 1 | 1 | 0 |" in out
    assert "flags agree" in out
    assert out.endswith("Page directories without a label (never read by the corpus run): stray")
