"""Targets below the fold and names without words (issue 32): resolved over the whole
document, scrolled into view (the reply says so), `not_found` lists the nearest, glyph and
punctuation names are targetable."""

from __future__ import annotations

from axsnap_host.client import Browser


def test_a_row_below_the_fold_is_found_scrolled_to_and_said(browser: Browser,
                                                             pages_url: str) -> None:
    browser.open(f"{pages_url}act/offscreen/long_list.html")
    assert browser.run_in_target("return scrollY") == 0
    found = browser.find("Item 100")  # text no element says: the row's control
    assert found.decision == "unique" and found.matches[0].label == "Archive"
    assert found.matches[0].index == 100
    result = browser.act('"Archive" near "Item 100"', "click")
    assert result.ok, result.error
    assert result.offscreen is True
    assert browser.run_in_target(
        "return document.querySelectorAll('li')[99].querySelector('button').textContent") == "Done"
    again = browser.act('"Done" near "Item 100"', "click")  # in view now: not said
    assert again.ok and again.offscreen is False


def test_not_found_lists_the_nearest(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/offscreen/long_list.html")
    missing = browser.act("Launch the rocket", "click")
    assert not missing.ok and missing.error and missing.error.code == "not_found"
    assert len(missing.error.candidates) == 3
    found = browser.find("Launch the rocket")  # find lists them too (it listed none)
    assert found.decision == "not_found"
    assert [m.id for m in found.nearest] == [c.id for c in missing.error.candidates]


def test_glyph_and_punctuation_names(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/offscreen/glyphs.html")
    log = "return document.getElementById('log').textContent"
    assert browser.act('"☆" near "Lunch on Friday"', "click").ok
    assert browser.run_in_target(log) == "star lunch"
    assert browser.act('"star" near "Quarterly report"', "click").ok
    assert browser.run_in_target(log) == "star report"
    assert browser.act('"✓" near "Quarterly report"', "click").ok
    assert browser.run_in_target(log) == "done report"
    assert browser.act(">", "click").ok
    assert browser.run_in_target(log) == "next"
    assert browser.act(">>", "click").ok
    assert browser.run_in_target(log) == "last"


def test_a_control_a_whole_page_read_listed_below_the_fold_takes_acts(browser: Browser,
                                                                      pages_url: str) -> None:
    """Issue 32: "a button listed by a whole-page read (--page) and not yet scrolled into
    view twice gave stale_element". By its DOM text index and by its outline id from whole
    page reads, twice each, the page scrolled back to the top between: each act scrolls it
    into view, says so, and reaches it."""
    archived = "return document.querySelectorAll('li')[119].querySelector('button').textContent"
    browser.open(f"{pages_url}act/offscreen/long_list.html")
    dom = browser.snapshot(format="domtext", viewport_only=False)
    line = next(x for x in dom.domtext.splitlines() if 'in="Item 120"' in x)
    index = int(line.split("]")[0].strip("[ \t"))
    outline = browser.snapshot(format="outline", scope="page").combinedTree
    ident = [line.strip()[1:].split("]")[0] for line in outline.splitlines()
             if line.strip().endswith("button: Archive")][-1]
    for target in (index, index, ident, ident):
        assert browser.run_in_target("return scrollY") == 0
        result = browser.act(target, "click")
        assert result.ok, (target, result.error)
        assert result.offscreen is True, target
        assert browser.run_in_target(archived) == "Done"
        browser.run_in_target("scrollTo(0, 0)")
