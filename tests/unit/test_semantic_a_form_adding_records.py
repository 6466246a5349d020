"""A form a control keeps and opens again for the next record ("Save and add another") adds
records of a kind (issue 31, design note 279): SQLAdmin's "New Tree" (its heading in a card,
no title naming it) and Unfold's "Change sighting" (in the title's second part), their fields
holding a record's values and two selects, were read as settings; a settings page has no
"add another".

The page's numbers are the host's own read of sqladmin-02 (bench/semantic_pooled.py dump),
its text cut to the lines that matter.
"""

from __future__ import annotations

from dataclasses import replace

from axsnap_host.semantic.classify import Features, classify
from axsnap_host.semantic.control_words import adds_another
from axsnap_host.semantic.record_forms import ANOTHER_SIGNAL


def _new_tree(**changes: object) -> Features:
    said = ("pellow hill orchard \n trees \n volunteers \n harvests \n variety \n fruit \n row \n"
            " rootstock \n planted \n heritage \n carer \n notes \n cancel \n save \n"
            " save and continue editing \n save and add another")
    page = Features(text_inputs=4, filled=4, textareas=1, selects=3, checkboxes=1, buttons=4,
                    links=6, forms=1, sidebar=True, page_screens=1.0, add_another=1,
                    title="pellow hill orchard", said=said, text=said)
    return replace(page, **changes)


def test_fields_kept_by_save_and_add_another_are_a_form() -> None:
    kind, _, signals = classify(_new_tree())
    assert kind == "form", signals[:4]
    assert ANOTHER_SIGNAL in [s["signal"] for s in signals]
    # the same fields with no such control, under a menu item naming the site's setup: saved
    # values under selects, settings; with nothing saying whose values they are, a record's
    # form (note 325)
    kind, _, signals = classify(_new_tree(add_another=0, current_item="configuration"))
    assert kind == "settings", signals[:4]
    kind, _, signals = classify(_new_tree(add_another=0))
    assert kind == "form", signals[:4]


def test_the_words_that_add_another() -> None:
    for label in ("Save and add another", "SAVE AND ADD ANOTHER", "Create and add another",
                  "Save and create another", "Submit and add another one",
                  "Speichern und neu hinzufügen"):
        assert adds_another(label), label
    for label in ("Save", "Save and continue editing", "Add another email address",
                  "You can save and add another later", "Add another"):
        assert not adds_another(label), label
