"""Absolute XPaths for the elements of every frame, from the pierced DOM trees.

The extension sends, for format "outline", ``DOM.getDocument(depth -1, pierce)`` of the tab's
process (``capture.dom_tree``) and of each out-of-process frame subtree (on that frame,
``frames[i].dom_tree``). DOMSnapshot is not enough here: it lists the composed tree, which
hides shadow-root hops and where slotted elements live in the light DOM.

Conventions (the same as the DOM channel's user-facing XPaths, see pipeline/elements.py):
- a step is ``tag`` when the element is the only child element with that tag, else
  ``tag[n]`` (n counted among same-tag element siblings, from 1): :func:`positional_steps`;
- elements outside the HTML namespace (SVG, MathML: CDP keeps their nodeName's case) are
  written ``*[name()='path']`` so ``document.evaluate`` matches them in an HTML document;
- a shadow root is a ``#shadow-root`` step: ``/html/body/my-card/#shadow-root/button``
  (user-agent shadow roots are skipped);
- an iframe's document continues the iframe's path: ``/html/body/iframe[2]/html/body/a``.
  An out-of-process frame's tree gets the same prefix through its owner <iframe>.

Only elements get an XPath: CDP leaves whitespace-only text nodes out of DOM.getDocument,
so positional ``text()`` steps computed from it would be wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from axsnap_host.models.capture import RawCapture

ELEMENT_NODE = 1
DOCUMENT_NODE = 9
FRAGMENT_NODE = 11
SHADOW_HOP = "#shadow-root"

XPathMap = dict[tuple[str, int], str]  # (frameId, backendNodeId) → absolute XPath


def positional_steps(names: Iterable[str]) -> list[str]:
    """XPath steps of sibling elements: ``name`` if unique among them, else ``name[k]``."""
    names = list(names)
    total: dict[str, int] = {}
    for name in names:
        total[name] = total.get(name, 0) + 1
    seen: dict[str, int] = {}
    out: list[str] = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(f"{name}[{seen[name]}]" if total[name] > 1 else name)
    return out


# -- the join's flat-tree keys as numbers ------------------------------------------------
# A key is the chain of flat steps from the top document (``/html/body/div[2]/a``,
# walker_merge.py). Spelled out, each key repeats its parent's: on a whole page the join
# built two strings per element (DOMSnapshot's side and the walker's), each as long as the
# element is deep, ~300k of them on the 100k-element bench page, to compare them once. Here
# a key is a number in a table of (parent key, step) → key, so a child's key costs one
# lookup whatever its depth, and two chains are equal exactly when their spelled-out keys
# are: a step holding ``/`` is taken as the steps it spells.

ROOT = 0  # the empty chain (the top document; a walker record without a parent)
NO_KEY = -1  # a walker record whose chain no DOMSnapshot element has: nor its children


class FlatKeys:
    """(parent key, step) → key, for the DOMSnapshot's elements; the walker's side only
    looks keys up."""

    __slots__ = ("_ids",)

    def __init__(self) -> None:
        self._ids: dict[tuple[int, str], int] = {}

    def __len__(self) -> int:
        return len(self._ids)

    def add(self, parent: int, step: str) -> int:
        """The key of ``parent``'s child ``step`` (a new number when first seen)."""
        for part in step.split("/") if "/" in step else (step,):
            found = self._ids.get((parent, part))
            if found is None:
                found = self._ids[(parent, part)] = len(self._ids) + 1
            parent = found
        return parent

    def find(self, parent: int, step: str) -> int:
        """The key of ``parent``'s child ``step``, or NO_KEY when no element has it."""
        if parent == NO_KEY:
            return NO_KEY
        for part in step.split("/") if "/" in step else (step,):
            parent = self._ids.get((parent, part), NO_KEY)
            if parent == NO_KEY:
                return NO_KEY
        return parent


def _step_name(node_name: str) -> str:
    if node_name.upper() == node_name:  # HTML elements: CDP upper-cases their nodeName
        return node_name.lower()
    return f"*[name()='{node_name}']"


Row = tuple[int, str, int, str, int | None, str | None, str | None]


