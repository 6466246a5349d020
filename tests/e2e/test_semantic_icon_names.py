"""Controls that show only an icon are named by the icon their markup names, never numbered
(issue 31, design note 80), through the extension and the host in Debian Chromium: an icon
set's class on an inline ``<svg>`` (``feather-eye``), on an ``<i>`` under a template's own
prefix (``tf-ion-social-facebook``), the icon ``data-icon`` names, a sprite's symbol (``<use
href="#icon-search">``); the same ids in the first screen, after a scroll, after a row is
inserted above and in the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/icon_set_names.html"


def controls(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["type"] in ("link", "button")}


def numbered(result: PageResult) -> list[str]:
    """Ids that end in ``_N`` beside their own base id in the reply: counters."""
    every = {e["id"] for e in result.elements}
    return [i for i in every if i.rsplit("_", 1)[-1].isdigit() and i.rsplit("_", 1)[0] in every]


NAMED = {"btn_search", "btn_arrow_left", "btn_arrow_right",
         "link_eye_near_or7546", "link_edit_near_or7546", "link_trash_can_near_or7546",
         "link_eye_near_or4359", "link_edit_near_or4359", "link_trash_can_near_or4359",
         "link_social_facebook", "link_social_twitter", "link_social_instagram"}


def test_icon_only_controls_are_named_by_the_icon_their_markup_names(
        browser: Browser, pages_url: str) -> None:
    first = controls(read(browser, pages_url + PAGE))
    whole_read = read(browser, viewport_only=False)
    whole = controls(whole_read)
    assert set(whole.values()) == NAMED, sorted(whole.values())
    assert not numbered(whole_read), numbered(whole_read)
    assert first and {k: whole[k] for k in first} == first
    # the social links are below the first screen: a scroll brings them in named alike
    browser.run_in_target("document.querySelector('footer').scrollIntoView()")
    scrolled = controls(read(browser))
    assert any("social" in i for i in scrolled.values()), scrolled
    assert {k: whole[k] for k in scrolled} == scrolled
    # a row inserted above the others: every control keeps its id
    browser.run_in_target(
        "const body = document.querySelector('tbody');"
        "const row = body.rows[0].cloneNode(true);"
        "row.cells[0].textContent = '#OR9001'; body.prepend(row); scrollTo(0, 0);")
    after = controls(read(browser, viewport_only=False))
    assert {k: v for k, v in after.items() if k in whole} == whole
    assert {v for k, v in after.items() if k not in whole} == {
        "link_eye_near_or9001", "link_edit_near_or9001", "link_trash_can_near_or9001"}


def links(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements if e["type"] == "link"}


def test_a_picture_link_shown_twice_keeps_its_id_in_every_read(
        browser: Browser, pages_url: str) -> None:
    # One course card in two sections a screen apart: the picture link (an <img alt>, no words)
    # is a twin of the page in every read, parted by where it sits, whether the read holds the
    # other one or not (before, the first screen said link_python_bootcamp and the whole page
    # link_python_bootcamp_near_twelve_weeks_from_zero_in_main).
    first = links(read(browser, pages_url + "understanding/picture_links_twice.html"))
    whole_read = read(browser, viewport_only=False)
    whole = links(whole_read)
    assert len(whole) == 4 and not numbered(whole_read), sorted(whole.values())
    assert first and {k: whole[k] for k in first} == first
    twins = sorted(v for v in whole.values() if v.startswith("link_python_bootcamp"))
    assert len(twins) == 2 and all(v != "link_python_bootcamp" for v in twins), twins
    browser.run_in_target("document.querySelector('#more').scrollIntoView()")
    scrolled = links(read(browser))
    assert any(v.startswith("link_python_bootcamp") for v in scrolled.values()), scrolled
    assert {k: whole[k] for k in scrolled} == scrolled
