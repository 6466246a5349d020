"""A page that names itself a list, and a search box beside a list (issue 31, design note 329):
klaus's "Repository list" (the one-hundred-twelfth held-out set: its search box, an order-by
choice and three repositories, each a linked item) was read as a search engine's home page,
and Icinga's hosts page, its menu's current item "List Hosts", as a dashboard.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

_SAID = ("repository list - thornbury railway club code \n search repos: \n search \n"
         " repositories \n order by: \n last updated \n name \n powered by 3.0.1, a simple git"
         " viewer by jonas haag")


def _repositories(**changes: object) -> Features:
    page = Features(search_inputs=1, radios=2, buttons=1, links=5, forms=1, list_items=3,
                    linked_items=3, text_chars=291, page_screens=1.0,
                    title="repository list - thornbury railway club code", said=_SAID,
                    text=_SAID)
    return replace(page, **changes)


def test_a_search_box_beside_a_list_of_linked_items_is_the_lists() -> None:
    kind, _, signals = classify(_repositories())
    assert kind == "list", signals[:4]
    assert not any(s["signal"] == "form:a search box and little else" for s in signals)
    # the title names the list
    assert any(s["signal"] == "title:list" for s in signals), signals[:6]


def test_a_search_box_and_little_else_is_still_a_search_engines_home() -> None:
    # no item listed, no title naming a list: the box is the page
    kind, _, signals = classify(_repositories(list_items=0, linked_items=0, title="search",
                                              links=3))
    assert kind == "search_engine", signals[:4]


def test_a_current_menu_item_naming_a_list() -> None:
    said = "hosts - icinga web \n search … \n sort by \n hosts \n up \n down"
    page = Features(search_inputs=2, selects=2, buttons=3, links=29, action_rows=7, forms=2,
                    text_chars=848, tables=1, rows=8, table_rows_max=8, sidebar=True,
                    page_screens=1.0, title="hosts - icinga web",
                    current_item="overview\nhosts\nlist hosts", said=said, text=said)
    kind, _, signals = classify(page)
    assert kind == "list", signals[:4]
    assert any(s["signal"] == "nav:current item list" for s in signals), signals[:6]
