"""A password asked twice where the person is signed in: no sign-up.

Under an app's side menu (the menu is the app's: Dashboard, Users, Settings) the form adds a
user to the app or is one step of a wizard the app shows. A sign-up page is met before signing
in: it stands alone, or under the site's header, with no app's menu at its side. And in a form
that already holds the account's own values and keeps changes to them ("Submit Changes" under
the person's name), the password asked twice is a new one for that account (note 198).
A page that says "Log out", or marks a menu's collection of people current ("Users",
"Identities"), is read by someone signed in too: its form adds a user (note 330).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

SIGNED_IN_SIGNAL = "form:a password asked twice by a signed-in page (an app's menu, a sign-out)"
SIGNED_IN_WEIGHT = 0.45
SIGNED_IN_SIGNUP = 0.5  # what a sign-up's signals keep beside it

# A control that ends the session, said outside links (a sign-up page offers none).
SIGN_OUT = re.compile(r"\b(?:log ?out|sign ?out|log off|sign off|abmelden|déconnexion|"
                      r"se déconnecter|cerrar sesión|uitloggen|logga ut)\b")
# A menu item naming the app's collection of people, marked current.
PEOPLE_ITEMS = frozenset({"users", "user accounts", "accounts", "identities", "members",
                          "principals", "people", "staff", "user management", "manage users"})


def signed_in(f: Features) -> bool:
    """The page shows its reader signed in: an app's side menu, a sign-out said, or the
    current menu item a collection of people."""
    people = any(item.strip() in PEOPLE_ITEMS for item in f.current_item.lower().split("\n"))
    return bool(f.sidebar or SIGN_OUT.search(f.said) or people)


def password_change(f: Features) -> bool:
    """An account's password change: the current password beside a new one (the current one
    beside only its confirmation asks no new one: a sign-up's slipped label), or a password
    asked twice in a form holding two saved values or more kept by a control that keeps
    changes (a sign-up starts empty; no card: a checkout's saved address is no account's)."""
    current = f.current_password and f.passwords >= 2 and not (f.passwords == 2 and f.confirm)
    saved = (f.passwords >= 2 and f.save_changes >= 1 and f.filled >= 2 and not f.card_fields)
    return bool(current or saved)


def signed_in_form(f: Features, confirm: bool) -> bool:
    """A password confirmation (no card, no sign-in form before it) on a page showing its
    reader signed in."""
    return confirm and signed_in(f) and not f.card_fields and not f.sign_in_first


def fire_signed_in_form(fire: Callable[[str, str, float, bool], None], f: Features,
                        confirm: bool) -> float:
    """Fires the form signal of a signed-in form; what the sign-up's signals keep (a factor)."""
    inside = signed_in_form(f, confirm)
    fire("form", SIGNED_IN_SIGNAL, SIGNED_IN_WEIGHT, inside)
    return SIGNED_IN_SIGNUP if inside else 1.0
