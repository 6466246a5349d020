"""Rules from the recurring miss kinds of twenty-one held-out sets (issue 31, note 100), on a
page's features: the form a person meets first of a sign-in and a sign-up, a "Save Changes"
control over an account's fields, and headings each over prose of their own."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.control_words import saves_changes


def _fired(f: Features) -> dict[str, float]:
    return {str(s["signal"]): float(s["weight"]) for s in classify(f)[2]}  # type: ignore[arg-type]


def _account(sign_in_first: bool) -> Features:
    # A sign-in form (email, password) and a sign-up form (name, email, password, again, terms)
    # under a title that names neither ("Account").
    return Features(passwords=3, text_inputs=3, name_fields=1, account_fields=2, confirm=True,
                    terms=True, login_forms=1, signup_forms=1, sign_in_first=sign_in_first,
                    forms=2, title="account", text="sign in\nsign up\nrepeat password")


def test_the_form_a_person_meets_first_of_a_sign_in_and_a_sign_up_names_the_page() -> None:
    kind, _, signals = classify(_account(sign_in_first=True))
    assert kind == "login", signals[:4]
    assert _fired(_account(True))["form:password confirmation"] == 0.3
    kind, _, signals = classify(_account(sign_in_first=False))
    assert kind == "register", signals[:4]


def test_fields_kept_by_save_changes_are_the_accounts_settings() -> None:
    billing = Features(text_inputs=8, selects=2, address_fields=3, name_fields=2, save_changes=1,
                       title="billing info", text="billing information\nsave changes",
                       said="billing information\nsave changes")
    kind, _, signals = classify(billing)
    assert kind == "settings", signals[:4]
    assert "form:address fields with shipping or checkout words" not in _fired(billing)
    # (the same fields beside prices: a checkout's step, whatever its button says)
    step = Features(text_inputs=8, selects=2, address_fields=3, name_fields=2, save_changes=1,
                    prices=4, title="billing info", text="billing information\nsubtotal",
                    said="billing information\nshipping\nsubtotal")
    assert classify(step)[0] == "checkout"
    # (on a page its title calls forms, a "Save Changes" box is one sample among them)
    gallery = Features(text_inputs=8, selects=2, save_changes=1, title="forms")
    assert "(the account's values)" not in " ".join(_fired(gallery))


def test_save_changes_is_a_controls_name_not_a_sentence() -> None:
    assert saves_changes("Save Changes")
    assert saves_changes("  update   settings ")
    assert not saves_changes("Don't forget to save changes before you leave")
    assert not saves_changes("Update profile")  # (a menu's link to another page)


def test_headings_each_over_prose_are_a_document_not_a_list_of_cards() -> None:
    docs = Features(prose_sections=4, heading_cards=8, paragraphs=3, long_blocks=1,
                    text_chars=1600, title="admin dashboard - getting started")
    kind, _, signals = classify(docs)
    assert kind == "article", signals[:4]
    # (headings over prose beside three fields or more: a settings page's sections)
    assert "document in sections" not in " ".join(_fired(Features(
        prose_sections=4, text_inputs=3, selects=1)))
