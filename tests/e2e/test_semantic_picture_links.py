"""A link that shows no words beside a link with words to its address (a card's image and its
title) is named by that title, never numbered (issue 31, design note 60), through the
extension and the host in Debian Chromium: the same in the first screen, where the titles are
below the window, after a scroll, after a card is inserted above, and in the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/picture_links.html"


def links(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["type"] == "link"}


def pictures(result: PageResult) -> dict[int, str]:
    """The links that show no words (their image's alt or title attribute at most)."""
    shown = {e["handle"]["backendNodeId"]: e for e in result.elements if e["type"] == "link"}
    return {node: e["id"] for node, e in shown.items() if e["relations"].get("for")}


def numbered(result: PageResult) -> list[str]:
    """Ids that end in ``_N`` beside their own base id in the reply: counters."""
    every = {e["id"] for e in result.elements}
    return [i for i in every if i.rsplit("_", 1)[-1].isdigit() and i.rsplit("_", 1)[0] in every]


def test_a_picture_link_is_named_by_the_title_link_to_its_address(
        browser: Browser, pages_url: str) -> None:
    # Three cards whose images (no alt, their addresses tokens) stand 1400 px tall above their
    # titles; two shows whose images' alt repeats their title; two lists of stories, under
    # News and under Politics, whose images' title attribute repeats the story's title.
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    every = pictures(whole)
    assert not numbered(whole), numbered(whole)
    assert len(every) == 3 + 2 + 4 and len(set(every.values())) == 9, sorted(every.values())
    assert all(i.startswith("link_for_") for i in every.values()), sorted(every.values())
    for title in ("chicken_pate_for_adult", "salmon_chunks_in_jelly", "beef_stew_with_carrots",
                  "special_report", "the_five"):
        assert sum(i.startswith(f"link_for_{title}") for i in every.values()) == 1, (
            title, sorted(every.values()))
    for story in ("starbucks_cringe_inducing_campaign", "the_year_long_open"):
        told = sorted(i for i in every.values() if i.startswith(f"link_for_{story}"))
        assert len(told) == 2 and "news" in told[0] + told[1] and "politics" in told[0] + told[1]
    # the title links keep their own words, the pictures are told from them
    titles = {e["id"] for e in whole.elements if e["type"] == "link"} - set(every.values())
    assert {"link_chicken_pate_for_adult_cats", "link_special_report"} <= titles, sorted(titles)
    # the first screen holds the three images and none of their titles: named alike
    shown = pictures(first)
    assert len(shown) == 3 and not numbered(first), (sorted(shown.values()), numbered(first))
    assert {k: every[k] for k in shown} == shown
    browser.run_in_target("window.scrollBy(0, 500)")
    scrolled = pictures(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled
    # a card inserted at the head of the grid: every other link keeps its id
    before = links(whole)
    browser.run_in_target(
        "const card = document.querySelector('.card').cloneNode(true);"
        "for (const a of card.querySelectorAll('a')) a.setAttribute('href', '/dp/B01DUCK77X');"
        "card.querySelector('h3 a').textContent = 'Duck terrine with rice';"
        "document.getElementById('grid').prepend(card);")
    after = read(browser, viewport_only=False)
    assert not numbered(after), numbered(after)
    assert {k: v for k, v in links(after).items() if k in before} == before
    assert "link_for_duck_terrine_with_rice" in pictures(after).values()
