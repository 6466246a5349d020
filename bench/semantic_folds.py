"""How the labelled corpus parts into folds for the page-type weight study (semantic_learn.py):
each page's template family, source repository and the held-out set it came in, and each set's
first measurement. No numpy here: the unit tests read it."""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
sys.path.insert(0, str(CORPUS))
from scores import ordinal, scores  # noqa: E402

_REPO = re.compile(r"github\.com/([^/\s]+/[^/\s]+)")


def sources(text: str | None = None) -> dict[str, tuple[int, str]]:
    """page -> (the SOURCES.md section it was added in: 1 for the first pages, n for the n-th
    held-out set; the repository or package it was saved from, lower-cased)."""
    if text is None:
        text = (CORPUS / "SOURCES.md").read_text("utf-8")
    out: dict[str, tuple[int, str]] = {}
    section = 1
    for line in text.splitlines():
        head = re.match(r"## The (\S+) held-out set", line)
        if head:
            number = ordinal(head.group(1))
            if number is None:
                raise ValueError(f"SOURCES.md: no ordinal in {line!r}")
            section = number
            continue
        cells = [c.strip() for c in line.split("|")]
        if (len(cells) < 4 or cells[2] == "source"
                or not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", cells[1])):
            continue
        repo = _REPO.search(cells[2])
        out[cells[1]] = (section, repo.group(1).lower() if repo else cells[2].split()[0])
    return out


def first_measured() -> dict[int, tuple[int, int]]:
    """Each held-out set's first measurement of page type from the default read: set number ->
    (right, pages), as the corpus's own records write it down (bench/corpus/scores.py; set 1 is
    the first 40 pages' 13 held out)."""
    written = json.loads((CORPUS / "labels.json").read_text("utf-8"))
    by_number, _ = scores((CORPUS / "SOURCES.md").read_text("utf-8"), written["_about"],
                          written["pages"])
    return {n: (s.right, s.total) for n, s in sorted(by_number.items())}


def family(name: str) -> str:
    """A page's template family: its name without the number (``tabler-07`` -> ``tabler``)."""
    return re.sub(r"-\d+$", "", name)


def signal_key(kind: str, name: str) -> str:
    """One input per signal: the URL's, the title's and the keywords' hit words dropped
    (``login|url``, ``register|keyword``)."""
    base = name.split(":", 1)[0] if name.startswith(("url", "title", "keyword")) else name
    return f"{kind}|{base}"


def evidence(weight: float) -> float:
    """A noisy-or weight as additive evidence: −log(1 − w)."""
    return -math.log(1 - min(weight, 0.999))
