"""Fields side by side in one parent, each after a ``<label>`` with no ``for`` that wraps
nothing (issue 31, design note 175; the thirty-seventh held-out set's saurus-155, a real
contact form): each field is named by its own label, not all by the parent's first. Boxes
first on their line take the label after them; a parent's one field keeps its free label
wherever it stands. Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/fields_labels_side_by_side.html"


def test_each_field_side_by_side_is_named_by_its_own_label(browser: Browser,
                                                           pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        named = {e["id"]: e["label"] for e in result.elements
                 if e["type"] in ("text_input", "textarea", "checkbox")}
        assert list(named.values()) == ["Email Address:", "Name:", "Message:",
                                        "Send me the newsletter", "Accept the terms",
                                        "City"], named
        assert [i for i in named if i.startswith(("input_", "textarea_"))] == [
            "input_email_address", "input_name", "textarea_message", "input_city"], named
        # two boxes, each with its own words, are no twins: neither id says the other's words
        # (their values, both "on", made them twins once: note 183)
        assert [i for i in named if i.startswith("checkbox_")] == [
            "checkbox_send_me_the_newsletter", "checkbox_accept_the_terms"], named
