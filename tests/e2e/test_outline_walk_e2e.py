"""The whole-page outline read from the walk (``ax_source="walk"``, issue 33, design note 42).

No getFullAXTree, no DOMSnapshot, no DOM tree: the walker writes the document as
accessibility rows in its own pass and the records the DOM channel can list get their ids.
The outline must say what Chromium's tree says, line for line and id for id (design note 68:
a node's id is Chromium's whatever the source), and an id from it must
act on an element below the fold, one in a same-origin frame and one whose only sign of
acting is its click listener.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.errors import AxsnapError

WHOLE = {"format": "outline", "scope": "page", "exact": True}
DEMO = Path(__file__).resolve().parents[2] / "host" / "axsnap_host" / "demo"
_ID = re.compile(r"^(\s*)\[(\d+-(?:ax)?-?\d+)\] ")


@pytest.fixture
def page(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}dom/walk_source.html")
    return browser


def read(browser: Browser, source: str) -> dict[str, Any]:
    return browser.snapshot_raw(**WHOLE, ax_source=source)


def split(tree: str) -> list[tuple[str, str | None]]:
    """Each line without its id, and the id (None when it prints none)."""
    out = []
    for line in tree.splitlines():
        m = _ID.match(line)
        out.append((m.group(1) + line[m.end():], m.group(2)) if m else (line, None))
    return out


def id_of(tree: str, line: str) -> str:
    return next(i for text, i in split(tree) if text.strip() == line and i is not None)


def log_text(browser: Browser) -> str:
    return str(browser.run_in_target("return document.getElementById('log').textContent"))


def test_the_walk_reads_the_outline_chromium_reads(page: Browser) -> None:
    chromium = read(page, "chromium")
    walked = read(page, "walk")
    steps = walked["timings"]["capture_steps"]
    for step in ("ax_ms", "dom_snapshot_ms", "dom_tree_ms"):  # none of Chromium's reads
        assert step not in steps and step in chromium["timings"]["capture_steps"]
    assert steps["ax_walk_ms"] >= 0
    ours = split(walked["result"]["combinedTree"])
    theirs = split(chromium["result"]["combinedTree"])
    # every line, with its id: a node has one id whatever the source (design note 68); a
    # <select>'s popup too, whose node is in the user-agent shadow DOM, which no page script
    # sees (its id asked of Chromium's tree: walker_custom_roles.js, design note 71)
    assert [text for text, _ in ours] == [text for text, _ in theirs]
    assert [(t, i) for t, i in ours if i] == [(t, i) for t, i in theirs if i]
    assert any("MenuListPopup" in t and i for t, i in ours)
    printed = {text.strip(): i for text, i in ours if i}
    assert {"link: One", "button: Top button", "textbox: Name", "checkbox: I agree",
            "clickable, div", "button: Far button", "button: Frame button"} <= set(printed)
    # the XPaths of the elements an agent acts on are Chromium's (the walk has no XPath for
    # the other lines: headings, text)
    result = walked["result"]
    theirs_xpaths = chromium["result"]["combinedXpathMap"]
    assert result["combinedXpathMap"] and all(
        theirs_xpaths.get(i) == x for i, x in result["combinedXpathMap"].items())
    assert result["combinedXpathMap"][id_of(result["combinedTree"], "button: Far button")] \
        == "/html/body/button"
    assert "incomplete" not in result and not result["errors"]


def test_ids_from_the_walk_act_below_the_fold_and_in_a_frame(page: Browser) -> None:
    tree = read(page, "walk")["result"]["combinedTree"]
    far = id_of(tree, "button: Far button")
    assert page.act(far, "click").ok
    assert log_text(page) == "far clicked"
    assert page.act(id_of(tree, "clickable, div"), "click").ok  # its listener alone
    assert log_text(page) == "tile clicked"
    assert page.act(id_of(tree, "textbox: Name"), "fill", "Ada").ok
    assert page.run_in_target("return document.getElementById('name').value") == "Ada"
    frame_button = id_of(tree, "button: Frame button")
    assert frame_button.startswith("1-")
    assert page.act(frame_button, "click").ok
    # the page changed: a second read from the walk says so (compact lines show values)
    again = page.snapshot_raw(**WHOLE, ax_source="walk", compact=True)["result"]
    assert f'[{id_of(tree, "textbox: Name")}] textbox: Name = "Ada"' in again["combinedTree"]


def test_ax_source_walk_is_refused_outside_the_whole_page(page: Browser) -> None:
    with pytest.raises(AxsnapError) as err:
        page.snapshot_raw(format="outline", ax_source="walk")
    assert err.value.code == "invalid_message" and "needs scope 'page'" in err.value.message
    assert page.snapshot_raw(**WHOLE)["result"]["combinedTree"]  # the host keeps serving


def test_every_frame_is_read_same_origin_nested_and_cross_site(
    browser: Browser, pages_url: str, cross_site_url: str
) -> None:
    """A same-origin frame is walked from its parent, a cross-site one walks itself (its own
    rows, stitched under its <iframe>); a frame that failed to load is no gap."""
    browser.open(f"{pages_url}outline/index.html?cross={cross_site_url}outline/cross.html")
    chromium = read(browser, "chromium")["result"]
    walked = read(browser, "walk")["result"]
    ours, theirs = split(walked["combinedTree"]), split(chromium["combinedTree"])
    assert [text for text, _ in ours] == [text for text, _ in theirs]
    assert all(i == j for (_, i), (_, j) in zip(ours, theirs, strict=True) if i)
    # the inventory says what Chromium's does of every frame: the one that failed to load is
    # listed at the URL it failed to load (the walk has no <iframe> src: Chromium's
    # unreachableUrl), not at Chrome's error page
    facts = ("url", "origin", "captured", "status", "reason", "ownerId")
    assert [{k: f.get(k) for k in facts} for f in walked["frames"]] == \
        [{k: f.get(k) for k in facts} for f in chromium["frames"]]
    assert any(f["url"].endswith("/nothing.html") and f["status"] == "restricted"
               for f in walked["frames"])
    tree = walked["combinedTree"]
    assert id_of(tree, "button: Same frame button").startswith("1-")
    assert id_of(tree, "button: Nested button").startswith("2-")
    assert id_of(tree, "button: Cross site button").startswith("3-")
    assert id_of(tree, "clickable, span").startswith("3-")  # its listener, in its own process
    assert "incomplete" not in walked


def test_focus_on_the_walk_keeps_the_subtree_chromium_keeps(page: Browser) -> None:
    """An outline's focus with the walk: a CSS selector the walk itself selects (a wrapper
    it makes no node of too), an element id, a walk's ax id; one that selects nothing is a
    clear error and the host keeps serving."""
    for focus in ("nav", "form", "#rows", "body > ul"):
        chromium = page.snapshot_raw(**WHOLE, ax_source="chromium", focus=focus)["result"]
        walked = page.snapshot_raw(**WHOLE, ax_source="walk", focus=focus)["result"]
        ours, theirs = split(walked["combinedTree"]), split(chromium["combinedTree"])
        assert ours and [t for t, _ in ours] == [t for t, _ in theirs], focus
        assert walked["focus"]["query"] == focus
    rows = split(page.snapshot_raw(**WHOLE, ax_source="walk", focus="#rows")["result"]
                 ["combinedTree"])
    assert [t.strip() for t, _ in rows] == ["list", "listitem", "StaticText: Row alpha",
                                            "listitem", "StaticText: Row beta"]
    tree = read(page, "walk")["result"]["combinedTree"]
    far = id_of(tree, "button: Far button")  # an element id from the walk's outline
    by_id = page.snapshot_raw(**WHOLE, ax_source="walk", focus=far)["result"]
    assert [t.strip() for t, _ in split(by_id["combinedTree"])] == ["button: Far button"]
    assert by_id["focus"]["elementId"] == far
    assert by_id["focus"] == page.snapshot_raw(**WHOLE, ax_source="chromium", focus=far)[
        "result"]["focus"]  # the same element id on Chromium's tree
    by_xpath = page.snapshot_raw(**WHOLE, ax_source="walk", focus="/html/body/button")
    assert [t.strip() for t, _ in split(by_xpath["result"]["combinedTree"])] == [
        "button: Far button"]
    snapshot = page.snapshot_raw(format="snapshot", scope="page", ax_source="walk",
                                 exact=True)["result"]["snapshot"]
    heading = next(n["id"] for n in snapshot["ax_tree"]["nodes"] if n["role"] == "heading")
    assert "-ax" not in heading  # Chromium's id, the take of the rows' nodes learnt it
    by_ax = page.snapshot_raw(**WHOLE, ax_source="walk", focus=heading)["result"]
    assert next(t.strip() for t, _ in split(by_ax["combinedTree"])).startswith("heading")
    for bad in ("#no-such-element", "div[", "#hidden-nothing"):
        with pytest.raises(AxsnapError) as err:
            page.snapshot_raw(**WHOLE, ax_source="walk", focus=bad)
        assert err.value.code == "invalid_message" and "matched nothing" in err.value.message
    assert read(page, "walk")["result"]["combinedTree"]  # the host keeps serving


def test_compact_joins_inline_split_sentences_from_the_walk(
        browser: Browser, pages_url: str) -> None:
    """A sentence that inline markup splits (``Enter "<span>Donovan</span>" into``) is one
    compact line from the walk's rows, as from Chromium's tree, and the text of two blocks
    stays two lines: the compact outline's text lines are the same from both sources."""
    browser.open(f"{pages_url}fidelity/compact_text.html")
    compact = {source: read_compact(browser, source) for source in ("walk", "chromium")}
    said = [json.loads(line.strip()) for line in compact["walk"].splitlines()
            if line.strip().startswith('"')]
    for sentence in ('Enter "Donovan" into the text field and press Submit.',
                     'Enter an item that starts with "Bra" and ends with "zil".',
                     "Book the cheapest one-way flight from: NNL to: RDG on 10/17/2016.",
                     "et viverra tortor", "mus quis elementum"):
        assert sentence in said, (sentence, compact["walk"])
    # every text line of Chromium's compact outline is one of the walk's, joined the same way
    theirs = [json.loads(line.strip()) for line in compact["chromium"].splitlines()
              if line.strip().startswith('"')]
    assert said == theirs, (compact["walk"], compact["chromium"])


