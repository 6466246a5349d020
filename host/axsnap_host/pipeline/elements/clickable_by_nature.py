"""What DOMSnapshot's ``isClickable`` says of an element, told from the walk's records alone.

A whole-page DOM read from the walk (``dom_source="walk"``, design note 40) has no DOMSnapshot.
Its records know their click listeners (``k``, walker_ids_listable.js), but Chromium's
``isClickable`` (Node::WillRespondToMouseClickEvents) is also true, with no listener, of: a link
(``a``/``area`` with ``href``), every enabled ``<input>``, a ``<button>`` inside a ``<form>``
that is not ``type="button"``, a ``<label>`` whose control is clickable (so not a select's),
the ``<summary>`` of a ``<details>`` and editable content (the editing host and what it
holds). Not of ``<select>``,
``<textarea>``, ``<option>`` or a ``type="button"`` button. Measured on the corpus (123 pages,
70k rendered elements, listener nodes aside): each rule agrees with the DOMSnapshot on every
element it covers, and no other element is marked but one ``<object>`` plug-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

# the elements a <label> without ``for`` labels: its first such descendant
_LABELABLE = frozenset({"input", "button", "select", "textarea", "meter", "output", "progress"})


class Record(Protocol):
    """A joined walker record (pipeline/dom/walker_merge.py: Joined), as read here."""

    rec: dict[str, Any]
    tag: str
    frame: int
    clickable: bool
    children: Sequence[int]


class ClickableByNature:
    """Fed the records in walker order (a parent before its children): whether each one is
    clickable by nature; then ``finish`` on the joined records settles the labels, which are
    clickable when their control is (it may come later in the page).
    Keeps (inside a form, inside editable content, tag) a record."""

    def __init__(self) -> None:
        self._inside: list[tuple[bool, bool, str]] = []
        self._labels: list[int] = []

    def add(self, rec: dict[str, Any], tag: str) -> bool:
        p = rec.get("p", -1)
        in_form, in_editable, parent_tag = (self._inside[p] if isinstance(p, int) and 0 <= p < len(
            self._inside) else (False, False, ""))
        reasons = rec.get("c") or ()
        if not reasons and not in_editable:  # no reason of any kind: most records
            self._inside.append((in_form or tag == "form", False, tag))
            return False
        editable = in_editable or "editable" in reasons
        self._inside.append((in_form or tag == "form", editable, tag))
        if editable or "href" in reasons:
            return True
        if "label" in reasons:  # (the walker's: a label of an enabled control)
            self._labels.append(len(self._inside) - 1)
            return False
        if "form" not in reasons or rec.get("dis"):
            return False
        if tag == "input":
            return True
        if tag == "button":
            kind = str((rec.get("a") or {}).get("type", "submit")).strip().lower()
            return in_form and kind != "button"
        return tag == "summary" and parent_tag == "details"

    def finish(self, joined: Sequence[Record]) -> None:
        """Mark each label whose control is clickable (by nature or by a listener)."""
        if not self._labels:
            return
        # the ids the labels name (``for``): the only ones looked up
        wanted = {str(named) for rid in self._labels
                  if (named := (joined[rid].rec.get("a") or {}).get("for"))}
        by_id: dict[tuple[int, str], Record] = {}
        for j in joined if wanted else ():
            ident = (j.rec.get("a") or {}).get("id")
            if ident and str(ident) in wanted:
                by_id.setdefault((j.frame, str(ident)), j)
        for rid in self._labels:
            label = joined[rid]
            named = (label.rec.get("a") or {}).get("for")
            control = by_id.get((label.frame, str(named))) if named else _first_control(
                joined, label)
            # a control with no record (not rendered, so not walked) is most often an input
            # hidden behind its label (a styled checkbox): Chromium still counts it
            if control is None or control.clickable:
                label.clickable = True

    @staticmethod
    def applies(walker: dict[str, Any], has_snapshot: bool) -> bool:
        """A whole-page read from the walk: no DOMSnapshot, the listable records' ids taken."""
        ids = (walker.get("stats") or {}).get("ids") or {}
        return not has_snapshot and ids.get("listable") == 1


def _first_control(joined: Sequence[Record], label: Record) -> Record | None:
    """The label's first labelable descendant record, in document order."""
    stack = list(reversed(label.children))
    while stack:
        j = joined[stack.pop()]
        if j.tag in _LABELABLE:
            return j
        stack.extend(reversed(j.children))
    return None
