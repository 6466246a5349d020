"""The menu item a page marks as the one shown (issue 31, design note 309): the words of the
links, tabs and menu items the page marks current (``aria-current``) or selected (one of a row
of like items drawn active: the walker's states, lib/walker/src/person_state.js), and of the
links whose list item is the one of its list drawn active (``<li class="tab active">``).

A person reads which page they are on from the highlighted item of the menu as much as from the
title: an app's own pages often keep the app's name as their title and show no heading
(Actual's Settings under the title "Actual", changedetection.io's Settings tab, MeshCentral's
"My Account" tab). Those words say the page's type as its title's would, with less weight: a
template's demo marks "Dashboard" current on pages that are not its dashboard.
"""

from __future__ import annotations

from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import Node, PageFacts

_KINDS = frozenset({"link", "tab", "menu_item"})
_WORDS = 60  # the characters of one item read
_ITEMS = 4  # items read, in the page's order
_ON = frozenset({"active", "current", "selected", "is-active", "is-current", "is-selected"})


def _drawn_on(node: Node) -> bool:
    return not _ON.isdisjoint(node.attrs.get("class", "").lower().split())


def _item_drawn_on(el: Element, facts: PageFacts) -> bool:
    """A link whose list item is the one item of its list drawn active."""
    item = facts.nodes[el.node.parent] if 0 <= el.node.parent < len(facts.nodes) else None
    if item is None or item.tag != "li" or not _drawn_on(item):
        return False
    if not 0 <= item.parent < len(facts.nodes):
        return False
    siblings = [facts.nodes[c] for c in facts.nodes[item.parent].children]
    return sum(1 for s in siblings if s.tag == "li") >= 2 and sum(
        1 for s in siblings if s.tag == "li" and _drawn_on(s)) == 1


def current_items(facts: PageFacts, elements: list[Element]) -> str:
    """The words of the links, tabs and menu items marked current or selected, lower-cased, one
    a line ("" where none)."""
    said: list[str] = []
    for el in elements:
        states = el.model.states if el.model is not None else {}
        if el.kind in _KINDS and (states.get("current") not in (None, False)
                                  or states.get("selected") is True
                                  or (el.kind == "link" and _item_drawn_on(el, facts))):
            words = " ".join((el.source.text or el.source.aria).split())[:_WORDS].lower()
            if words and words not in said:
                said.append(words)
        if len(said) >= _ITEMS:
            break
    return "\n".join(said)
