"""Boxes whose class says they are the page's chrome: a template's menus, header and footer drawn
as plain lists in <div>s, whose items are links to other pages, not what the page lists (the
walker's ``tally_words.js inMenuBox`` reads the same words over the whole document)."""

from __future__ import annotations

import re

from axsnap_host.semantic.facts import Node, PageFacts

MENU_CLASS = re.compile(r"(^|[\s_-])(menu|menus|submenu|nav|navbar|navigation|header|footer|"
                        r"breadcrumbs?|social|sidebar|dropdown|topbar)([\s_-]|$)", re.I)


def in_menu_box(node: Node, facts: PageFacts) -> bool:
    """A node under a box (up to the body or <main>) whose class names a menu, a header, a
    footer, a breadcrumb, social links, a side bar or a drop-down."""
    for above in facts.ancestors(node):
        if above.tag in ("body", "main"):
            return False
        if MENU_CLASS.search(above.attrs.get("class", "")):
            return True
    return False
