"""A sign-up that finds the account by what the person holds (saurus-116, left by note 165;
note 170): "Register for your account" over an e-mail address or a policy number and "Register
my account", no name and no password yet; read as unknown before (the sign-up rules wanted a
password or a person's name)."""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

STEP = "form:an account field under sign-up words and title, no password"

# saurus-116's first screen as the host read it (bench/semantic_pooled.py dump), its repeated
# lines kept once
_SAID = ("customer portal - register your account \n header \n go \n your email address: \n"
         " your policy number: \n register my account \n pet insurance for dogs and cats \n"
         " 1-877-738-7237 \n plan information dog insurance cat insurance customer center \n"
         " register for your account \n to get started, please confirm a few details about your"
         " policy. \n use the email address you entered when you signed up. \n or")
_TEXT = _SAID + (" \n contact us \n about pets best \n careers \n blog \n site map \n press \n"
                 " terms & conditions \n privacy agreement \n application agreement")


def _page(title: str, said: str = _SAID, passwords: int = 0, name_fields: int = 0) -> Features:
    return Features(text_inputs=2, search_inputs=1, buttons=2, links=17, prose_run=1,
                    account_fields=1, forms=2, address_fields=1, long_blocks=1, paragraphs=1,
                    text_chars=808, tables=1, rows=4, articles=1, page_screens=1.5,
                    passwords=passwords, name_fields=name_fields, title=title, said=said,
                    text=_TEXT)


def _signals(f: Features) -> list[str]:
    return [str(s["signal"]) for s in classify(f)[2]]


def test_an_account_field_under_sign_up_words_is_a_sign_ups_first_step() -> None:
    kind, _, signals = classify(_page("customer portal - register your account"))
    assert kind == "register", signals[:4]
    assert STEP in _signals(_page("customer portal - register your account"))


def test_the_first_step_wants_the_title_and_no_sign_in() -> None:
    # (a title naming no sign-up: a "Sign up" box on any page; one naming the sign-in too: a
    # first step shared by both, its sign-in words say which)
    assert STEP not in _signals(_page("customer portal"))
    assert STEP not in _signals(_page("customer portal - log in or register"))
    assert STEP not in _signals(_page("customer portal - register your account",
                                      said=_SAID + " \n sign in"))
    # (a password or a person's name asked: the other sign-up rules say it)
    assert STEP not in _signals(_page("customer portal - register your account", passwords=1))
    assert STEP not in _signals(_page("customer portal - register your account", name_fields=1))
