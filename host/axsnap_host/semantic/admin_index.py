"""An admin's index of its records' kinds (issue 31, design note 343).

Django's admin, and the skins drawn over it (Grappelli, Jet, Jazzmin), opens on "Site
administration": each kind of record the site keeps (users, groups, boats, loans) as a link
with "Add" (and "Change") beside it, and a panel of the admin's recent actions. It is the
site's control room, where a person starts every task, read as a dashboard: its kinds are
no list of records, and its recent actions are a panel, not posts. Its changelists and change
forms keep the same kinds as Add links in a side menu, beside a table of records or the form's
fields, and no recent actions.
"""

from __future__ import annotations

from axsnap_host.semantic.page_features import Features

SIGNAL = "stats:4+ Add links beside a recent actions panel (an admin's index of its records)"
WEIGHT = 0.5
# Kinds of record listed, each with its own Add link.
ADD_LINKS = 4
ADD_WORDS = frozenset({"add", "+ add", "add new"})
RECENT_WORDS = frozenset({"recent actions", "my actions"})


def admin_index(f: Features) -> bool:
    """Four Add lines or more and a recent actions heading, no record's checkbox and no field
    asked beside a search box."""
    if f.row_checkboxes or f.text_inputs - f.search_inputs > 0 or f.passwords or f.textareas:
        return False
    lines = [line.strip() for line in f.text.split("\n")]
    adds = sum(line in ADD_WORDS for line in lines)
    return adds >= ADD_LINKS and any(line in RECENT_WORDS for line in lines)
