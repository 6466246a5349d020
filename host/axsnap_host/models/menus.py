"""What marks a box as a menu, one rule for the walker and the host (design note 271).

The walker's page tally (``extension/lib/walker/src/tally_words.js``) and the host's window facts
(``semantic/page_words.py``) both leave a menu's items out of the page's list items: a box whose
class or id names the page's chrome with one of the words below as a whole word, a box whose
role is a menu's, a tab list's or a tree's, or an item of such a role itself. The words and roles
reach the walker through ``extension/lib/walker/src/generated_contract.js``
(``native/contract.py``).
"""

from __future__ import annotations

import re

# whole words of a class or an id that name the page's chrome: its menu, header, footer,
# breadcrumb, social links, side bar, drop-down
MENU_WORDS = ("menu", "menus", "submenu", "nav", "navbar", "navigation", "header", "footer",
              "breadcrumb", "breadcrumbs", "social", "sidebar", "dropdown", "topbar")
# roles that make a box, or an item, a menu's, a tab list's or a tree's (ARIA's role says what
# an element is, whatever its tag: a <li role="menuitem"> is no list item)
MENU_ROLES = ("menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "tablist",
              "tab", "tree", "treeitem", "navigation")


def menu_word_pattern() -> re.Pattern[str]:
    """One of the words, set off by the start or end, a space, ``_`` or ``-``."""
    words = "|".join(MENU_WORDS)
    return re.compile(rf"(^|[\s_-])({words})([\s_-]|$)", re.IGNORECASE)
