"""A password asked twice under an app's side menu: the person is signed in (the menu is the
app's: Dashboard, Users, Settings), so the form adds a user to the app or is one step of a
wizard the app shows, no sign-up. A sign-up page is met before signing in: it stands alone, or
under the site's header, with no app's menu at its side.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

SIGNED_IN_SIGNAL = "form:a password asked twice under an app's side menu (a signed-in form)"
SIGNED_IN_WEIGHT = 0.45
SIGNED_IN_SIGNUP = 0.5  # what a sign-up's signals keep beside it


def signed_in_form(f: Features, confirm: bool) -> bool:
    """A password confirmation (no card, no sign-in form before it) on a page with a side menu."""
    return confirm and f.sidebar and not f.card_fields and not f.sign_in_first


def fire_signed_in_form(fire: Callable[[str, str, float, bool], None], f: Features,
                        confirm: bool) -> float:
    """Fires the form signal of a signed-in form; what the sign-up's signals keep (a factor)."""
    inside = signed_in_form(f, confirm)
    fire("form", SIGNED_IN_SIGNAL, SIGNED_IN_WEIGHT, inside)
    return SIGNED_IN_SIGNUP if inside else 1.0
