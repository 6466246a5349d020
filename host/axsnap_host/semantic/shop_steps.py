"""A shop's pages: the cart, the payment step, a wishlist, the catalogue.

The cart: fields asking how many in the rows of priced products, under a checkout's words said
outside links (a subtotal, shipping) or a title naming a cart ("Shopping Cart": its totals may
be below the first screen), no card or address asked yet (a shop's grid asks no quantity per
row and sums no subtotal); or rows of priced products, each with a control that takes it out
("Remove", "×") and none adding to the cart, beside a checkout's words, asking no quantity (a
wishlist's rows add to the cart, a shop's grid takes nothing out); or a quantity asked beside a
control that goes on to the checkout ("Proceed to Checkout"), with no price shown. The payment
step: a choice of how to pay (radios: "UPI", "Debit card", "PayPal") beside a control that
places the order. A person sees the order being made on both, whatever fields the shop asks
beside them (a discount code, a transfer's reference number).

A heading that is only a wishlist's words over prices: products kept to buy later, a list (its
rows' buttons may say anything: "add to card", a template's slip).

The catalogue: three controls or more that put a product in the cart ("Add to cart", "Buy
Now"), no cart of one's own, nothing asked and no query: a grid of products a person browses, a
list, however its cards are drawn (a template's product boxes are classed as widgets).

A product page asks a quantity beside one "Add to cart", no step to the checkout; a settings
page's saved card is no choice beside an order.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.keywords import keyword_hits, title_hits
from axsnap_host.semantic.own_matter import names_matches
from axsnap_host.semantic.page_features import Features

ROWS_SIGNAL = "form:quantity fields in rows of priced products (a cart)"
TAKEOUT_SIGNAL = "form:rows of priced products a person can take out (a cart)"
CART_SIGNAL = "form:a quantity asked beside a control that goes on to the checkout (a cart)"
PAYMENT_SIGNAL = "form:a choice of how to pay beside a control that places the order"
CATALOGUE_SIGNAL = "stats:3+ controls putting a product in the cart (a catalogue)"
STEP_WEIGHT = 0.5
CATALOGUE_WEIGHT = 0.45

Fire = Callable[[str, str, float, bool], None]


def cart_step(f: Features) -> bool:
    """A quantity asked and a control to the checkout, no password, card or address asked."""
    return (f.quantity_asked >= 1 and f.to_checkout >= 1 and not f.passwords
            and not f.card_fields and f.address_fields < 2)


def payment_step(f: Features) -> bool:
    """Two ways to pay or more offered as radios and a control that places the order, no
    password asked."""
    return f.payment_choices >= 2 and f.place_order >= 1 and not f.passwords


def catalogue(f: Features, cart: bool) -> bool:
    """Three add-to-cart controls or more, no cart, nothing asked, no query (none held, none
    counted, none its heading names matches of)."""
    asked = f.text_inputs - f.search_named - f.newsletter_fields + f.passwords + f.textareas
    return (f.to_cart >= 3 and not cart and asked <= 0 and f.queries == 0
            and not f.card_fields and f.address_fields < 2 and not f.results_for
            and not names_matches(f))


def fire_shop_pages(fire: Fire, f: Features, gallery: bool) -> tuple[bool, bool, bool]:
    """Fires the signals of a cart, a payment step and a catalogue (a wishlist's are the
    caller's); (cart, wishlist, catalogue). ``gallery``: a page of sample forms, whose prices
    and fields are one sample's."""
    unasked = not f.card_fields and f.address_fields < 2 and not gallery
    rows = (f.quantity_fields >= 1 and f.prices >= 2 and unasked
            and bool(keyword_hits("checkout", f.said) or title_hits("checkout", f.title)))
    fire("checkout", ROWS_SIGNAL, STEP_WEIGHT, rows)
    wishlist = f.wishlist_headings >= 1 and f.prices >= 2 and unasked and not rows
    takeout = (f.removable_rows >= 2 and f.prices >= 2 and unasked and not rows
               and not wishlist and bool(keyword_hits("checkout", f.text)))
    fire("checkout", TAKEOUT_SIGNAL, STEP_WEIGHT, takeout)
    step = cart_step(f) and not (rows or takeout)
    fire("checkout", CART_SIGNAL, STEP_WEIGHT, step)
    fire("checkout", PAYMENT_SIGNAL, STEP_WEIGHT, payment_step(f))
    cart = rows or takeout or step
    shop = catalogue(f, cart) and not wishlist
    fire("list", CATALOGUE_SIGNAL, CATALOGUE_WEIGHT, shop)
    return cart, wishlist, shop
