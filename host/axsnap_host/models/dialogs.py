"""What marks a box as a dialog, one rule for the walker and the host.

The in-page walker says which dialog holds a control (``extension/lib/walker/src/
person_context.js``) and the semantic view asks which dialog is in front of the page
(``semantic/dialog_front.py``). Both read a dialog the same way: its role, ``aria-modal``,
an open ``<dialog>``, or a class naming one of the words below as a whole word (Bootstrap's
``modal``, ``.popup``, ``drawer-panel``...). The words reach the walker through
``extension/lib/walker/src/generated_contract.js`` (``native/contract.py``).
"""

from __future__ import annotations

import re

# roles that make a box a dialog
DIALOG_ROLES = ("dialog", "alertdialog")
# whole words of a class that make a box a dialog (with a fixed position, in the host's rule)
DIALOG_CLASS_WORDS = ("modal", "dialog", "popup", "lightbox", "drawer")


def dialog_selector() -> str:
    """The CSS selector of a dialog by its markup (an open ``<dialog>``, a role, ``aria-modal``)."""
    roles = ", ".join(f"[role={role}]" for role in DIALOG_ROLES)
    return f"dialog[open], {roles}, [aria-modal=true]"


def dialog_class_pattern() -> re.Pattern[str]:
    """One of the words, set off by the class's start or end, a space, ``_`` or ``-``."""
    words = "|".join(DIALOG_CLASS_WORDS)
    return re.compile(rf"(?:^|[\s_-])(?:{words})(?:$|[\s_-])", re.IGNORECASE)
