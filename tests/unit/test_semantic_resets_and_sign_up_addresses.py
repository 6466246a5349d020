"""Two causes of the thirty-ninth held-out set's misses (issue 31; note 185), each a rule a
person states for any page:

- A casino's "I forgot my password" over "Your email address" and "Remind me", below the
  site's sign-in box in its header, over three paragraphs about the site (saurus-183, read as
  an article): the header box holds the page's one password field, so the form below is a
  password reset, and the prose under it tells of the site.
- A perfume shop's "Create an Account" asking email, password, name and address, beside the
  shop's products and their prices in a side column (saurus-181, read as a checkout): a
  password and an address under sign-up words, with nothing to pay, are a new account's.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

RESET = "form:a password reset (an address field, no password field)"
ADDRESS_AND_PRICES = "form:address fields and prices"


def _reset_below_sign_in(**changes: object) -> Features:
    said = ("vera&john - the fun casino \n email address \n password \n log in \n join now \n"
            " your email address \n remind me \n log in join now forgot password? \n i forgot my"
            " password \n your email address \n please pull the slider to the right to show that"
            " you are a human. \n vera&john - a true online casino")
    page = Features(passwords=1, text_inputs=2, buttons=3, links=9, long_items=1,
                    action_rows=2, prose_run=2, prose_sections=1, account_fields=2, forms=2,
                    address_fields=2, sign_in_button=True, captcha=True, list_items=13,
                    linked_items=9, long_blocks=3, paragraphs=3, text_chars=1109, tables=2,
                    rows=3, page_screens=2.06, login_forms=1, login_depth=0.24,
                    title="vera&john - the fun casino",
                    own_heading="vera&john - a true online casino", lead_links=11,
                    said=said, text=said)
    return replace(page, **changes)


def test_a_reset_form_below_the_headers_sign_in_box_is_a_form() -> None:
    kind, _, signals = classify(_reset_below_sign_in())
    assert kind == "form", signals[:4]
    assert RESET in [s["signal"] for s in signals]
    # the whole page: more of the site's prose below
    kind, _, signals = classify(_reset_below_sign_in(text_chars=1600))
    assert kind == "form", signals[:4]


def test_a_sign_in_page_with_its_forgot_link_is_still_a_sign_in() -> None:
    # (one form, the sign-in box's: its "Forgot password?" names another page)
    kind, _, signals = classify(_reset_below_sign_in(
        forms=1, text_inputs=1, long_blocks=0, paragraphs=0, text_chars=200, prose_run=0))
    assert kind == "login", signals[:4]
    assert RESET not in [s["signal"] for s in signals]


def test_a_sign_in_beside_a_quick_search_box_is_no_reset() -> None:
    # (a shop's sign-in, "Email", "Password", "Forgot password?", beside its quick search box
    # in a form of its own: the box's link words say nothing of a reset; saurus-72)
    said = ("great music products shopping cart \n email \n password \n submit \n new account \n"
            " forgot password? \n login details \n email: \n password:")
    _, _, signals = classify(_reset_below_sign_in(said=said, text=said))
    assert RESET not in [s["signal"] for s in signals]


def test_a_second_form_asking_a_name_is_no_reset() -> None:
    # (a form asking who you are and a message beside the sign-in box is no reset)
    _, _, signals = classify(_reset_below_sign_in(name_fields=1, textareas=1))
    assert RESET not in [s["signal"] for s in signals]


def _shop_sign_up(**changes: object) -> Features:
    said = ("welcome to perfumemart.com, inc. \n email: \n first name \n last name \n company \n"
            " tax id \n phone \n address \n city \n country \n state \n zip \n comments \n"
            " proceed \n 0 item(s) / total: $0 \n create an account new customers email:"
            " password: \n customer information \n free shipping always \n $30.20 \n $53.20")
    page = Features(passwords=1, text_inputs=12, search_inputs=1, filled=1, textareas=1,
                    radios=2, selects=3, buttons=3, links=87, name_fields=2, action_rows=64,
                    account_fields=3, forms=1, address_fields=4, list_items=5, linked_items=5,
                    text_chars=89, tables=65, rows=147, prices=36, page_screens=1.0,
                    login_forms=1, login_depth=0.22,
                    title="welcome to perfumemart.com, inc. - how do you want to smell today?",
                    said=said, text=said)
    return replace(page, **changes)


def test_a_shops_sign_up_asking_an_address_is_a_sign_up() -> None:
    kind, _, signals = classify(_shop_sign_up())
    assert kind == "register", signals[:4]
    assert ADDRESS_AND_PRICES not in [s["signal"] for s in signals]


def test_an_address_beside_a_way_to_pay_is_still_a_checkout() -> None:
    # (a checkout that offers an account on the way still places the order)
    kind, _, signals = classify(_shop_sign_up(place_order=1))
    assert kind == "checkout", signals[:4]
    _, _, signals = classify(_shop_sign_up(card_fields=2))
    assert ADDRESS_AND_PRICES in [s["signal"] for s in signals]
