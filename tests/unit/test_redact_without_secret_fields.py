"""redact_tree on a capture without secret fields (most pages; design note 106): it scrubs
the kept nodes and asks no node whether it is a secret field. The trees it leaves and the
count it returns are those of the walk over every node (kept here as the reference), on
random trees with tokens and URLs in names, values and states, kept sets given as a dict,
as a list with repeats and with ids the tree does not hold."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from axsnap_host.pipeline.ax import redact
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.redaction import mask
from axsnap_host.pipeline.secrets import SecretFields

_TEXTS = ["Sign in", "", "token sk-live-AbCdEfGh1234567890ZyXw here",
          "see https://example.test/a?session=abcdef0123456789abcdef&x=1", "4111 1111 1111 1111",
          "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl", "plain words"]


def _reference(tree: FlatTree, kept: Any, secrets: SecretFields) -> int:
    """redact_tree as main had it before note 106: every node asked, in pre-order."""
    kept_set = set(kept)
    masked = 0
    inside_secret: set[str] = set()
    for nid in list(tree.nodes):
        node = tree.nodes[nid]
        secret = node.parent in inside_secret if node.parent else False
        if not secret:
            kind = secrets.kind(node.frame_id, node.backend_id)
            if kind is not None:
                secret = True
                if nid in kept_set:
                    node.value = mask(node.value)
                    state = dict(node.state)
                    if "valuetext" in state:
                        state["valuetext"] = mask(str(state["valuetext"]))
                    state["secret"] = kind
                    node.state = state
                    masked += 1
        elif nid in kept_set:
            if node.name:
                node.name = mask(node.name)
                masked += 1
            if node.value is not None:
                node.value = mask(node.value)
        if secret:
            inside_secret.add(nid)
        if nid in kept_set:
            masked += redact.scrub_node(node)
    return masked


def _tree(rng: random.Random) -> FlatTree:
    nodes: dict[str, FlatNode] = {}
    for i in range(rng.randrange(1, 60)):
        parent = f"0-{rng.randrange(i)}" if i else None
        state: dict[str, Any] = {}
        if rng.random() < 0.3:
            state["url"] = rng.choice(_TEXTS)
        if rng.random() < 0.2:
            state["valuetext"] = rng.choice(_TEXTS)
        nodes[f"0-{i}"] = FlatNode(
            id=f"0-{i}", role=rng.choice(["link", "textbox", "StaticText"]),
            name=rng.choice(_TEXTS), value=rng.choice([None, *_TEXTS]), state=state, frame=0,
            ax_id=str(i), backend_id=rng.choice([None, 100 + i]), frame_id="F",
            children=[], parent=parent)
        if parent is not None:
            nodes[parent].children.append(f"0-{i}")
    return FlatTree(root_id="0-0", nodes=nodes, frames=[])


def _kept(rng: random.Random, tree: FlatTree) -> Any:
    ids = [nid for nid in tree.nodes if rng.random() < 0.6]
    shape = rng.randrange(3)
    if shape == 0:
        return {nid: [] for nid in ids}
    if shape == 1:
        return ids + ids[: len(ids) // 2]  # repeats
    return [*ids, "0-404", "1-ax7"]  # ids the tree does not hold


def test_without_secret_fields_the_tree_and_count_are_the_walks() -> None:
    rng = random.Random(106)
    none = SecretFields({}, {})
    for _ in range(300):
        tree = _tree(rng)
        kept = _kept(rng, tree)
        theirs = dataclasses.replace(tree, nodes={
            nid: dataclasses.replace(node, children=list(node.children))
            for nid, node in tree.nodes.items()})
        assert redact.redact_tree(tree, kept, none) == _reference(theirs, kept, none)
        assert tree == theirs
        assert redact.redact_tree(tree, kept, none, scrub=False) == 0


def test_without_secret_fields_no_node_is_asked_whether_it_is_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []
    monkeypatch.setattr(SecretFields, "kind", lambda self, *key: asked.append(key))
    tree = _tree(random.Random(3))
    redact.redact_tree(tree, dict.fromkeys(tree.nodes), SecretFields({}, {}))
    assert asked == []  # (before note 106: once a node)


def test_with_a_secret_field_the_walk_masks_it_as_before() -> None:
    rng = random.Random(5)
    for _ in range(100):
        tree = _tree(rng)
        kept = _kept(rng, tree)
        some = [n for n in tree.nodes.values() if n.backend_id is not None]
        if not some:
            continue
        secrets = SecretFields({("F", rng.choice(some).backend_id or 0): "password"}, {})
        theirs = dataclasses.replace(tree, nodes={
            nid: dataclasses.replace(node, children=list(node.children))
            for nid, node in tree.nodes.items()})
        assert redact.redact_tree(tree, kept, secrets) == _reference(theirs, kept, secrets)
        assert tree == theirs
