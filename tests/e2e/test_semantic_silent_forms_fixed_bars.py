"""Rules from the twenty-ninth held-out set's misses (issue 31, note 140), each read from what a
person sees on a page of our own, through the extension and the host in Debian Chromium; each
read otherwise on the old main:

- an admin page of sample forms whose first form asks an address and a password under
  "Submit", beside a disabled fieldset's input, select and tick, with no word of signing in
  but the side menu's "Login" link: a page of forms, not a sign-in;
- a fixed top bar stays the header after a scroll, and its links keep their ids;
- a side menu whose navigation landmark ends above a scrolled window (its box a wrapper of no
  height around a fixed backdrop and a fixed column, WordPress's admin menu) keeps its region
  and its links their ids after the scroll (note 231);
- an icon's SVG <title> is no word of a row, a cell or a paragraph (the walker's twins, rows and
  blocks read the words a person sees, as the element model names a control);
- a paragraph whose first words are the heading above it, going on in lower case ("The Harbour
  Library is the foundation of ..."), keeps them: they are its sentence's subject, no title
  repeated."""

from __future__ import annotations

import pytest
from semantic_reads import before_and_after_a_scroll, ids_by_node, placed, read, signals_of_kind

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

FEW_INPUTS = "form:one password field, few inputs"
SILENT = "form:a password form nothing calls a sign-in, beside other forms (a sample)"


def test_a_silent_password_form_among_sample_forms_is_a_form(
        browser: Browser, pages_url: str) -> None:
    # The old main read login both ways (the password form's 0.6 over the form signals).
    for signals in signals_of_kind(browser, pages_url, "sample_forms_silent_password.html",
                                   "form"):
        assert signals[SILENT] == 0.5
        assert signals[FEW_INPUTS] < 0.3


def test_a_sign_in_form_is_still_a_sign_in(browser: Browser, pages_url: str) -> None:
    # "Sign in" on its button, "Remember me": the page says what the form is for.
    for signals in signals_of_kind(browser, pages_url, "login_password_by_words.html", "login"):
        assert SILENT not in signals and signals[FEW_INPUTS] == 0.6


def test_a_fixed_top_bar_keeps_its_region_and_ids_after_a_scroll(
        browser: Browser, pages_url: str) -> None:
    # A position:fixed bar of five links over a long guide whose side column repeats two of
    # them. The old main placed the bar by its page box: the header at the top, main after a
    # scroll of one screen (its box then one screen down the page); an id parted from its
    # twin by the region (MkDocs' navbar brand) changed with it.
    first, scrolled = before_and_after_a_scroll(
        browser, pages_url + "understanding/fixed_top_bar_scrolled.html")
    before, after = ids_by_node(first), ids_by_node(scrolled)
    for result in (first, scrolled):
        kinds = {r["id"]: r["kind"] for r in result.page["regions"]}
        bar = {e["handle"]["backendNodeId"] for e in result.elements
               if kinds.get(e.get("region")) == "header"}
        labels = {e.get("label") for e in result.elements if e["handle"]["backendNodeId"] in bar}
        assert labels == {"Harbour Docs", "Home", "User guide", "About", "Search"}, (
            result.page["regions"], placed(result))
    assert bar <= before.keys() and {k: after[k] for k in bar} == {k: before[k] for k in bar}


def test_a_side_menu_whose_landmark_ends_above_the_window_keeps_its_region_on_a_scroll(
        browser: Browser, pages_url: str) -> None:
    # The landmark's own box is 0 px high at the top of the page; its fixed links stay on
    # screen. The old main heard nothing of the landmark once the window had scrolled past
    # it: the links were placed by their column, "in_sidebar" after the scroll where they
    # were "in_navigation" before.
    first, scrolled = before_and_after_a_scroll(
        browser, pages_url + "understanding/side_menu_landmark_above_window.html")
    before, after = ids_by_node(first), ids_by_node(scrolled)
    for result in (first, scrolled):
        kinds = {r["id"]: (r["kind"], r["label"]) for r in result.page["regions"]}
        menu = {e.get("label"): kinds.get(e.get("region")) for e in result.elements
                if e.get("label") in ("Add New", "Categories", "Tags")}
        wanted = {w: ("navigation", "Main menu") for w in ("Add New", "Categories", "Tags")}
        assert menu == wanted, (result.page["regions"], placed(result))
    shared = before.keys() & after.keys()
    assert len(shared) >= 8 and {k: after[k] for k in shared} == {k: before[k] for k in shared}


def test_an_icons_svg_title_is_no_word_of_a_row_or_a_paragraph(
        browser: Browser, pages_url: str) -> None:
    # Three rows, each "<svg><title>Folder icon</title></svg> Tide tables" | owner | "Open";
    # a note opening with an SVG titled "Information". The old main named the buttons
    # btn_open_near_folder_icon_tide_tables... and read the note as "Information Folders ...".
    result = read(browser, pages_url + "understanding/icon_titles_in_rows.html",
                  viewport_only=False)
    ids = sorted(e["id"] for e in result.elements if e.get("label") == "Open")
    assert ids == ["btn_open_near_berth_plans", "btn_open_near_crew_rosters",
                   "btn_open_near_tide_tables"], ids
    texts = [s["text"] for s in result.content]
    assert any(t.startswith("Folders shared with your crew") for t in texts), texts
    assert not any("Information" in t or "icon" in t for t in texts), texts


def test_a_heading_whose_words_open_the_next_sentence_stays_in_it(
        browser: Browser, pages_url: str) -> None:
    # <h2>The Harbour Library</h2><p>The Harbour Library is the foundation of ...</p>. The old
    # main cut the heading's words off ("is the foundation of ..."), as it does for a post whose
    # first line repeats its title.
    result = read(browser, pages_url + "understanding/heading_words_open_sentence.html",
                  viewport_only=False)
    texts = [s["text"] for s in result.content]
    assert any(t.startswith("The Harbour Library is the foundation") for t in texts), texts
    assert not any(t.startswith("is the foundation") for t in texts), texts
