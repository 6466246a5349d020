"""Rows of controls whose drawing says what they are for: checkboxes drawn as switches or set
in a grid of channels (settings turned on and off), and checkboxes in a box headed as tasks (a
to-do list ticked off). None of them selects a row of records or a message; the walker's tally
reads the same over the whole page (extension/lib/walker/src/tally_rows.js)."""

from __future__ import annotations

import re

from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import PageFacts

# A checkbox drawn as a switch (tally_rows.js isSwitch): a class calling it a switch or toggle.
SWITCH_CLASS = re.compile(r"(^|[\s_-])(switch|toggle)([\s_-]|$)", re.I)
# A box's heading that calls what it holds tasks (tally_rows.js TASKS).
_TASKS = re.compile(r"^(?:my |today'?s |open )?(?:tasks?|to-?dos?|to do(?: list)?|checklist)"
                    r"(?![^\W\d_])", re.I)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def is_switch(el: Element, facts: PageFacts) -> bool:
    """A checkbox drawn as a switch (role, a small box two or three times as wide as high, a
    class calling it a switch or a toggle, its own or its wrapper's): a setting turned on or
    off (tally_rows.js isSwitch)."""
    node = el.node
    parent = facts.nodes[node.parent] if node.parent >= 0 else None
    width, height = node.box[2], node.box[3]
    return (node.role == "switch" or (height >= 8 and width <= 80
                                      and 1.6 * height <= width <= 3.2 * height)
            or bool(SWITCH_CLASS.search(node.attrs.get("class", "")))
            or bool(parent and SWITCH_CLASS.search(parent.attrs.get("class", ""))))


def row_of(el: Element, facts: PageFacts) -> int | None:
    return next((a.rid for a in facts.ancestors(el.node)[:8] if a.tag == "tr"), None)


def check_grid_rows(facts: PageFacts, elements: list[Element]) -> set[int]:
    """Rows of two checkboxes or more and no link in a table whose columns are named: one
    setting's channels (email, browser, app), where a row of records is selected by one box
    and opens by a link, and a mailbox's rows name no columns (tally_rows.js inCheckGrid)."""
    boxes: dict[int, int] = {}
    linked: set[int] = set()
    for el in elements:
        if el.kind in ("checkbox", "link") and el.place.startswith("row"):
            row = row_of(el, facts)
            if row is not None and el.kind == "link":
                linked.add(row)
            elif row is not None:
                boxes[row] = boxes.get(row, 0) + 1
    named: dict[int, bool] = {}
    return {row for row, count in boxes.items()
            if count >= 2 and row not in linked and _names_columns(facts, row, named)}


def _names_columns(facts: PageFacts, row: int, named: dict[int, bool]) -> bool:
    """Whether the table holding ``row`` has a heading cell (<th>); ``named`` memoizes it per
    table."""
    table = next((a for a in facts.ancestors(facts.nodes[row]) if a.tag == "table"), None)
    if table is None:
        return False
    if table.rid not in named:
        todo, found = list(table.children), False
        while todo and not found:
            node = facts.nodes[todo.pop()]
            found = node.tag == "th"
            todo.extend(node.children)
        named[table.rid] = found
    return named[table.rid]


def in_task_list(el: Element, facts: PageFacts, first_heading: dict[int, int | None]) -> bool:
    """A checkbox in the nearest box holding a heading before it, that heading calling the box
    tasks or a to-do list: it marks a task done (tally_rows.js inTaskList). ``first_heading``
    memoizes each box's first heading node."""
    for box in facts.ancestors(el.node)[:10]:
        if box.rid not in first_heading:
            first_heading[box.rid] = _first_heading(facts, box.rid)
        heading = first_heading[box.rid]
        if heading is not None and heading < el.node.rid:
            return bool(_TASKS.match(facts.nodes[heading].text.strip()))
    return False


def _first_heading(facts: PageFacts, rid: int) -> int | None:
    """The first heading under ``rid`` in document order (rids are in document order)."""
    todo = list(reversed(facts.nodes[rid].children))
    while todo:
        node = facts.nodes[todo.pop()]
        if node.tag in _HEADINGS or node.role == "heading":
            return node.rid
        todo.extend(reversed(node.children))
    return None
