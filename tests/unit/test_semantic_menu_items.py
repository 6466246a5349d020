"""A menu's items are no list items (issue 31, design note 271): the host's window facts count an
`<li>` as the page's list only when neither its own ARIA role nor its box (role, class or id) makes
it a menu's, a tab list's or a tree's item; the walker's tally (`tally_words.js menuItem`)
agrees."""

from __future__ import annotations

from axsnap_host.semantic.facts import Node, PageFacts
from axsnap_host.semantic.page_words import in_a_menu, in_menu_box


def _facts(chain: list[tuple[str, dict[str, str]]]) -> PageFacts:
    """A body holding each (tag, attrs) in the one before it; the last is the node asked of."""
    rows = [("body", {}), *chain]
    nodes = [Node(rid=i, parent=i - 1, tag=tag, attrs=attrs, text="", box=(0, 0, 100, 20),
                  in_viewport=True) for i, (tag, attrs) in enumerate(rows)]
    for node in nodes[1:]:
        nodes[node.parent].children.append(node.rid)
    return PageFacts(url="http://127.0.0.1/", title="Console", nodes=nodes,
                     viewport=(1280.0, 757.0), scroll=(0.0, 0.0), page_size=(1280.0, 757.0),
                     frames=[], semantic_mode=True)


def _item(*chain: tuple[str, dict[str, str]]) -> bool:
    facts = _facts(list(chain))
    return in_a_menu(facts.nodes[-1], facts)


def test_an_item_whose_own_role_is_a_menus_is_no_list_item() -> None:
    for role in ("menuitem", "menuitemradio", "tab", "treeitem", "menuitem presentation"):
        assert _item(("ul", {}), ("li", {"role": role})), role
    for attrs in ({}, {"role": "listitem"}, {"role": "option"}):
        assert not _item(("ul", {}), ("li", attrs)), attrs


def test_an_item_in_a_box_whose_role_id_or_class_names_a_menu() -> None:
    assert _item(("ul", {"role": "menu"}), ("li", {}))
    assert _item(("ul", {"role": "tree"}), ("li", {}))
    assert _item(("div", {"id": "navigation"}), ("ul", {}), ("li", {}))
    assert _item(("ul", {"id": "menu_create_div"}), ("li", {}))
    assert _item(("ul", {"class": "side-nav"}), ("li", {}))
    assert not _item(("ul", {"id": "menuiserie"}), ("li", {}))
    assert not _item(("div", {"id": "results"}), ("ul", {}), ("li", {}))
    # (looked for up to the body or <main>: a <main> inside a menu-named box is content)
    assert not _item(("div", {"id": "nav-wrapper"}), ("main", {}), ("ul", {}), ("li", {}))


def test_a_box_whose_id_names_the_header() -> None:
    facts = _facts([("div", {"id": "header"}), ("form", {}), ("input", {})])
    assert in_menu_box(facts.nodes[-1], facts)
