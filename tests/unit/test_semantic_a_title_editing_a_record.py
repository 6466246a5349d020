"""A title saying one record is being edited (issue 31; note 217), a rule a person states for
any page: a CMS's "Editing article page: Pruning the apple trees in winter - Wagtail" over the
page's title, date and intro, each holding its saved value (wagtail-03, read as settings) is
that record's change form, as note 206's heading "Change product" is; "Update profile - <site>"
still edits the account's own values.

The page's numbers are the host's own read (bench/semantic_pooled.py dump), its text cut to
the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.record_forms import RECORD_SIGNAL, changes_a_record


def _editing(**changes: object) -> Features:
    said = ("editing article page: pruning the apple trees in winter - wagtail \n pruning the"
            " apple trees in winter \n toggle breadcrumbs \n actions \n collapse all \n title *"
            " \n post date * \n intro * \n add comment \n winter pruning is best done when the"
            " trees are bare \n save draft")
    page = Features(text_inputs=4, search_inputs=1, filled=3, checkboxes=10, buttons=14,
                    links=10, prose_run=1, forms=1, long_blocks=1, paragraphs=3,
                    text_chars=494, tables=4, rows=44, sidebar=True, page_screens=1.0,
                    title="editing article page: pruning the apple trees in winter - wagtail",
                    said=said, text=said + " \n history \n toggle comments")
    return replace(page, **changes)


def test_saved_values_under_a_title_editing_a_record_are_its_form() -> None:
    kind, _, signals = classify(_editing())
    assert kind == "form", signals[:4]
    assert RECORD_SIGNAL in [s["signal"] for s in signals]


def test_titles_editing_a_record_in_the_seven_languages() -> None:
    for title in ("editando ajuste de frenos - wiki", "modification de réglage des freins — wiki",
                  "auftrag 42 bearbeiten | admin", "编辑订单 42 - 后台", "記事の編集 - cms",
                  "đang sửa bài viết - wiki"):
        assert changes_a_record(_editing(title=title)), title


def test_titles_editing_the_account_or_naming_a_section_name_no_record() -> None:
    for title in ("editing your profile - wagtail", "update profile - fernside nursery",
                  "account - edit", "editingtools - a blog", "profil bearbeiten - shop"):
        assert not changes_a_record(_editing(title=title)), title


def test_a_title_trail_ending_in_an_edit_edits_its_last_kinds_record() -> None:
    # (note 294: cacti-03, "Console > Devices > (Edit)" over a device's saved values, read
    # as settings: the trail's last kind, "Devices", is what one record of is being edited)
    for title in ("console > devices > (edit)", "posts › edit", "orders » 1042 » modify",
                  "geräte > bearbeiten"):
        assert changes_a_record(_editing(title=title)), title
    kind, _, signals = classify(_editing(title="console > devices > (edit)"))
    assert kind == "form", signals[:4]


def test_a_trail_editing_the_account_or_no_trail_edits_no_record() -> None:
    for title in ("settings > edit", "home > my account > edit", "news > editorial",
                  "console > devices", "edit"):
        assert not changes_a_record(_editing(title=title)), title


def test_a_title_of_the_edit_alone_then_the_kind_edits_that_kinds_record() -> None:
    # (note 320: payload-02, "Editing - Event - Payload" over an event's saved values, typed
    # right only by the learned model where no rule decided)
    for title in ("editing - event - payload", "edit | product | shop admin",
                  "bearbeiten – veranstaltung – cms"):
        assert changes_a_record(_editing(title=title)), title
    kind, _, signals = classify(_editing(title="editing - event - payload"))
    assert kind == "form", signals[:4]


def test_a_title_of_the_edit_alone_before_the_account_or_the_site_edits_no_record() -> None:
    for title in ("editing - account - payload", "edit - my profile - site", "edit - payload",
                  "editing"):
        assert not changes_a_record(_editing(title=title)), title
