"""A module's API page documenting each member in full is an article (issue 31, design note
347), through the extension and the host in Debian Chromium: a page written as mkdocstrings
writes one (each member under its heading with Griffe's labels, "module-attribute",
"dataclass", "classmethod", "property", its bases and its "Source code in ..."), whose members'
headings read as a list's cards before."""

from __future__ import annotations

import pytest
from semantic_reads import fired, read

from axsnap_host.client import Browser
from axsnap_host.semantic.api_references import MEMBERS_SIGNAL

pytestmark = pytest.mark.e2e



def test_a_modules_members_under_their_labels_are_an_api_reference(
        browser: Browser, pages_url: str) -> None:
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/api_module_members.html",
                      viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:8]
        assert MEMBERS_SIGNAL in fired(result)
