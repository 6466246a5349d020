"""A line naming what a search was for, its box emptied (issue 31, design note 332).

puput's search for "hive" (puput-03): five entry excerpts, each an `<article>` with its linked
title, byline and "Continue reading", under the line 'Entries for search "hive"', the side
bar's search box empty. It was read as a blog's front page: the linked headings over teasers
and the `<article>` posts (no query held). The line says the excerpts are the search's
results, as "Searching for: finch" does (note 317).

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

import pytest

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.search_pages import search_named

_ENTRIES = ("hive - fernhollow beekeepers' journal \n fernhollow beekeepers' journal \n"
            " feed rss \n search \n search \n notes from the apiary of a made-up village"
            " beekeeping club \n {line} \n honey show results and the winter talks \n hazel 18"
            " oct 2026 club news \n continue reading » \n autumn feeding and winter stores \n"
            " treating for varroa after the harvest \n continue reading »")


def _searched(line: str) -> Features:
    text = _ENTRIES.format(line=line)
    return Features(search_inputs=1, buttons=1, links=17, div_rows=5, long_items=1, widgets=1,
                    teaser_heads=5, list_items=38, linked_items=23, text_chars=438,
                    result_blocks=5, articles=11, page_screens=2.71,
                    title="hive - fernhollow beekeepers' journal",
                    own_heading="fernhollow beekeepers' journal", text=text, said=text)


@pytest.mark.parametrize("line", ['entries for search "hive"', "posts for search: hive",
                                  "results for the search term “hive”"])
def test_excerpts_under_a_line_naming_the_search_are_its_results(line: str) -> None:
    kind, _, signals = classify(_searched(line))
    assert kind == "search_results", (line, signals[:4])
    assert search_named(_searched(line))


@pytest.mark.parametrize("line", ["entries for search", "tips for search engines",
                                  "latest entries"])
def test_a_line_asking_for_a_search_or_naming_none_leaves_the_front_page(line: str) -> None:
    # (no words searched for set off by a colon or a quote: "search engines" is no query)
    kind, _, signals = classify(_searched(line))
    assert kind == "list", (line, signals[:4])
    assert not search_named(_searched(line))
