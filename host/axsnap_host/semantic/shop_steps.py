"""Two steps of a shop's checkout that may show no price and ask no card or address: the cart,
a quantity asked beside a control that goes on to the checkout ("Proceed to Checkout"); the
payment step, a choice of how to pay (radios: "UPI", "Debit card", "PayPal") beside a control
that places the order. A person sees the order being made on both, whatever fields the shop
asks beside them (a discount code, a transfer's reference number).

A product page asks a quantity beside "Add to cart", no step to the checkout; a settings page's
saved card is no choice beside an order.
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

CART_SIGNAL = "form:a quantity asked beside a control that goes on to the checkout (a cart)"
PAYMENT_SIGNAL = "form:a choice of how to pay beside a control that places the order"
STEP_WEIGHT = 0.5


def cart_step(f: Features) -> bool:
    """A quantity asked and a control to the checkout, no password, card or address asked."""
    return (f.quantity_asked >= 1 and f.to_checkout >= 1 and not f.passwords
            and not f.card_fields and f.address_fields < 2)


def payment_step(f: Features) -> bool:
    """Two ways to pay or more offered as radios and a control that places the order, no
    password asked."""
    return f.payment_choices >= 2 and f.place_order >= 1 and not f.passwords


def fire_shop_steps(fire: Callable[[str, str, float, bool], None], f: Features,
                    cart: bool) -> bool:
    """Fires the checkout signals of a cart (unless ``cart``: its rows already said so) and of
    a payment step; whether the page is a cart."""
    step = cart_step(f) and not cart
    fire("checkout", CART_SIGNAL, STEP_WEIGHT, step)
    fire("checkout", PAYMENT_SIGNAL, STEP_WEIGHT, payment_step(f))
    return cart or step
