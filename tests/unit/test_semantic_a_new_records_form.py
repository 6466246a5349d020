"""A new record's form (issue 31; note 247), a rule a person states for any page: a test
manager's "Kiwi TCMS - New test case" over a summary, selects showing their defaults, a text
editor, Yes/No switches and "Save" (kiwi-04, read as settings on both reads: the defaults
counted as saved values, the switches as toggles) is a form to make one record; "Create
account" stays a sign-up and "New message" a mail.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.record_forms import NEW_SIGNAL, makes_a_record


def _new_case(**changes: object) -> Features:
    said = ("kiwi tcms - new test case \n summary \n default tester \n pantry planner \n"
            " --default-- \n proposed \n p1 \n template + \n days \n hours \n minutes \n"
            " seconds \n heading (ctrl-h) \n attach file \n script \n arguments \n"
            " requirements \n reference link \n notes \n cc to: \n save")
    page = Features(text_inputs=19, filled=8, textareas=3, checkboxes=8, buttons=17, links=10,
                    div_rows=13, quantity_fields=8, forms=1, address_fields=1, paragraphs=1,
                    text_chars=686, page_screens=1.0, title="kiwi tcms - new test case",
                    said=said, text=said + " \n yes no \n yes no \n dashboard \n updated")
    return replace(page, **changes)


def test_fields_under_a_title_making_a_record_are_its_form() -> None:
    kind, _, signals = classify(_new_case())
    assert kind == "form", signals[:4]
    assert NEW_SIGNAL in [s["signal"] for s in signals]


def test_headings_and_titles_making_a_record_in_the_seven_languages() -> None:
    for title in ("new issue - redmine", "add product | shop admin", "create new ticket - trac",
                  "neuen kunden anlegen - crm", "nouvelle facture - compta",
                  "crear factura - admin", "thêm sản phẩm - quản trị", "新建订单 - 后台",
                  "商品を追加 - 管理"):
        assert makes_a_record(_new_case(title=title)), title
    assert makes_a_record(_new_case(title="tracker", own_heading="create new post"))
    # the thing made is what opens the words, not what it goes to (note 305)
    for title in ("add printer profile", "znc - add channel to network [marsh] of user [marta]"):
        assert makes_a_record(_new_case(title=title)), title


def test_a_new_account_password_or_message_is_no_record() -> None:
    for title in ("create account - shop", "create your account | app", "new password - app",
                  "new message - mail", "new user registration", "newsletter subscription",
                  "neues benutzerkonto anlegen", "newsbit - news", "address book - app",
                  "add profile - app", "create user account for the club"):
        assert not makes_a_record(_new_case(title=title)), title


def test_a_new_record_asks_three_fields() -> None:
    _, _, signals = classify(_new_case(text_inputs=1, textareas=0, filled=0))
    assert NEW_SIGNAL not in [s["signal"] for s in signals]
