"""A source file listed line by line: a document, not a table of records (issue 31, note 350).

Coverage reports (gcovr's, coverage.py's, istanbul's file pages), linters' annotated sources
(flake8-html's, cppcheck-htmlreport's) and a repository's file view show one source file, each
line numbered, its code highlighted token by token. A person reads it as one document, the
file. Its table rows (one a line), the line numbers' links and the counts beside them read as a
table of records or a list; its tokens hold no paragraph, so no article signal fired.

Two things together tell it: the line numbers, a run of 25 or more counting up by one in the
page's order (a gutter written as one text, "1 2 3 … 38", counts each), and ten or more nodes
that are code's own tokens or lines of code after their number ("{", "return", "9 return
int(litres/size)"); and no field to type in. A calendar or a ranked table counts up too, but
holds no code; a page of prose with a short code sample holds no run of 25; a code editor
(GraphiQL's query box, a notebook's cells) numbers its lines in a gutter, but is typed into.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from axsnap_host.semantic.facts import PageFacts

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

SIGNAL = "stats:a source file listed line by line (25+ numbered lines of code, no field)"
WEIGHT = 0.9
LINES_NEEDED = 25
TOKENS_NEEDED = 10

_NUMBERS = re.compile(r"\d{1,5}(?:\s+\d{1,5})*")
# a highlighter's token: punctuation of code, or a keyword most languages share
_TOKEN = re.compile(
    r"[{}()\[\];=<>+\-*/%!&|.,:]{1,3}|#include|#define|return|def|class|import|from|function"
    r"|const|let|var|int|char|void|static|struct|self|this|null|None|elif|else|while|for|if")
# a line of code after its number: "9 return int(litres/size)", "22 self.kg = kg"
_NUMBERED_CODE = re.compile(r"\d{1,5}\s+\S.*(?:[=;{}]|\w\(.*\)|:)\s*$")


def numbered_run(texts: list[str]) -> int:
    """The longest run of numbers counting up by one in the order ``texts`` say them (each
    text one number, or a gutter of several); a number said twice in a row (a cell and its
    link) counts once, other numbers between (a line's counts) are passed over."""
    longest: dict[int, int] = {}  # a number → the longest run ending at it so far
    best = 0
    for text in texts:
        for part in text.split():
            number = int(part)
            run = max(longest.get(number, 0), longest.get(number - 1, 0) + 1)
            longest[number] = run
            best = max(best, run)
    return best


def listed_code_lines(facts: PageFacts) -> int:
    """The numbered lines of a source file the page lists (the run's length), or 0 when it
    lists none (fewer than 10 numbers in a run, or fewer than 10 of code's tokens)."""
    numbers: list[str] = []
    tokens = 0
    for node in facts.nodes:
        text = node.text.strip()
        if not text or len(text) > 400:
            continue
        if _NUMBERS.fullmatch(text):
            numbers.append(text)
        elif (not node.children and _TOKEN.fullmatch(text)) or _NUMBERED_CODE.fullmatch(text):
            tokens += 1
    if tokens < TOKENS_NEEDED:
        return 0
    run = numbered_run(numbers)
    return run if run >= LINES_NEEDED else 0


def fire_listed_text(fire: Callable[[str, str, float, bool], None], f: Features) -> bool:
    """Fires the article signals of text listed as it is: a long preformatted document (an
    RFC, a man page) and a source file line by line; whether a source file is listed (its line
    rows, numbers and counts are then no list's or table's records)."""
    fire("article", "stats:a long preformatted document", 0.45, f.long_pre >= 1)
    # (an editor's gutter counts its lines too: a query box, a notebook's cells; one typed into
    # is a form's field, no document's listing)
    listed = f.listed_code >= LINES_NEEDED and f.text_inputs + f.textareas == 0
    fire("article", SIGNAL, WEIGHT, listed)
    return listed
