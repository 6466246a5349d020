"""A question answered by two buttons is a form of no field (issue 31, design note 353): an
OAuth consent screen ("Request for Permission": Decline, Authorize) and a sign-out's prompt
("End Session": Yes, No), as django-oidc-provider draws them (the one-hundred-seventy-sixth
held-out set), read as unknown before: too few controls for any rule or the learnt fallback.
Our own pages, through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.short_forms import ANSWER_SIGNAL

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("page", ["consent_prompt.html", "end_session_prompt.html"])
def test_a_question_answered_by_two_buttons_is_a_form(
        browser: Browser, pages_url: str, page: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/" + page):
        assert result.type == "form", result.page["signals"][:8]
        assert ANSWER_SIGNAL in fired(result)
