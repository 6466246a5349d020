"""Controls found under the name a person reads and ids from their own words (issue 31; four
real pages of the spent held-out sets, note 218). A caption ending in a colon after sentences
of help on the field's line names it ("Format:", fossil-03); two forms' fields alike are told
by their fieldsets' legends, not by the forms' ids no one reads (dokuwiki-03); a header cell
that sorts a table keeps its own mark, "#" read as "number", not the next header's words
(fossil-04: two ids ``btn_mtime_near_type_in_main_2``); a quantity keeps its unit in an id
("250 g", oscar-01); a reset button with no value is named by the word it shows, "Reset"
(roundup-01). Round 71 (notes 221, 222): a hidden field's label names the visible box standing
in for it (a recipient chooser's "To", roundcube-03); a label after a typed field is its help
("Real name:", mediawiki-03); a pager's select above a list and below it, its caption with a
colon once, are twins told by their side (phpmyadmin-01). Round 73 (notes 249, 250): in rows of
label and control columns each control is told by its column's label (kiwi-04's switches,
kiwi-02's date boxes); a count hidden from screen readers beside their words that say it again
is read once ("3 comments", wordpress-02). Stop 73 (the lead, note 256): an icon link laid
out in a table of its own inside a data row's cell is read by the data row's first words (a
monitoring console's per-host icons, nagios-02). Through the extension and the host in Debian
Chromium."""

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


# A recipient chooser (roundcube-03, note 221): the label "To" names a <textarea> kept off the
# page; a person reads it beside the visible box one types names in, its row's only field.
CHOOSER = "understanding/recipient_chooser.html"


@pytest.fixture(scope="module")
def chooser(browser: Browser, pages_url: str) -> list[dict]:
    return read(browser, pages_url + CHOOSER, viewport_only=False).elements


def test_a_hidden_fields_label_names_the_visible_box_standing_in_for_it(
        chooser: list[dict]) -> None:
    to = [e for e in chooser if e["label"] == "To"]
    assert len(to) == 1 and to[0]["id"] == "input_to", to
    assert to[0]["bounds"][0] > 0, to  # the visible box, not the textarea off the page


def test_a_hidden_fields_label_beside_two_boxes_names_neither(chooser: list[dict]) -> None:
    labels = sorted(e["label"] for e in chooser if e["type"] == "text_input")
    assert "Dates" not in labels and "Start" in labels and "End" in labels, labels


# A field's label above it and a sentence of help below it, a second label (mediawiki-03, note
# 221): the label above names it.
HELP = "understanding/field_label_and_help_label.html"


def test_a_label_after_a_typed_field_is_its_help_not_its_name(browser: Browser,
                                                             pages_url: str) -> None:
    elements = read(browser, pages_url + HELP, viewport_only=False).elements
    fields = [(e["label"], e["id"]) for e in elements if e["type"] == "text_input"]
    assert fields == [("Real name:", "input_real_name"), ("Signature:", "input_signature")], fields
    boxes = [e["label"] for e in elements if e["type"] == "checkbox"]
    assert boxes == ["Watch pages I edit"], boxes


# A table's pager above and below its rows, its caption with a colon once and once without
# (phpmyadmin-01, note 222): one field twice, told by its side of the list, never a counter.
PAGERS = "understanding/pagers_alike_but_a_colon.html"


def test_fields_alike_but_for_a_captions_colon_are_twins_told_by_their_side(
        browser: Browser, pages_url: str) -> None:
    elements = read(browser, pages_url + PAGERS, viewport_only=False).elements
    selects = [e["id"] for e in elements if e["type"] == "select"]
    assert len(selects) == 2 and selects[0].endswith("_above_list") \
        and selects[1].endswith("_below_list"), selects


# Rows of label and control columns (kiwi-04, kiwi-02, note 249): switches that each show
# "Yes No" are read by the label of their own column, not the caption over their row; date
# boxes "Before" and "After" by their filter's label, whose ids alike in their first three
# words part them no more. Never a counter.
COLUMNS = "understanding/columns_captioned.html"


@pytest.fixture(scope="module")
def columns(browser: Browser, pages_url: str) -> list[dict]:
    return read(browser, pages_url + COLUMNS, viewport_only=False).elements


def test_switches_in_label_columns_are_told_by_their_columns_label(columns: list[dict]) -> None:
    switches = [e for e in columns if e["type"] == "checkbox"]
    sections = [e["relations"].get("section") for e in switches]
    assert sections == ["author", "manager_of_runs", "assignees", "case_is_updated",
                        "case_is_deleted"], switches
    assert all(e["id"].endswith(f"_under_{s}") and "alike" not in e["relations"]
               for e, s in zip(switches, sections, strict=True)), switches


def test_date_boxes_are_told_by_their_filters_label(columns: list[dict]) -> None:
    boxes = [(e["label"], e["id"]) for e in columns if e["type"] == "text_input"]
    assert [label for label, _ in boxes] == ["Before", "After", "Before", "After"], boxes
    assert [i.rsplit("_", 2)[-2:] for _, i in boxes] == [["planned", "start"]] * 2 + [
        ["planned", "stop"]] * 2, boxes
    assert len({i for _, i in boxes}) == 4, boxes


# A count a person sees, hidden from screen readers, beside words for them that say it again
# (wordpress-02/03, note 250): the link is read once, as Chromium names it.
def test_a_hidden_count_the_screen_readers_words_repeat_is_read_once(columns: list[dict]) -> None:
    links = [(e["label"], e["id"]) for e in columns if e["type"] == "link"]
    assert ("3 comments", "link_3_comments") in links, links
    assert ("1 pending comment", "link_1_pending_comment") in links, links
    assert ("★ Starred", "link_starred") in links, links  # a mark with no words stays


LAYOUT_ROWS = "understanding/rows_in_layout_tables.html"


def test_an_icon_in_a_layout_table_is_told_by_its_data_rows_words(
        browser: Browser, pages_url: str) -> None:
    elements = read(browser, pages_url + LAYOUT_ROWS, viewport_only=False).elements
    said = "Notifications for this host have been disabled"
    icons = [e for e in elements if e.get("label") == said]
    assert [e["id"] for e in icons] == [
        f"link_notifications_for_this_host_have_near_{host}"
        for host in ("backup_store", "catalogue_web", "db_primary")], icons
