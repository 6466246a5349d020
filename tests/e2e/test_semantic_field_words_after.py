"""A box one types in is named by the words before it, not by what follows it (issue 31; the
thirty-eighth held-out set's saurus-171, a real contact form): a text area whose question sits
two boxes above it and whose count of characters left ("2000 characters remaining") follows it
in its own box is "Comments or Questions"; a field's help after it ("We will never share your
email.") names nothing; words after a field are its name only where none come before it, and a
checkbox's words still follow it. Fields each under its own caption in a box titled over them
(saurus-179, a real feedback form) are named by the caption nearest before each, not by the
title (note 184). One name in every output: the semantic view's and DOM
text's. Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/field_words_after.html"
FAST = {"stabilize": {"quiet_ms": 200, "max_wait_ms": 4000}}


def test_a_typed_field_is_named_by_the_words_before_it(browser: Browser,
                                                       pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        named = {e["label"]: e["id"] for e in result.elements
                 if e["type"] in ("text_input", "textarea", "checkbox")}
        assert list(named) == ["Contact Name", "Comments or Questions", "Your email",
                               "dollars a month", "Send me the newsletter", "Your name",
                               "Your e-mail", "Your message"], named
        assert named["Comments or Questions"] == "textarea_comments_or_questions", named
        assert not any("remaining" in i or "share" in i for i in named.values()), named
    dom = browser.snapshot(None, format="domtext", **FAST).domtext
    assert 'label="Comments or Questions"' in dom and "remaining\" " not in dom, dom
