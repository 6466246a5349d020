"""A password reset: its first step, an address (or a user name) asked under reset words said
outside links and no password of the form's own (issue 31, notes 170 and 185); its last step,
a new password asked twice and nothing else.

Two shapes a person reads the same way:

- the page's one or two fields and no password field at all ("Forgot your password?" over
  "Email" and "Send");
- the same fields below the site's sign-in box in its header, whose one password field is that
  box's ("I forgot my password" over "Your email address" and "Remind me", with "Email",
  "Password" and "Log in" in the bar above): every password is in a sign-in form of one
  password, another form asks the one or two fields, and nothing asks a new account. The
  reset's own words say it here: "Forgot password?" is the sign-in box's link on every page
  that has one (a shop's sign-in beside its quick search box is no reset).
"""

from __future__ import annotations

from axsnap_host.semantic.keywords import FORGOT_LINK_WORDS, keyword_hits, title_hits
from axsnap_host.semantic.page_features import Features


def asks_reset(f: Features, inputs: int) -> bool:
    """Whether the page's own form asks for a password reset (``inputs``: its text fields out
    of newsletter boxes, as the classifier counts them)."""
    said = keyword_hits("password_reset", f.said + " " + f.title)
    if not said:
        return False
    asked = inputs - f.search_named
    if f.passwords == 0:
        # (a field labelled with reset words under a heading naming settings, "Reset password
        # page" among Strapi's Advanced settings, is a setting: a reset asks for the account)
        return 1 <= asked <= 2 and not f.settings_headings
    # (beside a sign-in box its "Forgot password?" is the box's: the reset's own words say it)
    return any(w not in FORGOT_LINK_WORDS for w in said) and below_sign_in_boxes(f, asked)


def below_sign_in_boxes(f: Features, asked: int) -> bool:
    """Every password field in a sign-in box of one password, one form more than those boxes,
    and one or two fields asked beyond each box's own user field."""
    return (f.passwords == f.login_forms and f.signup_forms == 0 and not f.confirm
            and not f.current_password and not f.new_account and f.forms > f.login_forms
            and 1 <= asked - f.login_forms <= 2 and not f.name_fields and not f.textareas)


def asks_new_password(f: Features, inputs: int) -> bool:
    """Two password fields and nothing else asked, under reset words said outside links: a
    reset's last step (a sign-up asks who you are: a name, an address, a user name; an
    address shown locked, disabled or read-only says whose password it is, asking nothing, and
    one asked beside them names no new account either, unless the title names a sign-up:
    Flask-Security's register page asks an address and a password twice under a menu's
    "Forgot password", note 352; a newsletter box's address, left out of ``inputs``, is asked
    of every reader). The caller rules out a password change."""
    asked = inputs - f.search_named - f.locked_fields
    return (f.passwords == 2 and asked <= min(1, f.account_fields) and not f.name_fields
            and bool(keyword_hits("password_reset", f.said + " " + f.title))
            and not (asked and title_hits("register", f.title)))
