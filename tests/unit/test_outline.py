"""Format "outline" on recorded captures (tests/fixtures/outline_*.json, outline_record.py)."""

from __future__ import annotations

import copy
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.outline.text import decorated_role
from axsnap_host.pipeline.run import process
from axsnap_host.pipeline.state import TabState
from axsnap_host.pipeline.text_clean import clean_text
from host_harness import outline_of

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LINE = re.compile(
    r"^(?P<indent>(?:  )*)\[(?P<id>\d+-\d+)\] (?P<role>[^:\[\]]+?)(?:: (?P<name>.+))?$"
)


def raw(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"outline_{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def demo() -> dict[str, Any]:
    return outline_of(raw("demo"))


@pytest.fixture(scope="module")
def frames() -> dict[str, Any]:
    return outline_of(raw("frames"))


def parsed(tree: str) -> list[dict[str, Any]]:
    out = []
    for line in tree.splitlines():
        match = LINE.match(line)
        assert match, f"not an outline line: {line!r}"
        out.append({**match.groupdict(), "depth": len(match["indent"]) // 2})
    return out


def test_demo_outline_matches_golden_file(demo: dict[str, Any]) -> None:
    path = FIXTURES.parent / "golden" / "outline_demo" / "outline.txt"
    golden = path.read_text(encoding="utf-8").rstrip("\n")
    assert demo["combinedTree"].splitlines() == golden.splitlines()


def test_every_line_has_the_outline_format(demo: dict[str, Any], frames: dict[str, Any]) -> None:
    for result in (demo, frames):
        lines = parsed(result["combinedTree"])
        assert lines[0]["depth"] == 0 and lines[0]["role"] == "RootWebArea"
        for before, after in itertools.pairwise(lines):
            assert after["depth"] <= before["depth"] + 1  # one level at a time
        ids = [line["id"] for line in lines]
        assert len(ids) == len(set(ids))


def named(result: dict[str, Any]) -> dict[str, str]:
    """Element id by name (documents left out: a frame's title repeats its iframe's)."""
    return {x["name"]: x["id"] for x in parsed(result["combinedTree"])
            if x["name"] and x["role"] != "RootWebArea"}


def _subtree(lines: list[dict[str, Any]], at: int) -> list[dict[str, Any]]:
    out = []
    for line in lines[at + 1:]:
        if line["depth"] <= lines[at]["depth"]:
            break
        out.append(line)
    return out


def test_child_frames_nest_under_their_iframe_line(frames: dict[str, Any]) -> None:
    lines = parsed(frames["combinedTree"])
    same = next(i for i, x in enumerate(lines) if x["name"] == "Same origin")
    assert lines[same]["role"] == "Iframe" and lines[same]["id"].startswith("0-")
    inside = _subtree(lines, same)
    names = {x["name"]: x["id"] for x in inside}
    assert names["Same frame button"].startswith("1-")
    assert names["Nested button"].startswith("2-")
    assert names["Nested field"].startswith("2-")
    nested = next(i for i, x in enumerate(lines) if x["name"] == "Nested")
    assert lines[nested]["role"] == "Iframe" and lines[nested]["id"].startswith("1-")
    assert {x["name"] for x in _subtree(lines, nested)} >= {"Nested button", "Nested field"}
    # every node of frame N sits below an Iframe line owned by its parent frame
    owner_of = {f["ordinal"]: f["ownerId"] for f in frames["frames"]}
    for i, line in enumerate(lines):
        ordinal = int(line["id"].split("-")[0])
        if ordinal == 0:
            continue
        ancestors = [x["id"] for x in lines[:i] if x["depth"] < line["depth"]]
        assert owner_of[ordinal] in ancestors


def test_controls_appear_with_decorated_roles(frames: dict[str, Any]) -> None:
    lines = parsed(frames["combinedTree"])
    by_name = {x["name"]: x for x in lines if x["name"]}
    assert by_name["Click Me"]["role"] == "button"  # zero-width space cleaned
    assert by_name["Home"]["role"] == "link"  # private-use icon glyph cleaned
    assert by_name["Size"]["role"] == "select"
    assert by_name["Shadow action"]["role"] == "button"
    assert by_name["Deep link"]["role"] == "link"  # nested shadow root
    scroller = next(i for i, x in enumerate(lines) if x["role"] == "scrollable, div")
    assert "Inside scroller" in {x["name"] for x in _subtree(lines, scroller)}


def test_xpath_map_is_absolute_frame_prefixed_and_marks_shadow_hops(
    frames: dict[str, Any],
) -> None:
    xpaths = frames["combinedXpathMap"]
    lines = named(frames)
    assert xpaths[lines["Click Me"]] == "/html/body/main/button"
    assert xpaths[lines["Second"]] == "/html/body/main/div[2]/button[1]"
    assert xpaths[lines["Shadow action"]] == "/html/body/main/x-card/#shadow-root/div/button"
    assert xpaths[lines["Deep link"]] == (
        "/html/body/main/x-card/#shadow-root/div/x-inner/#shadow-root/a")
    same_iframe = xpaths[lines["Same origin"]]
    assert xpaths[lines["Same frame button"]] == f"{same_iframe}/html/body/button"
    nested_iframe = xpaths[lines["Nested"]]
    assert nested_iframe.startswith(same_iframe + "/html/")
    assert xpaths[lines["Nested button"]] == f"{nested_iframe}/html/body/button"
    for element_id, path in xpaths.items():
        assert path.startswith("/html"), (element_id, path)


def test_every_kept_element_node_has_an_xpath(frames: dict[str, Any]) -> None:
    lines = parsed(frames["combinedTree"])
    no_element = ("RootWebArea", "StaticText", "MenuListPopup")  # document, text, UA popup
    missing = [x for x in lines if x["role"] not in no_element
               and x["id"] not in frames["combinedXpathMap"]]
    assert missing == []


def test_url_map_has_absolute_link_and_image_urls(frames: dict[str, Any]) -> None:
    urls = frames["combinedUrlMap"]
    lines = named(frames)
    assert urls[lines["Home"]] == "http://127.0.0.1:8000/outline/index.html?home=1"
    assert urls[lines["Docs"]] == "https://example.com/docs"
    assert urls[lines["Relative link"]] == "http://127.0.0.1:8000/outline/target.html"
    assert urls[lines["Pixel"]] == "http://127.0.0.1:8000/outline/pixel.svg"
    assert lines["Click Me"] not in urls


def test_frame_inventory_reports_the_failed_frame(frames: dict[str, Any]) -> None:
    inventory = frames["frames"]
    assert [f["ordinal"] for f in inventory] == list(range(len(inventory)))
    assert inventory[0]["parentOrdinal"] is None and inventory[0]["status"] == "captured"
    broken = next(f for f in inventory if f["url"].endswith("/nothing.html"))
    assert broken["status"] == "restricted" and broken["captured"] is False
    assert broken["reason"].startswith("load_failed")
    assert broken["url"] == "http://127.0.0.1:9/nothing.html"
    assert broken["origin"] == "http://127.0.0.1:9"
    assert broken["bounds"]["width"] > 0 and broken["bounds"]["height"] > 0
    # its error page is not outlined as if it were the site; its iframe line is
    assert broken["ownerId"] in frames["combinedTree"]
    assert f"[{broken['ordinal']}-" not in frames["combinedTree"]
    nested = next(f for f in inventory if f["url"].endswith("/nested.html"))
    assert nested["parentOrdinal"] == 1 and nested["status"] == "captured"


def test_frame_whose_ax_call_failed_is_restricted_with_the_reason() -> None:
    data = raw("frames")
    reason = "Frame with the given id was not found"
    data["frames"][1].update(captured=False, axNodes=[], error=reason)
    result = outline_of(data)
    entry = result["frames"][1]
    assert entry["status"] == "restricted"
    assert entry["reason"] == reason
    assert entry["url"].endswith("/same.html") and "bounds" in entry
    assert "Same frame button" not in result["combinedTree"]
    assert f"[{entry['ownerId']}] Iframe: Same origin" in result["combinedTree"]


def test_depth_fallback_is_reported_in_the_inventory() -> None:
    data = raw("demo")
    data["dom_tree"]["depth_fallback"] = {"reason": "too deep", "calls": 3, "truncated": False}
    data["errors"] = [{"step": "dom_tree_depth", "message": "main: too deep"}]
    result = outline_of(data)
    assert result["frames"][0]["notes"] == ["dom_depth_fallback"]
    assert result["errors"] == [{"step": "dom_tree_depth", "message": "main: too deep"}]
    assert result["combinedXpathMap"]  # the tree still maps


def test_focus_by_id_by_xpath_and_by_css(frames: dict[str, Any]) -> None:
    lines = named(frames)
    same = lines["Same origin"]
    by_id = outline_of(raw("frames"), focus=same)
    got = parsed(by_id["combinedTree"])
    assert got[0]["id"] == same and got[0]["depth"] == 0
    assert {x["name"] for x in got} >= {"Same frame button", "Nested button"}
    assert "Click Me" not in by_id["combinedTree"]
    assert set(by_id["combinedXpathMap"]) == {x["id"] for x in got if x["role"] != "RootWebArea"}

    xpath = frames["combinedXpathMap"][lines["Nested"]]
    by_xpath = parsed(outline_of(raw("frames"), focus=xpath)["combinedTree"])
    assert by_xpath[0]["id"] == lines["Nested"]
    assert "Same frame button" not in {x["name"] for x in by_xpath}

    # an element with no AX node of its own (x-card): its descendants by XPath prefix
    data = raw("frames")
    card = _backend_of(data["dom_tree"]["root"], "X-CARD")
    data["focus"] = {"selector": "#card", "backendNodeId": card, "error": None}
    by_css = outline_of(data, focus="#card")
    assert {x["name"] for x in parsed(by_css["combinedTree"])} == {"Shadow action", "Deep link"}
    assert by_css["focus"]["xpath"] == "/html/body/main/x-card"


def test_focus_that_names_nothing_is_a_structured_error() -> None:
    for focus in ("0-999999", "/html/body/nothing", "#missing"):
        data = raw("frames")
        if not focus.startswith(("0", "/")):
            data["focus"] = {"selector": focus, "backendNodeId": None, "error": "no match"}
        with pytest.raises(AxsnapError) as err:
            outline_of(data, focus=focus)
        assert err.value.code == "invalid_message"


def test_redaction_scrubs_urls_and_names() -> None:
    data = copy.deepcopy(raw("demo"))
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    _set_attr(data, "Docs", "href", f"/docs?token={token}")
    result = outline_of(data)
    assert token not in json.dumps(result)
    assert token in json.dumps(outline_of(data, redact=False))


def test_run_dispatches_the_outline_format() -> None:
    request = SnapshotRequest(v=1, id="r1", type="snapshot",
                              options=SnapshotOptions(format="outline"),
                              capture=RawCapture.model_validate(raw("demo")))
    result = process(request, TabState(tab_id=1))
    assert result["format"] == "outline"
    assert set(result) >= {"combinedTree", "combinedXpathMap", "combinedUrlMap", "frames",
                           "timings", "stats"}
    assert result["stats"]["lines"] == len(result["combinedTree"].splitlines())


def test_clean_text_and_role_decoration() -> None:
    assert clean_text("Click\u200b Me\ue001\u00ad\n\t now") == "Click Me now"
    assert clean_text("\U000f0001icon") == "icon"
    assert decorated_role("generic", "div", False) == "div"
    assert decorated_role("none", "body", False) == "body"
    assert decorated_role("combobox", "select", False) == "select"
    assert decorated_role("generic", "div", True) == "scrollable, div"
    assert decorated_role("button", "button", False) == "button"
    assert decorated_role("generic", "span", False, "clickable") == "clickable, span"
    assert decorated_role("LayoutTableRow", "tr", False, "clickable") == "clickable, tr"
    assert decorated_role("listitem", "li", False, "clickable") == "clickable, listitem"
    assert decorated_role("generic", "div", True, "editable") == "scrollable, editable, div"


@pytest.fixture(scope="module")
def acting() -> dict[str, Any]:
    return outline_of(raw("acting"))


def test_elements_that_act_without_a_control_role_are_flagged(
        acting: dict[str, Any]) -> None:
    """A click listener on a table row, a list item or a span, a contenteditable and a tab
    stop (tabindex >= 0, HTML's integer parsing) show in the role; the text inside them is
    their text, not a second control."""
    rows = parsed(acting["combinedTree"])
    flagged = [(m["role"], m["id"]) for m in rows if ", " in m["role"]]
    assert [role for role, _ in flagged] == [
        "clickable, tr", "clickable, tr", "clickable, listitem", "clickable, span",
        "editable, div", "focusable, note", "focusable, div"]
    assert all(element_id in acting["combinedXpathMap"] for _, element_id in flagged)
    lines = {(m["role"], m["name"]) for m in rows}
    assert ("listitem", None) in lines  # the list item without a listener
    assert ("StaticText", "Programmatic focus only") in lines  # tabindex=-1: no tab stop
    assert ("button", "Real button") in lines


def test_layout_table_text_stays(acting: dict[str, Any]) -> None:
    """Chromium names a layout table's cells by their text; the cell is a wrapper and the
    text is what an agent reads (it used to be dropped as a repeat of the cell's name)."""
    tree = acting["combinedTree"]
    for text in ("ORD-7", "Lamp", "Shipped", "ORD-8", "Desk", "Packed", "Total", "2 orders"):
        assert re.search(rf"StaticText: {re.escape(text)}$", tree, re.M), (text, tree)
    assert "LayoutTable" not in tree


def test_compact_names_a_flagged_element_by_its_text() -> None:
    tree = outline_of(raw("acting"), compact=True)["combinedTree"]
    for line in ("clickable, tr: ORD-7 Lamp Shipped", "clickable, tr: ORD-8 Desk Packed",
                 "clickable, listitem: Inbox (4)", "clickable, span: urgent",
                 'editable, div = "Call the courier."', "focusable, div: Keyboard card"):
        assert re.search(rf"^ *\[0-\d+\] {re.escape(line)}$", tree, re.M), (line, tree)


def _backend_of(node: dict[str, Any], name: str) -> int | None:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.get("nodeName") == name:
            return current["backendNodeId"]
        stack.extend(current.get("children") or [])
        stack.extend(current.get("shadowRoots") or [])
        if current.get("contentDocument"):
            stack.append(current["contentDocument"])
    return None


def _set_attr(data: dict[str, Any], link_text: str, name: str, value: str) -> None:
    """Set an attribute on the <a> whose text is ``link_text`` in the DOMSnapshot."""
    snap = data["dom_snapshot"]
    strings = snap["strings"]
    strings.append(name)
    strings.append(value)
    doc = snap["documents"][0]
    nodes = doc["nodes"]
    text_index = strings.index(link_text)
    values = nodes["nodeValue"]
    for i, v in enumerate(values):
        if v == text_index:
            parent = nodes["parentIndex"][i]
            attrs = nodes["attributes"][parent]
            for k in range(0, len(attrs) - 1, 2):
                if strings[attrs[k]] == name:
                    attrs[k + 1] = len(strings) - 1
                    return
            attrs.extend([len(strings) - 2, len(strings) - 1])
            return
    raise AssertionError(f"no text {link_text!r}")
