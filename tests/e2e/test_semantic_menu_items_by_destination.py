"""Menu items that are links, alike in name and place, are said by where each goes, as links
are (issue 31, design note 291: a newspaper's section menu lists "Business" and "Opinion" twice,
the section's page and the international edition's; they were ``menu_business_near_world`` and
``menu_business_near_world_2``: the host took a destination's path for a link's only), through
the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/menu_items_alike_by_destination.html"


def test_menu_items_alike_are_said_by_their_destination(browser: Browser,
                                                        pages_url: str) -> None:
    for viewport_only in (False, True):
        result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
        said = {e["href"].split("/pages/", 1)[1]: e["id"] for e in result.elements
                if e["type"] == "menu_item" and e["label"] in ("Business", "Opinion")}
        assert said == {
            "business/index.html": "menu_business_to_business_index",
            "business/international/index.html": "menu_business_to_international_index",
            "opinion/index.html": "menu_opinion_to_opinion_index",
            "opinion/international/index.html": "menu_opinion_to_international_index"}, said
        assert not [e["id"] for e in result.elements if e["relations"].get("alike")]
