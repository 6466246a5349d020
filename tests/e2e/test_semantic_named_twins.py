"""Controls with no words of their own and scripted wrappers are named by what a person sees,
never numbered (issue 31, design note 60), through the extension and the host in Debian
Chromium: colour swatches by the colour they set or show, a rating and the scripted ``<span>``
that wraps it by their card, the same in every read (the first screen, after a scroll, after a
control is inserted above and in the whole page with every twin in it)."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e


def by_node(result: PageResult, kind: str = "button") -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements if e["type"] == kind}


def numbered(result: PageResult) -> list[str]:
    """Ids that end in ``_N`` beside their own base id in the reply: counters."""
    every = {e["id"] for e in result.elements}
    return [i for i in every if i.rsplit("_", 1)[-1].isdigit() and i.rsplit("_", 1)[0] in every]


SWATCHES = {"btn_primary", "btn_dark", "btn_info", "btn_teal", "btn_amber", "btn_deep_orange",
            "btn_red", "btn_blue", "btn_green"}


def test_colour_swatches_are_named_by_the_colour_they_set_or_show(
        browser: Browser, pages_url: str) -> None:
    # Empty <span onclick> boxes: one group tells its option by data-color, one by a class
    # naming a colour, one only by the colour it is filled with.
    whole = read(browser, pages_url + "understanding/swatch_twins.html", viewport_only=False)
    every = by_node(whole)
    assert set(every.values()) == SWATCHES, sorted(every.values())
    assert not numbered(whole), numbered(whole)
    # the swatches are below the first screen: a scroll brings them in with the same ids
    browser.run_in_target("document.querySelector('aside').scrollIntoView()")
    scrolled = by_node(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled
    # a swatch inserted at the head of each group: the others keep theirs
    browser.run_in_target(
        "for (const g of document.querySelectorAll('.swatches')) {"
        "  const s = document.createElement('span');"
        "  s.setAttribute('onclick', 'pick(this)'); s.style.backgroundColor = '#8e24aa';"
        "  g.prepend(s); }")
    after = read(browser, viewport_only=False)
    moved = by_node(after)
    assert {k: v for k, v in moved.items() if k in every} == every
    assert not numbered(after) or all("purple" in i for i in numbered(after)), numbered(after)


RATING = "4.6 out of 5 stars"


def ratings(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["label"] == RATING}


def test_a_rating_and_its_scripted_wrapper_take_their_cards_words(
        browser: Browser, pages_url: str) -> None:
    # <span aria-label="4.6 out of 5 stars"><span data-action><a role=button href=javascript:>
    # <i><span class=visually-hidden>4.6 out of 5 stars</span></i></a></span></span> in each
    # card: the wrapper and the link are one control listed twice; both carry the card's
    # title, the link as the inner one, and no nearby words replace the card's.
    window = read(browser, pages_url + "understanding/rating_twins.html")
    first = ratings(window)
    whole = read(browser, viewport_only=False)
    every = ratings(whole)
    assert len(every) == 8 and len(set(every.values())) == 8, every
    assert not numbered(whole), numbered(whole)
    for title in ("chicken_pate", "salmon_chunks", "beef_stew", "turkey_mousse"):
        assert sum(title in i for i in every.values()) == 2, (title, sorted(every.values()))
    assert sum(i.endswith("_inner") for i in every.values()) == 4, sorted(every.values())
    assert first and {k: every[k] for k in first} == first
    browser.run_in_target("window.scrollBy(0, 500)")
    scrolled = ratings(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled
    browser.run_in_target(
        "const card = document.querySelector('.card').cloneNode(true);"
        "card.querySelector('h2 a').textContent = 'Duck terrine with rice';"
        "card.querySelector('h2 a').setAttribute('href', '/p/duck');"
        "document.getElementById('grid').prepend(card);")
    after = read(browser, viewport_only=False)
    moved = ratings(after)
    assert not numbered(after), numbered(after)
    assert {k: v for k, v in moved.items() if k in every} == every


def fields_and_boxes(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["type"] in ("text_input", "checkbox")}


def test_a_gallery_names_its_placeholder_fields_and_its_galleries_by_their_context(
        browser: Browser, pages_url: str) -> None:
    # Fields named by nothing but a placeholder a form gallery repeats ("col-sm-6" twice in a
    # row, "col-sm-4" three times) are told apart by the fields before and after them; two
    # checkbox galleries under headings alike in their first four words ("With Material
    # Design Colors" and "... - Filled In") by the words after those.
    first = read(browser, pages_url + "understanding/gallery_twins.html")
    whole = read(browser, viewport_only=False)
    every = fields_and_boxes(whole)
    assert len(every) == 6 + 6 and len(set(every.values())) == 12, sorted(every.values())
    assert not numbered(whole), numbered(whole)
    boxes = sorted(i for i in every.values() if i.startswith("checkbox_"))
    assert sum("filled_in" in i for i in boxes) == 3, boxes
    for colour in ("red", "pink", "green"):
        assert sum(i.startswith(f"checkbox_{colour}") for i in boxes) == 2, boxes
    # the first screen holds the fields: named as in the whole page
    shown = fields_and_boxes(first)
    assert shown and {k: every[k] for k in shown} == shown
    assert not numbered(first), numbered(first)
    browser.run_in_target("document.querySelector('.demo-checkbox').scrollIntoView()")
    scrolled = fields_and_boxes(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled
    # a field inserted above them all: every other keeps its id
    browser.run_in_target(
        "const f = document.createElement('input'); f.placeholder = 'Search the docs';"
        "document.querySelector('h1').before(f);")
    after = fields_and_boxes(read(browser, viewport_only=False))
    assert {k: v for k, v in after.items() if k in every} == every
