"""Controls found under the name a person reads and ids from their own words (issue 31; four
real pages of the spent held-out sets, note 218). A caption ending in a colon after sentences
of help on the field's line names it ("Format:", fossil-03); two forms' fields alike are told
by their fieldsets' legends, not by the forms' ids no one reads (dokuwiki-03); a header cell
that sorts a table keeps its own mark, "#" read as "number", not the next header's words
(fossil-04: two ids ``btn_mtime_near_type_in_main_2``); a quantity keeps its unit in an id
("250 g", oscar-01); a reset button with no value is named by the word it shows, "Reset"
(roundup-01). Through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/names_a_person_reads.html"


@pytest.fixture(scope="module")
def elements(browser: Browser, pages_url: str) -> list[dict]:
    return read(browser, pages_url + PAGE, viewport_only=False).elements


def test_a_caption_after_sentences_of_help_names_the_field(elements: list[dict]) -> None:
    selects = [e for e in elements if e["type"] == "select"]
    assert [e["label"] for e in selects] == ["Format"], selects
    assert selects[0]["id"] == "select_format", selects


def test_fields_alike_are_told_by_their_legends(elements: list[dict]) -> None:
    ids = [e["id"] for e in elements if e["label"] == "Confirm current password"]
    assert len(ids) == 2 and ids[0].endswith("_user_profile") \
        and ids[1].endswith("_delete_account"), ids


def test_sorting_header_cells_are_named_by_their_own_words(elements: list[dict]) -> None:
    heads = [e for e in elements if e["type"] == "button" and e["bounds"][1] > 0
             and e["label"] in ("#", "mtime", "type")]
    assert [e["label"] for e in heads] == ["#", "mtime", "type"], heads
    assert [e["id"] for e in heads] == ["btn_number", "btn_mtime", "btn_type"], heads


def test_a_quantity_keeps_its_unit_in_a_rows_id(elements: list[dict]) -> None:
    ids = [e["id"] for e in elements if e["label"] in ("Update", "Remove")]
    assert len(ids) == len(set(ids)) == 4, ids
    first = [i for i in ids if "colombian" in i]
    assert len(first) == 2 and all(i.endswith("colombian_filter_coffee_250_g") for i in first), ids


def test_a_reset_button_with_no_value_is_named_by_the_word_it_shows(elements: list[dict]) -> None:
    resets = [e for e in elements if e["type"] == "button" and e["id"].startswith("btn_reset")]
    assert [e["label"] for e in resets] == ["Reset"], resets
