"""The site's own small forms beside a page's matter (issue 31, note 155).

A person reads a page by its matter first: a forum's board list with a "Log in" box at its
foot is the board list, the box the site's offer to members; a blog's front page of teasers
with a sign-in or newsletter box in its sidebar is the front page. These rules say when a
sign-in box or a few fields are such a box of the site's, not what the page is for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

# A sign-in box this many screens down and in the page's last part (its share of the page
# height above it) comes after the page's own matter: the site's, at its foot.
FOOT_SCREENS = 2.0
FOOT_SHARE = 0.6
# How much its sign-in signals count then (beside three long blocks of prose: a half).
FOOT_ACCOUNT = 0.4
FOOT_LIST_SIGNAL = "stats:8+ list items above a sign-in box at the page's foot (a board index)"
FOOT_LIST_WEIGHT = 0.2
# Long list items this few among this many list items are some entries' descriptions (a
# board's "forum name + its description" rows), no prose written in bullets: half of them or
# fewer (a board of few categories shows a header row beside each category's few forum rows,
# every one long with its counts and last post; an essay in bullets writes most bullets long:
# note 192).
ENTRIES = 15
ENTRY_SHARE = 2
FEW_PARAGRAPHS = 3
# The most fields a site's own boxes ask beside a page's items: a user name and a password, a
# search box, a newsletter's name and address.
SITE_FIELDS = 4
# Screens of the page and the linked list items on it past which a sign-in box anywhere is
# the site's beside its items.
ITEM_SCREENS = 6.0
ITEMS = 40
# Table rows holding links or buttons, and the screens they fill, past which the same holds:
# a board's forums or a forum's threads drawn as a table (each row a record a person opens).
ROW_SCREENS = 3.0


def login_depth(tally: dict[str, object], view_h: float) -> float:
    """Screens of the page above its first sign-in password field (the tally's ``login_top``,
    its page y, tally_passwords.js), 0 when it has none."""
    top = tally.get("login_top")
    if not isinstance(top, (int, float)) or isinstance(top, bool) or view_h <= 0:
        return 0.0
    return max(0.0, top / view_h)


def sign_in_at_foot(f: Features) -> bool:
    """One sign-in box, no sign-up, that a person reaches only after two screens or more of
    the page's matter, in its last part: the site's box at the page's foot, no sign-in page (a
    sign-in page puts its form where the person lands)."""
    return (f.passwords == 1 and f.login_forms >= 1 and f.signup_forms == 0
            and f.login_depth >= FOOT_SCREENS and f.login_depth >= FOOT_SHARE * f.page_screens)


def sign_in_beside_items(f: Features) -> bool:
    """One sign-in box, no sign-up, on a page of six screens or more holding forty linked list
    items or more, or of three screens or more holding forty table rows with links or buttons
    (a forum's threads, a board's forums), and little prose: wherever the box sits (the
    header's "User Name / Password / Remember Me?"), a person scrolls through screens of the
    items; a sign-in page shows its form and little else."""
    items = f.page_screens >= ITEM_SCREENS and f.linked_items >= ITEMS
    records = f.page_screens >= ROW_SCREENS and f.action_rows >= ITEMS
    return (f.passwords == 1 and f.login_forms >= 1 and f.signup_forms == 0
            and (items or records) and f.long_blocks < 3)


def fire_site_account(fire: Callable[[str, str, float, bool], None], f: Features) -> float:
    """How much a page's sign-in signals count beside its matter: less for a box at its foot.
    Eight list items or more above such a box (its entries no prose in bullets) are what the
    page is for: a person scrolls past them all before reaching the box (a board index)."""
    foot = sign_in_at_foot(f)
    fire("list", FOOT_LIST_SIGNAL, FOOT_LIST_WEIGHT,
         foot and f.list_items >= 8 and f.long_blocks + bullets(f) < 3)
    return FOOT_ACCOUNT if foot or sign_in_beside_items(f) else 1.0


def bullets(f: Features) -> int:
    """The long list items that are prose written in bullets: none when they are half or
    fewer of many items on a page of almost no paragraphs (a board index: each forum a row of
    its name and a line or two describing it, beside its counts; a person reads the list, not
    an essay in bullets; a story beside a long menu writes its body in paragraphs)."""
    if (f.list_items >= ENTRIES and ENTRY_SHARE * f.long_items <= f.list_items
            and f.paragraphs < FEW_PARAGRAPHS):
        return 0
    return f.long_items


def site_boxes_only(f: Features) -> bool:
    """The page's fields are no more than a site's own small boxes beside its matter: one
    sign-in box (no sign-up, no confirmation), a search box, a newsletter box; no message to
    write, no card, at most four fields. Beside five teasers or described items or more a
    person reads the items; the boxes are the sidebar's."""
    fields = (f.text_inputs - f.search_named - f.newsletter_fields + f.passwords + f.selects)
    return (f.passwords <= 1 and f.signup_forms == 0 and not f.confirm and not f.textareas
            and not f.card_fields and fields <= SITE_FIELDS)
