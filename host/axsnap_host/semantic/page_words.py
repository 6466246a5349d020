"""Boxes whose class or id says they are the page's chrome, or whose role makes them a menu, a tab
list or a tree: a template's menus, header and footer drawn as plain lists in <div>s, whose items
are links to other pages, not what the page lists (the walker's ``tally_words.js inMenuBox`` and
``menuItem`` read the same words over the whole document; both from models/menus.py)."""

from __future__ import annotations

from axsnap_host.models.menus import MENU_ROLES, menu_word_pattern
from axsnap_host.semantic.facts import Node, PageFacts

MENU_CLASS = menu_word_pattern()
_MENU_ROLES = frozenset(MENU_ROLES)


def in_menu_box(node: Node, facts: PageFacts) -> bool:
    """A node under a box (up to the body or <main>) whose class or id names a menu, a header, a
    footer, a breadcrumb, social links, a side bar or a drop-down, or whose role is a menu's,
    a tab list's or a tree's."""
    for above in facts.ancestors(node):
        if above.tag in ("body", "main"):
            return False
        if (MENU_CLASS.search(above.attrs.get("class", ""))
                or MENU_CLASS.search(above.attrs.get("id", "")) or above.role in _MENU_ROLES):
            return True
    return False


def in_a_menu(node: Node, facts: PageFacts) -> bool:
    """An item of a menu, a tab list or a tree, by its own role or by its box's."""
    return node.role in _MENU_ROLES or in_menu_box(node, facts)
