"""DOM channel on recorded captures (tests/fixtures/dom_*.json, made by dom_record.py).

The captures were recorded in real Chromium: the walker (extension/lib/walker/walker.js) run in
the page through Selenium plus the CDP calls the extension makes (DOMSnapshot, AX per
frame, layout). In a plain page world the walker cannot open closed shadow roots (no
chrome.dom); the end-to-end tests cover those through the extension.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.dom.walker_merge import Joined, SnapNode, join, snapshot_keys
from axsnap_host.pipeline.dom.xpath import ROOT, FlatKeys
from axsnap_host.pipeline.state import TabState
from axsnap_host.render.domtext import element_line

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def load(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


def capture(data: dict[str, Any]) -> RawCapture:
    return RawCapture.model_validate(data)


def run(data: dict[str, Any], state: TabState | None = None, **options: Any) -> dict[str, Any]:
    return build_dom_result(capture(data), SnapshotOptions(format="domtext", **options),
                            state or TabState(1))


@pytest.fixture(scope="module")
def basic() -> dict[str, Any]:
    return load("dom_basic.json")


def test_domtext_shape(basic: dict[str, Any]) -> None:
    url = basic["tab"]["url"]
    text = run(basic)["domtext"]
    assert text == "\n".join([
        "[Viewport: 1265x757]",
        "[Scroll: Y=0/1654]",
        f"[URL: {url}]",
        "[Title: DOM basic]",
        "",
        "Interactive Elements:",
        '[1] <button> role="button" id="create" aria-label="Create" "+"',
        '[2] <input> id="search" placeholder="Search people, messages..." @(116,10)',
        '[3] <input> id="pw" type="password" name="password" value="[redacted:filled]" '
        '@(298,10)',
        '[4] <a> id="home" href="/home" "Home"',
        '[5] <div> id="clicky" "Clickable div"',
        '[6] <div> id="icon-btn" title="Settings" @(12,49)',
        '[7] <span> role="button" id="role-btn" "Role button"',
        '[8] <span> id="tab-item" "Focusable"',
        '[9] <span> id="action" "Action attr"',
        '[10] <div> id="editor" contenteditable="true" "Editable"',
        '[11] <div> id="listener" "Listener div"',
        '[12] <button> id="open-btn" "Open shadow button"',
        '[13] <button> id="frame-btn" "Frame button"',
        '[14] <input> id="frame-input" placeholder="In the frame" @(190,276)',
    ]) + "\n"


def test_hidden_covered_and_offscreen_are_left_out(basic: dict[str, Any]) -> None:
    texts = {e["text"] for e in run(basic)["elements"]}
    for hidden in ("Hidden by display", "Hidden by opacity", "Hidden by visibility",
                   "Covered by modal", "Below the fold", "Just text, not interactive"):
        assert hidden not in texts


def test_element_records(basic: dict[str, Any]) -> None:
    elements = {e["text"] or e["name"]: e for e in run(basic)["elements"]}
    create = elements["+"]
    assert create == {
        "index": 1, "tagName": "button", "text": "+",
        "attributes": {"id": "create", "role": "button", "aria-label": "Create"},
        "rect": {"x": 0, "y": 0, "width": 24, "height": 21}, "center": {"x": 12, "y": 10},
        "xpath": "/html/body/header/button", "selector": "#create", "isInteractive": True,
        "reasons": ["form", "role"], "role": "button", "name": "Create", "nameSource": "ax",
        "actions": ["click"], "backendNodeId": create["backendNodeId"], "frame": 0,
        "inViewport": True,
    }
    assert isinstance(create["backendNodeId"], int)
    frame_button = elements["Frame button"]
    assert frame_button["frame"] == 1
    assert frame_button["xpath"] == "/html/body/iframe/html/body/button"
    assert frame_button["rect"]["x"] == 2  # the iframe's 2px border
    shadow = elements["Open shadow button"]
    assert shadow["xpath"] == "/html/body/section[2]/div[1]/#shadow-root/button"
    assert shadow["selector"] == "#open-host >>> #open-btn"
    assert elements["Settings"]["reasons"] == ["pointer"]
    assert "clickable" in elements["Clickable div"]["reasons"]
    assert elements["Listener div"]["reasons"] == ["clickable"]


def test_password_is_redacted_everywhere(basic: dict[str, Any]) -> None:
    result = run(basic)
    password = next(e for e in result["elements"] if e["attributes"].get("type") == "password")
    assert password["value"] == "[redacted:filled]"
    assert password["secret"] == "password"
    assert "hunter2" not in json.dumps(result)
    assert result["stats"]["dom_redacted"] >= 1


def test_secret_text_is_scrubbed() -> None:
    record = {"index": 4, "tagName": "button", "attributes": {"title": "x"},
              "text": "key ghp_abcdefghijklmnopqrstuvwxyz0123", "center": {"x": 1, "y": 2}}
    from axsnap_host.pipeline.dom.elements import _redact

    record.update(name="", reasons=[])
    assert _redact(record, None) == 1
    assert "ghp_" not in element_line(record)


def joined_to(node: SnapNode, record: Joined) -> bool:
    """The record took its facts from this DOMSnapshot node (the fixtures' records carry no
    backendNodeId of their own: one comes only from the join)."""
    return (record.backend_node_id, record.frame_id) == (node.backend_node_id, node.frame_id)


def test_every_walker_record_joins_to_domsnapshot(basic: dict[str, Any]) -> None:
    joined = join(capture(basic))
    assert joined and all(j.backend_node_id is not None for j in joined)
    table = FlatKeys()
    keys = snapshot_keys(basic["dom_snapshot"], table)
    assert table.find(ROOT, "html/body/iframe/html/body/button") in keys
    # the join agrees with the AX tree: the same backendNodeId is the AX "Create" button
    create = next(j for j in joined if j.xpath == "/html/body/header/button")
    assert (create.ax_role, create.ax_name) == ("button", "Create")


def test_nested_shadow_and_slots_join() -> None:
    data = load("dom_shadow.json")
    by_path = {j.xpath: j for j in join(capture(data))}
    assert all(j.backend_node_id is not None for j in by_path.values())
    deep = by_path["/html/body/div[1]/#shadow-root/div/#shadow-root/button"]
    slotted = by_path["/html/body/div[1]/button"]
    assert deep.ax_name == "Deep button" and slotted.ax_name == "Light button"
    # joined on their flat-tree keys, not their DOM XPaths
    table = FlatKeys()
    keys = snapshot_keys(data["dom_snapshot"], table)
    assert joined_to(keys[table.find(ROOT, "html/body/div[1]/div/button")], deep)
    assert joined_to(keys[table.find(ROOT, "html/body/div[1]/slot/button")], slotted)


def test_whole_page_capture_lists_offscreen_elements() -> None:
    whole = {e["text"]: e for e in run(load("dom_basic_whole.json"), viewport_only=False)[
        "elements"]}
    below = whole["Below the fold"]
    assert below["inViewport"] is False
    assert below["rect"]["y"] > 757
    assert "Covered by modal" not in whole and "Hidden by opacity" not in whole


def _by_text(result: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in result["elements"]:
        out[e["text"] if e["text"] != "Delete" else f"Delete in {e['xpath']}"] = e["index"]
    return out


def test_indices_stay_stable_across_page_changes() -> None:
    first, inserted, scrolled, back, rerendered, changed = load("dom_list_sequence.json")
    state = TabState(7)
    r1 = run(first, state)
    assert run(first, state)["indices"] == {"added": [], "removed": []}
    base = _by_text(r1)
    deletes = [e["index"] for e in r1["elements"] if e["text"] == "Delete"]

    r2 = run(inserted, state)
    now = {e["text"]: e["index"] for e in r2["elements"]}
    assert now["Inserted at top"] == max(base.values()) + 1
    assert r2["indices"] == {"added": [now["Inserted at top"]], "removed": []}
    assert all(now[t] == i for t, i in base.items() if not t.startswith("Delete"))

    r3 = run(scrolled, state)
    assert now["Inserted at top"] in r3["indices"]["removed"]
    assert all(now[e["text"]] == e["index"] for e in r3["elements"] if e["text"] != "Delete")
    r4 = run(back, state)
    assert sorted(e["index"] for e in r4["elements"]) == sorted(
        e["index"] for e in r2["elements"])

    r5 = run(rerendered, state)  # every list node replaced by an equal one
    assert [e["index"] for e in r5["elements"]] == [e["index"] for e in r4["elements"]]
    assert r5["indices"] == {"added": [], "removed": []}

    r6 = run(changed, state)  # Beta removed, Epsilon appended
    texts = {e["text"]: e["index"] for e in r6["elements"]}
    beta = {now["Open Beta"], deletes[1]}
    assert set(r6["indices"]["removed"]) == beta
    assert not beta & {e["index"] for e in r6["elements"]}
    high = max(e["index"] for e in r5["elements"])
    assert texts["Open Epsilon"] > high
    assert [e["index"] for e in r6["elements"] if e["text"] == "Delete"][:3] == [
        deletes[0], deletes[2], deletes[3]]


def test_new_document_resets_indices() -> None:
    first, inserted, *_ = load("dom_list_sequence.json")
    state = TabState(8)
    run(first, state)
    assert max(e["index"] for e in run(inserted, state)["elements"]) > len(
        run(first, TabState(9))["elements"])
    renavigated = json.loads(json.dumps(first))
    renavigated["frames"][0]["loaderId"] = "another-document"
    fresh = run(renavigated, state)
    assert [e["index"] for e in fresh["elements"]] == list(range(1, len(fresh["elements"]) + 1))


def test_cross_origin_frame_run_is_stitched_under_its_iframe() -> None:
    data = load("dom_xorigin.json")
    assert data["walker"]["stats"]["frames_skipped"] == 1  # the top run could not enter it
    elements = {e["text"] or e["name"]: e for e in run(data)["elements"]}
    inner = elements["Frame button"]
    assert inner["xpath"] == "/html/body/div/iframe/html/body/button"
    assert inner["frame"] == 1
    assert inner["backendNodeId"] is None  # out of process: not in this DOMSnapshot
    assert (inner["rect"]["x"], inner["rect"]["y"]) == (13, 24)  # margin + border offsets
    assert elements["Top button"]["name"] == "Top button"


def test_stitched_frame_inherits_a_covered_iframe() -> None:
    data = json.loads(json.dumps(load("dom_xorigin.json")))
    iframe = next(r for r in data["walker"]["elements"] if r.get("xo"))
    iframe["top"] = 0  # e.g. a modal over the iframe
    texts = {e["text"] for e in run(data)["elements"]}
    assert texts == {"Top button"}


def test_missing_walker_reports_nothing_removed(basic: dict[str, Any]) -> None:
    state = TabState(3)
    run(basic, state)
    broken = dict(basic, walker=None)
    result = run(broken, state)
    assert result["elements"] == [] and result["indices"] == {"added": [], "removed": []}
    assert result["stats"]["walker_missing"] is True
    assert run(basic, state)["indices"] == {"added": [], "removed": []}


def test_without_domsnapshot_or_ax_the_walker_facts_still_serve(basic: dict[str, Any]) -> None:
    degraded = dict(basic, dom_snapshot=None,
                    frames=[dict(f, axNodes=[]) for f in basic["frames"]])
    result = run(degraded)
    elements = {e["text"] or e["name"]: e for e in result["elements"]}
    assert "Listener div" not in elements  # only DOMSnapshot isClickable could tell
    assert {"+", "Open shadow button", "Frame button", "Settings"} <= set(elements)
    assert all(e["backendNodeId"] is None for e in result["elements"])
    assert elements["+"]["role"] == "button" and elements["Home"]["role"] == "link"
    assert result["stats"]["walker_unjoined"] == result["stats"]["walker_records"]


def test_pseudo_elements_details_and_named_slots_do_not_shift_the_join() -> None:
    # flat.html: ::before/::after/::marker (elements in DOMSnapshot, skipped in keys), a
    # <details> (user-agent shadow root: DOM children), named and default slots
    joined = join(capture(load("dom_flat.json")))
    assert joined and all(j.backend_node_id is not None for j in joined)
    by_path = {j.xpath: j for j in joined}
    table = FlatKeys()
    keys = snapshot_keys(load("dom_flat.json")["dom_snapshot"], table)
    assert joined_to(keys[table.find(ROOT, "html/body/div[2]/slot[1]/em")],
                     by_path["/html/body/div[2]/em"])
    assert joined_to(keys[table.find(ROOT, "html/body/div[2]/slot[2]/b[2]")],
                     by_path["/html/body/div[2]/b[2]"])
    assert by_path["/html/body/button"].ax_role == "button"


def test_dom_text_lines_drop_invisible_and_icon_characters() -> None:
    """Zero-width spaces, soft hyphens and icon-font glyphs (private use) are not text an
    agent can match; quoted values are cleaned as outline text is."""
    record = {"index": 3, "tagName": "button", "attributes": {"aria-label": "Save\u00ad it\ue001"},
              "text": "Click\u200b Me\ue001\n\t now", "center": {"x": 1, "y": 2}}
    assert element_line(record) == '[3] <button> aria-label="Save it" "Click Me now"'
