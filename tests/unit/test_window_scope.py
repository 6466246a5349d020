"""SnapshotV1 and the outline from a window-scoped capture (no DOMSnapshot: the walker's
records are the DOM facts), and the node rows' shape (version 3)."""

from __future__ import annotations

import json
from typing import Any

from axsnap_host.models.snapshot import SnapshotV1, node_records
from host_harness import process_capture as run

PAGE = "http://127.0.0.1:8000/shop/list.html?q=1"
SECRET = "Zq7-window-S3CRET"


def _ax(node_id: str, role: str, backend: int | None, children=(), parent=None, name="",
        **extra: Any) -> dict[str, Any]:
    node = {"nodeId": node_id, "ignored": False, "role": {"type": "role", "value": role},
            "name": {"type": "computedString", "value": name}, "childIds": list(children)}
    if parent is not None:
        node["parentId"] = parent
    if backend is not None:
        node["backendDOMNodeId"] = backend
    node.update(extra)
    return node


def window_capture() -> dict[str, Any]:
    """A scrolled page read in window scope: a link, a password field, a clickable div and
    a paragraph's text; what the walker saw of them."""
    ax = [
        _ax("1", "RootWebArea", 1, ["2"], name="Shop",
            properties=[{"name": "url", "value": {"type": "string", "value": PAGE}}]),
        _ax("2", "generic", 3, ["3", "4", "5", "6"], parent="1", ignored=True),
        _ax("3", "link", 10, parent="2", name="Next page",
            properties=[{"name": "url", "value": {"type": "string",
                                                  "value": "http://127.0.0.1:8000/shop/list.html?q=1#p2"}}]),
        _ax("4", "textbox", 11, parent="2", name="Password",
            value={"type": "string", "value": SECRET}),
        _ax("5", "generic", 12, ["7"], parent="2"),
        _ax("6", "paragraph", 13, ["8"], parent="2"),
        _ax("7", "StaticText", 20, parent="5", name="Open details"),
        _ax("8", "StaticText", 21, parent="6", name="Free shipping over 50"),
    ]
    walker = {
        "v": 1, "url": PAGE, "title": "Shop", "viewport": {"w": 1000, "h": 800},
        "scroll": {"x": 0, "y": 2000, "w": 1000, "h": 9000},
        "options": {"viewportOnly": True, "expandPx": 0},
        "frames": [{"url": PAGE, "parent": -1, "owner": -1, "ox": 0, "oy": 0, "frameId": "M"}],
        "elements": [
            {"p": -1, "f": 0, "s": "html", "r": [0, -2000, 1000, 9000], "vis": 1, "win": 1, "b": 2},
            {"p": 0, "f": 0, "s": "body", "r": [0, -2000, 1000, 9000], "vis": 1, "win": 1, "b": 3},
            {"p": 1, "f": 0, "s": "a", "r": [10.4, 20.6, 80, 16], "vis": 1, "win": 1, "b": 10,
             "c": ["href"], "tx": "Next page", "a": {"href": "#p2"}},
            {"p": 1, "f": 0, "s": "input", "r": [10, 60, 200, 20], "vis": 1, "win": 1, "b": 11,
             "c": ["form"], "a": {"type": "password", "name": "pw"}, "filled": 1},
            {"p": 1, "f": 0, "s": "div", "r": [10, 100, 120, 18], "vis": 1, "win": 1, "b": 12,
             "tx": "Open details", "k": 1},
            {"p": 1, "f": 0, "s": "p", "r": [10, 140, 300, 18], "vis": 0, "win": 1, "b": 13,
             "tx": "Free shipping over 50"},
        ],
        "stats": {"visited": 60, "outside_window": 4, "offscreen_subtrees": 30,
                  "hidden_subtrees": 1, "elements_total": 5000},
    }
    return {
        "capture_version": 1,
        "tab": {"id": 3, "url": PAGE, "title": "Shop"},
        "frames": [{"frameId": "M", "url": PAGE, "captured": True, "scope": "viewport",
                    "axNodes": ax, "ownerBackendNodeId": None}],
        "dom_snapshot": None,
        "layout": {"cssLayoutViewport": {"clientWidth": 1000, "clientHeight": 800,
                                         "pageX": 0, "pageY": 2000}},
        "walker": walker,
    }


