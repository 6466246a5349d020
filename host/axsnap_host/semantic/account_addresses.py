"""A new account that asks where it lives (issue 31, note 185): a password beside an address,
under sign-up words said outside links, with nothing to pay (no card field, no way to pay, no
control placing the order or going on to the checkout, no cart row).

A shop's "Create an Account" asks the email, a password, the name and the address it will ship
to later; the prices around it are the shop's products in a side column. A person sees a
sign-up, not a checkout: a checkout that offers an account on the way still asks how to pay
or places the order.
"""

from __future__ import annotations

from axsnap_host.semantic.keywords import keyword_hits, title_hits
from axsnap_host.semantic.page_features import Features


def account_with_address(f: Features) -> bool:
    """A password and two address fields or more under sign-up words said outside links (or
    in the title), and nothing of a purchase asked or offered beside them."""
    return (f.passwords >= 1 and f.address_fields >= 2 and not f.current_password
            and not f.card_fields and not f.payment_choices and not f.place_order
            and not f.to_checkout and not f.quantity_fields and not f.quantity_asked
            and not f.removable_rows
            and bool(keyword_hits("register", f.said) or title_hits("register", f.title)))
