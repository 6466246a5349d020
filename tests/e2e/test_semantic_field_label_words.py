"""A field's name from its <label for> as a person reads it (issue 31; real pages of the spent
held-out sets). A link inside the label names another page, not the field: saurus-90's
"Password (Forgot your password?)" is "Password" (note 189). Words placed off the page or
clipped to a pixel are for a screen reader only: saurus-28's "E-mail Address * Required" is
"E-mail Address *" (note 190). A checkbox keeps its label's link, and a label of nothing but
screen-reader words keeps them. Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/field_label_words.html"
TYPED = ("text_input", "password_input", "textarea")


def test_a_link_in_a_fields_label_is_not_its_name(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        labels = [e["label"] for e in result.elements if e["type"] in TYPED]
        assert labels[:2] == ["Username or Email Address", "Password"], labels
        boxes = [e["label"] for e in result.elements if e["type"] == "checkbox"]
        assert "I accept the terms of use" in boxes, boxes


def test_words_for_a_screen_reader_only_are_not_a_fields_name(browser: Browser,
                                                              pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        labels = [e["label"] for e in result.elements if e["type"] in TYPED]
        assert labels[2:] == ["E-mail Address *", "Question *", "First Name *", "Promo code"], \
            labels
        boxes = [e["label"] for e in result.elements if e["type"] == "checkbox"]
        assert "Send me the newsletter" in boxes, boxes
