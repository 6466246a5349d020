"""Rules from the twenty-first held-out set's misses (issue 31): a sign-up whose first password
field's label slipped to "Current Password" beside only its confirmation, and a password reset
beside a footer's newsletter box (its address is asked of every reader, not of the reset)."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

CHANGE = "form:a password change (the current password and a new one)"
RENEW = "form:a new password twice under reset words (a password reset)"


def _signals(f: Features) -> list[str]:
    return [str(s["signal"]) for s in classify(f)[2]]


def test_the_current_password_beside_only_its_confirmation_is_no_change() -> None:
    slip = Features(passwords=2, confirm=True, current_password=True, text_inputs=2,
                    name_fields=1, account_fields=1, title="tideline - create account",
                    said="create account in tideline\ncurrent password\nconfirm password",
                    text="create account in tideline\ncurrent password\nconfirm password")
    kind, _, signals = classify(slip)
    assert kind == "register", signals[:4]
    assert CHANGE not in _signals(slip)
    # (a change asks a new password: the current one and a new one, or a new one again)
    for confirm, passwords in ((False, 2), (True, 3)):
        change = Features(passwords=passwords, confirm=confirm, current_password=True,
                          said="change password\ncurrent password\nnew password",
                          text="change password\ncurrent password\nnew password")
        assert classify(change)[0] == "settings", classify(change)[2][:4]
        assert CHANGE in _signals(change)


def test_a_reset_beside_a_newsletter_box_is_a_reset_form() -> None:
    said = "reset password\nnew password\nconfirm passwords\nsubscribe to get notification."
    page = Features(passwords=2, confirm=True, text_inputs=2, search_named=1,
                    newsletter_fields=1, account_fields=1, said=said, title="olog - reset password",
                    text=said)
    kind, _, signals = classify(page)
    assert kind == "form", signals[:4]
    assert RENEW in _signals(page)
    assert "form:password confirmation" not in _signals(page)
    # (an address asked beside the two, out of a newsletter's box, says whose password is reset
    # (flowbiteadmin-05: note 123); a name asked beside them says who signs up)
    asked = Features(passwords=2, confirm=True, text_inputs=2, search_named=1,
                     account_fields=1, said=said, title="olog - reset password", text=said)
    assert classify(asked)[0] == "form" and RENEW in _signals(asked)
    named = Features(passwords=2, confirm=True, text_inputs=2, search_named=1, name_fields=1,
                     account_fields=1, said=said, title="olog - reset password", text=said)
    assert RENEW not in _signals(named)
    # (two fields asked beside the two are more than whose password it is)
    more = Features(passwords=2, confirm=True, text_inputs=3, search_named=1,
                    account_fields=2, said=said, title="olog - reset password", text=said)
    assert RENEW not in _signals(more)


def test_fields_beside_a_password_change_are_the_accounts_settings() -> None:
    # (raple-04's first screen: a profile's fields in three forms and more, a password change
    # below; the change says the fields are the account's, no blank form)
    page = Features(passwords=3, confirm=True, current_password=True, text_inputs=12, selects=3,
                    textareas=1, forms=3, said="account\nsave changes", text="save changes")
    kind, _, signals = classify(page)
    assert kind == "settings", signals[:4]
    weights = {str(s["signal"]): s["weight"] for s in signals}
    assert weights["form:3+ fields, no sign-up, card or message"] == 0.2
