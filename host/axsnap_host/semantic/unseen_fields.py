"""Controls the page type does not read as what they first seem (page_features.py):

- the "To" of a range: a field named "To" right after a field named "From" in one small box
  ("From" [date] "To" [date], a dashboard's report dates) asks where the range ends, no
  recipient of a message; a mail being written names whom it goes to under "To" beside no
  "From" field of its own box;
- a control drawn right of the page's width (what a scroll can show): an off-canvas panel
  (a template's theme settings, a to-do list slid in by a button), which no one sees and no
  scroll reaches until a button opens it; its switches and ticks are not the page's own;
- a drop-down drawn by a script (select2, a framework's combobox): a `combobox` that is no
  `<input>`, `<textarea>` or editable box is one choice to pick, a select, and the read-only
  `textbox` drawn inside it to show the choice is that same control again; a `combobox`
  wrapping an `<input>` is that input's box (design note 294).
"""

from __future__ import annotations

import re

from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import PageFacts

# (a bound alone, or said with what it bounds: "From date", "End time")
_FROM = re.compile(r"^(?:from|start|von|desde|du|từ|从|開始)(?: date| time| day)?$", re.I)
_TO = re.compile(r"^(?:to|end|bis|hasta|au|đến|至|到|終了)(?: date| time| day)?$", re.I)
BOX_UP = 4  # ancestors of each field looked at for the box both sit in
DRAWN_UP = 3  # ancestors of a field looked at for the drop-down drawn around it
_TYPED_INTO = frozenset({"input", "textarea"})  # (a search box drawn as a combobox is typed into)


def _said(el: Element) -> list[str]:
    """The words a field shows a person: its label, aria-label and placeholder, each alone."""
    return [w.strip().rstrip(":").strip() for w in (el.source.text, el.source.aria,
                                                     el.source.hint) if w.strip()]


def range_ends(elements: list[Element], facts: PageFacts) -> set[int]:
    """The node ids of the text fields that bound a range, both ends: one named "To" right
    after one named "From" (no other text field between them), both in one box a few levels
    up. A bound is no recipient, and no search box holding a query: an admin's date filter
    ("From date" 2026-11-01, "To date" 2026-11-15) filters its list (design note 367)."""
    out: set[int] = set()
    before: Element | None = None
    for el in elements:
        if el.kind != "text_input":
            continue
        if before is not None and any(_TO.match(w) for w in _said(el)) and any(
                _FROM.match(w) for w in _said(before)):
            boxes = {a.rid for a in facts.ancestors(before.node)[:BOX_UP]}
            if any(a.rid in boxes for a in facts.ancestors(el.node)[:BOX_UP]):
                out.update((before.node.rid, el.node.rid))
        before = el
    return out


def off_canvas(el: Element, facts: PageFacts) -> bool:
    """Drawn wholly right of the page's width (what a scroll can show; the window's width
    without a page size): a panel kept off the screen until a button slides it in."""
    right_edge = facts.page_size[0] or facts.viewport[0]
    return right_edge > 0 and el.node.box[0] >= right_edge


def drawn_kinds(elements: list[Element], facts: PageFacts) -> dict[int, str | None]:
    """The kind a person fills each drawn drop-down's parts as, by node id, where it is not
    their element kind: ``select`` for a combobox that is no ``<input>``, None (not a field
    of its own) for what is drawn inside it, or for a combobox wrapping an ``<input>``."""
    boxes = {el.node.rid for el in elements
             if el.kind == "text_input" and el.node.role == "combobox"
             and el.node.tag not in _TYPED_INTO and "contenteditable" not in el.node.attrs}
    out: dict[int, str | None] = {}
    for el in elements:
        if el.kind != "text_input" or el.node.rid in boxes:
            continue
        around = next((a.rid for a in facts.ancestors(el.node)[:DRAWN_UP] if a.rid in boxes), None)
        if around is None:
            continue
        # (an <input> typed into is the field, its box no other; a drawn textbox shows the pick)
        out[around if el.node.tag == "input" else el.node.rid] = None
    for rid in boxes:
        out.setdefault(rid, "select")
    return out
