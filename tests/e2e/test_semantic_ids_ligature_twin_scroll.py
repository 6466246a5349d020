"""A link whose words sit beside an icon font's ligature shares its label with a link of the
same words, in every read (issue 31, design note 363). On the two-hundred-fourth held-out set
(django-material's list of tools) the fixed top bar's "Lending" was
``link_lending_near_build_tools_members_loans`` while the side menu's "Lending" (Material's
``<i class="material-icons">build</i>`` after its words) was in the window, and ``link_lending``
one screen down once it was not: the element model names the menu's link "Lending", the page's
tally counted it as "lending build", so the page's labels said "lending" once. Our own page
(tests/pages/understanding/bramble_tools_ligature_menu.html), through the extension and the host
in Debian Chromium: the top bar's link keeps the id the first screen and the whole page give it
one screen down."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/bramble_tools_ligature_menu.html"
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"


def test_a_top_bar_link_twinned_by_a_menu_link_with_a_ligature_keeps_its_id_one_screen_down(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    lending = [e for e in whole.elements if e["label"] == "Lending"]
    assert len(lending) == 2 and len({e["id"] for e in lending}) == 2, lending
    every = ids_by_node(whole)
    shown = ids_by_node(first)
    assert {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target(SCROLL)
    scrolled = read(browser)
    # the menu's link is above the window, the fixed top bar's in it
    now = [e for e in scrolled.elements if e["label"] == "Lending"]
    assert len(now) == 1, now
    moved = ids_by_node(scrolled)
    assert {k: every[k] for k in moved} == moved, (moved, every)
