"""Two sign-in boxes, no sign-up (issue 31, note 150): each of two forms asks one password and
nothing asks it again (the header's sign-in box beside the page's own "You are not logged in"
form). A person sees a sign-in page: two password fields in two sign-in forms are no password
asked twice, no sign-up's confirmation.
"""

from __future__ import annotations

from axsnap_host.semantic.page_features import Features


def sign_in_boxes(f: Features) -> bool:
    """Every password field in a sign-in form of one password (two of them or more), no
    sign-up form, no field saying it confirms or asks the current password."""
    return (f.login_forms >= 2 and f.signup_forms == 0 and f.passwords == f.login_forms
            and not f.confirm and not f.current_password and not f.new_account)
