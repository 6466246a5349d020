"""A password form nothing calls a sign-in, beside other forms, is one sample of a page of forms
(issue 31, note 140): read on a page's features."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

SILENT_SIGNAL = "form:a password form nothing calls a sign-in, beside other forms (a sample)"


def _sample_page(**changes: object) -> Features:
    # An address, a password and "Check me out" under "Submit"; a disabled fieldset's input,
    # select and tick; a side menu whose links say "Login" and "Register".
    f = Features(passwords=1, text_inputs=2, selects=1, checkboxes=2, buttons=2, forms=2,
                 account_fields=1, locked_fields=1, login_forms=1, links=12, sidebar=True,
                 url="http://127.0.0.1/pages/samples.html", title="kestrel admin",
                 text="dashboard buttons forms login register email address password submit",
                 said="forms email address password check me out submit disabled forms")
    for key, value in changes.items():
        setattr(f, key, value)
    return f


def test_a_silent_password_form_beside_other_forms_is_a_page_of_forms() -> None:
    kind, _, signals = classify(_sample_page())
    assert kind == "form", signals[:4]
    assert any(s["signal"] == SILENT_SIGNAL for s in signals)


def test_a_form_said_to_sign_in_stays_a_sign_in() -> None:
    # (its button, its heading or the title says it; or the address is a sign-in's; or a link
    # of its own recovers a forgotten password)
    for changes in ({"sign_in_button": True}, {"said": "sign in to your account"},
                    {"title": "login | kestrel"}, {"url": "http://127.0.0.1/auth/login.html"},
                    {"text": "email password forgot password? submit"}):
        kind, _, signals = classify(_sample_page(**changes))
        assert kind == "login", (changes, signals[:4])
        assert not any(s["signal"] == SILENT_SIGNAL for s in signals)


def test_a_lone_silent_password_form_is_a_sign_in() -> None:
    # (the page holds nothing else: the form is what it is for)
    kind, _, signals = classify(_sample_page(forms=1, text_inputs=1, selects=0, locked_fields=0))
    assert kind == "login", signals[:4]
