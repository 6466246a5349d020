"""Twins in alike cards are named by their own card, never numbered (issue 31), through the
extension and the host in Debian Chromium: the controls every card of a result grid repeats
("Let us know", "Add to cart", a rating wrapped in a scripted ``<span>``) take their card's
title words, the same in every read: the first screen, after a scroll, after a card is
inserted above and in the whole page with all the twins in it."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

REPEATED = ("Let us know", "Add to cart", "4.5 out of 5 stars")


def twins(result: PageResult) -> dict[int, str]:
    """Ids of the card controls, by node."""
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["label"] in REPEATED}


def numbered(ids: dict[int, str], result: PageResult) -> list[str]:
    """Ids that end in ``_N`` beside their own base id in the reply: counters."""
    every = {e["id"] for e in result.elements}
    return [i for i in ids.values() if i.rsplit("_", 1)[-1].isdigit()
            and i.rsplit("_", 1)[0] in every]


def test_card_twins_take_their_cards_title_words_in_every_read(
        browser: Browser, pages_url: str) -> None:
    window = read(browser, pages_url + "understanding/card_twins.html")
    first = twins(window)
    assert first and not numbered(first, window), first
    whole = read(browser, viewport_only=False)
    every = twins(whole)
    assert len(every) == 16 and len(set(every.values())) == 16, every
    assert not numbered(every, whole), sorted(every.values())
    # each card's controls carry its title's words (the title link of the card)
    for title in ("chicken_pate", "salmon_chunks", "turkey_mousse", "beef_stew"):
        assert sum(title in i for i in every.values()) == 4, (title, sorted(every.values()))
    assert {k: v for k, v in every.items() if k in first} == first
    # a scroll: the same ids for the same controls
    browser.run_in_target("window.scrollBy(0, 400)")
    scrolled = twins(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled
    # a card inserted above: the others keep theirs
    browser.run_in_target(
        "const card = document.querySelector('.card').cloneNode(true);"
        "card.querySelector('.name a').textContent = 'Duck terrine with rice';"
        "card.querySelector('.name a').setAttribute('href', '/p/duck');"
        "document.getElementById('grid').prepend(card);")
    after = read(browser, viewport_only=False)
    moved = twins(after)
    assert not numbered(moved, after), sorted(moved.values())
    assert {k: v for k, v in moved.items() if k in every} == every
    assert sum("duck_terrine" in i for i in moved.values()) == 4, sorted(moved.values())


def test_a_control_inside_its_scripted_wrapper_is_the_inner_one(
        browser: Browser, pages_url: str) -> None:
    # The rating is a link with role=button inside a <span data-action>: one control listed
    # twice. The outer and the inner one differ by "_inner", not by a counter.
    whole = read(browser, pages_url + "understanding/card_twins.html", viewport_only=False)
    ratings = sorted(e["id"] for e in whole.elements if e["label"] == "4.5 out of 5 stars")
    assert len(ratings) == 8 and len(set(ratings)) == 8, ratings
    assert len([i for i in ratings if i.endswith("_inner")]) == 4, ratings
    ids = {e["handle"]["backendNodeId"]: e["id"] for e in whole.elements}
    assert not numbered(ids, whole), sorted(ids.values())


def test_menu_items_alike_in_all_else_are_named_by_the_item_before_them(
        browser: Browser, pages_url: str) -> None:
    # Two "Level 1" items of a menu, no ids, no headings, nothing in them: one comes after the
    # section's header, the other after the item holding a submenu.
    window = read(browser, pages_url + "understanding/menu_level_twins.html")
    levels = sorted(e["id"] for e in window.elements if e["label"] == "Level 1")
    assert len(levels) == 3 and len(set(levels)) == 3, levels
    assert not numbered({i: v for i, v in enumerate(levels)}, window), levels
    assert any("after_multi_level_example" in i for i in levels), levels
    whole = read(browser, viewport_only=False)
    assert sorted(e["id"] for e in whole.elements if e["label"] == "Level 1") == levels
