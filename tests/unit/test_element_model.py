"""The element model's decisions on walker records (pipeline/elements/model.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axsnap_host.pipeline.elements.model import context_shown, element_facts


@dataclass
class Rec:
    rec: dict[str, Any] = field(default_factory=dict)
    tag: str = "div"
    ax_name: str | None = None


BOX = (0, 0, 10, 10)


def test_a_custom_dropdown_is_its_setting_with_the_value_it_shows() -> None:
    facts = element_facts(Rec({"nm": "5 seconds ▾", "ns": "text", "ctx": "Undo Send"}),
                          "generic", "", BOX)
    assert (facts.role, facts.name, facts.value, facts.context) == (
        "combobox", "Undo Send", "5 seconds", "")
    assert facts.actions == ("click", "select")


def test_a_label_in_front_of_a_hidden_radio_is_the_radio() -> None:
    rec = {"nm": "PayPal", "ns": "label",
           "st": {"checked": False, "control": "radio", "hiddenControl": 1}}
    facts = element_facts(Rec(rec, tag="label"), "generic", "PayPal", BOX)
    assert (facts.role, facts.name, facts.states) == ("radio", "PayPal", {"checked": False})
    visible = {"nm": "PayPal", "ns": "label", "st": {"checked": False, "control": "radio"}}
    assert element_facts(Rec(visible, tag="label"), "generic", "", BOX).role == "generic"


def test_a_class_drawn_switch_without_words_is_named_by_its_row() -> None:
    facts = element_facts(Rec({"st": {"checked": True, "switch": 1}, "ctx": "Newsletter"},
                              tag="span"), "generic", "", BOX)
    assert (facts.role, facts.name, facts.name_source) == ("switch", "Newsletter", "context")
    assert facts.state_words() == ["checked"]


def test_the_walker_name_wins_and_ligatures_are_a_hint() -> None:
    facts = element_facts(Rec({"nm": "More", "ns": "text", "lig": "expand_more"},
                              tag="button", ax_name="expand_more More"), "button",
                          "expand_more More", BOX)
    assert (facts.name, facts.description) == ("More", "expand_more")
    fallback = element_facts(Rec({}, tag="button", ax_name="Go"), "button", "Go", BOX)
    assert (fallback.name, fallback.name_source) == ("Go", "ax")


def test_context_is_said_where_a_name_repeats_or_a_setting_has_no_authored_name() -> None:
    edit = [element_facts(Rec({"nm": "Edit", "ns": "text", "ctx": row}, tag="button"),
                          "button", "", BOX) for row in ("Assignee", "Milestone")]
    save = element_facts(Rec({"nm": "Save", "ns": "text", "ctx": "Form"}, tag="button"),
                         "button", "", BOX)
    labelled = element_facts(Rec({"nm": "Done", "ns": "aria-label", "ctx": "Task"},
                                 tag="input"), "checkbox", "", BOX)
    switch = element_facts(Rec({"nm": "Read status", "ns": "text", "ctx": "Team read status",
                                "st": {"checked": True}}, tag="button"), "switch", "", BOX)
    assert context_shown([*edit, save, labelled, switch]) == [True, True, False, False, True]


def test_a_glyph_only_the_ax_tree_reads_is_no_name_and_the_context_stays() -> None:
    """SB Admin's sidebar toggle: an empty <button> whose AX name is an icon-font glyph from
    CSS (private use); a close button's CSS "×". No made-up name; context stays context."""
    glyph = element_facts(Rec({"ctx": "Addons"}, tag="button", ax_name="\uf104"), "button",
                          "\uf104", BOX)
    assert (glyph.name, glyph.name_source, glyph.context) == ("", "", "Addons")
    cross = element_facts(Rec({"ctx": "Profile saved"}, tag="button", ax_name="×"), "button",
                          "×", BOX)
    assert (cross.name, cross.context, cross.description) == ("", "Profile saved", "×")
    # a symbol the walker read as the control's own words is still named by its row
    read = element_facts(Rec({"nm": "×", "ns": "text", "ctx": "Profile saved"},
                             tag="button"), "button", "", BOX)
    assert (read.name, read.context) == ("Profile saved", "")


def test_a_price_beside_a_nameless_select_is_no_name() -> None:
    # an order line's unlabelled selects beside the line's price: "$14" is what the line
    # costs, not what a person calls the select (it stays its context); a word names a setting
    price = element_facts(Rec({"ctx": "$14"}, tag="select"), "combobox", "", BOX)
    assert (price.name, price.name_source, price.context) == ("", "", "$14")
    worded = element_facts(Rec({"ctx": "Size"}, tag="select"), "combobox", "", BOX)
    assert (worded.name, worded.name_source) == ("Size", "context")
