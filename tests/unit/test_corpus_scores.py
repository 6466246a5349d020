"""bench/corpus/scores.py: each held-out set's one score, and the pooled figure, from the files."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "corpus"
sys.path.insert(0, str(CORPUS))
from scores import ordinal, percent, report, scores  # noqa: E402

SOURCES = """# bench/corpus
4 real pages (labelled in `labels.json`)

| page | source | license |
|---|---|---|
| tuned-a | x | MIT |
| first-a | x | MIT |

## The second held-out set (1 pages, added when the first was spent)

The first held-out set (1 pages) was scored once (page type 1/1 from the default read).

| page | source | license |
|---|---|---|
| old-b | x | MIT |

## The third held-out set (2 pages, added when the second was spent)

The second held-out set (1 pages) was scored once (page type 0/1 from the default read).

| page | source | license |
|---|---|---|
| new-c | x | MIT |
| new-d | x | MIT |
"""


def labels(third: str = "held_out") -> dict[str, dict[str, Any]]:
    return {"tuned-a": {}, "first-a": {"spent_held_out": True},
            "old-b": {"spent_held_out": True},
            "new-c": {third: True}, "new-d": {third: True}}


def test_ordinal_words_past_the_hundreds() -> None:
    assert [ordinal(w) for w in ("first", "twelfth", "twentieth", "twenty-first",
                                 "thirty-ninth", "forty-second", "fiftieth", "fifty-first",
                                 "sixty-ninth", "seventieth", "seventy-first", "seventy-ninth",
                                 "eightieth", "eighty-first", "ninetieth", "ninety-ninth")] == [
        1, 12, 20, 21, 39, 42, 50, 51, 69, 70, 71, 79, 80, 81, 90, 99]
    assert [ordinal(w) for w in ("one-hundredth", "one-hundred-first", "one-hundred-twelfth",
                                 "one-hundred-twenty-first")] == [100, 101, 112, 121]
    assert ordinal("zeroth") is None and ordinal("twenty-twelfth") is None
    assert ordinal("one-hundred-hundredth") is None and ordinal("one-hundred-") is None
    # (the two-hundredth set and those after it: their scores count in the pooled figure)
    assert [ordinal(w) for w in ("one-hundred-ninety-ninth", "two-hundredth", "two-hundred-first",
                                 "two-hundred-third", "two-hundred-forty-second")] == [
        199, 200, 201, 203, 242]
    assert ordinal("two-hundred-one-hundred-first") is None and ordinal("twelve-hundredth") is None


def test_percent_rounds_halves_up() -> None:
    assert [percent(25, 29), percent(14, 21), percent(1, 8), percent(3, 8)] == [86, 67, 13, 38]


def test_scores_from_both_files_pool_and_agree() -> None:
    about = "The third held-out set (2 pages) was scored once on 2026-12-01 " \
            "(page type 1/2 from the default read, history)."
    by_number, problems = scores(SOURCES, about, labels("spent_held_out"))
    assert problems == []
    assert {n: (s.right, s.total) for n, s in by_number.items()} == {1: (1, 1), 2: (0, 1),
                                                                      3: (1, 2)}
    text = report(by_number, problems)
    assert "Pooled over 3 sets: 2/4 = 50%" in text
    assert "Newest first: 50%, 0%, 100%" in text


def test_a_set_still_held_out_has_no_score_and_is_not_pooled() -> None:
    by_number, problems = scores(SOURCES, "", labels())
    assert problems == [] and sorted(by_number) == [1, 2]
    assert "Pooled over 2 sets: 1/2 = 50%" in report(by_number, problems)


def test_disagreements_are_named() -> None:
    # a spent third set without a score
    assert scores(SOURCES, "", labels("spent_held_out"))[1] == [
        "set 3: spent, but no score is written down"]
    # a score for a set still held out, on the wrong number of pages
    about = "The third held-out set (3 pages) was scored once (page type 2/3 from the " \
            "default read)."
    assert scores(SOURCES, about, labels())[1] == [
        "set 3: scored on 3 pages, SOURCES.md lists 2",
        "set 3: scored, but its pages are not all spent"]
    # the two files give the second set two scores
    about = "The second held-out set (1 pages) was scored once (page type 1/1 from the " \
            "default read)."
    assert scores(SOURCES, about, labels())[1] == ["set 2: scored 0/1 and 1/1"]


def test_pages_removed_after_the_score_still_count_as_scored() -> None:
    about = "The third held-out set (3 pages) was scored once (page type 2/3 from the " \
            "default read)."
    said = SOURCES + "\nOf the third held-out set, 1 pages were removed after it was scored.\n"
    assert scores(said, about, labels("spent_held_out"))[1] == []
    said = SOURCES + "\nOf the third held-out set, 2 pages were removed after it was scored.\n"
    assert scores(said, about, labels("spent_held_out"))[1] == [
        "set 3: scored on 3 pages, SOURCES.md lists 4"]


def test_the_real_files_agree_and_the_first_24_sets_pool_as_the_readme_says() -> None:
    written = json.loads((CORPUS / "labels.json").read_text("utf-8"))
    sources = (CORPUS / "SOURCES.md").read_text("utf-8")
    by_number, problems = scores(sources, written["_about"], written["pages"])
    assert problems == []
    first = [by_number[n] for n in range(1, 25)]
    assert (sum(s.right for s in first), sum(s.total for s in first)) == (494, 615)
    assert sorted(by_number) == list(range(1, len(by_number) + 1))
