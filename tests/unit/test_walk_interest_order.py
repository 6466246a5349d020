"""prune's interest takes a walk tree's node order as its pre-order when the tree's build
proved it (pipeline/axwalk/tree.py ``_in_preorder``, ``prune.IN_PREORDER``, design note 227):
the same order, reach and interest as the walk of the children lists it skips."""

from __future__ import annotations

import random

import pytest
from test_outline_walk import walk_capture

import axsnap_host.pipeline.ax.prune as prune_module
import axsnap_host.pipeline.axwalk.tree as walk_module
from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.prune import IN_PREORDER, prune_interest, share_interest
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.axwalk.tree import build_walk_tree


def _walk_tree() -> FlatTree:
    return build_walk_tree(RawCapture.model_validate(walk_capture()))


def test_the_walk_tree_says_its_rows_made_the_preorder() -> None:
    tree = _walk_tree()
    assert tree.ahead.get(IN_PREORDER) is True
    assert list(tree.nodes) == prune_module._preorder(tree)


def test_share_interest_takes_that_order_without_walking_the_children(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Fails before note 227: the interest walked the children lists of every tree."""
    expected = prune_interest(_walk_tree())
    tree = _walk_tree()

    def walked(_: FlatTree) -> list[str]:
        raise AssertionError("the children lists walked again")

    monkeypatch.setattr(prune_module, "_preorder", walked)
    derived: dict[str, object] = {}
    share_interest(tree, derived)
    found = derived[prune_module.READ_INTEREST]
    assert isinstance(found, prune_module.Interest)
    assert (found.order, found.reached, found.interesting) == (
        expected.order, expected.reached, expected.interesting)
    assert IN_PREORDER not in tree.ahead  # taken: no later step reads it


def _random_tree(seed: int, size: int, preorder: bool) -> dict[str, FlatNode]:
    """Children appended as add() appends them (each node in its parent's list once);
    ``preorder``: each node's parent on the path to the node before it (rows in document
    order), else any node before it (a cross-site frame's rows after the page's)."""
    rng = random.Random(seed)
    nodes: dict[str, FlatNode] = {}
    path: list[str] = []
    for i in range(size):
        nid = f"0-{i}"
        parent: str | None = None
        if i:
            if preorder:
                del path[rng.randrange(1, len(path) + 1):]
                parent = path[-1]
            else:
                parent = f"0-{rng.randrange(i)}"
        nodes[nid] = FlatNode(nid, "generic", "", None, {}, 0, str(i), i, "F", [], parent)
        if parent is not None:
            nodes[parent].children.append(nid)
        path.append(nid)
    return nodes


@pytest.mark.parametrize("seed", range(60))
def test_a_proven_order_is_the_walk_of_the_children(seed: int) -> None:
    nodes = _random_tree(seed, 2 + seed * 5, preorder=seed % 3 != 0)
    proven = walk_module._in_preorder(nodes, "0-0")
    tree = FlatTree(root_id="0-0", nodes=nodes, frames=[])
    walked = prune_module._preorder(tree)
    if seed % 3:
        assert proven  # rows in document order always prove it
    if proven:
        assert list(nodes) == walked
        assert prune_interest(tree, True) == prune_interest(tree)
    else:  # (the tree's build puts them in the walk's order first, as before)
        assert list(walk_module._preorder(dict(nodes), "0-0")) == walked
