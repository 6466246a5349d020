"""A docs generator's pages with a search box are no search engine's home (issue 31, design
note 335).

Doxygen's "Data Structures" (doxygen-03: its search box over a table of three structures) and
Javadoc's package summary (javadoc-01: its search box under "Package org.example...") were read
as a search engine's home page by "a search box and little else": little prose and few links.
A search home's box stands alone under the engine's name (Bing, Google, DuckDuckGo, a SearXNG
instance); a page with a heading of its own, or a table, is that page.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from axsnap_host.semantic.classify import Features, classify

SEARCH_HOME = "form:a search box and little else"

_STRUCTURES = ("liblockkeeper: data structures \n main page \n data structures \n files \n"
               " here are the data structures with brief descriptions: \n c lk_boat a boat"
               " asking to pass \n c lk_closure \n c lk_passage")
_PACKAGE = ("org.example.heronsgate.lending (heronsgate tool library 1.2 api) \n tree \n index \n"
            " help \n search: \n reset \n all classes and interfaces \n classes \n"
            " lendingdesk \n loan \n member \n tool")

DOXYGEN = Features(search_inputs=1, checkboxes=1, links=7, action_rows=3, text_chars=164,
                   tables=2, rows=4, table_rows_max=3, page_screens=1.0,
                   title="liblockkeeper: data structures", text=_STRUCTURES, said=_STRUCTURES)
JAVADOC = Features(search_inputs=1, buttons=1, links=15, long_items=1, list_items=1,
                   text_chars=741, page_screens=1.0,
                   title="org.example.heronsgate.lending (heronsgate tool library 1.2 api)",
                   own_heading="package org.example.heronsgate.lending",
                   current_item="all classes and interfaces", text=_PACKAGE, said=_PACKAGE)


@pytest.mark.parametrize("page", [DOXYGEN, JAVADOC], ids=["doxygen", "javadoc"])
def test_a_docs_page_with_a_search_box_is_no_search_home(page: Features) -> None:
    kind, _, signals = classify(page)
    assert kind == "list", signals[:4]
    assert not any(s["signal"] == SEARCH_HOME for s in signals), signals[:4]


def test_a_box_alone_under_the_engines_name_is_still_a_search_home() -> None:
    # the page stripped to the box: no table, no heading of its own (or one naming a search)
    for heading in ("", "search", "fernhollow search"):  # (none, a search's, the engine's name)
        home = replace(DOXYGEN, tables=0, rows=0, table_rows_max=-1, action_rows=0, links=3,
                       own_heading=heading, title="fernhollow search", text="fernhollow search",
                       said="fernhollow search")
        kind, _, signals = classify(home)
        assert kind == "search_engine", (heading, signals[:4])
