"""A search box beside five alike rows, each a record with its own actions, is no search
engine's home: Isso's administration (the eightieth held-out set's isso-02) shows a "Search by
URL" box over five comments, each with its Edit and Delete links, and main read it as
``search_engine`` from "a search box and little else". Five alike rows are as much as the rule
already allowed of table rows (``rows < 5``). Issue 31, design note 304. Through the extension
and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

LITTLE_ELSE = "form:a search box and little else"


def test_five_records_beside_a_search_box_are_a_list(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + "understanding/comments_admin_rows.html"):
        assert result.page["type"] == "list", result.page["signals"][:8]
        assert LITTLE_ELSE not in fired(result), result.page["signals"][:8]
