"""File pickers alike but for the card each sits in keep one id in every read (issue 31,
design note 94), through the extension and the host in Debian Chromium: two "Choose Image"
boxes, each a paperclip icon that only the page's style makes clickable over a hidden file
input, under "Select profile photo" and "Select cover photo". The first screen holds one of
them; the whole page both; a card added above leaves them as they were."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/file_pickers_alike.html"
PICKERS = {"btn_near_choose_image_jpg_gif_under_select_profile_photo",
           "btn_near_choose_image_jpg_gif_under_select_cover_photo"}
ADD_A_CARD_ON_TOP = (
    "const card = document.querySelector('.card').cloneNode(true);"
    "card.querySelector('h2').textContent = 'Select team logo';"
    "document.querySelector('h1').after(card); window.scrollTo(0, 0);")


def pickers(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if "choose_image" in e["id"]}


def test_file_pickers_are_told_apart_by_the_heading_of_their_card_in_every_read(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    every = pickers(whole)
    assert set(every.values()) == PICKERS, sorted(every.values())
    assert not [e["id"] for e in whole.elements if e["relations"].get("alike")]
    # the first screen holds the first picker only: named as in the whole page
    shown = pickers(first)
    assert len(shown) == 1 and {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target(ADD_A_CARD_ON_TOP)
    after = pickers(read(browser, viewport_only=False))
    assert {k: v for k, v in after.items() if k in every} == every, after
    assert "btn_near_choose_image_jpg_gif_under_select_team_logo" in after.values(), after
