"""A title's own words: what it says of its page, without the name of the product it is
built with.

A title is segments joined by separators ("Inbox | Acme Mail", "Dashboard - Mazer Admin
Dashboard"). A segment that names a product, not a page, says nothing of the page it is on:
a template or theme ("Bootstrap 4 Admin Dashboard Template"), a UI kit or demo, a product
"by" its maker ("Material Dashboard 3 by Creative Tim"), an admin product ("SB Admin 2",
"Acme Admin Dashboard", "Django site admin"). Every page of such a product carries it, the
mailbox as much as the dashboard, so its type words ("dashboard") must not outvote what the
page's body is. The page's own segments are the others; a title of product names only says
nothing.
"""

from __future__ import annotations

import re

# " - ", " | ", " · ", " — ", " – ", " : ", " :: ", " » " (a hyphen inside a word joins, not
# separates; a doubled colon is one separator, "Helpdesk Dashboard :: Powered by django-helpdesk")
_SEPARATOR = re.compile(r"\s+(?:::|[-–—|·:»•])\s+|\s*[|·»•]\s*")
_PRODUCT = re.compile(
    r"(?<!\w)(?:templates?|themes?|ui kit|demo|bootstrap|tailwind|html5?|by \w+)(?!\w)"
    r"|(?<!\w)admin (?:dashboard|panel|template|\d)(?!\w)"
    r"|^\w+(?: \w+)? admin$",
    re.IGNORECASE)

# A page of a product's demo titled "Demo: <its own words>": the words after the colon are the
# page's, as "Sign In" is in "Sign In | Nimbus Demo".
_DEMO_PREFIX = re.compile(r"^\s*demo\s*:\s*", re.IGNORECASE)


def split_title(title: str) -> tuple[str, bool]:
    """(the segments of ``title`` that say what its page is, whether a product's name was
    taken out)."""
    # ("Demo: Account settings": a demo's page says "Demo:" before its own words)
    segments = [_DEMO_PREFIX.sub("", s).strip() or s.strip() for s in _SEPARATOR.split(title)
                if s.strip()]
    own = [s for s in segments if not _PRODUCT.search(s)]
    return " - ".join(own), len(own) < len(segments)


def page_title(title: str) -> str:
    """The segments of ``title`` that say what its page is: a product's name taken out."""
    return split_title(title)[0]
