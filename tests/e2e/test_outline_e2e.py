"""Format "outline" and the resolver end to end: real Chromium, the extension and the host.

The test page (tests/pages/outline/index.html) has a same-origin iframe with a nested one,
a cross-site (out-of-process) iframe served from 127.0.0.2, nested open shadow roots, a
scroll container and an iframe whose load fails.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from page_reads import QUIET, outline_read
from selenium.webdriver.common.by import By

from axsnap_host.client import Browser, OutlineResult
from axsnap_host.client.file_server import serve_directory
from axsnap_host.models.errors import AxsnapError
from axsnap_host.pipeline.text_clean import clean_text
from outline_text import ancestors

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
# the live read's expected outline: a whole-page read also joins the walker's facts (a
# title-named symbol is "span: Settings"), which the recorded capture of
# tests/golden/outline_demo/ predates
GOLDEN = Path(__file__).resolve().with_name("demo_outline_live.txt")
LINE = re.compile(
    r"^(?P<indent>(?:  )*)\[(?P<id>\d+-\d+)\] (?P<role>[^:\[\]]+?)(?:: (?P<name>.+))?$"
)



def lines_of(result: OutlineResult) -> list[dict[str, Any]]:
    out = []
    for line in result.combinedTree.splitlines():
        match = LINE.match(line)
        assert match, line
        out.append({**match.groupdict(), "depth": len(match["indent"]) // 2})
    return out


@pytest.fixture(scope="module")
def frames_page(pages_url: str, cross_site_url: str) -> str:
    return f"{pages_url}outline/index.html?cross={cross_site_url}outline/cross.html"


@pytest.fixture(scope="module")
def frames_outline(browser: Browser, frames_page: str) -> OutlineResult:
    return outline_read(browser, frames_page)


def test_every_control_is_under_the_right_frame(frames_outline: OutlineResult) -> None:
    lines = lines_of(frames_outline)
    inventory = {f["ordinal"]: f for f in frames_outline.frames}
    by_url = {f["url"].split("?")[0].rsplit("/", 1)[-1]: f for f in inventory.values()}
    expected = {  # control → (role, page of its frame, iframe titles above it, innermost first)
        "Click Me": ("button", "index.html", []),
        "Email": ("textbox", "index.html", []),
        "Size": ("select", "index.html", []),
        "Inside scroller": ("button", "index.html", []),
        "Shadow action": ("button", "index.html", []),
        "Deep link": ("link", "index.html", []),
        "Same frame button": ("button", "same.html", ["Same origin"]),
        "Relative link": ("link", "same.html", ["Same origin"]),
        "Nested button": ("button", "nested.html", ["Nested", "Same origin"]),
        "Nested field": ("textbox", "nested.html", ["Nested", "Same origin"]),
        "Cross site button": ("button", "cross.html", ["Cross site"]),
        "Cross link": ("link", "cross.html", ["Cross site"]),
        "Cross shadow": ("button", "cross.html", ["Cross site"]),
    }
    for name, (role, page, iframes) in expected.items():
        index = next(i for i, x in enumerate(lines) if x["name"] == name and x["role"] == role)
        ordinal = int(lines[index]["id"].split("-")[0])
        assert ordinal == by_url[page]["ordinal"], name
        above = [x["name"] for x in ancestors(lines, index) if x["role"] == "Iframe"]
        assert above == iframes, name
    # scroll container decorated, with its content under it
    scroller = next(i for i, x in enumerate(lines) if x["role"] == "scrollable, div")
    inside = [x["name"] for x in lines[scroller + 1:]
              if x["depth"] > lines[scroller]["depth"]][:20]
    assert "Inside scroller" in inside
    # frames numbered in document order: same (1), nested (2), cross (3), broken (4)
    assert [by_url[p]["ordinal"] for p in ("same.html", "nested.html", "cross.html")] == [1, 2, 3]
    assert by_url["cross.html"]["outOfProcess"] is True
    assert by_url["cross.html"]["origin"].startswith("http://127.0.0.2:")


def test_frame_inventory_reports_the_frame_that_failed(browser: Browser, frames_page: str) -> None:
    # every frame, in view or not; the same document (no reload: later tests reuse its ids)
    frames_outline = outline_read(browser, None, scope="page")
    assert frames_outline.frames[0]["url"].startswith(frames_page.split("?")[0])
    broken = next(f for f in frames_outline.frames if f["url"].endswith("/nothing.html"))
    assert broken["status"] == "restricted" and broken["captured"] is False
    assert broken["reason"].startswith("load_failed")
    assert broken["bounds"]["width"] == 424
    assert all(f["status"] == "captured" for f in frames_outline.frames if f is not broken)


def test_snapshot_and_outline_give_frame_nodes_the_same_ids(
    browser: Browser, frames_page: str, frames_outline: OutlineResult
) -> None:
    """Frame ordinals follow document order in SnapshotV1 too (the tab's frame tree lists
    the out-of-process frame last), so "2-14" is one node in both outputs."""
    snapshot = browser.snapshot(None, scope="page", **QUIET)
    assert snapshot.url.startswith(frames_page.split("?")[0])
    by_id = {node.id: node for node in snapshot.ax_tree.nodes}
    checked = set()
    for line in lines_of(frames_outline):
        if line["role"] in ("button", "link", "textbox") and line["name"]:
            node = by_id.get(line["id"])
            assert node is not None and node.role == line["role"], (line, node)
            assert clean_text(node.name) == line["name"], (line, node)
            checked.add(line["id"].split("-")[0])
    assert {"0", "1", "2", "3"} <= checked, checked  # main, same, nested and cross frames


def test_dom_text_and_outline_give_frame_elements_the_same_ids(
    browser: Browser, frames_outline: OutlineResult
) -> None:
    """The DOM channel numbers frames in document order as well, and resolves the records of
    the out-of-process frame over that frame's own session: every element is
    ``{frame}-{backendNodeId}`` in the outline, and the cross-site span that is clickable
    only through its listener is found."""
    tree = frames_outline  # the same document: ids are comparable
    elements = browser.snapshot(None, format="elements", **QUIET).elements
    lines = {line["id"]: line for line in lines_of(tree)}
    frames_seen = set()
    for element in elements:
        assert element.get("backendNodeId") is not None, element
        element_id = f"{element['frame']}-{element['backendNodeId']}"
        assert element_id in lines, (element_id, element["xpath"], tree.combinedTree)
        frames_seen.add(element["frame"])
    assert frames_seen == {0, 1, 2, 3}, frames_seen
    chip = next(e for e in elements if e.get("text") == "Cross chip")
    assert chip["frame"] == 3 and chip["xpath"].endswith("/p/span"), chip
    assert lines[f"3-{chip['backendNodeId']}"]["role"] == "clickable, span"


def test_every_xpath_resolves_to_the_element_with_its_id(
    browser: Browser, frames_outline: OutlineResult
) -> None:
    xpaths = frames_outline.combinedXpathMap
    assert len(xpaths) >= 30
    assert any("#shadow-root" in p for p in xpaths.values())
    for element_id, xpath in xpaths.items():
        found = browser.resolve(element_id, xpath)
        assert found["givenXpathMatches"], (element_id, xpath, found)
        assert found["xpath"] == xpath, (element_id, found)
        assert found["consistent"], (element_id, found)


def test_xpaths_find_the_named_elements_through_selenium(
    browser: Browser, frames_outline: OutlineResult
) -> None:
    """Independent of the resolver: Selenium switches into each frame and evaluates."""
    names = {x["id"]: (x["role"], x["name"]) for x in lines_of(frames_outline)}
    with browser.in_target() as driver:
        try:
            checked = 0
            for element_id, xpath in frames_outline.combinedXpathMap.items():
                role, name = names[element_id]
                label = _selenium_label(driver, xpath)
                assert label is not None, (element_id, xpath)
                if name and role in ("button", "link", "heading"):
                    assert name in label, (element_id, xpath, name, label)
                    checked += 1
            assert checked >= 12
        finally:
            driver.switch_to.default_content()


_SHADOW_WALK = """
let node = arguments[0];
for (const part of arguments[1]) {
  const root = node.shadowRoot;
  if (!root) return null;
  const slash = part.indexOf('/');
  const first = slash < 0 ? part : part.slice(0, slash);
  const m = /^([a-z0-9-]+)(?:\\[(\\d+)\\])?$/.exec(first);
  const same = Array.from(root.children).filter((c) => c.localName === m[1]);
  node = same[(m[2] ? Number(m[2]) : 1) - 1];
  if (!node) return null;
  if (slash >= 0) {
    node = document.evaluate(part.slice(slash + 1), node, null, 9, null).singleNodeValue;
  }
  if (!node) return null;
}
return node;
"""


def _selenium_label(driver: Any, xpath: str) -> str | None:
    """The element's text, aria-label and value, found by following the XPath with Selenium."""
    driver.switch_to.default_content()
    steps = [s for s in xpath.split("/") if s]
    segment: list[str] = []
    for i, step in enumerate(steps):
        if step == "html" and i > 0 and re.match(r"^i?frame(\[\d+\])?$", steps[i - 1]):
            frame = _find(driver, "/".join(segment))
            driver.switch_to.frame(frame)
            segment = []
        segment.append(step)
    element = _find(driver, "/".join(segment))
    if element is None:
        return None
    return str(driver.execute_script(
        "const e = arguments[0]; return [e.textContent, e.getAttribute('aria-label'),"
        " e.getAttribute('title'), e.getAttribute('alt'), e.value].filter(Boolean).join(' ')",
        element)).replace("\u200b", "")


