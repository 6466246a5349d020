"""Semantic ids that hold when a twin is out of the window (issue 31, design note 151), through
the extension and the host in Debian Chromium, on a page laid out as old shops lay theirs out
(tests/pages/understanding/ids_hold_on_scroll.html): A-Z letter links for women and for men
whose addresses differ only in a number (``R_c_6377.html``, ``R_c_504.html``), "What's New"
menus twice, two "Advertise" links to one site, a header's "User Name" field and a form's
"User Name:" field, and two image buttons valued "GO". Each twin is a screen or more from the
other, so a window read holds one of them: every element keeps the id the whole page gives
it in the first screen, after scrolling 0.8 of a screen, after a scroll to the end and after
an element is added above, and an act by an id taken from the whole page after a scroll hits
the control the whole page named so."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, ids_stay, read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_hold_on_scroll.html"
ADD_ABOVE = """
document.body.insertAdjacentHTML('afterbegin', '<p><a href="https://www.scentcorner.example/'
  + 'sale/">Winter sale</a></p>');
window.scrollTo(0, 0);
"""
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"


def numbered(result: PageResult) -> list[str]:
    """Ids that end in ``_N`` beside their own base id in the reply: counters."""
    every = {e["id"] for e in result.elements}
    return [i for i in every if i.rsplit("_", 1)[-1].isdigit() and i.rsplit("_", 1)[0] in every]


def by_label(result: PageResult, label: str) -> list[str]:
    """The ids of the reply's elements labelled ``label`` (without a trailing colon), in
    document order."""
    return [e["id"] for e in result.elements if (e["label"] or "").rstrip(":") == label]


def test_twins_out_of_the_window_keep_their_ids_on_every_scroll(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    every = ids_by_node(whole)
    for label in ("R", "New Arrivals", "Advertise", "User Name", "GO"):
        named = by_label(whole, label)
        assert len(named) == 2 and len(set(named)) == 2, (label, named)
    assert not numbered(whole), numbered(whole)
    # each step down the page: one twin in the window, the other above or below it
    for _ in range(4):
        browser.run_in_target(SCROLL)
        shown = ids_by_node(read(browser))
        assert shown and {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target("window.scrollTo(0, 0);")
    ids_stay(browser, first, whole, ADD_ABOVE)


def test_an_act_by_an_id_from_the_whole_page_hits_it_after_a_scroll(
        browser: Browser, pages_url: str) -> None:
    read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    women_r, men_r = by_label(whole, "R")
    go_top, go_list = by_label(whole, "GO")
    browser.run_in_target("window.scrollTo(0, document.querySelectorAll('nav')[1].offsetTop - 40);")
    read(browser)  # the tab's last read: the men's letters in the window, not the women's
    done = browser.act(men_r, "click")
    assert done.ok, done.error
    browser.run_in_target("window.scrollTo(0, document.querySelector('footer').offsetTop - 40);")
    read(browser)  # the mailing list's "GO" in the window, the header's above it
    done = browser.act(go_list, "click")
    assert done.ok, done.error
    browser.run_in_target("window.scrollTo(0, 0);")
    read(browser)
    for target in (women_r, go_top):
        done = browser.act(target, "click")
        assert done.ok, (target, done.error)
    clicked = browser.run_in_target("return window.clicked;")
    assert clicked == ["https://www.scentcorner.example/R_c_504.html", "www",
                       "https://www.scentcorner.example/R_c_6377.html", "search"], clicked
