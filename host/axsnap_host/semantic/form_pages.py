"""A page of sample forms: forms of different purposes side by side (a payment, a sign-up, a
sign-in, a message to the site), of which no one names the page.

Four forms or more of two purposes or more are such a page whatever it is called. Two forms or
more of two purposes or more are one when the page's title calls it forms and names no one
purpose ("Forms", not "Checkout form"): a template's page showing a contact form beside a
checkout form. There a message asked under a name or an address is a purpose too (a contact
form); beside four forms it is not counted, as before (a shop's checkout asks its order notes).
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.keywords import title_hits
from axsnap_host.semantic.own_matter import names_a_purpose
from axsnap_host.semantic.page_features import Features

GALLERY_SIGNAL = "form:4+ forms of different purposes (a page of forms)"
NAMED_SIGNAL = "form:2+ forms of different purposes under a title naming forms"
GALLERY_WEIGHT = 0.6
_PURPOSE_TITLES = ("checkout", "register", "login", "settings", "email_compose")


def purposes(f: Features, confirm: bool, message: bool) -> int:
    """How many purposes the page's forms serve: a payment or a delivery, a new account, a
    sign-in, and (``message``) a message to the site."""
    return sum((f.card_fields >= 1 or f.address_fields >= 2, confirm, f.login_forms >= 1,
                message and f.textareas >= 1 and f.name_fields + f.account_fields >= 1
                and not f.recipients))


def named_gallery(f: Features, confirm: bool) -> bool:
    """Two forms or more of two purposes or more under a title naming forms and no purpose."""
    return (f.forms >= 2 and bool(title_hits("form", f.title))
            and not any(title_hits(kind, f.title) for kind in _PURPOSE_TITLES)
            and purposes(f, confirm, message=True) >= 2)


def fire_form_gallery(fire: Callable[[str, str, float, bool], None], f: Features,
                      confirm: bool) -> bool:
    """Fires the form signal of a page of forms; whether the page is one."""
    # (under the page's own heading naming one purpose, "Sign In", the others are beside it)
    many = f.forms >= 4 and purposes(f, confirm, message=False) >= 2 and not names_a_purpose(f)
    fire("form", GALLERY_SIGNAL, GALLERY_WEIGHT, many)
    named = named_gallery(f, confirm) and not many
    fire("form", NAMED_SIGNAL, GALLERY_WEIGHT, named)
    return many or named
