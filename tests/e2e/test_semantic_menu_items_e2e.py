"""A menu's items are no list items (issue 31, design note 271): a console whose left column
holds its menu as `<li role="menuitem">` items under `<ul role="menu">` in a box named
"navigation" (Cacti's console) fires no list-items signal; the same items as plain lists in a
plain box still count. Through the extension and the host in Debian Chromium, both reads."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

LIST_SIGNALS = ("stats:8+ list items", "stats:8+ linked list items")


def test_a_menu_drawn_with_menu_roles_is_no_list(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/console_menu_roles.html"):
        signals = [s["signal"] for s in result.page["signals"]]
        assert not any(s in signals for s in LIST_SIGNALS), result.page["signals"][:8]


def test_the_same_items_in_plain_lists_still_count(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/console_plain_lists.html"):
        signals = [s["signal"] for s in result.page["signals"]]
        assert all(s in signals for s in LIST_SIGNALS), result.page["signals"][:8]
