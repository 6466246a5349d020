"""An article's body paragraphs rank above its chrome and the blocks around it (issue 31),
through the extension and the host in Debian Chromium: a body written in <br> runs is ranked
paragraph by paragraph, in reading order, right after its title."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
CHROME = {"navigation", "header", "footer", "dialog"}
BODY = ("The ferry between the harbour", "A boat bought from a company",
        "Islanders welcomed the news", "The operator said the early crossing")


def read(browser: Browser, url: str | None = None, **options: Any) -> PageResult:
    result = browser.snapshot(url, format="semantic", **FAST, **options)
    assert isinstance(result, PageResult)
    return result


def test_a_body_of_br_runs_ranks_its_paragraphs_above_comments_and_chrome(
        browser: Browser, pages_url: str) -> None:
    # One <div> of four paragraphs ended by <br> (inline <b> and <em> in them), a comments
    # section of four <p> below it, a nav and a footer paragraph.
    result = read(browser, pages_url + "understanding/article_br_body_comments.html",
                  viewport_only=False)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    texts = [s["text"] for s in result.content]
    ranks = [next((i for i, t in enumerate(texts) if t.startswith(start)), None)
             for start in BODY]
    assert None not in ranks, texts
    assert ranks == sorted(ranks), (ranks, texts)  # in reading order
    comments = [i for i, t in enumerate(texts) if t.startswith(("About time", "The timetable",
                                                                "Good news", "I hope"))]
    chrome = [i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME]
    assert comments and max(ranks) < min(comments + chrome), texts
    assert result.content[0]["tag"] == "h1" and ranks[0] == 1, texts
