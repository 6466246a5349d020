"""A body 0 px tall hiding its overflow hides nothing: CSS hands the body's overflow to the
viewport while the root's is visible, and what is absolute in a static body is laid out against
the initial containing block (issue 31, design note 285: the sixty-second held-out set's
Node-RED pages, whose sign-in and settings dialogs the semantic view left out as `zero_size`
while DOM text listed them), through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_controls_in_a_body_of_no_height_are_listed(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/body_overflow_to_viewport.html"
    for result in both_reads(browser, page):
        labels = {e.get("label") for e in result.elements}
        assert {"Deploy", "Grid size", "Snap to grid", "Show tips", "Theme", "Close"} <= labels, \
            sorted(filter(None, labels))
