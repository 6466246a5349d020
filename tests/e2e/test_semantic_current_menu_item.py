"""The menu item a page marks as the one shown names the page's type as its title would, with
less weight (issue 31, design note 309). Through the extension and the host in Debian Chromium,
on an app's settings page drawn as Actual draws its own (tests/pages/understanding/
current_menu_item.html): the app's name as the title, no heading, rows of preferences, and the
sidebar's "Settings" marked ``aria-current="page"`` (``?li``: its list item drawn active, as
changedetection.io and Bootstrap's menus mark it). Main read it as a list: no rule reached the
threshold and the learned model took the sidebar's links for a list's rows (actual-03 of the
seventy-ninth held-out set)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/current_menu_item.html"
SIGNAL = "nav:current item settings"


@pytest.mark.parametrize("marked", ["", "?li"])
def test_the_menu_item_marked_current_names_the_page(
        browser: Browser, pages_url: str, marked: str) -> None:
    for result in both_reads(browser, pages_url + PAGE + marked):
        assert result.page["type"] == "settings", (result.page["type"], fired(result))
        assert SIGNAL in fired(result), fired(result)


def test_an_item_naming_no_type_says_nothing(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE + "?rules"):
        assert not any(s.startswith("nav:") for s in fired(result)), fired(result)
