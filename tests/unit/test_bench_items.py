"""bench/peers/items.py and bench/reference/collect.index_dom: reading tools' outputs."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from peers.items import aria_items, ax_items, dom_items, outline_items, snapshot_items
from reference.collect import index_dom

ARIA_AI = """\
- generic [active] [ref=e1]:
  - banner [ref=e2]:
    - link [ref=e4] [cursor=pointer]:
      - /url: /
      - img "Widgetry home" [ref=e5]
    - textbox "User" [ref=e11]: bench-user
    - text: Password
    - 'button "Save: now" [ref=e9]'
  - table [ref=e20]:
    - row [ref=e61] [cursor=pointer]:
      - cell "INV-1031" [ref=e62]
      - cell "Paid" [ref=e63]
  - heading "Title" [level=1] [ref=e7]
  - generic [ref=e30] [cursor=pointer]: Copy account ID
"""


def test_aria_items_roles_names_and_pointer_generics() -> None:
    items = [(i.role, i.name) for i in aria_items(ARIA_AI)]
    assert items == [
        ("link", "Widgetry home"),  # named by the img nested under it
        ("textbox", "User"),
        ("button", "Save: now"),  # YAML-quoted line
        ("row", "INV-1031 Paid"),  # clickable row named by its cells
        ("generic", "Copy account ID"),
    ]
    assert all(i.backend_node_id is None for i in aria_items(ARIA_AI))


def test_aria_items_default_mode_has_no_pointer_items() -> None:
    text = '- link "Home":\n  - /url: "#home"\n- generic: Copy\n- checkbox "pick" [checked]\n'
    assert [(i.role, i.name) for i in aria_items(text)] == [("link", "Home"),
                                                            ("checkbox", "pick")]


def _ax(role: str, backend: int | None, *, ignored: bool = False, focusable: bool = False,
        name: str = "") -> dict:
    node = {"nodeId": str(backend), "ignored": ignored, "role": {"value": role},
            "name": {"value": name}, "properties": []}
    if backend is not None:
        node["backendDOMNodeId"] = backend
    if focusable:
        node["properties"].append({"name": "focusable", "value": {"value": True}})
    return node


def test_ax_items_interactive_or_focusable_only() -> None:
    nodes = [_ax("RootWebArea", 1, focusable=True), _ax("button", 2, name="Go"),
             _ax("generic", 3, focusable=True), _ax("generic", 4), _ax("link", 5, ignored=True),
             _ax("StaticText", None), _ax("DisclosureTriangle", 6)]
    assert [(i.role, i.backend_node_id) for i in ax_items(nodes)] == [
        ("button", 2), ("generic", 3), ("disclosuretriangle", 6)]


def test_snapshot_and_dom_items_carry_node_ids() -> None:
    rows = {"ax_tree": {"columns": ["depth", "id", "role", "name", "bbox", "props"], "nodes": [
        [0, "0-ax1", "button", "Go", None, {"domRef": {"backendNodeId": 7, "frame": 0}}],
        [1, "0-ax2", "generic", "", [0, 0, 5, 5], {"isClickable": True,
                                                   "domRef": {"backendNodeId": 8, "frame": 0}}],
        [1, "0-3", "heading", "Title"],
        [1, "1-9", "link", "The id says it"]]}}
    assert [i.backend_node_id for i in snapshot_items(rows)] == [7, 8, 9]
    nodes = {"ax_tree": {"root_id": "0-ax1", "nodes": [  # the default: node objects
        {"id": "0-ax1", "role": "button", "name": "Go", "children": ["0-ax2", "1-9"],
         "domRef": {"backendNodeId": 7, "frame": 0}},
        {"id": "0-ax2", "role": "generic", "name": "", "isClickable": True,
         "domRef": {"backendNodeId": 8, "frame": 0}},
        {"id": "1-9", "role": "link", "name": "The id says it"}]}}
    assert [i.backend_node_id for i in snapshot_items(nodes)] == [7, 8, 9]
    elements = [{"index": 1, "tag": "a", "backendNodeId": 11},
                {"index": 2, "tag": "button", "domRef": {"backendNodeId": 12}}]
    assert [i.backend_node_id for i in dom_items(elements)] == [11, 12]


def _el(name: str, backend: int, children=(), **extra) -> dict:
    return {"nodeType": 1, "localName": name, "backendNodeId": backend,
            "children": list(children), **extra}


def test_index_dom_paths_match_collect_js() -> None:
    text = {"nodeType": 3, "backendNodeId": 99}
    frame_doc = {"nodeType": 9, "backendNodeId": 50, "children": [_el("html", 51)]}
    shadow = {"nodeType": 11, "shadowRootType": "open", "backendNodeId": 60,
              "children": [_el("button", 61)]}
    ua_shadow = {"nodeType": 11, "shadowRootType": "user-agent", "backendNodeId": 70,
                 "children": [_el("div", 71)]}
    body = _el("body", 3, [text, _el("card-x", 4, shadowRoots=[shadow]),
                           _el("input", 5, shadowRoots=[ua_shadow]),
                           _el("iframe", 6, frameId="CHILD", contentDocument=frame_doc)])
    root = {"nodeType": 9, "backendNodeId": 1, "children": [
        {"nodeType": 10, "backendNodeId": 2}, _el("html", 9, [_el("head", 10), body])]}
    index = index_dom(root, "MAIN")
    assert index.by_path[("MAIN", "0/1/0/s/0")] == 61
    assert index.by_path[("MAIN", "0/1/1")] == 5
    assert index.by_path[("CHILD", "0")] == 51
    assert index.by_id[6] == ("MAIN", "0/1/2")
    assert index.user_agent_ids == {71}
    assert index.count == 8  # html head body card-x button input iframe + frame html


def test_outline_items_interactive_lines_with_node_ids() -> None:
    text = ("[0-1] RootWebArea: Billing\n  [0-12] navigation: Main\n    [0-15] link: Home\n"
            "  [0-20] select: Country\n  [0-ax7] button: Anonymous\n  [0-30] div\n"
            "  [1-44] textbox: Email\n  [0-50] scrollable, div\n")
    items = [(i.role, i.name, i.backend_node_id) for i in outline_items(text)]
    assert items == [("link", "Home", 15), ("combobox", "Country", 20),
                     ("button", "Anonymous", None), ("textbox", "Email", 44)]
    compact = ('RootWebArea: Billing\n  navigation: Main\n    [0-15] link: Home\n'
               '  [0-20] select: Country = "Kenya"\n  [0-21] button [expanded]\n'
               '  [1-44] textbox: Email = "a \\"b\\" c" [focused, required]\n  text: Hello\n')
    items = [(i.role, i.name, i.backend_node_id) for i in outline_items(compact)]
    assert items == [("link", "Home", 15), ("combobox", "Country", 20), ("button", "", 21),
                     ("textbox", "Email", 44)]
    flagged = ('  [0-60] clickable, tr: INV-1 Paid\n  [0-61] editable, div = "Note"\n'
               '  [0-62] scrollable, clickable, div\n  [0-63] scrollable, div\n'
               '  [0-64] focusable, note: Tip\n')
    items = [(i.role, i.name, i.backend_node_id) for i in outline_items(flagged)]
    assert items == [("tr", "INV-1 Paid", 60), ("div", "", 61), ("div", "", 62),
                     ("note", "Tip", 64)]
