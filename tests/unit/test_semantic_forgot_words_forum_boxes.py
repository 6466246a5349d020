"""Two causes of held-out misses (issue 31; note 175), each a rule a person states for any page:

- A password reset titled in its own language's "forgot password" words ("Passwort
  vergessen", "Mot de passe perdu"): the thirty-sixth set's saurus-146 and saurus-145, read
  as sign-ins. The reset words carried only English's "forgot password"; each language's
  (already the sign-in's words) says the same.
- A forum whose header holds its sign-in box ("User Name / Password / Remember Me?") over
  forty rows or more of forums or threads drawn as a table: the thirty-seventh set's
  saurus-149 and saurus-150, read as sign-ins. A person scrolls through the rows; the box is
  the site's, as it already was beside forty linked list items.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from axsnap_host.semantic.classify import Features, classify

RESET = "form:a password reset (an address field, no password field)"
FIRST_STEP = "form:one account field and sign-in words, no password (a first step)"


def _reset_page(title: str, heading: str, said: str, text: str) -> Features:
    # saurus-146's first screen: one address field, a search box, one button
    return Features(text_inputs=1, search_inputs=1, buttons=1, links=26, prose_sections=1,
                    account_fields=1, forms=1, address_fields=1, list_items=1, paragraphs=1,
                    text_chars=781, page_screens=1.55, title=title, own_heading=heading,
                    lead_links=26, said=said, text=text)


def test_a_reset_titled_in_german_forgot_words_is_a_form() -> None:
    said = ("passwort vergessen \n suche: \n *e-mail adresse \n mein benutzerkonto anmelden \n"
            " passwort vergessen? \n ihr passwort hier abrufen \n *e-mail adresse")
    page = _reset_page("passwort vergessen", "passwort vergessen?", said,
                       said + " \n « zurück zur anmeldung \n absenden")
    kind, _, signals = classify(page)
    fired = [s["signal"] for s in signals]
    assert kind == "form", signals[:4]
    assert RESET in fired and FIRST_STEP not in fired


def test_each_language_s_forgot_words_name_a_reset() -> None:
    for words in ("mot de passe perdu", "mot de passe oublié", "olvidaste tu contraseña",
                  "忘记密码", "quên mật khẩu", "パスワードを忘れた方"):
        said = f"{words} \n e-mail \n envoyer"
        page = _reset_page("site", words, said, said)
        kind, _, signals = classify(page)
        assert kind == "form", (words, signals[:4])
        assert RESET in [s["signal"] for s in signals], words


def test_forgot_words_in_a_sign_in_s_link_name_no_reset() -> None:
    # (a sign-in's first step whose "Passwort vergessen?" is a link's name: another page's)
    said = "anmelden \n e-mail adresse \n weiter"
    page = _reset_page("anmelden", "anmelden", said, said + " \n passwort vergessen?")
    kind, _, signals = classify(page)
    assert RESET not in [s["signal"] for s in signals]
    assert kind == "login", signals[:4]


def _forum(rows: int, screens: float) -> Features:
    # saurus-149's first screen: the header's sign-in box over the board's forums in tables
    said = ("macrumors forums - mac news and rumor discussion \n user name \n password \n"
            " log in \n macrumors forums user name remember me? password")
    return Features(passwords=1, text_inputs=1, search_inputs=1, checkboxes=1, buttons=1,
                    links=67, long_items=1, action_rows=rows, account_fields=1, forms=1,
                    sign_in_button=True, text_chars=414, tables=13, rows=rows + 14,
                    row_checkboxes=1, page_screens=screens, login_forms=1, login_depth=0.18,
                    title="macrumors forums - mac news and rumor discussion", said=said,
                    text=said + " \n register \n today's posts \n mark forums read")


def test_a_forum_s_header_sign_in_box_over_its_table_of_forums_is_no_sign_in_page() -> None:
    kind, _, signals = classify(_forum(rows=68, screens=4.17))
    assert kind == "list", signals[:4]


def test_a_sign_in_box_over_a_few_rows_is_still_a_sign_in() -> None:
    # (a short page: its few rows are the sign-in page's own, its box what it is for)
    assert classify(_forum(rows=12, screens=1.2))[0] == "login"
    assert classify(_forum(rows=68, screens=1.5))[0] == "login"
