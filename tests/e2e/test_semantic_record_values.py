"""Fields holding saved values are the account's settings only where the page says they are
the account's or the setup's own (issue 31, design note 325): an admin's form of one boat,
under a side menu whose current item is "Boats" and a title naming only the kind, read as
settings (FastAPI-Admin's, the one-hundred-tenth held-out set); a page of collections, each
showing its address in a read-only field, read as a form once its saved values stopped
counting as settings. Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("viewport_only", [True, False])
def test_a_records_saved_values_under_its_kinds_menu_item_are_a_form(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    result = read(browser, pages_url + "understanding/admin_record_values_side_menu.html",
                  viewport_only=viewport_only)
    assert result.type == "form", result.page["signals"][:8]
    assert not any(s["signal"] == "form:3+ fields holding saved values"
                   for s in result.page["signals"]), result.page["signals"][:8]


def test_the_same_form_under_the_clubs_configuration_is_its_settings(
        browser: Browser, pages_url: str) -> None:
    # The same card of fields, the menu's current item "Club configuration": the values are
    # the club's own setup.
    result = read(browser, pages_url + "understanding/admin_setup_values_side_menu.html")
    assert result.type == "settings", result.page["signals"][:8]
    assert any(s["signal"] == "form:3+ fields holding saved values"
               for s in result.page["signals"]), result.page["signals"][:8]


def test_read_only_addresses_are_no_fields_to_fill(browser: Browser, pages_url: str) -> None:
    # Four collections, each a card with its heading, a line about it, its address in a
    # read-only field and Edit, Delete and Copy: no form to fill.
    result = read(browser, pages_url + "understanding/collections_read_only_addresses.html")
    assert result.type != "form", result.page["signals"][:8]
    assert not any(s["signal"] == "form:3+ fields, no sign-up, card or message"
                   for s in result.page["signals"]), result.page["signals"][:8]
