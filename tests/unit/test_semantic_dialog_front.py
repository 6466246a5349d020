"""The dialog in front (issue 31, design note 261): a modal form over a page is what the page
is for while it is open; a consent dialog, a box in a corner and an alert are not."""

from __future__ import annotations

from axsnap_host.semantic.dialog_front import (
    BEHIND,
    as_the_dialog,
    dialog_in_front,
    searched_in_front,
)
from axsnap_host.semantic.elements import Element
from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.ids import IdSource

Row = tuple[int, str, dict[str, str], str, str, bool]  # parent, tag, attrs, text, kind, covered


def _page(dialog_attrs: dict[str, str], dialog_rows: list[Row], covered: bool = True,
          position: str = "fixed") -> tuple[PageFacts, list[Element], list[list[str]]]:
    rows: list[Row] = [(-1, "body", {}, "", "", False)]
    rows += [(0, "a", {}, f"Folder {i}", "link", covered) for i in range(6)]  # 1-6: behind
    rows.append((0, "div", dialog_attrs, "", "", False))  # 7: the dialog
    rows += dialog_rows
    nodes = [Node(rid=i, parent=parent, tag=tag, attrs=attrs, text=text, box=(0, 0, 100, 20),
                  in_viewport=True, covered=cover)
             for i, (parent, tag, attrs, text, _, cover) in enumerate(rows)]
    nodes[7].position = position
    for node in nodes:
        if node.parent >= 0:
            nodes[node.parent].children.append(node.rid)
    elements = [Element(node=nodes[i], kind=kind, source=IdSource(kind=kind, text=text),
                        region="main", place="main")
                for i, (_, _, _, text, kind, _) in enumerate(rows) if kind]
    facts = PageFacts(url="http://127.0.0.1/", title="Quay Store | Folders", nodes=nodes,
                      viewport=(1280.0, 757.0), scroll=(0.0, 0.0), page_size=(1280.0, 757.0),
                      frames=[], semantic_mode=True, tally={"rows": 40, "list_items": 12})
    return facts, elements, [[] for _ in nodes]


SETTINGS: list[Row] = [(7, "h4", {}, "Settings", "", False),
                       (7, "input", {}, "Device Name", "text_input", False),
                       (7, "select", {}, "Usage Reporting", "select", False),
                       (7, "button", {}, "Save", "button", False)]


def test_a_modal_form_is_the_page_its_name_the_title_no_tally() -> None:
    facts, elements, hiding = _page({"class": "modal fade in"}, SETTINGS)
    inside = dialog_in_front(facts, elements, hiding)
    assert inside == {7, 8, 9, 10, 11}
    shown, kept, hid = as_the_dialog(facts, elements, hiding, inside)
    assert shown.title == "Settings" and shown.tally == {}
    assert [el.node.rid for el in kept] == [9, 10, 11]
    assert hid[1] == [BEHIND] and hid[9] == []
    assert facts.tally  # (the page's own facts are left as they were)


def test_by_role_and_aria_modal_too() -> None:
    for attrs in ({"role": "dialog"}, {"aria-modal": "true"}):
        facts, elements, hiding = _page(attrs, SETTINGS, position="")
        assert dialog_in_front(facts, elements, hiding), attrs


def test_no_dialog_in_front() -> None:
    # the page behind in plain sight: a box in a corner, however it is called
    facts, elements, hiding = _page({"class": "modal"}, SETTINGS, covered=False)
    assert dialog_in_front(facts, elements, hiding) is None
    # a class that says modal on a box that is not fixed: part of the page
    facts, elements, hiding = _page({"class": "modal-like"}, SETTINGS, position="")
    assert dialog_in_front(facts, elements, hiding) is None
    # one field: an alert or a prompt is read and closed
    facts, elements, hiding = _page({"class": "modal"}, SETTINGS[:2] + SETTINGS[3:])
    assert dialog_in_front(facts, elements, hiding) is None
    # consent to cookies: dismissed
    consent = [(7, "p", {}, "We use cookies to measure visits.", "", False), *SETTINGS[1:]]
    facts, elements, hiding = _page({"class": "modal"}, consent)
    assert dialog_in_front(facts, elements, hiding) is None
    # a hidden dialog
    facts, elements, hiding = _page({"class": "modal"}, SETTINGS)
    hiding[7] = ["display_none"]
    assert dialog_in_front(facts, elements, hiding) is None


SEARCH: list[Row] = [(7, "input", {"name": "query", "aria-label": "Search"}, "Search", "text_input",
                      False),
                     (7, "p", {}, "4 matching documents", "", False),
                     (7, "a", {}, "Adjusting rim brakes", "link", False),
                     (7, "a", {}, "Truing a wheel", "link", False)]


def test_a_search_holding_its_query_is_in_front() -> None:
    # (design note 276: a docs theme's search opened over a guide, "brake" in its box)
    facts, elements, hiding = _page({"role": "dialog"}, SEARCH, position="")
    facts.nodes[8].value = "brake"
    inside = dialog_in_front(facts, elements, hiding)
    assert inside == {7, 8, 9, 10, 11}
    assert searched_in_front(elements, inside)
    # the same box empty, or holding its own prompt: one field, nothing searched, no front
    for value in ("", "Search"):
        facts, elements, hiding = _page({"role": "dialog"}, SEARCH, position="")
        facts.nodes[8].value = value
        assert dialog_in_front(facts, elements, hiding) is None, value
    # a form's dialog is in front, but it is no search
    facts, elements, hiding = _page({"class": "modal fade in"}, SETTINGS)
    inside = dialog_in_front(facts, elements, hiding)
    assert inside and not searched_in_front(elements, inside)