def read_compact(browser: Browser, source: str) -> str:
    return str(browser.snapshot_raw(**WHOLE, ax_source=source, compact=True)["result"][
        "combinedTree"])


def test_a_label_around_its_field_names_it_without_the_fields_value(browser: Browser) -> None:
    """<label>Email <input value="ada@example.com"></label>: the field's name is "Email", as
    Chromium names it (the control a label names adds nothing to its own name, not its
    value), so the label's text, which repeats it, is pruned as from Chromium's tree. The
    demo page, its payment frame too: the walk's outline is Chromium's line for line."""
    with serve_directory(DEMO) as base:
        browser.open(base + "index.html")
        chromium = read(browser, "chromium")["result"]["combinedTree"]
        walked = read(browser, "walk")["result"]["combinedTree"]
    ours, theirs = split(walked), split(chromium)
    assert [text for text, _ in ours] == [text for text, _ in theirs]
    assert [i is None for _, i in ours] == [i is None for _, i in theirs]  # the popup's too
    lines = [text.strip() for text, _ in ours]
    for name in ("Email", "One-time code", "Card number", "CVC"):
        assert f"textbox: {name}" in lines and f"StaticText: {name}" not in lines


def test_date_and_time_fields_have_their_parts(browser: Browser, pages_url: str) -> None:
    """A date or time field's parts (its spinbuttons and picker button) live in the
    browser's own shadow DOM, which no page script sees: the extension asks Chromium's tree
    for them (walker_custom_roles.js readDateParts), so the walk's outline holds them as
    Chromium's does, names said once, with their ids and states."""
    browser.open(f"{pages_url}dom/date_fields.html")
    chromium = read(browser, "chromium")["result"]["combinedTree"]
    walked = read(browser, "walk")["result"]["combinedTree"]
    assert split(walked) == split(chromium)
    lines = [text.strip() for text, _ in split(walked)]
    for part in ("spinbutton: Month", "spinbutton: Day", "spinbutton: Year",
                 "haspopup, button: Show date picker", "spinbutton: Minutes"):
        assert part in lines, (part, walked)


