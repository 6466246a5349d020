"""A new account's form a person meets on arrival (issue 31, note 195).

A sign-up form of a user name or a name, an email and one password, within the first screen,
is what a person lands on the page to do; the prose below it (a shop's blurb, the site's
terms, what members get) is the site's, read after the form if at all, no article.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from axsnap_host.semantic.page_features import Features

# Screens of the page above the form's password field (the tally's ``login_top``): less than
# one, the person sees the form where they land.
ON_ARRIVAL = 1.0


def sign_up_on_arrival(f: Features) -> bool:
    """The page's one password is a new account's form's (a user name or a name and an email
    beside it, account_forms.new_account), its field less than a screen down: the prose signals
    count half beside it."""
    return (f.new_account and f.passwords == 1 and f.login_forms >= 1
            and f.login_depth < ON_ARRIVAL)
