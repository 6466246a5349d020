"""An admin's index of its records' kinds is a dashboard (issue 31, design note 343), through
the extension and the host in Debian Chromium: a Django-style "Site administration" page of our
own, each kind of record a link with Add and Change beside it, and the admin's recent actions
(Grappelli's, Jet's and Jazzmin's index pages, read as lists before: their kinds and recent
actions counted as linked list items)."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser
from axsnap_host.semantic import admin_index

pytestmark = pytest.mark.e2e



def test_an_admins_index_of_kinds_beside_recent_actions_is_a_dashboard(
        browser: Browser, pages_url: str) -> None:
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/admin_site_index.html",
                      viewport_only=viewport_only)
        assert result.type == "dashboard", result.page["signals"][:8]
        assert admin_index.SIGNAL in fired(result)
