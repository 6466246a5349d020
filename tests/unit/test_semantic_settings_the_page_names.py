"""Settings the page's own words name (issue 31; notes 215 and 216), each a rule a person
states for any page:

- A template's "Privacy Setting" card of four checkboxes and eight radios among cards of text
  (hopeui-07, read as an article): choices under a heading or a title naming settings, beside
  little prose, are settings, however the cards around them are laid out.
- A book server's "Admin's profile": the user name and the email already filled in beside a
  password field (calibreweb-03, read as a sign-up): saved values under a heading naming a
  profile are the signed-in account's settings; a sign-up starts empty.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut
to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify


def _privacy_cards(**changes: object) -> Features:
    said = ("hope ui \n menu style \n form \n search... \n go pro \n privacy setting \n account"
            " privacy \n private account \n activity status \n show activity status \n story"
            " sharing \n allow sharing \n hello devs!")
    text = said + " \n dashboard \n login \n " + "lorem ipsum dolor sit amet " * 40
    page = Features(search_inputs=1, checkboxes=4, radios=8, buttons=10, links=15, div_rows=7,
                    heading_cards=7, prose_run=1, settings_headings=1, long_blocks=2,
                    paragraphs=2, text_chars=1501, row_checkboxes=3, sidebar=True,
                    page_screens=2.11, title="hope ui", own_heading="hello devs!", said=said,
                    text=text)
    return replace(page, **changes)


def test_choices_under_a_heading_naming_settings_are_settings() -> None:
    kind, _, signals = classify(_privacy_cards())
    assert kind == "settings", signals[:4]


def test_choices_on_a_page_its_title_calls_settings_are_settings() -> None:
    for title in ("privacy settings - hope ui", "einstellungen zum datenschutz",
                  "paramètres de confidentialité", "プライバシー設定"):
        kind, _, signals = classify(_privacy_cards(settings_headings=0, title=title))
        assert kind == "settings", (title, signals[:4])


def test_a_few_choices_no_settings_words_or_screens_of_prose_keep_the_text() -> None:
    # two choices under the settings heading: the cards of text are the page's
    kind, _, signals = classify(_privacy_cards(checkboxes=1, radios=1, row_checkboxes=0))
    assert kind != "settings", signals[:4]
    # nothing naming settings over the twelve choices
    kind, _, signals = classify(_privacy_cards(settings_headings=0))
    assert kind != "settings", signals[:4]
    # screens of prose beside them, no control keeping changes: the prose's (note 209)
    page = _privacy_cards(long_blocks=20, paragraphs=25, prose_run=20, text_chars=7510)
    assert not any(s["signal"].startswith("form:6+ choices") for s in classify(page)[2])


def test_a_settings_box_on_a_page_of_sample_forms_is_one_sample() -> None:
    page = _privacy_cards(title="forms - admin template", own_heading="forms")
    assert not any(s["signal"].startswith("form:6+ choices") for s in classify(page)[2])


def _profile(**changes: object) -> Features:
    said = ("calibre-web - admin's profile \n search library \n browse books hot books \n"
            " admin's profile username email password send to ereader email address \n"
            " username \n email \n password \n language \n language of books \n admin logout")
    page = Features(passwords=1, text_inputs=3, search_inputs=1, filled=2, checkboxes=15,
                    selects=2, buttons=3, links=22, name_fields=1, account_fields=3, forms=1,
                    address_fields=1, new_account=True, text_chars=202, tables=1, rows=1,
                    row_checkboxes=11, sidebar=True, page_screens=1.0, login_forms=1,
                    login_depth=0.41, title="calibre-web - admin's profile",
                    own_heading="admin's profile", said=said,
                    text=said + " \n read books \n unread books \n categories")
    return replace(page, **changes)


def test_saved_values_under_a_heading_naming_a_profile_are_settings() -> None:
    kind, _, signals = classify(_profile())
    assert kind == "settings", signals[:4]
    # in another of the seven languages
    kind, _, signals = classify(_profile(title="calibre-web - mein profil",
                                         own_heading="mein profil"))
    assert kind == "settings", signals[:4]


def test_a_profile_form_still_empty_is_a_sign_up() -> None:
    kind, _, signals = classify(_profile(filled=0))
    assert kind == "register", signals[:4]
