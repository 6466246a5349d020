"""How the labelled corpus parts into folds for the page-type weight study (semantic_learn.py):
each page's template family, source repository and the held-out set it came in, and each set's
first measurement. No numpy here: the unit tests read it."""

from __future__ import annotations

import math
import re
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
# First measurement of each held-out set's page type, default read (semantic_corpus_history.md,
# README): set number -> (right, pages). Set 1 is the first 40 pages' 13 held out.
FIRST_MEASURED = {1: (10, 13), 2: (17, 20), 3: (19, 20), 4: (18, 23), 5: (12, 16), 6: (19, 22),
                  7: (21, 25), 8: (20, 26), 9: (22, 26), 10: (16, 21), 11: (24, 26),
                  12: (19, 24), 13: (24, 33), 14: (24, 31), 15: (30, 39), 16: (26, 33),
                  17: (18, 31), 18: (30, 32), 19: (30, 30), 20: (14, 21), 21: (12, 21)}
_ORDINALS = ["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
             "seventeenth", "eighteenth", "nineteenth", "twentieth", "twenty-first",
             "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth", "twenty-sixth",
             "twenty-seventh", "twenty-eighth", "twenty-ninth", "thirtieth", "thirty-first",
             "thirty-second", "thirty-third", "thirty-fourth", "thirty-fifth", "thirty-sixth",
             "thirty-seventh", "thirty-eighth", "thirty-ninth", "fortieth"]
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
            section = _ORDINALS.index(head.group(1)) + 2
            continue
        cells = [c.strip() for c in line.split("|")]
        if (len(cells) < 4 or cells[2] == "source"
                or not re.fullmatch(r"[a-z0-9][a-z0-9._-]*", cells[1])):
            continue
        repo = _REPO.search(cells[2])
        out[cells[1]] = (section, repo.group(1).lower() if repo else cells[2].split()[0])
    return out


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
