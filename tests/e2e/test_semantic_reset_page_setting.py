"""A field named with password-reset words under a heading naming settings is a setting, not a
password reset (issue 31, design note 312). Through the extension and the host in Debian
Chromium, on a CMS's Advanced settings page drawn as Strapi draws its Users & Permissions one,
under the settings menu headed "Settings" (tests/pages/understanding/reset_page_setting.html):
a role select, three toggles and two address fields, one of them "Reset password page" (the
URL the app sends people to). Two text fields under reset words and no password field fired
the reset form's signal (0.6), so main read the page as a form (strapi-03 of the eighty-ninth
held-out set)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/reset_page_setting.html"


def test_a_reset_pages_address_among_settings_is_a_setting(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        assert result.page["type"] == "settings", (result.page["type"], fired(result))
        assert not any("password reset" in s for s in fired(result)), fired(result)
