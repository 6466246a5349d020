"""The corpus's sets as SOURCES.md lists them, checked against labels.json's flags.

SOURCES.md holds one table of rows (``| page | source | license |``) per set: first the tuning
pages with the first held-out set, then one ``## The N-th held-out set (K pages, ...)`` section
a set. labels.json marks the set not yet measured ``held_out`` and every set measured once
``spent_held_out``. A helper adds a set and flips the last one's flags by hand; this says
whether the two files still agree:

- every labelled page has one row, and every row a label;
- the pages of the last section are the held-out pages, all of them (or, once that set is
  measured and before the next comes, all spent);
- the pages of every earlier held-out section are spent;
- each section's "(K pages" and the "N real pages" line match the rows and labels.

    .venv/bin/python bench/corpus/sets.py   # the sets, then any disagreement (exit 1 if any)

Page directories without a label are named too, as a note: the corpus run never reads them.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent
_SECTION = re.compile(r"^## ", re.M)
_ROW = re.compile(r"^\| ([a-z0-9][a-z0-9._-]*) \|", re.M)
_DECLARED = re.compile(r"\((\d+) pages\b")
_COUNT_LINE = re.compile(r"^(\d+) real pages", re.M)


@dataclass
class CorpusSet:
    """One section of SOURCES.md: its heading and the pages its table lists."""

    title: str
    declared: int | None
    pages: list[str] = field(default_factory=list)


def read_sets(sources: str) -> list[CorpusSet]:
    """SOURCES.md's sections in order; the first (no ``##`` heading) is the tuning set."""
    sets = []
    for number, text in enumerate(_SECTION.split(sources)):
        title = "tuning pages and the first held-out set" if number == 0 \
            else text.splitlines()[0].strip()
        declared = _DECLARED.search(title) if number else None
        pages = [name for name in _ROW.findall(text) if name != "page"]
        sets.append(CorpusSet(title, int(declared.group(1)) if declared else None, pages))
    return sets


def disagreements(sources: str, labels: dict[str, dict[str, Any]]) -> list[str]:
    """Every way SOURCES.md and labels.json's flags disagree (none when they match)."""
    sets = read_sets(sources)
    problems: list[str] = []
    rows: dict[str, int] = {}
    for corpus_set in sets:
        for name in corpus_set.pages:
            rows[name] = rows.get(name, 0) + 1
        if corpus_set.declared is not None and corpus_set.declared != len(corpus_set.pages):
            problems.append(f"{corpus_set.title!r} says {corpus_set.declared} pages, "
                            f"its table has {len(corpus_set.pages)}")
    problems += [f"{name}: {count} rows in SOURCES.md" for name, count in rows.items()
                 if count > 1]
    problems += [f"{name}: labelled, no row in SOURCES.md" for name in labels if name not in rows]
    problems += [f"{name}: a row in SOURCES.md, no label" for name in rows if name not in labels]
    last = sets[-1].pages if len(sets) > 1 else []
    held = sorted(name for name, label in labels.items() if label.get("held_out"))
    problems += [f"{name}: held_out, but not in the last set ({sets[-1].title!r})"
                 for name in held if name not in last]
    # The last set is held out until it is measured, then spent until the next set comes.
    state = "held_out" if any(labels.get(name, {}).get("held_out") for name in last) \
        else "spent_held_out"
    problems += [f"{name}: in the last set, not {state}" for name in last
                 if name in labels and not labels[name].get(state)]
    for corpus_set in sets[1:-1]:
        problems += [f"{name}: in {corpus_set.title!r}, measured before, not spent_held_out"
                     for name in corpus_set.pages
                     if name in labels and not labels[name].get("spent_held_out")]
    problems += [f"{name}: both held_out and spent_held_out" for name in held
                 if labels[name].get("spent_held_out")]
    count = _COUNT_LINE.search(sources)
    if count and int(count.group(1)) != len(labels):
        problems.append(f"SOURCES.md says {count.group(1)} real pages, labels.json has "
                        f"{len(labels)}")
    return problems


def report(sources: str, labels: dict[str, dict[str, Any]], directories: set[str]) -> str:
    """The sets (pages, held out, spent), the disagreements, unlabelled directories."""
    lines = ["| set | pages | held_out | spent_held_out |", "|---|--:|--:|--:|"]
    for corpus_set in read_sets(sources):
        flags = [labels.get(name, {}) for name in corpus_set.pages]
        lines.append(f"| {corpus_set.title.split(' (')[0]} | {len(corpus_set.pages)} | "
                     f"{sum(bool(f.get('held_out')) for f in flags)} | "
                     f"{sum(bool(f.get('spent_held_out')) for f in flags)} |")
    problems = disagreements(sources, labels)
    lines.append("")
    lines += [f"- {p}" for p in problems] or ["SOURCES.md and labels.json's flags agree."]
    unlabelled = sorted(directories - set(labels))
    if unlabelled:
        lines.append("Page directories without a label (never read by the corpus run): "
                     + ", ".join(unlabelled))
    return "\n".join(lines)


def main() -> int:
    sources = (CORPUS / "SOURCES.md").read_text("utf-8")
    labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    directories = {p.parent.name for p in CORPUS.glob("*/index.html")
                   if not p.parent.name.startswith("_")}
    print(report(sources, labels, directories))
    return 1 if disagreements(sources, labels) else 0


if __name__ == "__main__":
    sys.exit(main())
