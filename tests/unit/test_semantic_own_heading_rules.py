"""The page's own heading (issue 31, note 145), on a page's features: it names the page as a
title does, an empty cart by its heading over the shop's terms, a contact form's address as the
sender's, one purpose over a page of several forms."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

CART = "form:the page's own heading names a cart (a cart, empty or not)"
ADDRESS = "form:address fields with shipping or checkout words"
GALLERY = "form:4+ forms of different purposes (a page of forms)"


def _signals(f: Features) -> dict[str, float]:
    return {str(s["signal"]): float(s["weight"]) for s in classify(f)[2]}  # type: ignore[arg-type]


def test_the_own_heading_names_the_page_as_a_title_does() -> None:
    # (the reset's heading below the site's menus; the title names only the site)
    reset = Features(text_inputs=1, search_inputs=1, links=31, forms=1,
                     title="welcome to lintel.org", own_heading="password reset",
                     said="password reset")
    kind, _, signals = classify(reset)
    assert kind == "form", signals[:4]
    # (one signal per type, shared with the title's: no second weight for the same words)
    both = _signals(Features(title="sign in - acme", own_heading="sign in", passwords=1))
    assert [s for s in both if s.startswith("title:")] == ["title:sign in"]


def test_an_empty_cart_under_its_heading_over_terms_is_a_cart() -> None:
    cart = Features(search_inputs=1, selects=1, links=30, prose_run=3, prose_sections=4,
                    long_blocks=3, paragraphs=5, text_chars=2162, prices=1, forms=1,
                    title="tonfolge - music and more", own_heading="warenkorb",
                    text="shipping")
    kind, _, signals = classify(cart)
    assert kind == "checkout", signals[:4]
    assert CART in _signals(cart)
    # (a catalogue under "Cart accessories" adds products to a cart: no cart of its own; a
    # heading naming the checkout's words, no cart, is no cart either)
    assert CART not in _signals(Features(to_cart=4, prices=4, own_heading="cart accessories"))
    assert CART not in _signals(Features(long_blocks=3, own_heading="shipping costs"))


def test_a_contact_form_asking_an_address_is_no_checkout() -> None:
    contact = Features(text_inputs=14, search_inputs=2, textareas=1, selects=4, name_fields=2,
                       account_fields=4, address_fields=7, forms=2, paragraphs=4,
                       title="party goods outlet - free shipping: contact us",
                       own_heading="contact us", said="free shipping\ncontact us")
    kind, _, signals = classify(contact)
    assert kind == "form", signals[:4]
    assert ADDRESS not in _signals(contact)
    # (the same fields under a heading naming the checkout: the buyer's address)
    order = Features(text_inputs=14, selects=4, name_fields=2, account_fields=4,
                     address_fields=7, forms=1, own_heading="checkout", said="shipping")
    assert ADDRESS in _signals(order)


def test_a_heading_naming_one_purpose_is_no_page_of_forms() -> None:
    forms = dict(passwords=1, text_inputs=6, login_forms=1, address_fields=3, forms=5)
    assert GALLERY in _signals(Features(**forms, own_heading="my account"))  # type: ignore[arg-type]
    signed = Features(**forms, own_heading="sign in")  # type: ignore[arg-type]
    assert GALLERY not in _signals(signed)