def _find(driver: Any, path: str) -> Any:
    light, *shadow_parts = path.split("/#shadow-root/")
    element = driver.find_element(By.XPATH, "/" + light)
    if shadow_parts:
        element = driver.execute_script(_SHADOW_WALK, element, shadow_parts)
    return element


def test_demo_outline_matches_the_golden_format(browser: Browser) -> None:
    """The demo page's outline, line by line: roles, names and nesting as in the expected
    file (demo_outline_live.txt); element ids are checked by shape only, since
    backendNodeIds depend on the renderer's history."""
    with serve_directory(ROOT / "host" / "axsnap_host" / "demo") as base:
        result = outline_read(browser, base + "index.html", scope="page")  # golden: the whole page
    golden = GOLDEN.read_text(encoding="utf-8").splitlines()
    live = result.combinedTree.splitlines()
    strip = partial(re.sub, r"\[\d+-\d+\]", "[id]")
    assert [strip(x) for x in live] == [strip(x) for x in golden]
    for line in live:
        assert LINE.match(line), line
    lines = lines_of(result)
    card = next(x for x in lines if x["name"] == "Card number")
    assert card["id"].startswith("1-")  # inside the demo's iframe


def test_focus_by_css_selector_and_by_id(browser: Browser, frames_page: str) -> None:
    card = outline_read(browser, frames_page, focus="#card")
    assert {x["name"] for x in lines_of(card)} == {"Shadow action", "Deep link"}
    assert all("/x-card/#shadow-root/" in p for p in card.combinedXpathMap.values())
    whole = outline_read(browser, None)
    same_iframe = next(x["id"] for x in lines_of(whole) if x["name"] == "Same origin")
    focused = outline_read(browser, None, focus=same_iframe)
    names = [x["name"] for x in lines_of(focused)]
    assert names[0] == "Same origin" and "Nested button" in names and "Click Me" not in names
    with pytest.raises(AxsnapError) as err:
        outline_read(browser, None, focus="#no-such-element")
    assert err.value.code == "invalid_message"


