"""Sign-in pages of two shapes the plain rules miss (issue 31).

Two sign-in boxes, no sign-up (note 150): each of two forms asks one password and nothing asks
it again (the header's sign-in box beside the page's own "You are not logged in" form). A
person sees a sign-in page: two password fields in two sign-in forms are no password asked
twice, no sign-up's confirmation.

A sign-in's step after the password (note 352): a site that signs a person in with a second
factor asks, on the next page, one field for the code an authenticator app, a text message or
a backup list gives ("Token", "Verification code") under the same sign-in words ("Login"):
the sign-in goes on there, no form of the site's own. The field names no account (no address,
user name or phone), so the first step's rule (one account field) would miss it.
"""

from __future__ import annotations

import re

from axsnap_host.semantic.page_features import Features

# Words naming a one-time code (said outside links: its label, the text over it).
CODE_WORDS = re.compile(r"\b(?:token|one-time|verification code|security code|authentication "
                        r"code|authenticator|backup code|two-factor|2fa|otp)\b")


def sign_in_boxes(f: Features) -> bool:
    """Every password field in a sign-in form of one password (two of them or more), no
    sign-up form, no field saying it confirms or asks the current password."""
    return (f.login_forms >= 2 and f.signup_forms == 0 and f.passwords == f.login_forms
            and not f.confirm and not f.current_password and not f.new_account)


def asks_one_time_code(f: Features) -> bool:
    """No password and no account field, and a one-time code's words said outside links (the
    caller asks one field and the sign-in words)."""
    return f.passwords == 0 and f.account_fields == 0 and CODE_WORDS.search(f.said) is not None
