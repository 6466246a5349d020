"""A link named by a symbol ("¶") and its heading shares its label with the sidebar's link to
the same heading, in every read (issue 31, design note 360): on the one-hundred-ninetieth
held-out set (aglio's API docs) the sidebar's ``link_levels_in_navigation_to_header_levels`` was
``link_levels`` one screen down, once the heading's "¶" had scrolled out: the element model
names the "¶" by its heading, the page's tally counted it by its symbol, so the page's labels
said "levels" once. Our own page (tests/pages/understanding/kiln_handbook_sections.html), through
the extension and the host in Debian Chromium: a fixed sidebar of section links, each section's
heading with its "¶"; one screen down each sidebar link keeps the id the first screen and the
whole page give it."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/kiln_handbook_sections.html"
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"


def test_a_sidebar_link_shared_with_a_headings_symbol_keeps_its_id_one_screen_down(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    every = ids_by_node(whole)
    setup = [e["id"] for e in whole.elements if e["label"] == "Setting up the kiln"]
    assert len(setup) == 2 and len(set(setup)) == 2, setup  # the sidebar's and the "¶"
    shown = ids_by_node(first)
    assert {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target(SCROLL)
    scrolled = read(browser)
    # the first heading's "¶" is above the window, the sidebar's link in it
    now = [e["id"] for e in scrolled.elements if e["label"] == "Setting up the kiln"]
    assert now == [setup[0]], (now, setup)
    moved = ids_by_node(scrolled)
    assert {k: every[k] for k in moved} == moved, (moved, every)
