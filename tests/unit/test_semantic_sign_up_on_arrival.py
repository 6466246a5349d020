"""A cause of spent pages' misses (issue 31; note 195), a rule a person states for any page:
a music shop's sign-up form (full name, email, password, "Create Account") at the top of its
page, over four long paragraphs about the shop (saurus-131), read as an article. A new
account's form where the person lands is what the page is for; the prose below it is the
site's.

The page's numbers are the host's own read of its first screen (bench/semantic_pooled.py
dump), its text cut to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify


def _shop_sign_up(**changes: object) -> Features:
    said = ("great music products shopping cart \n or try advanced search \n full name \n email"
            " \n password \n create account \n accordions amplifiers bagpipes banjos basses")
    page = Features(passwords=1, text_inputs=3, search_inputs=1, checkboxes=1, buttons=2,
                    links=55, name_fields=1, div_rows=5, action_rows=60, prose_run=2,
                    account_fields=1, forms=2, new_account=True, list_items=3, long_blocks=4,
                    paragraphs=6, text_chars=2318, tables=36, rows=75, row_checkboxes=1,
                    page_screens=1.0, login_forms=1, login_depth=0.25,
                    title="great music products shopping cart", said=said, text=said)
    return replace(page, **changes)


def test_a_sign_up_form_where_the_person_lands_is_a_sign_up() -> None:
    kind, _, signals = classify(_shop_sign_up())
    assert kind == "register", signals[:4]


def test_a_sign_up_box_after_screens_of_a_story_keeps_the_story() -> None:
    # the same form seven screens down a review: the review is what the page is for
    kind, _, signals = classify(_shop_sign_up(login_depth=7.3, page_screens=8.7))
    assert kind == "article", signals[:4]
