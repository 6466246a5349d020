"""A table of records beside a search box is no search home (issue 31, design note 262: gitweb's
project list, the fifty-first held-out set, typed `search_engine`): through the extension and
the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_two_projects_in_a_table_of_four_columns_under_a_search_box_are_a_list(
        browser: Browser, pages_url: str) -> None:
    # gitweb's front page with two repositories: "Search:" over a table naming Project,
    # Description, Owner and Last Change, and a heading row over two records.
    url = pages_url + "understanding/list_two_records_beside_a_search_box.html"
    for result in both_reads(browser, url):
        assert result.type == "list", result.page["signals"][:8]
        assert "form:a search box and little else" not in fired(result)
