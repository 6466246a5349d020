"""The dialog in front: a page with a modal form open is typed from the form (issue 31, design
note 261).

A person who opens Syncthing's settings sees the settings dialog over a dimmed overview; what
the page is for, now, is that form. The page behind is still in the document, and its rows and
lists outweighed the dialog's fields (the fifty-second held-out set: the settings dialog and
the add-folder dialog both read as the overview's list). A dialog is in front when:

- it is a dialog: a ``role=dialog``/``alertdialog`` or ``aria-modal`` box, an open
  ``<dialog>``, a fixed box whose class says so (Bootstrap's ``modal``, ``dialog``,
  ``popup``, ``lightbox``, ``drawer``: class-only modals), or a fixed box that says it is
  popped open (``aria-expanded`` with ``aria-haspopup``: VitePress's search, note 287), shown;
- it holds two fields or more, out of which a person fills it in, or a search box holding
  the words searched for (a docs theme's search opened over the page, its results under the
  box: design note 276); an alert or a menu is read and closed, the page stays what it is;
- most of the page's controls behind it in the window are covered (their centres hit-test to
  something else: the dialog, its backdrop), so it is modal as drawn, not a box in a corner;
- it asks no consent to cookies or tracking (a consent dialog is dismissed; the page behind is
  the one a person came for).

Then the page's features are the dialog's own: the nodes behind it count as hidden, the
walker's whole-document tally, which counts the page behind, is not read, and the dialog's name
(its ``aria-label``, else its first heading: "Settings", "Add Folder") is the title a person
reads over what is in front.
"""

from __future__ import annotations

import dataclasses
import re

from axsnap_host.models.dialogs import DIALOG_ROLES, dialog_class_pattern
from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.search_boxes import holds_query, is_search_box

_DIALOG_CLASS = dialog_class_pattern()
_DIALOG_ROLES = frozenset(DIALOG_ROLES)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_FIELDS = frozenset({"text_input", "password_input", "textarea", "select", "checkbox", "radio"})
_CONSENT = re.compile(r"cookie|consent|gdpr|tracking|datenschutz|privacy", re.IGNORECASE)
MIN_FIELDS = 2
_POPUPS = frozenset({"listbox", "dialog", "true"})
BEHIND = "behind_dialog"


def _is_dialog(node: Node) -> bool:
    if node.role in _DIALOG_ROLES or node.attrs.get("aria-modal") == "true":
        return True
    if node.tag == "dialog":
        return "open" in node.attrs
    # (a fixed box popped open over the page, VitePress's search: the combobox's own wrapper,
    # expanded, its list of options inside it: note 287)
    popped = (node.attrs.get("aria-expanded") == "true"
              and node.attrs.get("aria-haspopup") in _POPUPS)
    return node.position == "fixed" and (
        popped or bool(_DIALOG_CLASS.search(node.attrs.get("class", ""))))


def _searched(el: Element) -> bool:
    """A search box holding the words searched for."""
    return el.kind == "text_input" and is_search_box(el, set(), set()) and holds_query(el, set())


def searched_in_front(elements: list[Element], inside: set[int]) -> bool:
    """The dialog in front is a search holding the words searched for: what it shows under
    its box are that search's results, whatever the page behind is."""
    return any(_searched(el) for el in elements if el.node.rid in inside)


def _under(facts: PageFacts, rid: int) -> set[int]:
    """``rid`` and every node below it."""
    inside = {rid}
    for node in facts.nodes:  # (document order: a parent comes before its children)
        if node.parent in inside:
            inside.add(node.rid)
    return inside


def dialog_in_front(facts: PageFacts, elements: list[Element],
                    hiding: list[list[str]]) -> set[int] | None:
    """The nodes of the dialog in front (see the module doc), or None."""
    for node in facts.nodes:
        if hiding[node.rid] or not _is_dialog(node):
            continue
        inside = _under(facts, node.rid)
        fields = [el for el in elements if el.node.rid in inside and el.kind in _FIELDS]
        if len(fields) < MIN_FIELDS and not any(_searched(el) for el in fields):
            continue
        behind = [el for el in elements if el.node.rid not in inside and el.node.in_viewport]
        if not behind or 2 * sum(el.node.covered for el in behind) < len(behind):
            continue
        said = " ".join(n.text for n in facts.nodes if n.rid in inside and n.text)
        if _CONSENT.search(said + " " + node.attrs.get("class", "") + node.attrs.get("id", "")):
            continue
        return inside
    return None


def dialog_name(facts: PageFacts, inside: set[int]) -> str:
    """The dialog's ``aria-label``, else its first heading's text ("" when it has neither)."""
    box = facts.nodes[min(inside)]
    label = box.attrs.get("aria-label", "").strip()
    if label:
        return label
    for node in facts.nodes:
        if node.rid in inside and (node.tag in _HEADINGS or node.role == "heading") \
                and node.text.strip():
            return " ".join(node.text.split())
    return ""


def as_the_dialog(facts: PageFacts, elements: list[Element], hiding: list[list[str]],
                  inside: set[int]) -> tuple[PageFacts, list[Element], list[list[str]]]:
    """The page as the dialog shows it: its nodes and elements only, no whole-page tally, its
    name for the title."""
    shown = [reasons if node.rid in inside else (reasons or [BEHIND])
             for node, reasons in zip(facts.nodes, hiding, strict=True)]
    title = dialog_name(facts, inside) or facts.title
    return (dataclasses.replace(facts, tally={}, title=title),
            [el for el in elements if el.node.rid in inside], shown)
