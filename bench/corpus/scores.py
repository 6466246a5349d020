"""Each held-out set's one page-type score, and the pooled figure the README quotes.

A held-out set is measured once (bench/results/semantic_corpus_history.md keeps the report).
Its score is then written down in words twice: in labels.json's ``_about`` when the set is
marked spent, and in SOURCES.md's section for the next set ("The twenty-fourth held-out set
(29 pages) was scored once (page type 25/29 from the default read)"). This reads both, checks
them against each other and against the sets SOURCES.md lists (``sets.py``), and prints each
set's score, newest first, and the pooled score over every set measured:

    .venv/bin/python bench/corpus/scores.py   # exit 1 on any disagreement

A disagreement: the two files give one set two scores; a score's pages are not the set's (less
the pages SOURCES.md says were removed after the score: "Of the twenty-ninth held-out set, 11
pages were removed after it was scored"); a set whose pages are all spent has no score; a set
still held out has one.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sets import CORPUS, read_sets

_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
          "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
          "seventeenth", "eighteenth", "nineteenth"]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_HUNDREDS = {"one": 100, "two": 200, "three": 300, "four": 400, "five": 500}
_TENTHS = {"twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
           "seventieth": 70, "eightieth": 80, "ninetieth": 90}
_SCORED = re.compile(r"The ([a-z]+(?:-[a-z]+)*) held-out set \((\d+) pages[^)]*\) was scored "
                     r"once(?: on [0-9-]+)? \(page type (\d+)/(\d+) from the default read")
_REMOVED = re.compile(r"Of the ([a-z]+(?:-[a-z]+)*) held-out set, (\d+) pages were removed "
                      r"after it was scored")
_ORDINAL_TITLE = re.compile(r"^The ([a-z]+(?:-[a-z]+)*) held-out set \(")


def ordinal(word: str) -> int | None:
    """The number an English ordinal word names ("twenty-first" -> 21, "one-hundred-third" ->
    103, "two-hundredth" -> 200), None if none."""
    head, hundred, rest = word.partition("-hundred")
    if hundred:  # "one-hundredth", "two-hundred-first"
        if head not in _HUNDREDS:
            return None
        if rest == "th":
            return _HUNDREDS[head]
        below = ordinal(rest[1:]) if rest.startswith("-") else None
        return None if below is None or below >= 100 else _HUNDREDS[head] + below
    if word in _UNITS:
        return _UNITS.index(word) + 1
    if word in _TENTHS:
        return _TENTHS[word]
    tens, _, unit = word.partition("-")
    if tens in _TENS and unit in _UNITS[:9]:
        return _TENS[tens] + _UNITS.index(unit) + 1
    return None


@dataclass(frozen=True)
class Score:
    """One set's page type from the default read, as the files write it down."""

    number: int
    pages: int
    right: int
    total: int


def written_scores(text: str) -> list[Score]:
    """Every "The N-th held-out set (K pages) was scored once (page type X/Y ..." in a text."""
    found = []
    for word, pages, right, total in _SCORED.findall(text):
        number = ordinal(word)
        if number is not None:
            found.append(Score(number, int(pages), int(right), int(total)))
    return found


def numbered_sets(sources: str) -> dict[int, list[str]]:
    """Each held-out set's number and pages, from SOURCES.md's sections. The first set shares
    the first table with the tuning pages, so only its score's own "(13 pages" says its size."""
    numbered = {}
    for corpus_set in read_sets(sources)[1:]:
        title = _ORDINAL_TITLE.match(corpus_set.title)
        number = ordinal(title.group(1)) if title else None
        if number is not None:
            numbered[number] = corpus_set.pages
    return numbered


def removed_after_score(sources: str) -> dict[int | None, int]:
    """How many pages each set lost after its score, as SOURCES.md says it."""
    return {ordinal(word): int(count) for word, count in _REMOVED.findall(sources)}


def scores(sources: str, about: str,
           labels: dict[str, dict[str, Any]]) -> tuple[dict[int, Score], list[str]]:
    """Each measured set's score by number, and every disagreement between the files."""
    problems: list[str] = []
    by_number: dict[int, Score] = {}
    for score in written_scores(sources) + written_scores(about):
        kept = by_number.setdefault(score.number, score)
        if kept != score:
            problems.append(f"set {score.number}: scored {kept.right}/{kept.total} and "
                            f"{score.right}/{score.total}")
    numbered = numbered_sets(sources)
    removed = removed_after_score(sources)
    for number, score in sorted(by_number.items()):
        if score.total != score.pages or score.right > score.total:
            problems.append(f"set {number}: {score.right}/{score.total} on {score.pages} pages")
        listed = len(numbered.get(number, [])) + removed.get(number, 0)
        if number in numbered and listed != score.total:
            problems.append(f"set {number}: scored on {score.total} pages, SOURCES.md lists "
                            f"{listed}")
    for number, pages in sorted(numbered.items()):
        flags = [labels.get(name, {}) for name in pages]
        measured = bool(flags) and all(f.get("spent_held_out") for f in flags)
        if measured and number not in by_number:
            problems.append(f"set {number}: spent, but no score is written down")
        if not measured and number in by_number:
            problems.append(f"set {number}: scored, but its pages are not all spent")
    return by_number, problems


def percent(right: int, total: int) -> int:
    """A share as the README writes it: a whole percent, halves up."""
    return (200 * right + total) // (2 * total)


def report(by_number: dict[int, Score], problems: list[str]) -> str:
    """Each set's score, newest first, the pooled figure, and any disagreement."""
    lines = ["| set | pages | page type, default read |", "|--:|--:|--:|"]
    for number in sorted(by_number, reverse=True):
        s = by_number[number]
        lines.append(f"| {number} | {s.pages} | {s.right}/{s.total} = "
                     f"{percent(s.right, s.total)}% |")
    right = sum(s.right for s in by_number.values())
    total = sum(s.total for s in by_number.values())
    lines.append("")
    if total:
        lines.append(f"Pooled over {len(by_number)} sets: {right}/{total} = "
                     f"{percent(right, total)}%")
        lines.append("Newest first: " + ", ".join(
            f"{percent(by_number[n].right, by_number[n].total)}%"
            for n in sorted(by_number, reverse=True)))
    lines += [f"- {p}" for p in problems] or ["The scores agree with each other and the sets."]
    return "\n".join(lines)


def main() -> int:
    sources = (CORPUS / "SOURCES.md").read_text("utf-8")
    written = json.loads((CORPUS / "labels.json").read_text("utf-8"))
    by_number, problems = scores(sources, written["_about"], written["pages"])
    print(report(by_number, problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
