"""What the formats of one read share (pipeline/read_shared.py, design note 52): an
all-formats read from the walk builds its walk tree once and works out each record's element
facts once; each format still gets the result a read of it alone gives, no format sees
another's changes, and nothing shared outlives the read."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_outline_walk import walk_capture

import axsnap_host.pipeline.axwalk.tree as walk_module
import axsnap_host.pipeline.elements.model as model_module
from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.axwalk.tree import WalkBase, build_walk_tree
from host_harness import read_capture
from host_harness import without_volatile as stable

WALK = {"format": "snapshot", "scope": "page", "ax_source": "walk", "viewport_only": False}


def read(capture: RawCapture, options: dict[str, Any]) -> dict[str, Any]:
    return read_capture(capture, options)


def test_one_walk_read_builds_its_tree_and_element_facts_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    facts: list[tuple[int, str, str]] = []
    original_build, original_facts = walk_module.build_walk_tree, model_module.element_facts

    def counting_build(capture: RawCapture, *links: Any) -> Any:
        built.append(1)
        return original_build(capture, *links)

    def counting_facts(j: Any, role: str, name: str, *rest: Any) -> Any:
        facts.append((id(j), role, name))
        return original_facts(j, role, name, *rest)

    monkeypatch.setattr(walk_module, "build_walk_tree", counting_build)
    monkeypatch.setattr(model_module, "element_facts", counting_facts)
    capture = RawCapture.model_validate(walk_capture())
    every = read(capture, {**WALK, "also_formats": ["outline", "domtext"]})
    assert len(built) == 1  # the outline's and SnapshotV1's tree: one build
    assert facts and len(facts) == len(set(facts))  # each record's facts made once
    assert not {"walk_base", "join_facts", "more_formats"} & set(capture.derived)
    built.clear()
    snapshot = read(RawCapture.model_validate(walk_capture()), WALK)
    outline = read(RawCapture.model_validate(walk_capture()),
                   {"format": "outline", "scope": "page", "ax_source": "walk"})
    assert len(built) == 2  # one a read
    assert stable(every["snapshot"]) == stable(snapshot["snapshot"])
    assert stable(every["also"]["outline"]) == stable(outline)


def test_a_copy_of_the_walk_tree_is_the_tree_and_its_changes_stay_its_own() -> None:
    capture = RawCapture.model_validate(walk_capture())
    fresh = build_walk_tree(capture)
    base = WalkBase(build_walk_tree(capture))
    first = base.copy()
    assert first == fresh and list(first.nodes) == list(fresh.nodes)  # pre-order kept
    # a format changes its tree in place: names, values, states, children, frames
    for node in first.nodes.values():
        node.name, node.value = "changed", "changed"
        node.state = {**node.state, "secret": "password"}  # (a Mapping: never in place)
        node.children.append("0-none")
    first.frames[0].name = "changed"
    first.failures.append({"step": "stitch"})
    second = base.copy()
    assert second == fresh  # the next format's copy is as built
    taken = base.take()
    assert taken == fresh and all(
        dataclasses.asdict(a) == dataclasses.asdict(b)
        for a, b in zip(taken.nodes.values(), fresh.nodes.values(), strict=True))
    with pytest.raises(RuntimeError):
        base.copy()  # the last format took it: nothing is left to copy


def test_the_walk_rows_go_once_the_tree_is_built_on_a_capture_the_host_owns() -> None:
    from axsnap_host.pipeline.ax.build import HOST_OWNED

    owned = RawCapture.model_validate(walk_capture())
    owned.derived[HOST_OWNED] = True  # as the host marks the capture it parsed
    rows = owned.walker["axt"]["rows"]
    every = read(owned, {**WALK, "also_formats": ["outline", "domtext"]})
    assert rows == []  # freed in place (the message's parse holds the same list)
    theirs = RawCapture.model_validate(walk_capture())  # a caller's own capture
    alone = read(theirs, {**WALK, "also_formats": ["outline", "domtext"]})
    assert theirs.walker["axt"]["rows"]  # never changed
    assert stable(every["snapshot"]) == stable(alone["snapshot"])
    assert stable(every["also"]["outline"]) == stable(alone["also"]["outline"])


def test_the_walk_base_holds_the_tree_packed_and_equal_roles_as_one_string() -> None:
    """While a read's other formats run, its walk base holds no node objects (the 100k
    page's were 55 MB beside DOM text's build, the read's peak): its nodes are packed, and
    each copy read out of it is the tree as built. A role is one string however many rows
    name it (each row's own was 7 MB of every tree on that page)."""
    import gc

    from axsnap_host.pipeline.ax.tree import FlatNode

    capture = RawCapture.model_validate(walk_capture())
    for row in capture.walker["axt"]["rows"]:  # each row's role its own string, as parsed
        row[1] = "".join([row[1][:1], row[1][1:]]) if isinstance(row[1], str) else row[1]
    fresh = build_walk_tree(capture)
    roles: dict[str, set[int]] = {}
    for node in fresh.nodes.values():
        roles.setdefault(node.role, set()).add(id(node.role))
    assert all(len(ids) == 1 for ids in roles.values())
    base = WalkBase(fresh)
    held = [gc.get_referents(getattr(base, slot)) for slot in WalkBase.__slots__]
    assert not any(isinstance(obj, FlatNode) for objs in held for obj in objs)
    assert not any(isinstance(getattr(base, slot), dict) and any(
        isinstance(v, FlatNode) for v in getattr(base, slot).values())
        for slot in WalkBase.__slots__)
    assert base.copy() == fresh and base.take() == fresh
