"""The CSS selector of a walker record within its own document (DOM text's ``selector``):
``#id`` where a unique id anchors it, else ``tag`` or ``tag:nth-of-type(n)`` steps up to
the document's root; `` >>> `` crosses a shadow root.

The elements of one page share their ancestors: a whole page's 30k listed elements walked
up through the same few thousand, each read again for every descendant (a tenth of a
100k-element page's DOM text). A :class:`SelectorMemo` reads each once a page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

_ID_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_POS_RE = re.compile(r"\[(\d+)\]$")


class Record(Protocol):
    """What the selector reads of a joined walker record (pipeline/dom/walker_merge.Joined)."""

    rid: int
    rec: dict[str, Any]


# what a selector reads of one element: its step, whether it enters a shadow root, whether
# it is a document's root, its parent's record index (-1: none); then, read only where the
# walk up is not anchored yet, its part: (``#id`` or ``tag``/``tag:nth-of-type(n)``, anchors)
_SelectorStep = tuple[str, bool, bool, int]
_SelectorPart = tuple[str, bool]


@dataclass(slots=True)
class SelectorMemo:
    """What was read of each record (by its index) for the selectors of one page."""

    steps: dict[int, _SelectorStep] = field(default_factory=dict)
    parts: dict[int, _SelectorPart] = field(default_factory=dict)


def _selector_step(node: Record) -> _SelectorStep:
    rec = node.rec
    step = str(rec.get("d") or rec.get("s") or "")
    parent = rec.get("dp", rec.get("p", -1))
    up = parent if isinstance(parent, int) and 0 <= parent < node.rid else -1
    return step, step.startswith("#shadow-root/"), rec.get("s") == "html", up


def _selector_part(node: Record, step: str) -> _SelectorPart:
    attrs = node.rec.get("a") or {}
    ident = str(attrs.get("id", ""))
    if ident and node.rec.get("idu") and _ID_RE.match(ident):
        return f"#{ident}", True
    last = step.rsplit("/", 1)[-1]
    match = _POS_RE.search(last)
    tag = last.split("[", 1)[0]
    return (f"{tag}:nth-of-type({match.group(1)})" if match else tag), False


def css_selector(joined: Sequence[Record], j: Record, memo: SelectorMemo | None = None) -> str:
    """CSS selector within the element's own document; ' >>> ' crosses a shadow root.
    ``memo``: what was read of each element already (the elements of one page share their
    ancestors: each is read once a page, not once per descendant)."""
    memo = SelectorMemo() if memo is None else memo
    steps, labels = memo.steps, memo.parts
    parts: list[str] = []
    node: Record | None = j
    anchored = False  # an #id was found: skip up to the enclosing shadow root's host
    while node is not None:
        facts = steps.get(node.rid)
        if facts is None:
            facts = steps[node.rid] = _selector_step(node)
        step, shadow, root, parent = facts
        if not anchored:
            label = labels.get(node.rid)
            if label is None:
                label = labels[node.rid] = _selector_part(node, step)
            parts.append(label[0])
            anchored = label[1]
        if shadow:
            parts.append(">>>")
            anchored = False
        if root:
            break  # a document's root: the selector is relative to that document
        node = joined[parent] if parent >= 0 else None
    out: list[str] = []
    for part in reversed(parts):
        if part == ">>>":
            out.append(" >>> ")
        else:
            if out and out[-1] != " >>> ":
                out.append(" > ")
            out.append(part)
    return "".join(out)
