"""A search box over a grid of clickable cells is no search engine's home (issue 31, design
note 339): H2O Wave's repair tickets (the one-hundred-twenty-first held-out set's wave-02), a
search box over a table whose 111 cells are buttons and whose rows are no table rows, read as
a search home by "form:a search box and little else". A search home shows a few links and
buttons. The numbers are the host's own read (bench/semantic_pooled.py dump), cut.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

HOME = "form:a search box and little else"


def _tickets(**changes: object) -> Features:
    text = ("harrowgate mill repair café \n desk \n search \n ticket item bench fixer notes \n"
            " r-0412 \n table lamp, brass \n electrical \n odile fenwick \n rewired \n fixed")
    page = Features(search_inputs=1, buttons=111, links=4, text_chars=66, page_screens=1.0,
                    title="harrowgate mill repair café", current_item="repair tickets",
                    said=text, text=text)
    return replace(page, **changes)


def test_forty_controls_under_the_box_are_no_search_home() -> None:
    kind, _, signals = classify(_tickets())
    assert kind != "search_engine", signals[:4]
    assert HOME not in {s["signal"] for s in signals}


def test_a_box_with_a_few_links_stays_a_search_home() -> None:
    kind, _, signals = classify(_tickets(buttons=2, links=12, text_chars=40, current_item=""))
    assert kind == "search_engine", signals[:4]
