"""One class's reference page is an article, not a list of its members (issue 31, design
note 336): a documentation generator's page of a class (TypeDoc's, Javadoc's, pydoctor's) has
its members' index and summary rows, which read as a list's items. A line naming a code kind
and one identifier over two or more member sections makes it the class's reference. A course
timetable headed "Class schedule" over its table stays a list. Our own pages, through the
extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

SIGNAL = (
    "stats:a line naming a class or function and 2+ of its members' sections (an API reference)")


def test_a_page_documenting_one_class_is_its_reference_article(
        browser: Browser, pages_url: str) -> None:
    # "Class Ledger", a paragraph, an index of its twelve members under Constructors,
    # Properties, Accessors and Methods, then each member's signature and sentence, beside a
    # side navigation of the package's nine exports and a search box.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/api_reference_class.html",
                      viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:8]
        fired = {s["signal"] for s in result.page["signals"]}
        assert SIGNAL in fired
        assert not any(s["type"] == "list" for s in result.page["signals"]
                       if str(s["signal"]).startswith("stats:")), result.page["signals"]


def test_a_timetable_headed_class_schedule_stays_a_list(
        browser: Browser, pages_url: str) -> None:
    # "Class schedule" over twelve classes in a table with Book links, and one heading
    # "Properties" (the site's): no class's reference.
    result = read(browser, pages_url + "understanding/class_schedule_table.html")
    assert result.type == "list", result.page["signals"][:8]
    assert SIGNAL not in {s["signal"] for s in result.page["signals"]}


def test_a_class_page_headed_with_its_name_first_is_an_api_reference(
        browser: Browser, pages_url: str) -> None:
    # YUIDoc's class page (note 348): "TideTable Class" over its constructor, an item index of
    # linked methods and properties, and its methods; read as a list of linked items before.
    for viewport_only in (True, False):
        result = read(browser, pages_url + "understanding/api_class_name_first.html",
                      viewport_only=viewport_only)
        assert result.type == "article", result.page["signals"][:8]