def rows_of(tree: dict[str, Any] | None) -> list[Row]:
    """The tree as flat pre-order rows ``(parent, relation, nodeType, nodeName,
    backendNodeId, frameId, shadowRootType)``, relation ``c`` child, ``s`` shadow root,
    ``d`` iframe document. The extension sends ``{fields, rows}``; a nested CDP tree
    (``{root}``, recorded fixtures) is flattened here the same way."""
    if not isinstance(tree, dict):
        return []
    rows = tree.get("rows")
    if isinstance(rows, list):
        return [tuple(row) for row in rows if isinstance(row, list) and len(row) >= 7]
    out: list[Row] = []
    root = tree.get("root")
    stack: list[tuple[dict[str, Any], int, str]] = []
    if isinstance(root, dict):
        stack.append((root, -1, "c"))
    while stack:
        node, parent, relation = stack.pop()
        if node.get("nodeType") not in (ELEMENT_NODE, DOCUMENT_NODE, FRAGMENT_NODE):
            continue
        index = len(out)
        out.append((parent, relation, node["nodeType"], str(node.get("nodeName") or ""),
                    node.get("backendNodeId"), node.get("frameId"), node.get("shadowRootType")))
        pending = [(kid, index, "s") for kid in node.get("shadowRoots") or ()]
        pending += [(kid, index, "c") for kid in node.get("children") or ()]
        if isinstance(node.get("contentDocument"), dict):
            pending.append((node["contentDocument"], index, "d"))
        stack.extend(reversed(pending))
    return out


def add_tree(
    out: XPathMap,
    tree: dict[str, Any] | None,
    frame_id: str,
    prefix: str = "",
    parents: dict[tuple[str, int], tuple[str, int]] | None = None,
) -> None:
    """Add every element of a DOM tree (``{rows}`` or ``{root}``) to ``out``.

    ``prefix`` is the XPath of the <iframe> owning the top document ("" for the main one);
    ``parents``, when given, receives each element's parent element (frame, backend id),
    across shadow and frame boundaries.
    """
    rows = rows_of(tree)
    scope: list[str | None] = [None] * len(rows)  # path children of this row continue
    frame: list[str] = [frame_id] * len(rows)
    element_of: list[tuple[str, int] | None] = [None] * len(rows)  # nearest element key
    children: dict[int, list[int]] = {}
    for i, (parent, relation, node_type, *_rest) in enumerate(rows):
        if relation == "c" and node_type == ELEMENT_NODE and 0 <= parent < i:
            children.setdefault(parent, []).append(i)
    step: dict[int, str] = {}
    for kids in children.values():
        names = [_step_name(rows[k][3]) for k in kids]
        step.update(zip(kids, positional_steps(names), strict=True))
    for i, (parent, relation, node_type, _name, backend, own_frame, shadow_type) in enumerate(rows):
        inside = 0 <= parent < i
        if inside:
            frame[i] = frame[parent]
            element_of[i] = element_of[parent]
        if node_type == DOCUMENT_NODE:
            if inside and relation == "d":
                frame[i] = str(rows[parent][5] or own_frame or frame[parent])
                scope[i] = scope[parent]
            elif not inside:
                scope[i] = prefix
        elif node_type == FRAGMENT_NODE:
            author = relation == "s" and shadow_type != "user-agent"
            if inside and author and scope[parent] is not None:
                scope[i] = f"{scope[parent]}/{SHADOW_HOP}"
        elif node_type == ELEMENT_NODE and inside and scope[parent] is not None and i in step:
            path = f"{scope[parent]}/{step[i]}"
            scope[i] = path
            if isinstance(backend, int):
                key = (frame[i], backend)
                out.setdefault(key, path)
                owner_key = element_of[parent]
                if parents is not None and owner_key is not None:
                    parents.setdefault(key, owner_key)
                element_of[i] = key


def build_xpath_map(
    capture: RawCapture, parents: dict[tuple[str, int], tuple[str, int]] | None = None
) -> XPathMap:
    """(frameId, backendNodeId) → absolute, frame-prefixed XPath for every element."""
    out: XPathMap = {}
    frames = capture.frames
    extra = capture.model_extra or {}
    main_tree = extra.get("dom_tree")
    if frames and isinstance(main_tree, dict):
        add_tree(out, main_tree, frames[0].frameId, "", parents)
    for frame in frames[1:]:  # pre-order: a frame's owner is mapped before the frame
        tree = (frame.model_extra or {}).get("dom_tree")
        if not isinstance(tree, dict):
            continue
        owner = frame.ownerBackendNodeId
        prefix = out.get((frame.parentFrameId or "", owner)) if isinstance(owner, int) else None
        if prefix is None:
            continue  # no owner path: an unanchored XPath would resolve in the wrong frame
        add_tree(out, tree, frame.frameId, prefix, parents)
    return out
