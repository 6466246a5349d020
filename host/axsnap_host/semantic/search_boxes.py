"""A search box and the query it holds (issue 31): one rule for the page's tally of search
boxes (page_features.py) and for a search open in front of the page (dialog_front.py).

A text field is a search box when it is typed or named so (``type=search``, ``role=searchbox``,
``name=q``...), when its words ask what to search for and it sits in a form or holds words,
when it is the one text field of a form whose button says search (a box with no name beside
"Search": CiderWebmail's ``<input name="filter">``, design note 307), or when a heading over it
says its words again (search_echo.py). It holds a query when its value is
what was searched for, not its own prompt written into it.
"""

from __future__ import annotations

import re

from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import PageFacts

SEARCH_WORD = re.compile(r"(?<!\w)search(?!\w)|搜索|tìm kiếm|buscar|suche|rechercher|検索", re.I)
_PROMPT = re.compile(r"\s*(?:search|搜索|tìm kiếm|buscar|suchen|suche|rechercher|検索)(?!\w)",
                     re.I)
_SEARCH_NAMES = frozenset({"q", "query", "search", "wd", "s"})


def field_words(el: Element) -> str:
    """Every word naming a field: its label, aria-label, placeholder, name, autocomplete
    token and id."""
    node = el.node
    return " ".join(filter(None, (el.source.aria, el.source.text, el.source.hint,
                                  el.source.name, node.attrs.get("autocomplete", ""),
                                  node.attrs.get("id", ""))))


FormButtons = tuple[dict[int, int], dict[int, list[str]]]


def form_buttons(facts: PageFacts, elements: list[Element]) -> FormButtons:
    """Each text field's and button's form (its record id, -1 outside any), and each form's
    buttons' words: read once a page, for ``searched_by_button`` and search_echo.py."""
    form_of = {el.node.rid: next((a.rid for a in facts.ancestors(el.node) if a.tag == "form"), -1)
               for el in elements if el.kind in ("text_input", "button")}
    buttons: dict[int, list[str]] = {}
    for el in elements:
        if el.kind == "button" and form_of[el.node.rid] >= 0:
            buttons.setdefault(form_of[el.node.rid], []).append(el.source.text or el.source.aria)
    return form_of, buttons


def searched_by_button(elements: list[Element], forms: FormButtons) -> set[int]:
    """The record ids of the text fields that are their form's only one, in a form whose
    button says search: what one types there is searched for, whatever the field is named.
    ``forms``: ``form_buttons`` of the page."""
    form_of, buttons = forms
    fields: dict[int, list[int]] = {}
    for el in elements:
        if el.kind == "text_input" and form_of[el.node.rid] >= 0:
            fields.setdefault(form_of[el.node.rid], []).append(el.node.rid)
    return {only[0] for form, only in fields.items() if len(only) == 1 and any(
        SEARCH_WORD.search(said) for said in buttons.get(form, []))}


def is_search_box(el: Element, echoed: set[int], by_button: set[int]) -> bool:
    """A text field asking what to search for (see the module doc). ``echoed``: the boxes
    whose words a heading says again; ``by_button``: the lone fields of forms whose button
    says search (``searched_by_button``)."""
    node = el.node
    name = field_words(el)
    asks = "search" in name.lower() or bool(SEARCH_WORD.search(name))
    return (node.attrs.get("type") == "search" or node.role == "searchbox"
            or node.attrs.get("name") in _SEARCH_NAMES
            or (asks and (el.region.startswith("form") or bool((node.value or "").strip())))
            or node.rid in echoed or node.rid in by_button)


def holds_query(el: Element, echoed: set[int]) -> bool:
    """A search box's value is a query unless it is the box's own prompt written into it
    ("SEARCH TIME.COM", "Search…", the placeholder's words): what was searched for is no
    invitation to search. (A box with a handler of its own run on a click or on focus holds
    the prompt that handler clears, "Dans ce forum…": a page written before placeholders.)
    A box whose words a heading says again holds its query."""
    attrs = el.node.attrs
    value = (el.node.value or "").strip()
    if el.node.rid in echoed:
        return True
    if not value or value.lower() == el.source.hint.strip().lower() or "onclick" in attrs or (
            "onfocus" in attrs):
        return False
    return not _PROMPT.match(value)
