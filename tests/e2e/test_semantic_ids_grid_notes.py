"""Twins a person tells apart by their column, their note or their sentence keep one id in
every read, none a counter (issue 31, design note 102), through the extension and the host in
Debian Chromium: a roles grid's checkboxes, one a role in each permission's row, and its edit
and delete icons in each role's header cell, by the header of their column; a reference's
links to one term, each in a paragraph of its own, by the paragraph, and two in one
paragraph by the words before each; two notes drawn as layout tables (an icon "[Note]" beside
the title "Note"), by their own words; a slider's wordless arrows, by the class that says
which way each goes. The ids are the same in the
first screen, in the whole page, after a scroll, with a twin scrolled into view and after a
row, a paragraph and a note are added above them."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_grid_notes_paragraph_links.html"
ROLES = ("captain", "deckhand", "purser")
PERMISSIONS = ("timetable", "timetable_edit", "tickets", "tickets_refund")
GRID = {f"checkbox_{p}_in_main_at_roles_{r}" for p in PERMISSIONS for r in ROLES} | {
    f"link_{tool}_role_near_captain_{r}" for tool in ("edit", "delete") for r in ROLES}
LINKS = {"link_ticket_in_main_to_types_ticket_at_first_para",
         "link_ticket_in_main_to_types_ticket_at_reference_within_when_a_crossing_is",
         "link_ticket_in_main_to_types_ticket_at_reference_within_refunds_are_paid_to",
         # one paragraph linking the term twice: the words before each
         "link_ticket_in_main_to_types_ticket_at_reference_within_a_child_travels_on_after_"
         "travels_on_a",
         "link_ticket_in_main_to_types_ticket_at_reference_within_a_child_travels_on_after_"
         "grown_up_s"}
NOTES = {"img_note_in_main_at_reference_for_a_ticket_bought_at",
         "img_note_in_main_at_reference_for_season_passes_are_checked"}
ARROWS = {"btn_prev", "btn_next"}
ADD_ABOVE = """
const row = document.querySelector('table.grid tbody tr').cloneNode(true);
row.cells[0].textContent = 'Cabins';
document.querySelector('table.grid tbody').prepend(row);
const para = document.createElement('p');
para.innerHTML = 'A lost <a href="types.html#ticket">ticket</a> is printed again at the office.';
document.getElementById('first-para').before(para);
const note = document.querySelector('.note').cloneNode(true);
note.querySelector('p').textContent = 'Bicycles travel on the lower deck.';
document.querySelector('.note').before(note);
window.scrollTo(0, 0);
"""


def ids(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements}


def numbered(result: PageResult) -> list[str]:
    """Elements whose id holds a number among twins (``relations.alike``): counters."""
    return [e["id"] for e in result.elements if e["relations"].get("alike")]


def test_grid_notes_and_paragraph_links_are_named_by_column_note_and_sentence(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    assert not numbered(first) and not numbered(whole), (numbered(first), numbered(whole))
    said = set(ids(whole).values())
    wanted = GRID | LINKS | NOTES | ARROWS
    assert said >= wanted, (sorted(wanted - said), sorted(said))
    shown = ids(first)
    assert shown and {k: ids(whole)[k] for k in shown} == shown, (shown, ids(whole))
    # scrolled to the end: the last paragraph's link, a twin of the first's, comes into view
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    scrolled = read(browser)
    assert LINKS & set(ids(scrolled).values()), sorted(ids(scrolled).values())
    assert {k: ids(whole)[k] for k in ids(scrolled)} == ids(scrolled), ids(scrolled)
    # a permission's row, a paragraph with the same link and a note added above the others:
    # every element read before keeps its id, and the new ones are named, not numbered
    browser.run_in_target(ADD_ABOVE)
    after = read(browser, viewport_only=False)
    assert {k: v for k, v in ids(after).items() if k in ids(whole)} == ids(whole)
    assert not numbered(after), numbered(after)
    assert {"checkbox_cabins_in_main_at_roles_purser",
            "img_note_in_main_at_reference_for_bicycles_travel_on_the"} <= set(
        ids(after).values()), sorted(ids(after).values())
