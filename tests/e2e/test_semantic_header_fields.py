"""Fields above the page's own heading under the site's menus are the site's (issue 31, note
150), on a page of our own modelled on the thirtieth held-out set's unstyled shops: a header's
search box, store finder and sign-in box, each field holding its prompt as a value ("Find gear",
"Email"), 36 department links, then "Order Status" over its own three-field form. A person sees
an order lookup; on the old main the header's fields were the page's: three fields holding
values, an account's saved settings."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_header_sign_in_box_above_the_own_heading_is_the_sites(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/matter_header_sign_in_above_heading.html"):
        assert result.type == "form", result.page["signals"][:8]
        assert "form:3+ fields holding saved values" not in fired(result)
        assert not [s for s in fired(result) if s.startswith("form:") and "password" in s]
        # (the page's own fields still count: its three are asked)
        assert "form:3+ fields, no sign-up, card or message" in fired(result)
