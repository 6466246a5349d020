"""Two page names a person reads first (issue 31, design note 326):

- FlaskBB's "Change user details" under the title "Settings - Rosalind - User - …": five
  fields, two boxes to write in, one value saved (flaskbb-02, read as a form by the learned
  model when no rule decided). Fields on a page its title calls settings are the settings'
  fields, as under a heading naming settings.
- Django's admin index, "Site administration": each model's row with Add and Change links
  (adi-01, read as a list). The site's administration index is its dashboard.

The pages' numbers are the host's own reads (bench/semantic_pooled.py dump), their text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify

_FIELDS_SAID = ("birthday \n gender \n location \n website \n avatar \n forum signature \n"
                " preview \n portal forum memberlist search inbox 2 rosalind \n change user"
                " details")


def _user_details(**changes: object) -> Features:
    page = Features(text_inputs=5, filled=1, textareas=2, checkboxes=2, buttons=14, links=11,
                    forms=1, text_chars=258, page_screens=1.65,
                    title="settings - rosalind - user - thimble row sewing circle",
                    said=_FIELDS_SAID, text=_FIELDS_SAID)
    return replace(page, **changes)


def test_fields_on_a_page_its_title_calls_settings_are_settings() -> None:
    for title in ("settings - rosalind - user - thimble row sewing circle",
                  "einstellungen - rosalind", "préférences du compte"):
        kind, _, signals = classify(_user_details(title=title))
        assert kind == "settings", (title, signals[:4])
        assert signals[0]["signal"] == "form:fields under a heading naming settings", signals[:4]


def test_a_title_of_no_settings_or_of_their_common_words_alone_names_none() -> None:
    # the site's name alone, or only a word too common in titles to name a page ("theme",
    # "language"): the title names no settings
    for title in ("thimble row sewing circle", "language - thimble row sewing circle"):
        signals = classify(_user_details(title=title))[2]
        assert not any(s["signal"] == "form:fields under a heading naming settings"
                       for s in signals), (title, signals[:4])


_INDEX_SAID = ("site administration - django administration \n log out \n site administration \n"
               " themes add change \n groups add change \n users add change \n loans add change"
               " \n members add change \n tools add change \n recent actions \n my actions \n"
               " none available")


def _admin_index(**changes: object) -> Features:
    page = Features(checkboxes=1, buttons=1, links=24, action_rows=6, column_heads=3,
                    text_chars=14, tables=3, rows=9, table_rows_max=4, page_screens=1.0,
                    lead_links=1, title="site administration - django administration",
                    own_heading="site administration", said=_INDEX_SAID, text=_INDEX_SAID)
    return replace(page, **changes)


def test_a_sites_administration_index_is_its_dashboard() -> None:
    kind, _, signals = classify(_admin_index())
    assert kind == "dashboard", signals[:4]
    assert any(s["signal"] == "title:site administration" for s in signals), signals[:4]


def test_the_same_tables_under_another_title_are_a_list() -> None:
    kind, _, signals = classify(_admin_index(title="tools - wrenfield tool library",
                                             own_heading="tools"))
    assert kind == "list", signals[:4]


_PREFERENCES_SAID = ("my preferences - mossgate philatelic society \n search... \n full name \n"
                     " email \n save \n cancel \n public view navigate edwin marsh")


def _preferences(**changes: object) -> Features:
    # Kotti's "My preferences" (kotti-03): two fields holding the account's name and address
    page = Features(text_inputs=2, search_inputs=1, filled=2, buttons=2, links=10,
                    name_fields=1, account_fields=1, forms=1, text_chars=153, page_screens=1.0,
                    title="my preferences - mossgate philatelic society",
                    own_heading="my preferences - mossgate philatelic society",
                    said=_PREFERENCES_SAID, text=_PREFERENCES_SAID)
    return replace(page, **changes)


def test_two_saved_fields_under_a_title_naming_settings_are_settings() -> None:
    # (note 331: two fields holding saved values are the settings' as three fields are)
    kind, _, signals = classify(_preferences())
    assert kind == "settings", signals[:4]
    assert signals[0]["signal"] == "form:fields under a heading naming settings", signals[:4]


def test_two_empty_fields_under_such_a_title_are_not_yet_named_settings() -> None:
    # (two blank fields ask something new: the title alone does not make them settings)
    signals = classify(_preferences(filled=0))[2]
    assert not any(s["signal"] == "form:fields under a heading naming settings"
                   for s in signals), signals[:4]
