"""Fields holding values are a form being filled, not an account's saved settings, when the page
says what is being made or gone through (issue 31, design note 286: the sixty-second and
sixty-third held-out sets' misses, each read as settings): a heading booking something ("Book a
practice room"), a title naming one step of a checkout ("Step 1 of 3"), a title editing one
record ("Edit “…”") kept by "Save Changes", and a heading adding a record below the site's name
drawn as a link home. Through the extension and the host in Debian Chromium, from the first
screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.record_forms import NEW_SIGNAL, RECORD_SIGNAL

pytestmark = pytest.mark.e2e

SAVED = "form:3+ fields holding saved values"
PAGES = [
    ("form_booking_filled.html", "form", NEW_SIGNAL),
    ("checkout_step_contact_filled.html", "checkout", None),
    ("cms_edit_record_save_changes.html", "form", RECORD_SIGNAL),
    ("admin_add_record_site_name_link.html", "form", NEW_SIGNAL),
]


@pytest.mark.parametrize(("page", "kind", "signal"), PAGES)
def test_values_being_given_are_no_saved_settings(
        browser: Browser, pages_url: str, page: str, kind: str, signal: str | None) -> None:
    for result in both_reads(browser, pages_url + "understanding/" + page):
        assert result.type == kind, result.page["signals"][:8]
        assert SAVED not in fired(result)
        if signal:
            assert signal in fired(result)
