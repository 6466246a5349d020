"""A hit test that answered, then went stale before the press (issue 32, design note 124).

The page shows a cover over "Pay now" on the first mousemove over it. The act's hit test
before any input finds the button clear; on the main before note 124 the move and the press
went back to back, the press landed on the cover and the act said ``ok: true``. Now the move
goes alone, the point is hit-tested again with the pointer on it, and the act is refused as
``occluded``, naming the cover, with nothing pressed. A tip shown beside a button on hover
refuses nothing, and a button the page replaces by its twin on hover is clicked as before.
No sleeps: the page reacts in its mousemove handler, before the move's input is answered.
"""

from __future__ import annotations

import pytest
from page_waits import wait_in_page

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

MODES = pytest.mark.parametrize("exact", [False, True], ids=["in_page", "exact"])


def opened(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/press_race/cover_on_move.html")
    browser.run_in_target("arm()")
    wait_in_page(browser, "document.body.dataset.armed === '1'")


def hits(browser: Browser) -> list[str]:
    return str(browser.run_in_target("return document.body.dataset.hits || ''")).split()


@MODES
def test_a_cover_shown_when_the_pointer_comes_is_refused_and_nothing_is_pressed(
        browser: Browser, pages_url: str, exact: bool) -> None:
    opened(browser, pages_url)
    result = browser.act("Pay now", "click", exact=exact)
    pressed = hits(browser)
    assert pressed == [], f"a press went to {pressed} ({result})"
    assert not result.ok and result.error is not None, result
    assert result.error.code == "occluded", result.error
    cover = result.error.cover
    assert cover is not None and cover.tag == "div", cover
    assert "Special offer" in (cover.label or ""), cover
    assert "nothing was pressed" in result.error.message, result.error.message
    # the page as it is now: the cover shows, and a click on it is the agent's to make
    assert browser.run_in_target("return getComputedStyle(cover).display") == "block"


@MODES
def test_a_hover_tip_beside_and_a_twin_on_hover_take_the_click(
        browser: Browser, pages_url: str, exact: bool) -> None:
    opened(browser, pages_url)
    kept = browser.act("Keep browsing", "click", exact=exact)
    assert kept.ok, kept.error
    assert hits(browser) == ["down:keep", "click:keep"]
    assert browser.run_in_target("return getComputedStyle(tip).display") == "block"
    swapped = browser.act("Swap on hover", "click", exact=exact)
    assert swapped.ok, swapped.error
    assert hits(browser)[-2:] == ["down:swap", "click:swap"]