_EVALUATE = """
const found = document.evaluate(arguments[0], document, null, 9, null).singleNodeValue;
return found ? [found.localName, found.textContent.trim() || found.getAttribute('aria-label')]
  : null;
"""


def test_xpaths_through_an_svg_are_chromiums_and_find_their_element(
        browser: Browser, pages_url: str) -> None:
    """An element inside an SVG (a button in a foreignObject, a clickable icon) is written
    ``*[name()='svg']``: a bare ``svg`` step matches nothing in an HTML document."""
    browser.open(f"{pages_url}dom/walk_svg_xpaths.html")
    walked = read(browser, "walk")["result"]
    chromium = read(browser, "chromium")["result"]
    ours, theirs = walked["combinedXpathMap"], chromium["combinedXpathMap"]
    # the walk keeps what Chromium keeps: the svg drawing HTML is its SvgRoot, its controls
    # below it (not a picture with nothing inside)
    assert split(walked["combinedTree"]) == split(chromium["combinedTree"])
    named = {text.strip(): i for text, i in split(walked["combinedTree"]) if i}
    wanted = {"button: Next slide": ["button", "Next slide"],
              "link: Speaker notes": ["a", "Speaker notes"],
              "button: Star this page": ["svg", "Star this page"],
              "button: Plain button": ["button", "Plain button"]}
    assert set(wanted) <= set(named), named
    for line, element in wanted.items():
        xpath = ours[named[line]]
        assert xpath == theirs[named[line]], (line, xpath)
        assert browser.run_in_target(_EVALUATE, xpath) == element, (line, xpath)


@pytest.mark.parametrize("options", [
    {"viewport_only": False}, {}, {"viewport_only": False, "node_ids": "walker"}])
def test_dom_text_xpaths_through_an_svg_find_their_element(
        browser: Browser, pages_url: str, options: dict[str, Any]) -> None:
    """DOM text's XPaths (whole page, window, walker ids) reach the controls an SVG draws and
    the clickable icon; its CSS selectors stay the lowercase type selectors that match them."""
    browser.open(f"{pages_url}dom/walk_svg_xpaths.html")
    elements = browser.snapshot_raw(format="domtext", **options)["result"]["elements"]
    found = {}
    for element in elements:
        found[tuple(browser.run_in_target(_EVALUATE, element["xpath"]) or ())] = element
        assert browser.run_in_target(
            "return document.querySelector(arguments[0]) !== null", element["selector"])
    assert {("button", "Next slide"), ("a", "Speaker notes"), ("svg", "Star this page"),
            ("button", "Plain button")} <= set(found), [e["xpath"] for e in elements]
    assert found[("svg", "Star this page")]["xpath"] == "/html/body/div/*[name()='svg']"
