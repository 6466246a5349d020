"""The words of the row or item an element sits in, as its id holds them (see ids.py): a table
row's first cell (its context), its last cell and its middle cells (what parts rows alike in their
first words), a list item's text, a small parent's words. Read from the semantic facts (facts.py).
"""

from __future__ import annotations

import re

from axsnap_host.models.id_slug import ID_PLACE_WORDS
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.id_words import minus
from axsnap_host.semantic.ids import slug

CONTEXT_WORDS = ID_PLACE_WORDS  # the words of its row or place an id holds (models/id_slug.py)
ROW_TEXT_CHARS = 60  # a parent with more text than this is a section, not a row


ITEM_ROLES = frozenset({"option", "listitem", "treeitem", "menuitem"})


def is_list_item(node: Node) -> bool:
    """A list's item itself (``<li>``, a listbox's option, a list's, tree's or menu's item)."""
    return node.tag == "li" or node.attrs.get("role", "").strip().lower() in ITEM_ROLES


ROW_UP = 8  # ancestors looked at for an element's table row (and again past a row of no words)


def _first_words(row: Node, facts: PageFacts, label: str) -> str:
    """The words of ``row``'s first cell with words besides ``label``, as an id holds them."""
    own = slug(label)
    for rid in row.children:
        words = slug(minus(facts.nodes[rid].text, label), CONTEXT_WORDS)
        if words and words != own:
            return words
    return ""


def _row_from(ancestors: list[Node], k: int, facts: PageFacts,
              label: str) -> tuple[Node, str]:
    """The row read for an element whose closest row is ``ancestors[k]``, with that row's
    first words. A row whose cells say no words but the element's own is a layout table's row
    inside a cell (an icon laid out beside a host's name): the row read is the row around its
    table (the next ``<tr>`` up, within ROW_UP ancestors) when that row has words, as a person
    reads the icon by its line's name; never a row further out (a page laid out in tables: its
    outer rows are the page's parts, not the element's line; design note 256). The walker
    reads rows alike (twins.js ``rowFrom``)."""
    row = ancestors[k]
    own = _first_words(row, facts, label)
    if own:
        return row, own
    outer = next((a for a in ancestors[k + 1:k + 1 + ROW_UP] if a.tag == "tr"), None)
    words = _first_words(outer, facts, label) if outer is not None else ""
    return (outer, words) if outer is not None and words else (row, "")


def table_row(node: Node, facts: PageFacts, label: str) -> Node | None:
    """The table row ``node`` sits in (its closest ``<tr>`` among its first ROW_UP ancestors,
    given way as :func:`_row_from` says), None outside one."""
    ancestors = facts.ancestors(node)
    for k, ancestor in enumerate(ancestors[:ROW_UP]):
        if ancestor.tag == "tr":
            return _row_from(ancestors, k, facts, label)[0]
    return None


def context_of(node: Node, facts: PageFacts, label: str) -> str:
    """Words of the row or item the element sits in, without its own label: a table row's
    first cell with text (:func:`_row_from`), a list item's text, or the text of a small
    parent (the walker's ``ptx``: a ``<div>`` row holding the control and a few words). ""
    when it sits in no row, and for a list's item itself: its parent is its list, whose words
    are its siblings', so an item added to the list would rename the others (the list's own
    name or heading, the section, says where it is)."""
    own = slug(label)
    if is_list_item(node):
        return ""
    ancestors = facts.ancestors(node)
    for k, ancestor in enumerate(ancestors[:ROW_UP]):
        if ancestor.tag == "tr":
            words = _row_from(ancestors, k, facts, label)[1]
            if words:
                return words
            break
        if ancestor.tag == "li" and ancestor.text:
            words = slug(minus(ancestor.text, label), CONTEXT_WORDS)
            if words:
                return words
            break
    joined = facts.joined[node.rid] if node.rid < len(facts.joined) else None
    parent_text = str(joined.rec.get("ptx") or "") if joined is not None else ""
    rest = minus(parent_text, label or node.text).strip()
    if len(rest) <= ROW_TEXT_CHARS:
        words = slug(rest, CONTEXT_WORDS)
        if words and words != own:
            return words
    return ""


def row_tail(node: Node, facts: PageFacts, label: str) -> str:
    """Words of a table row's last cell with text (a message's time, a record's status), for
    rows alike in their first words; "" outside a table row or when the row has one cell."""
    row = table_row(node, facts, label)
    if row is None:
        return ""
    cells = [facts.nodes[rid] for rid in row.children]
    said = [c for c in cells if slug(minus(c.text, label), CONTEXT_WORDS)]
    if len(said) < 2:
        return ""
    return "_".join(_cell_words(minus(said[-1].text, label))[-3:])


def row_cells(node: Node, facts: PageFacts, label: str) -> tuple[str, ...]:
    """Words of a table row's cells between its first and its last with text (a project's
    progress, a record's status), each up to three words, then up to three of its first cell's
    words past the CONTEXT_WORDS its context holds (a request's time to the second, where the
    context says its minute: ``2026_12_07t09_54``), so rows alike in every other cell are
    parted by what a person reads in the first (note 342); () outside a table row."""
    row = table_row(node, facts, label)
    if row is None:
        return ()
    texts = [minus(facts.nodes[rid].text, label) for rid in row.children]
    texts = [text for text in texts if slug(text, 3)]
    said = [slug(text, 3) for text in texts]
    held = len(slug(texts[0], CONTEXT_WORDS).split("_")) if texts else 0
    rest = _cell_words(texts[0])[held:held + 3] if texts else []
    return tuple(said[1:-1]) + (("_".join(rest),) if rest else ())


def _cell_words(text: str) -> list[str]:
    """Each word of a cell's ``text`` as an id says it."""
    return [w for w in (slug(part, 1) for part in re.split(r"\W+", text[:400])) if w]
