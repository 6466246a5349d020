"""An article's body paragraphs rank above its chrome and the blocks around it (issue 31),
through the extension and the host in Debian Chromium: a body written in <br> runs is ranked
paragraph by paragraph, in reading order, right after its title."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

CHROME = {"navigation", "header", "footer", "dialog"}
BODY = ("The ferry between the harbour", "A boat bought from a company",
        "Islanders welcomed the news", "The operator said the early crossing")


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


def test_a_post_that_opens_with_its_title_is_ranked_from_its_own_first_words(
        browser: Browser, pages_url: str) -> None:
    # A blog post whose body (<br> runs) repeats its <h3> title as its first words: the
    # title is the heading's, the first paragraph starts after it, above the chrome.
    result = read(browser, pages_url + "understanding/post_title_repeated.html",
                  viewport_only=False)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    texts = [s["text"] for s in result.content]
    starts = ("Ferry timetable 2.0 is the newest edition", "You can pick up a printed copy",
              "Changes to the winter crossings")
    ranks = [next((i for i, t in enumerate(texts) if t.startswith(start)), None)
             for start in starts]
    assert None not in ranks and ranks == sorted(ranks), (ranks, texts)
    chrome = [i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME]
    assert chrome and max(ranks) < min(chrome), texts
    assert "Ferry timetable 2.0 is now out!" in texts  # the title, once
    assert not any(t.startswith("Ferry timetable 2.0 is now out! ") for t in texts), texts


def ranks_of(result: PageResult, starts: tuple[str, ...]) -> list[int | None]:
    texts = [s["text"] for s in result.content]
    return [next((i for i, t in enumerate(texts) if t.startswith(start)), None)
            for start in starts]


def test_a_page_of_loose_text_reads_its_first_paragraph_first(
        browser: Browser, pages_url: str) -> None:
    # A plain document whose first paragraph is text straight in <body> (no <p> before the
    # first break), then <p> and <pre> blocks: more than fifty of them. The body's own words
    # are its first paragraph, ranked before the next ones and above the chrome.
    result = read(browser, pages_url + "understanding/loose_text_body.html",
                  viewport_only=False)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    ranks = ranks_of(result, ("We often get questions about how the",
                              "Without further ado, here is the program",
                              "The board() call is made with a pointer"))
    assert None not in ranks and ranks == sorted(ranks), (ranks, [s["text"][:40] for s in
                                                                  result.content])
    chrome = [i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME]
    assert not chrome or ranks[0] < min(chrome)


def test_an_item_holding_a_sub_list_keeps_its_own_sentence(
        browser: Browser, pages_url: str) -> None:
    # A post written as a list: its first item's sentence stands above a sub-list of one
    # item. The item is listed with its own words (the sub-list's are the sub-item's), above
    # the header, the navigation and the footer.
    result = read(browser, pages_url + "understanding/list_item_sublist_body.html",
                  viewport_only=False)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    ranks = ranks_of(result, ("We’ve just landed Bug 1553982, which aims",
                              "Travellers who buy tickets at two machines",
                              "Thanks to a volunteer, travellers can now"))
    texts = [s["text"] for s in result.content]
    assert None not in ranks, texts
    own = texts[ranks[0]]
    assert own.endswith("installed on the pier.") and "Travellers" not in own, own
    chrome = [i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME]
    assert chrome and max(ranks) < min(chrome), texts


def test_a_paragraph_of_many_links_is_prose_though_its_text_is_clipped(
        browser: Browser, pages_url: str) -> None:
    # A paragraph of a sentence and twenty-four links, longer than the walker's block text:
    # its own words are those beside the links its clipped text holds, not fewer than none.
    result = read(browser, pages_url + "understanding/list_item_sublist_body.html",
                  viewport_only=False)
    assert None not in ranks_of(result, ("A small operator, the harbour ranks highly",)), [
        s["text"][:40] for s in result.content]


def test_a_manual_page_reads_its_description_before_its_long_option_list(
        browser: Browser, pages_url: str) -> None:
    # A manual page in sections: SYNOPSIS, a DESCRIPTION of two paragraphs, then OPTIONS, a
    # list of 56 options each described by a paragraph. The option list holds the most prose,
    # yet a person reads the DESCRIPTION first: its paragraphs come right after the synopsis,
    # in reading order, before the options and above the chrome.
    result = read(browser, pages_url + "understanding/manual_page_sections.html",
                  viewport_only=False)
    kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
    texts = [s["text"][:40] for s in result.content]
    ranks = ranks_of(result, ("Book a seat on the next ferry leaving",
                              "The crossing can be chosen in several",
                              "Print nothing but errors while"))
    assert None not in ranks and ranks == sorted(ranks), (ranks, texts)
    assert ranks[0] < 6, (ranks, texts)  # the title, the headings and the synopsis before it
    chrome = [i for i, s in enumerate(result.content) if kinds[s["region"]] in CHROME]
    assert not chrome or max(ranks) < min(chrome), texts
