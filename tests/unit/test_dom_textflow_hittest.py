"""pipeline/dom/textflow.py (inline runs and their seams) and pipeline/dom/hittest.py
(what covers a control) on small hand-made DOMSnapshots."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import DOM_SNAPSHOT_STYLES
from axsnap_host.pipeline.dom.hittest import CoverIndex
from axsnap_host.pipeline.dom.index import DomIndex
from axsnap_host.pipeline.dom.textflow import TextFlow

FRAME = "F"


def snapshot(nodes: list[dict[str, Any]]) -> DomIndex:
    """A one-document DOMSnapshot: each node {parent, type, name, value?, attrs?, box?,
    styles?, paint?}; backendNodeId = position + 1; laid out when it has a box."""
    strings: list[str] = [FRAME]

    def sid(text: str) -> int:
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    columns: dict[str, list[Any]] = {"parentIndex": [], "nodeType": [], "nodeName": [],
                                     "nodeValue": [], "backendNodeId": [], "attributes": []}
    layout: dict[str, list[Any]] = {"nodeIndex": [], "styles": [], "bounds": [],
                                    "paintOrders": []}
    for i, node in enumerate(nodes):
        columns["parentIndex"].append(node["parent"])
        columns["nodeType"].append(node["type"])
        columns["nodeName"].append(sid(node["name"]))
        columns["nodeValue"].append(sid(node.get("value", "")))
        columns["backendNodeId"].append(i + 1)
        attrs = node.get("attrs", {})
        columns["attributes"].append([sid(x) for kv in attrs.items() for x in kv])
        if "box" in node:
            styles = {"display": "inline" if node["type"] == 3 else "block",
                      "visibility": "visible", "pointer-events": "auto", "position": "static",
                      **node.get("styles", {})}
            layout["nodeIndex"].append(i)
            layout["styles"].append([sid(styles.get(name, "")) for name in DOM_SNAPSHOT_STYLES])
            layout["bounds"].append(list(node["box"]))
            layout["paintOrders"].append(node.get("paint", i))
    doc = {"frameId": 0, "nodes": columns, "layout": layout}
    return DomIndex({"documents": [doc], "strings": strings}, list(DOM_SNAPSHOT_STYLES))


def el(parent: int, name: str, box: tuple[float, ...] | None = (0, 0, 100, 20),
       **extra: Any) -> dict[str, Any]:
    node = {"parent": parent, "type": 1, "name": name.upper(), **extra}
    if box is not None:
        node["box"] = box
    return node


def text(parent: int, value: str) -> dict[str, Any]:
    return {"parent": parent, "type": 3, "name": "#text", "value": value, "box": (0, 0, 10, 10)}


def seam(dom: DomIndex, a: int, b: int) -> str | None:
    return TextFlow(dom).seam((a + 1, FRAME), (b + 1, FRAME))


def test_inline_markup_joins_as_the_page_has_it() -> None:
    dom = snapshot([
        el(-1, "body"),                        # 0
        el(0, "div"),                          # 1: the task line
        text(1, 'Enter "'),                    # 2
        el(1, "span", styles={"display": "inline"}),  # 3
        text(3, "Ann"),                        # 4
        text(1, '" into the field '),          # 5
        el(1, "b", styles={"display": "inline"}),     # 6
        text(6, "now"),                        # 7
        el(0, "div"),                          # 8: the next block
        text(8, "Next block"),                 # 9
    ])
    assert seam(dom, 2, 4) == ""   # no space where the page has none
    assert seam(dom, 4, 5) == ""
    assert seam(dom, 5, 7) == " "  # the text before the <b> ends with a space
    assert seam(dom, 7, 9) is None  # another block
    assert seam(dom, 4, 2) is None  # out of document order


def test_a_break_or_hidden_words_between_end_the_run() -> None:
    dom = snapshot([
        el(-1, "body"),
        el(0, "p"),
        text(1, "Line one"),                   # 2
        el(1, "br", styles={"display": "inline"}),  # 3
        text(1, "Line two"),                   # 4
        text(1, "more words"),                 # 5: rendered words the AX tree left out
        text(1, "end"),                        # 6
        el(1, "span", box=None),               # 7: display: none (no layout)
        text(7, "hidden"),                     # 8 (not laid out either)
        text(1, "after"),                      # 9
    ])
    dom_nodes = dom.raw_document(0)
    dom_nodes.layout_of.pop(8, None)
    assert seam(dom, 2, 4) is None  # <br>
    assert seam(dom, 4, 6) is None  # "more words" between
    assert seam(dom, 6, 9) == ""    # only a display:none span between


def test_a_later_painted_overlay_covers_what_is_under_it() -> None:
    dom = snapshot([
        el(-1, "body", box=(0, 0, 800, 600)),                                  # 0
        el(0, "button", box=(10, 10, 80, 20), paint=1),                        # 1
        el(0, "button", box=(300, 300, 80, 20), paint=2),                      # 2
        el(0, "div", box=(0, 0, 200, 200), paint=5, attrs={"id": "overlay"},
           styles={"position": "fixed"}),                                      # 3
        el(0, "div", box=(250, 250, 200, 200), paint=6, attrs={"class": "tip x"},
           styles={"position": "absolute", "pointer-events": "none"}),         # 4
        el(0, "div", box=(280, 280, 200, 200), paint=7, attrs={"class": "dialog"},
           styles={"position": "fixed"}),                                      # 5
        el(5, "button", box=(300, 300, 50, 20), paint=8),                      # 6
    ])
    covers = CoverIndex(dom)
    assert covers.cover_of(2, FRAME) == "div#overlay"
    assert covers.cover_of(3, FRAME) == "div.dialog"  # pointer-events:none does not count
    assert covers.cover_of(7, FRAME) is None  # inside the dialog, painted after it
    assert covers.cover_of(6, FRAME) is None  # the dialog itself
