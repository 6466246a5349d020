"""What a page calls itself (issue 31): its title's words, its own heading's (own_matter.py)
and the menu item it marks as the one shown (current_item.py, design note 309), each naming the
page's type with its own weight.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from axsnap_host.semantic.keywords import TITLE_SKIP, title_hits
from axsnap_host.semantic.own_matter import dashboard_named_only, heading_names
from axsnap_host.semantic.page_features import Features

TITLE_WEIGHT = 0.3
# (less than a title: a template's demo pages mark "Dashboard" current on pages that are not
# its dashboard; at 0.3 a mailbox's "Inbox" item outweighed its search, note 309)
CURRENT_WEIGHT = 0.2


# An admin names the kind of record a page lists or changes in its title: "Select email to
# change | Site" (a changelist), "<a record> | Change e-mail message | Site" (one record's form;
# its parts parted by " - " once the title is read: titles.py).
# The kind is the records' ("Email", "Order", "Search"), no name of the page's type (note 366).
_RECORD_KIND = (re.compile(r"(select )(\S.{0,60}?)( to (?:change|view)\b)"),
                re.compile(r"^(.+? [|\-–—] (?:change|view|delete) )(.{1,60}?)( [|\-–—] .+)$"))


def without_record_kind(title: str) -> str:
    """A (lower-cased) title without the kind of record an admin's title names."""
    for pattern in _RECORD_KIND:
        title = pattern.sub(lambda m: f"{m.group(1)}…{m.group(3)}", title, count=1)
    return title


def fire_page_names(fire: Callable[[str, str, float, bool], None], f: Features,
                    kinds: tuple[str, ...], saved: bool, reset: bool) -> None:
    """Fires, for each type, the first of its words the title says, else the page's own
    heading (a title's "dashboard" over saved values or another heading is a name:
    own_matter.py; a reset's page names no sign-in), and the first the current menu items
    say."""
    named_only = dashboard_named_only(f, saved)
    title = without_record_kind(f.title)
    own = replace(f, own_heading=without_record_kind(f.own_heading))
    for kind in kinds:
        # (a title whose only words of the type are too common to name it, "Search-Results
        # Mossgate ..."'s "results", leaves the naming to the own heading, "Search results")
        said = [w for w in title_hits(kind, title) if w not in TITLE_SKIP] or [
            w for w in heading_names(kind, own) if w not in TITLE_SKIP]
        said = [] if reset and kind == "login" else said
        fire(kind, f"title:{said[0]}" if said else "title",
             TITLE_WEIGHT * (0.5 if named_only and kind == "dashboard" else 1.0), bool(said))
    # (an admin's record page marks its record kind's menu item current: "E-mail messages")
    current = "" if title != f.title else f.current_item
    for kind in kinds:
        said = [w for w in title_hits(kind, current) if w not in TITLE_SKIP]
        fire(kind, f"nav:current item {said[0]}" if said else "nav:current item",
             CURRENT_WEIGHT, bool(said))
