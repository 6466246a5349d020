"""Collect the reference set of one page over CDP, apart from every tool under test.

An element is in the reference when it is *visible* — non-zero box, not display:none, not
visibility:hidden/collapse, its box inside the document — and *interactive*: natively
(a[href], button, input other than hidden, select, textarea, summary, a contenteditable
host), by an interactive ARIA role, by tabindex ≥ 0, or by a click listener
(DOMDebugger.getEventListeners over the whole document, piercing frames and shadow roots;
a click listener on <html> or <body> alone is event delegation, not a control).

The visibility and role checks run in collect.js inside each frame's isolated world.
Elements are named by their path of element-child indices (``"s"`` steps into an open shadow
root); the same paths are computed from DOM.getDocument(pierce) in Python, which gives each
reference element its backendNodeId — the key tools that report node ids are matched by.
Closed shadow roots and out-of-process (cross-site) frames are not covered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reference.model import RefElement, Reference

_SNIPPET = (Path(__file__).parent / "collect.js").read_text(encoding="utf-8")
_WORLD = "axsnap-bench-reference"


@dataclass
class DomIndex:
    """(frameId, path) ↔ backendNodeId for the elements the reference script can see."""

    by_path: dict[tuple[str, str], int] = field(default_factory=dict)
    by_id: dict[int, tuple[str, str]] = field(default_factory=dict)
    tags: dict[int, str] = field(default_factory=dict)  # every element, UA shadow too
    user_agent_ids: set[int] = field(default_factory=set)  # inside built-in shadow roots
    count: int = 0  # elements in documents and open shadow roots


def _subtree_ids(node: dict[str, Any], index: DomIndex) -> None:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.get("nodeType") == 1:
            index.user_agent_ids.add(current["backendNodeId"])
            index.tags[current["backendNodeId"]] = current.get("localName", "")
        stack.extend(current.get("children") or [])
        stack.extend(current.get("shadowRoots") or [])


def index_dom(root: dict[str, Any], main_frame_id: str) -> DomIndex:
    """Index every element of a pierced ``DOM.getDocument`` by the paths collect.js uses."""
    index = DomIndex()
    stack: list[tuple[dict[str, Any], str, str]] = [(root, main_frame_id, "")]
    while stack:
        parent, frame_id, prefix = stack.pop()
        elements = [c for c in parent.get("children") or [] if c.get("nodeType") == 1]
        for i, node in enumerate(elements):
            path = f"{prefix}/{i}" if prefix else str(i)
            backend = node["backendNodeId"]
            index.count += 1
            index.by_path[(frame_id, path)] = backend
            index.by_id[backend] = (frame_id, path)
            index.tags[backend] = node.get("localName", "")
            stack.append((node, frame_id, path))
            for shadow in node.get("shadowRoots") or []:
                if shadow.get("shadowRootType") == "open":
                    stack.append((shadow, frame_id, f"{path}/s"))
                elif shadow.get("shadowRootType") == "user-agent":
                    _subtree_ids(shadow, index)
            content = node.get("contentDocument")
            if content and node.get("frameId"):
                stack.append((content, node["frameId"], ""))
    return index


def frame_ids(tree: dict[str, Any]) -> list[str]:
    """Frame ids of a Page.getFrameTree result, pre-order."""
    out = [tree["frame"]["id"]]
    for child in tree.get("childFrames") or []:
        out.extend(frame_ids(child))
    return out


def collect_reference(cdp: Any) -> Reference:
    """Compute the reference set of the page ``cdp`` (a CdpSession on its target) shows."""
    frames = frame_ids(cdp.send("Page.getFrameTree")["frameTree"])
    root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    index = index_dom(root, frames[0])

    document = cdp.send("DOM.resolveNode", {"backendNodeId": root["backendNodeId"]})
    listeners = cdp.send("DOMDebugger.getEventListeners", {
        "objectId": document["object"]["objectId"], "depth": -1, "pierce": True,
    })["listeners"]
    cdp.send("Runtime.releaseObject", {"objectId": document["object"]["objectId"]})
    clicked: dict[str, list[str]] = {}
    n_listeners = 0
    for listener in listeners:
        where = index.by_id.get(listener.get("backendNodeId") or 0)
        if listener.get("type") == "click" and where:
            n_listeners += 1
            clicked.setdefault(where[0], []).append(where[1])

    elements: list[RefElement] = []
    neutral: list[RefElement] = []
    viewport = (0.0, 0.0)
    notes: list[str] = []
    unmapped = 0
    for frame_id in frames:
        try:
            context = cdp.send("Page.createIsolatedWorld", {
                "frameId": frame_id, "worldName": _WORLD, "grantUniveralAccess": False,
            })["executionContextId"]
            reply = cdp.send("Runtime.callFunctionOn", {
                "functionDeclaration": _SNIPPET, "executionContextId": context,
                "arguments": [{"value": sorted(set(clicked.get(frame_id, [])))}],
                "returnByValue": True, "awaitPromise": False,
            })
        except Exception as exc:  # a frame that went away is noted, the rest still counts
            notes.append(f"frame {frame_id}: {exc}")
            continue
        if "exceptionDetails" in reply:
            notes.append(f"frame {frame_id}: {reply['exceptionDetails'].get('text')}")
            continue
        data = json.loads(reply["result"]["value"])
        if data.get("viewport"):
            viewport = (float(data["viewport"]["width"]), float(data["viewport"]["height"]))
        for record in data["records"]:
            element = _element(frame_id, record, index)
            unmapped += element.backend_node_id is None
            elements.append(element)
        neutral.extend(_element(frame_id, record, index) for record in data["neutral"])
    neutral_ids = index.user_agent_ids | {
        n.backend_node_id for n in neutral if n.backend_node_id is not None}
    return Reference(elements=elements, viewport=viewport, element_count=index.count,
                     listeners=n_listeners, unmapped=unmapped, notes=notes, neutral=neutral,
                     neutral_ids=neutral_ids, tags=index.tags)


def _element(frame_id: str, record: dict[str, Any], index: DomIndex) -> RefElement:
    rect = record.get("rect") or [0.0, 0.0, 0.0, 0.0]
    return RefElement(
        frame_id=frame_id, path=record["path"],
        backend_node_id=index.by_path.get((frame_id, record["path"])),
        tag=record["tag"], role=record["role"], name=record["name"],
        rect=(float(rect[0]), float(rect[1]), float(rect[2]), float(rect[3])),
        reasons=tuple(record.get("reasons") or ()),
    )
