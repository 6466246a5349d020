"""prune's interest in one top-down pass (pipeline/ax/prune.py prune_interest, design note 98)
equals the two passes it replaced (each node's context first, then each node judged), on
random trees of the roles, names, values and states the rules read, and on trees whose
parent links disagree with their children lists (a parent ordered after its child, a parent
no path reaches), where the one pass hands over to the two."""

from __future__ import annotations

import random

import pytest

from axsnap_host.pipeline.ax.prune import (
    _label_texts_naming_a_control,
    _preorder,
    _two_pass_interest,
    prune_interest,
)
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree

_ROLES = ["generic", "StaticText", "button", "link", "heading", "LabelText", "textbox",
          "list", "listitem", "cell", "main", "region", "group", "image", "paragraph",
          "ListMarker", "RootWebArea", "LayoutTableCell", "Section", "alert", "menuitem"]
_WORDS = ["", "", "Email", "email", "Save", "save changes", "  ", "Menu", "Home page"]
_STATES: list[dict[str, object]] = [{}, {}, {}, {"focused": True}, {"editable": "plaintext"},
                                    {"editable": "richtext", "focused": True}]


def _tree(seed: int, size: int) -> FlatTree:
    rng = random.Random(seed)
    nodes: dict[str, FlatNode] = {}
    ids = [f"0-{i}" for i in range(size)]
    for i, nid in enumerate(ids):
        parent = None if i == 0 else ids[rng.randrange(i)]
        nodes[nid] = FlatNode(nid, rng.choice(_ROLES), rng.choice(_WORDS),
                              rng.choice([None, None, "", "save"]), rng.choice(_STATES), 0,
                              str(i), i, "F", [], parent)
        if parent is not None:
            nodes[parent].children.append(nid)
    return FlatTree(root_id=ids[0], nodes=nodes, frames=[])


def _two_passes(tree: FlatTree) -> tuple[list[str], frozenset[str]]:
    order = _preorder(tree)
    found = _two_pass_interest(tree.nodes, order,
                               _label_texts_naming_a_control(tree.nodes, order))
    return found.order, found.interesting


@pytest.mark.parametrize("seed", range(40))
def test_one_pass_equals_the_two_passes(seed: int) -> None:
    tree = _tree(seed, 5 + seed * 7)
    found = prune_interest(tree)
    assert (found.order, found.interesting) == _two_passes(tree)
    assert found.reached == frozenset(found.order)


def _node(nid: str, role: str, name: str, children: list[str], parent: str | None
          ) -> FlatNode:
    return FlatNode(nid, role, name, None, {}, 0, nid, None, "F", children, parent)


def test_a_parent_ordered_after_its_child_is_judged_as_the_two_passes_judge_it() -> None:
    # the root lists 0-1 then 0-2; 0-1 lists 0-3, whose parent link names 0-2 (a button),
    # which the walk reaches after it: its context is not set when 0-3 is judged in one pass
    nodes = {"0-0": _node("0-0", "RootWebArea", "", ["0-1", "0-2"], None),
             "0-1": _node("0-1", "generic", "", ["0-3"], "0-0"),
             "0-2": _node("0-2", "button", "Save", [], "0-0"),
             "0-3": _node("0-3", "StaticText", "Save", [], "0-2")}
    tree = FlatTree(root_id="0-0", nodes=nodes, frames=[])
    found = prune_interest(tree)
    assert found.order == ["0-0", "0-1", "0-3", "0-2"]
    assert (found.order, found.interesting) == _two_passes(tree)
    assert "0-3" not in found.interesting  # the button's text: said by its name
    assert "0-2" in found.interesting


def test_a_parent_no_path_reaches_gives_no_context() -> None:
    tree = _tree(3, 10)
    stray = FlatNode("0-99", "link", "Save", None, {"editable": "plaintext"}, 0, "99", 99,
                     "F", [], None)
    tree.nodes["0-99"] = stray
    child = tree.nodes["0-5"]
    child.parent, child.role, child.name = "0-99", "StaticText", "Save"
    found = prune_interest(tree)
    assert (found.order, found.interesting) == _two_passes(tree)
    assert "0-5" in found.interesting  # no context said it: its parent is read as none
