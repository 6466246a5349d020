"""bench/semantic_corpus.py: a page blank without its scripts is scored apart, and named.

A template whose stylesheet keeps the page hidden until a script shows it is blank once
trim.py took the scripts out (Tabler's seven pages of the thirteenth held-out set, Focus's
two); the corpus run counts what each page shows as shows.py does, after every read, and its
report gives the page type over the pages a person can see beside the whole count.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import semantic_corpus as corpus  # noqa: E402

LABEL: dict[str, Any] = {"type": "dashboard", "kind": "app", "held_out": True,
                         "controls": [{"name": "Search", "role": "textbox"}]}


class Read:
    """What a semantic read gives back, as much as measure() looks at."""

    def __init__(self, kind: str) -> None:
        self.type = kind
        self.elements: list[dict[str, Any]] = []
        self.page: dict[str, Any] = {"regions": []}
        self.content: list[dict[str, Any]] = []
        self.text = "dashboard"


class ScriptedBrowser:
    """Reads the page as an unknown one; the page shows nothing but 12 characters."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def snapshot(self, url: str | None, **options: Any) -> Read:
        self.calls.append(f"snapshot {options.get('format')}")
        return Read("unknown")

    def run_in_target(self, script: str) -> Any:
        self.calls.append("shown" if script == corpus.SHOWN else "script")
        return {"chars": 12, "controls": 0} if script == corpus.SHOWN else None


def row(name: str, window: str, shown: dict[str, int] | None) -> dict[str, Any]:
    measured = corpus.failed_row(name, LABEL, "")
    del measured["error"]
    measured.update(window=window, whole=window, budget_tokens=40)
    if shown is not None:
        measured["shown"] = shown
    return measured


def test_measure_counts_what_the_page_shows_after_every_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus, "PageResult", Read)
    browser = ScriptedBrowser()
    measured = corpus.measure(browser, "http://127.0.0.1:1/", "hidden-01", LABEL)  # type: ignore[arg-type]
    assert measured["shown"] == {"chars": 12, "controls": 0}
    assert browser.calls[-1] == "shown"
    assert corpus.blank(measured)


def test_the_report_scores_blank_pages_apart_and_names_them() -> None:
    rows = [row("hidden-01", "unknown", {"chars": 0, "controls": 0}),
            row("shown-01", "dashboard", {"chars": 900, "controls": 12})]
    lines = "\n".join(corpus.section(rows, "Held out (never tuned on)"))
    assert "| page type, default read (first screen) | 1/2 = 50% |" in lines
    assert ("| page type, default read, pages blank without scripts set apart (1) "
            "| 1/1 = 100% |") in lines
    assert ("- hidden-01: dashboard → unknown (whole page: unknown); blank without scripts: "
            "0 characters, 0 controls shown") in lines
    assert "scored apart above): hidden-01" in lines
    summary = "\n".join(corpus.summary(rows, rows))
    assert ("| page type, default read, pages not blank without scripts | 1/1 = 100% "
            "| 1/1 = 100% |") in summary


def test_rows_without_the_count_are_pages_that_show() -> None:
    """Rows of a run before the count (``--rows``), or of a page not read, set nothing apart."""
    rows = [row("old-01", "unknown", None), row("old-02", "dashboard", None)]
    lines = "\n".join(corpus.section(rows, "Tuned on"))
    assert "set apart" not in lines and "Blank without scripts" not in lines
    assert not corpus.blank(corpus.failed_row("gone-01", LABEL, "no file"))


def test_shows_and_the_corpus_run_use_one_count_and_one_threshold() -> None:
    sys.path.insert(0, str(BENCH / "corpus"))
    import shown
    import shows

    assert shows.SHOWN is corpus.SHOWN is shown.SHOWN
    assert corpus.shows_too_little is shows.shows_too_little
    assert shown.shows_too_little({"chars": 49, "controls": 3})
    assert shown.shows_too_little({"chars": 400, "controls": 0})
    assert not shown.shows_too_little({"chars": 50, "controls": 1})
