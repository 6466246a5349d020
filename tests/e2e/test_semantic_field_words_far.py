"""A field's name from the words a person reads by it where Chromium names nothing (issue 31;
two real pages of the spent held-out sets). A <label> whose `for` names no element (saurus-177,
HauteLook: `for="password"` beside the field "login_password") names the field beside it, by
its own words, not a link's inside it: "Password", not "Password (Forgot Password?)" (note
186). A caption in its row's first cell names the field in a table of its own in the second
(saurus-181, PerfumeMart: "Password:"; note 187). Through the extension and the host in
Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/field_words_far.html"
TYPED = ("text_input", "password_input")


def test_a_label_whose_for_names_nothing_names_the_field_beside_it(browser: Browser,
                                                                  pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        labels = [e["label"] for e in result.elements if e["type"] in TYPED]
        assert labels[:2] == ["Email", "Password"], labels
        boxes = [e["label"] for e in result.elements if e["type"] == "checkbox"]
        assert "I agree to the terms of use" in boxes, boxes


def test_a_caption_names_the_field_in_a_table_of_its_own(browser: Browser,
                                                         pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        labels = [e["label"] for e in result.elements if e["type"] in TYPED]
        assert labels[2:4] == ["Email:", "Password:"], labels
