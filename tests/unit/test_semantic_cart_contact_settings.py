"""Rules from the fifteenth held-out set's misses (issue 31), on a page's features: a cart of
Remove links, a contact form's subject, settings drawn as a grid of checkboxes or as switches."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify


def test_rows_of_prices_a_person_takes_out_beside_checkout_words_are_a_cart() -> None:
    cart = Features(title="cart", removable_rows=3, prices=3, tables=1, rows=4, action_rows=3,
                    text="cart\nremove\ncheckout")
    kind, _, signals = classify(cart)
    assert kind == "checkout", signals[:4]
    # (no checkout word: rows of records a person deletes, no cart)
    kind, _, _ = classify(Features(title="orders", removable_rows=3, prices=3, tables=1,
                                   rows=4, text="orders\ndelete"))
    assert kind != "checkout"


def test_a_subject_without_a_recipient_under_the_senders_name_is_a_contact_form() -> None:
    contact = Features(text_inputs=3, name_fields=1, account_fields=1, to_subject=1,
                       textareas=1, text="your name\nyour email\nsubject\nmessage\nsubmit")
    kind, _, signals = classify(contact)
    assert kind == "form", signals[:4]
    compose = Features(text_inputs=2, to_subject=2, recipients=1, textareas=1,
                       text="to\nsubject\nsend\ndiscard")
    assert classify(compose)[0] == "email_compose"


def test_a_grid_of_checkboxes_or_rows_of_switches_are_settings() -> None:
    grid = Features(checkboxes=12, check_grid_rows=4, tables=1, rows=5, selects=1,
                    text="type\nemail\nbrowser\napp\nsave changes")
    kind, _, signals = classify(grid)
    assert kind == "settings", signals[:4]
    switches = Features(checkboxes=5, switches=5, div_rows=5,
                        text="connected accounts\ngoogle\nslack")
    kind, _, signals = classify(switches)
    assert kind == "settings", signals[:4]
    # (three switches among twenty fields: a gallery of inputs shows one of each)
    gallery = Features(checkboxes=6, switches=3, text_inputs=20, selects=2)
    assert "form:3+ switches" not in " ".join(str(s["signal"]) for s in classify(gallery)[2])
