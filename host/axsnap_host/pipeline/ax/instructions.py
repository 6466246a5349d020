"""Flag hidden instructions in the AX outputs (SnapshotV1, the outline, compact included).

A named node whose text reads like an instruction to a model and that a person cannot see
(DOMSnapshot styles, the window walker's records, or the whole-page walk's rows' facts:
pipeline/hidden.py) keeps its text, marked where the text is:
``[suspicious: hidden_instruction (opacity_0)]`` is appended to its name, so every line or
record that carries the words carries the flag; SnapshotV1 adds a structured
``suspicious`` to the node.
"""

from __future__ import annotations

from typing import NamedTuple

from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts, WindowIndex
from axsnap_host.pipeline.dom.hittest import CoverIndex
from axsnap_host.pipeline.dom.index import DomIndex, DomInfo
from axsnap_host.pipeline.hidden import (
    Suspicion,
    dom_hiding_reasons,
    hiding_reasons,
    instruction_match,
    unseen_attribute_suspicion,
)


def dom_chain(dom: DomFacts, backend_id: int | None, frame_id: str | None,
              limit: int = 40) -> list[DomInfo]:
    """The node and its ancestors in its own document, nearest first (at most ``limit``):
    the styles around a text decide whether a person can see it."""
    out: list[DomInfo] = []
    if not isinstance(dom, DomIndex) or backend_id is None:
        return out  # a window read has no DOMSnapshot styles: nothing to judge by
    where = dom.locate(backend_id, frame_id)
    if where is None:
        return out
    raw = dom.raw_document(where[0])
    node_index: int = where[1]
    while node_index >= 0 and len(out) < limit:
        info = dom.get(raw.column("backendNodeId", node_index), frame_id)
        if info is None:
            break
        out.append(info)
        parent = raw.column("parentIndex", node_index, -1)
        node_index = parent if isinstance(parent, int) else -1
    return out


# FlatTree.ahead key: instruction_matches(tree), worked out before the request came
MATCHES = "instruction_matches"
# FlatTree.ahead key: a whole-page read from the walk's node id → its HidingFacts, for the
# nodes whose name has an instruction's word (pipeline/axwalk/hiding.py)
WALK_HIDING = "walk_hiding"


class HidingFacts(NamedTuple):
    """What the walker read of the element holding a node's words (ax_hiding.js)."""

    hidden_by: tuple[str, ...]  # why a box around it hides what it holds
    font_size: float | None
    color: str
    background: str

    def reasons(self) -> list[str]:
        """The same decision as a window read's record (WindowIndex.hiding_reasons)."""
        return hiding_reasons(inherited=list(self.hidden_by), font_size=self.font_size,
                              color=self.color, background=self.background)


def instruction_matches(tree: FlatTree) -> dict[str, str]:
    """Node id → the words that read like an instruction, for every named node with a DOM
    node (the text half of the check: the AX nodes alone say it)."""
    found: dict[str, str] = {}
    for node in tree.nodes.values():
        if node.name and node.backend_id is not None:
            match = instruction_match(node.name)
            if match is not None:
                found[node.id] = match
    return found


def _text_below(tree: FlatTree, node: FlatNode, limit: int = 40) -> str:
    """The text of the node's descendants (what it shows, beside its name)."""
    out: list[str] = []
    stack = list(reversed(node.children))
    while stack and len(out) < limit:
        child = tree.nodes.get(stack.pop())
        if child is None:
            continue
        if child.role in ("StaticText", "text") and child.name:
            out.append(child.name)
        stack.extend(reversed(child.children))
    return " ".join(out)


def _unseen(tree: FlatTree, node: FlatNode, dom: DomFacts,
            covers: CoverIndex | None) -> Suspicion | None:
    """A named node in plain sight whose words a person still cannot read: under an opaque
    cover (whole-page reads: DOMSnapshot paint order), or from an attribute that is not
    drawn (pipeline/hidden.py: unseen_attribute_suspicion)."""
    info = dom.get(node.backend_id, node.frame_id)
    if info is not None and info.node_type == 1:
        size = (info.bounds[2], info.bounds[3]) if info.bounds is not None else None
        shown = _text_below(tree, node)
        if isinstance(dom, WindowIndex):  # a window read's tree may hold no text below
            shown = f"{shown} {dom.shown_text(node.backend_id, node.frame_id)}"
        flag = unseen_attribute_suspicion(info.tag, info.attrs, size, shown)
        if flag is not None:
            return flag
    if covers is not None and covers.cover_of(node.backend_id, node.frame_id, opaque=True):
        match = instruction_match(node.name)
        return Suspicion("hidden_instruction", ("covered",), match) if match else None
    return None


def flag_hidden_instructions(tree: FlatTree, dom: DomFacts) -> dict[str, Suspicion]:
    """Mark the hidden instructions of ``tree`` in place; return them by node id."""
    found: dict[str, Suspicion] = {}
    ahead = tree.ahead.pop(MATCHES, None)
    walked = tree.ahead.pop(WALK_HIDING, None) or {}  # a read from the walk's facts
    matches = ahead if isinstance(ahead, dict) else instruction_matches(tree)
    covers = CoverIndex(dom) if isinstance(dom, DomIndex) and matches else None
    for node_id, match in matches.items():
        node = tree.nodes[node_id]
        facts = walked.get(node_id)
        reasons = (facts.reasons() if isinstance(facts, HidingFacts)
                   else dom.hiding_reasons(node.backend_id, node.frame_id)
                   if isinstance(dom, WindowIndex)
                   else dom_hiding_reasons(dom_chain(dom, node.backend_id, node.frame_id)))
        if not reasons:
            unseen = _unseen(tree, node, dom, covers)
            if unseen is None:
                continue
            reasons, match = list(unseen.reasons), unseen.match
        flag = Suspicion("hidden_instruction", tuple(reasons), match)
        node = tree.own(node)  # (a node the read's formats share: a copy)
        node.name = f"{node.name} [{flag.label()}]"
        found[node.id] = flag
    if found:
        tree.ahead.clear()  # worked out on the names as they were
    return found