def test_window_snapshot_takes_its_dom_facts_from_the_walker() -> None:
    snapshot = run(window_capture())["snapshot"]
    SnapshotV1.model_validate(snapshot)
    nodes = {n["id"]: n for n in node_records(snapshot)}
    link, password, div = nodes["0-10"], nodes["0-11"], nodes["0-12"]
    # page coordinates: the walker's viewport rect plus the scroll, integer pixels
    assert link["bbox"] == [10, 2021, 80, 16]
    assert password["bbox"] == [10, 2060, 200, 20]
    # the walker's attributes decide the secret; its value never leaves the host
    assert password["state"]["secret"] == "password" and SECRET not in json.dumps(snapshot)
    # a click listener (the walker's k) makes a plain div clickable; a link says so by role
    assert div["isClickable"] is True and "isClickable" not in link
    # invisible per the walker
    assert nodes["0-13"]["isVisible"] is False and "isVisible" not in link
    quality = snapshot["quality"]
    assert quality["scope"] == "viewport"
    assert quality["window"] == {"elements_total": 5000, "elements_in_window": 25,
                                 "elements_outside": 4975, "subtrees_skipped": 30}


def test_node_rows_leave_out_what_they_would_repeat() -> None:
    snapshot = run(window_capture(), snapshot_encoding="rows")["snapshot"]
    assert snapshot["snapshot_version"] == 1
    rows = snapshot["ax_tree"]["nodes"]
    assert rows[0][:3] == [0, "0-1", "RootWebArea"]
    nodes = {n["id"]: n for n in node_records(snapshot)}
    assert "url" not in nodes["0-1"]["state"]  # the snapshot's url says it
    assert nodes["0-10"]["state"]["url"] == "#p2"  # same document: the fragment
    for row in rows:
        assert "domRef" not in (row[5] if len(row) > 5 else {})  # ids say {frame}-{backend}
        assert row[-1] not in ("", None, {}) or len(row) == 3  # no trailing empty cell


def test_outline_reads_a_window_capture() -> None:
    result = run(window_capture(), format="outline")
    tree = result["combinedTree"]
    assert "[0-10] link: Next page" in tree and "Free shipping over 50" in tree
    assert SECRET not in json.dumps(result)
    # XPaths come from the walker's steps
    assert result["combinedXpathMap"]["0-10"] == "/html/body/a"


def test_a_window_read_names_the_cover_the_walker_hit() -> None:
    """No DOMSnapshot in a window read: the walker's hit test (top 0, cb) says what covers a
    control, for SnapshotV1 and the outline alike; an uncovered control says nothing."""
    capture = window_capture()
    records = capture["walker"]["elements"]
    records[2].update({"top": 0, "cb": "div#overlay"})  # the link, under an overlay
    records[4]["top"] = 1  # the clickable div, hit-tested to itself
    nodes = {n["id"]: n for n in node_records(run(capture)["snapshot"])}
    assert nodes["0-10"]["state"]["covered"] == "div#overlay"
    assert "covered" not in nodes["0-12"].get("state", {})
    tree = run(capture, format="outline")["combinedTree"]
    assert "[0-10] covered, link: Next page" in tree


def test_a_link_url_python_cannot_parse_stays_as_it_is() -> None:
    """A redacted or hostile host ("http://[redacted:token]/") is no reason to fail."""
    capture = window_capture()
    odd = "http://[redacted:token]/x"
    capture["frames"][0]["axNodes"][2]["properties"][0]["value"]["value"] = odd
    nodes = {n["id"]: n for n in node_records(run(capture)["snapshot"])}
    assert nodes["0-10"]["state"]["url"] == odd


def test_scope_is_an_ax_format_option() -> None:
    """``scope`` is read by SnapshotV1 and the outline; a DOM format refuses it (it has
    ``viewport_only``), and an unknown scope is refused."""
    import pytest

    from axsnap_host.models.errors import AxsnapError
    from axsnap_host.models.options import wire_options

    assert wire_options({"format": "outline", "scope": "page"})["scope"] == "page"
    assert wire_options({"scope": "viewport"}) == {"scope": "viewport"}
    for bad in ({"format": "domtext", "scope": "page"}, {"scope": "screen"}):
        with pytest.raises(AxsnapError) as caught:
            wire_options(bad)
        assert caught.value.code == "invalid_message"


def test_cli_whole_page_is_scope_page_for_the_ax_formats() -> None:
    from axsnap_host.cli.main import _options_from_args, build_parser

    def options(*argv: str) -> dict[str, Any]:
        return _options_from_args(build_parser().parse_args(["snapshot", "page.html", *argv]))

    assert options("--whole-page")["scope"] == "page"
    assert options("--whole-page", "--format", "outline")["scope"] == "page"
    assert "scope" not in options("--whole-page", "--format", "domtext")
    assert "scope" not in options()
