"""A field naming when a thing the app keeps expires (a token, a session, a cache) is no card's
expiry date (issue 31, design note 310). Through the extension and the host in Debian Chromium,
on an API token request as JupyterHub draws it (tests/pages/understanding/api_token_request.html):
its select is named "token-expiration-seconds". The card pattern's "expir" counted it a card
field, which alone fires checkout's 0.6: jhub-02 (the seventy-sixth held-out set) read as a
checkout, and privacyIDEA's "User Cache Expiration" setting did the same (privacyidea-03)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_a_tokens_expiry_is_no_card_field(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/api_token_request.html"):
        assert "form:card fields" not in fired(result), fired(result)
        assert result.page["type"] == "form", (result.page["type"], fired(result))
