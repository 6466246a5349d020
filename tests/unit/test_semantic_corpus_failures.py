"""bench/semantic_corpus.py: a page that cannot be read is its own row, not the end of the run.

A held-out set is measured once; a missing file or a read that raises on one page must leave
the other pages measured and the failure named in the report, counted as a miss.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import semantic_corpus as corpus

from axsnap_host.models.errors import AxsnapError

LABEL: dict[str, Any] = {
    "type": "login", "kind": "form", "held_out": True,
    "controls": [{"name": "Email", "role": "textbox"},
                 {"name": "Edit", "role": "link", "context": "Anna"}],
}
ARTICLE: dict[str, Any] = {"type": "article", "kind": "docs", "held_out": True,
                           "body": ["The first words", "The second"], "controls": []}


class Untouchable:
    """A browser that must not be used."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"browser.{name} used for a page that has no file")


class FailingBrowser:
    """A browser whose every read raises, as a page that never loads."""

    def snapshot(self, *args: Any, **kwargs: Any) -> Any:
        raise AxsnapError("navigation_timeout", "navigation timed out after 30000 ms")


def test_a_page_without_its_file_is_a_named_failed_row(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corpus, "CORPUS", tmp_path)
    row = corpus.measure_or_fail(Untouchable(), "http://127.0.0.1:1/", "gone-01", LABEL)
    assert row["error"] == "no file bench/corpus/gone-01/index.html"
    assert (row["window"], row["whole"]) == ("unknown", "unknown")
    assert row["controls"] == (0, 2)
    assert row["controls_missing"] == ["Email", "Edit @Anna"]


def test_a_read_that_raises_is_a_named_failed_row(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "slow-01").mkdir()
    (tmp_path / "slow-01" / "index.html").write_text("<p>hi</p>", "utf-8")
    monkeypatch.setattr(corpus, "CORPUS", tmp_path)
    row = corpus.measure_or_fail(FailingBrowser(), "http://127.0.0.1:1/", "slow-01", ARTICLE)
    assert row["error"] == "AxsnapError: navigation_timeout: navigation timed out after 30000 ms"
    assert row["body"] == ((0, 0), 2)
    assert row["window"] == "unknown"


def test_the_report_counts_a_failed_page_as_a_miss_and_says_why() -> None:
    failed = corpus.failed_row("gone-01", LABEL, "no file bench/corpus/gone-01/index.html")
    lines = "\n".join(corpus.section([failed], "Held out (never tuned on)"))
    assert "| page type, default read (first screen) | 0/1 = 0% |" in lines
    assert "| labelled controls found under their expected name | 0/2 |" in lines
    # an unread page does not fit the budget by having no text
    assert "| `semantic_text` within max_tokens=1500 | 0/1 |" in lines
    assert ("- gone-01: login → unknown (whole page: unknown); not read: no file "
            "bench/corpus/gone-01/index.html") in lines


def test_only_with_a_name_not_labelled_stops_before_any_browser(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["semantic_corpus.py", "--only", "no-such-page-99"])
    monkeypatch.setattr(corpus, "Browser", Untouchable)
    with pytest.raises(SystemExit) as stop:
        corpus.main()
    assert stop.value.code == 2
    assert "not in bench/corpus/labels.json: no-such-page-99" in capsys.readouterr().err