def test_stale_ids_are_refused(browser: Browser, frames_page: str) -> None:
    result = outline_read(browser, frames_page)
    button = next(x["id"] for x in lines_of(result) if x["name"] == "Second")
    assert browser.resolve(button)["consistent"]
    browser.run_in_target("document.querySelector('main div:not(#scroller) button').remove()")
    with pytest.raises(AxsnapError) as err:
        browser.resolve(button)
    assert err.value.code == "stale_element"
    with pytest.raises(AxsnapError) as err:
        browser.resolve("9-12")  # no such frame
    assert err.value.code == "stale_element"
    # a live element's backendNodeId under another frame's ordinal is not that element
    click = next(x["id"] for x in lines_of(result) if x["name"] == "Click Me")
    with pytest.raises(AxsnapError) as err:
        browser.resolve("1-" + click.split("-")[1])
    assert err.value.code == "stale_element"


def test_very_deep_document_falls_back_and_still_maps(browser: Browser, pages_url: str) -> None:
    # the pierced DOM tree of the whole page (scope "page", Chromium's tree: the walk reads
    # no DOM tree); the window's walker stops at depth 256
    raw = browser.snapshot_raw(pages_url + "outline/deep.html", format="outline", scope="page",
                               ax_source="chromium", **QUIET)
    result = raw["result"]
    assert result["frames"][0]["notes"] == ["dom_depth_fallback"]
    assert any(e["step"] == "dom_tree_depth" for e in result["errors"])
    deep = next(i for i, x in result["combinedXpathMap"].items() if x.count("/div") > 1000)
    found = browser.resolve(deep, result["combinedXpathMap"][deep])
    assert found["consistent"] and found["tag"] == "button"


def test_xpaths_agree_with_the_dom_channel(browser: Browser, frames_page: str) -> None:
    """The same element has the same XPath in the outline and in the DOM channel."""
    dom = browser.snapshot(frames_page, format="elements", viewport_only=False, **QUIET)
    result = outline_read(browser, None)
    compared = 0
    for element in dom.elements:
        backend, frame = element.get("backendNodeId"), element.get("frame")
        xpath = result.combinedXpathMap.get(f"{frame}-{backend}")
        if backend is None or xpath is None:
            continue
        assert element["xpath"] == xpath, element
        compared += 1
    assert compared >= 10
