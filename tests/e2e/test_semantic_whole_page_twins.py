"""Twins parted over the whole page, so every read names them alike (issue 31, design note
81), through the extension and the host in Debian Chromium: table rows alike in their first
words are parted by the cell that differs among every such row of the page (the walker reads
them all), not only among the rows a read holds, and the reply's relations say the cell; a
list a page holds in two tab panes is parted by the tab that shows each pane."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e


def ids(result: PageResult, types: tuple[str, ...]) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements if e["type"] in types}


def test_table_rows_alike_but_a_date_keep_their_ids_in_every_read(
        browser: Browser, pages_url: str) -> None:
    # Four invoices, two numbered INV-20 and two INV-78, of one plan and one status, told
    # apart by the date they were issued. The first screen holds one of each number: its rows
    # are named by their dates as in the whole page, and keep them after a scroll brings the
    # other two in and after an invoice is added on top.
    rows = ("link", "checkbox")
    first = ids(read(browser, pages_url + "understanding/rows_parted_by_a_date.html"), rows)
    whole_read = read(browser, viewport_only=False)
    whole = ids(whole_read, rows)
    assert len(whole) == 8 and len(set(whole.values())) == 8, whole
    assert "link_inv_20_near_team_plan_1_mar_2020" in whole.values(), whole
    assert "checkbox_select_near_inv_78_1_nov_2019" in whole.values(), whole
    assert 2 <= len(first) < 8 and {k: whole[k] for k in first} == first, (first, whole)
    dated = next(e for e in whole_read.elements if e["id"].endswith("_1_mar_2020"))
    assert dated["relations"]["cell"] == "1_mar_2020", dated["relations"]
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    below = ids(read(browser), rows)
    assert set(below) - set(first), below
    assert {k: whole[k] for k in below} == below, (below, whole)
    browser.run_in_target(
        "window.scrollTo(0, 0); document.getElementById('rows').insertAdjacentHTML('afterbegin',"
        " '<tr><td><a href=\"invoice.html\">INV-20</a></td><td>Team plan</td><td>1 Jun 2020"
        "</td><td>Due</td><td><input type=\"checkbox\" aria-label=\"Select\"></td></tr>')")
    after = ids(read(browser, viewport_only=False), rows)
    assert {k: after[k] for k in whole} == whole, after


def test_a_list_held_in_two_tab_panes_is_parted_by_the_panes_tab_names(
        browser: Browser, pages_url: str) -> None:
    # The same three courses under the "Popular (3)" tab's pane and the "Newest" tab's pane,
    # each pane's id a token ("pane-2"): the tab that shows each pane names its links (its
    # count dropped), in the first screen as in the whole page and after a scroll.
    first = ids(read(browser, pages_url + "understanding/panes_twice.html"), ("link",))
    whole_read = read(browser, viewport_only=False)
    whole = {k: v for k, v in ids(whole_read, ("link",)).items() if "_at_" in v}
    assert len(whole) == 6 and len(set(whole.values())) == 6, whole
    python = "link_python_bootcamp_near_twelve_weeks_from_zero"
    assert {f"{python}_at_popular", f"{python}_at_newest"} <= set(whole.values()), whole
    assert not [i for i in whole.values() if i.rsplit("_", 1)[-1].isdigit()], whole
    assert {k: v for k, v in first.items() if k in whole} == {
        k: whole[k] for k in first if k in whole}
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    below = ids(read(browser), ("link",))
    assert {k: whole[k] for k in below if k in whole} == {k: v for k, v in below.items()
                                                            if k in whole}, below


def test_rows_alike_in_everything_are_numbered_over_the_whole_page_in_every_read(
        browser: Browser, pages_url: str) -> None:
    # Six events alike in every word, each with an "Action" link: nothing a person reads
    # tells them apart, so each keeps a number, the last resort, in the page's order over the
    # whole page, and the reply says so (relations.alike). The first screen, the whole page,
    # the screen after a scroll and the whole page after an event unlike them is added on top
    # all name each row's link alike.
    first_read = read(browser, pages_url + "understanding/rows_alike_in_everything.html")
    first = ids(first_read, ("link",))
    whole_read = read(browser, viewport_only=False)
    whole = ids(whole_read, ("link",))
    action = "link_action_near_lorum_ipsum_dolem_aire"
    assert sorted(whole.values()) == sorted(
        [action] + [f"{action}_{n}" for n in range(2, 7)]), whole
    assert 1 <= len(first) < 6 and {k: whole[k] for k in first} == first, (first, whole)
    said = {e["id"]: e["relations"].get("alike") for e in whole_read.elements
            if e["type"] == "link"}
    assert said[f"{action}_4"] == {"number": 4, "of": 6, "over": "page"}, said
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    below = ids(read(browser), ("link",))
    assert set(below) - set(first), below
    assert {k: whole[k] for k in below} == below, (below, whole)
    browser.run_in_target(
        "window.scrollTo(0, 0); document.getElementById('rows').insertAdjacentHTML('afterbegin',"
        " '<tr><td>Server restarted</td><td><a class=\"button\" href=\"#\">Action</a></td>"
        "</tr>')")
    after = ids(read(browser, viewport_only=False), ("link",))
    assert {k: after[k] for k in whole} == whole, after


def test_icons_that_name_nothing_are_told_apart_by_their_colour_in_every_read(
        browser: Browser, pages_url: str) -> None:
    # Each order's view, edit and delete links show only an inline SVG (no class, title or
    # symbol names it), drawn blue, yellow and red: the row says which order, the colour which
    # icon. No counter; the same ids in the first screen, the whole page, after a scroll and
    # after an order is added on top.
    first = ids(read(browser, pages_url + "understanding/icons_named_by_nothing.html"),
                ("link",))
    whole = ids(read(browser, viewport_only=False), ("link",))
    assert {"link_near_or7546_blue", "link_near_or7546_yellow", "link_near_or7546_red",
            "link_near_or7451_red"} <= set(whole.values()), whole
    assert len(whole) == 12 and len(set(whole.values())) == 12, whole
    assert not [i for i in whole.values() if i.rsplit("_", 1)[-1].isdigit()], whole
    assert 1 <= len(first) < 12 and {k: whole[k] for k in first} == first, (first, whole)
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    below = ids(read(browser), ("link",))
    assert set(below) - set(first), below
    assert {k: whole[k] for k in below} == below, (below, whole)
    browser.run_in_target(
        "window.scrollTo(0, 0); document.getElementById('rows').insertAdjacentHTML("
        "'afterbegin', window.orderRow(['#OR1111', 'New Customer', 'Paid']))")
    after = ids(read(browser, viewport_only=False), ("link",))
    assert {k: after[k] for k in whole} == whole, after


def test_fields_labelled_alike_are_told_apart_by_what_each_asks(
        browser: Browser, pages_url: str) -> None:
    # A form gallery's horizontal form labels two fields "Email", the first asking a
    # username: the placeholder each shows names it, no counter.
    fields = ids(read(browser, pages_url + "understanding/fields_one_label_two_asks.html"),
                 ("text_input",))
    assert sorted(fields.values()) == [
        "input_email_in_form_under_horizontal_form_email",
        "input_email_in_form_under_horizontal_form_username", "input_mobile"], fields


def test_an_icon_under_the_pointer_keeps_its_id(browser: Browser, pages_url: str) -> None:
    # Three grey tools, each drawn blue under the pointer, and two marks drawn green and red.
    # Colour tells icons apart only where each has a hue of its own: a hover that draws one
    # grey tool blue renames none of them, and the marks keep theirs.
    before = ids(read(browser, pages_url + "understanding/icons_hover_colour.html",
                      viewport_only=False), ("link",))
    assert len(before) == 5 and len(set(before.values())) == 5, before
    marks = sorted(i for i in before.values() if i.endswith(("_green", "_red")))
    assert len(marks) == 2, before
    tools = [i for i in before.values() if i not in marks]
    for target in (tools[1], marks[1]):
        assert browser.act(target, "hover").ok
        after = ids(read(browser, viewport_only=False), ("link",))
        assert after == before, (target, after, before)
