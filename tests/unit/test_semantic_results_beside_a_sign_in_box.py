"""A line counting a search's results beside the site's one sign-in box (issue 31; note 205),
a rule a person states for any page:

- A lighting shop's page titled '3 results for "light bulbs"', its three products found with
  a quantity box and "Add to cart" each, under a header asking "Email" and "Password" to log
  in (saurus-10's whole page, read as a list): the line counts what the search found; the
  one sign-in box is the site's, no reason to read the results as the shop's own items.
- A page asking a password twice, or a new account's, is no such box: a count of results
  beside it is still no search's.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

COUNTED = "form:a line counting results for a query"


def _bulbs(**changes: object) -> Features:
    said = ('3 results for "light bulbs" - 1000bulbs.com \n search \n email \n email address \n'
            " password \n login \n sort by \n quantity \n add to cart \n details \n quantity \n"
            " add to cart \n details \n quantity \n add to cart \n email address \n sign up \n"
            " clearance coupons shop by brand all categories \n welcome sign in \n cart 0 \n"
            ' 3 results for "light bulbs" \n free shipping on orders over $99 \n $4.99 \n'
            " $5.49 \n $6.29 \n privacy policy")
    page = Features(passwords=1, text_inputs=8, search_inputs=2, filled=6, checkboxes=1,
                    selects=2, buttons=14, links=116, div_rows=56, account_fields=2, forms=8,
                    address_fields=2, to_cart=6, quantity_asked=6, sign_in_button=True,
                    results_for=1, list_items=47, linked_items=1, paragraphs=2,
                    text_chars=1694, prices=8, sidebar=True, page_screens=5.99, login_forms=1,
                    login_depth=0.76, title='3 results for "light bulbs" - 1000bulbs.com',
                    said=said, text=said)
    return replace(page, **changes)


def test_results_counted_beside_the_sites_sign_in_box_are_a_search() -> None:
    kind, _, signals = classify(_bulbs())
    assert kind == "search_results", signals[:4]
    assert COUNTED in [s["signal"] for s in signals]


def test_no_sign_in_box_a_count_beside_other_passwords_is_no_search() -> None:
    # a password asked twice (a new account's), or a sign-up form: no site's sign-in box
    for changes in ({"passwords": 2, "confirm": True}, {"signup_forms": 1}):
        _, _, signals = classify(_bulbs(**changes))
        assert COUNTED not in [s["signal"] for s in signals], changes
