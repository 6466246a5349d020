"""A field named by the label a person reads above it in its own box (issue 31, design note
89), through the extension and the host in Debian Chromium: a ``<label>`` with no ``for`` that
does not wrap the field, whose next field in the box around it is this one (Clicon's "Confirm
Password" over a password field whose placeholder says "password"), names it; a label with
other words after it ("Status: Active") names no field further on, and a label over two
fields ("User name" over First name and Last name) names neither."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/fields_labels_above_no_for.html"


def test_a_label_above_a_field_in_its_box_names_it(browser: Browser, pages_url: str) -> None:
    # Three password fields under "Current Password", "New Password" and "Confirm Password",
    # each in a box of its own with an eye icon, every placeholder "password"; a code field
    # under "Verification Code", with "Resend Code" beside the label; then "Status: Active"
    # and a search field in the next row; "User name" over two fields, "First name" and
    # "Last name" (a label over a group names none of them).
    for result in both_reads(browser, pages_url + PAGE):
        fields = [e["id"] for e in result.elements if e["type"] in (
            "text_input", "password_input")]
        assert fields == ["input_current_password", "input_new_password",
                          "input_confirm_password", "input_verification_code",
                          "input_search_orders", "input_first_name",
                          "input_last_name"], fields

