"""A line saying what the page's search returned ("Your search has returned 2 results") makes
the rows under it that search's results, however few and however drawn, the box emptied
(issue 31, note 232; the forty-seventh held-out set's miss):

- a forum's search results: a "search" heading over an empty search box, "your search has
  returned 2 results", then two topics found, each a linked title over "by: wren on nov. 16,
  2026" (machina-04, read as a search engine's home from both reads: an empty box and little
  else).

A count alone ("52 results found" over a shop's catalogue) names no search: no results. The
page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to the
lines that matter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from axsnap_host.semantic.classify import Features, classify


def _forum_search(**changes: Any) -> Features:
    text = ("stitch & natter - search \n stitch & natter \n search \n advanced search \n"
            " forum index \n subscriptions \n view my posts \n new search \n"
            " your search has returned 2 results \n 2 \n results \n"
            " christmas meet-up on 17 december \n by: wren on nov. 16, 2026, 7 p.m. \n library \n"
            " six balls of aran weight in oatmeal, free to a good home \n"
            " by: wren on nov. 6, 2026, 7 p.m. \n library \n search new search")
    page = Features(search_inputs=1, buttons=1, links=10, div_rows=4, action_rows=2,
                    heading_cards=1, text_chars=45, tables=1, rows=2, page_screens=1.0,
                    title="stitch & natter - search", own_heading="search new search",
                    lead_links=2, said=text, text=text)
    return replace(page, **changes)


def test_a_line_saying_the_search_returned_results_makes_them_results() -> None:
    kind, _, signals = classify(_forum_search())
    assert kind == "search_results", signals[:4]
    assert any(s["signal"] == "form:a line saying the search returned so many results"
               for s in signals)


def test_other_wordings_of_the_line_count_too() -> None:
    for line in ("the query found 12 matches", "search returned 3 results for wool"):
        text = _forum_search().text.replace("your search has returned 2 results", line)
        assert classify(_forum_search(text=text, said=text))[0] == "search_results", line


def test_a_count_naming_no_search_makes_no_search_results() -> None:
    # (the empty box over the forum's table is no search engine's home either: note 335)
    text = _forum_search().text.replace("your search has returned 2 results", "52 results found")
    kind, _, signals = classify(_forum_search(text=text, said=text))
    assert kind not in ("search_results", "search_engine"), signals[:4]
    assert not any(s["signal"] == "form:a line saying the search returned so many results"
                   for s in signals)
