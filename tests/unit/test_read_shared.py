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
    # a format changes its tree's nodes through its own(): names, values, states, children
    for nid in list(first.nodes):
        node = first.own(first.nodes[nid])
        node.name, node.value = "changed", "changed"
        node.state = {**node.state, "secret": "password"}  # (a Mapping: never in place)
        node.children.append("0-none")
    first.frames[0].name = "changed"
    first.failures.append({"step": "stitch"})
    first.ahead.clear()
    assert all(node.name == "changed" for node in first.nodes.values())
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


def test_the_formats_share_the_walk_trees_nodes_and_copy_the_ones_they_change() -> None:
    """A copy of the walk tree is a new dict over the built tree's node objects (design
    note 106: no node is copied or packed for a format that does not change it); the node a
    format changes is copied into its tree alone, once. A role is one string however many
    rows name it (each row's own was 7 MB of every tree on the 100k page)."""
    capture = RawCapture.model_validate(walk_capture())
    for row in capture.walker["axt"]["rows"]:  # each row's role its own string, as parsed
        row[1] = "".join([row[1][:1], row[1][1:]]) if isinstance(row[1], str) else row[1]
    fresh = build_walk_tree(capture)
    roles: dict[str, set[int]] = {}
    for node in fresh.nodes.values():
        roles.setdefault(node.role, set()).add(id(node.role))
    assert all(len(ids) == 1 for ids in roles.values())
    built = dict(fresh.nodes)
    base = WalkBase(fresh)
    first, second = base.copy(), base.copy()
    assert all(first.nodes[nid] is node and second.nodes[nid] is node
               for nid, node in built.items())  # (before note 106: new objects a copy)
    nid = next(iter(built))
    mine = first.own(first.nodes[nid])
    assert mine is not built[nid] and first.nodes[nid] is mine and first.own(mine) is mine
    assert first.own(built[nid]) is mine  # (a node asked again by its shared object)
    mine.name = "changed"
    assert built[nid].name != "changed" and second.nodes[nid] is built[nid]
    taken = base.take()
    assert taken is fresh and all(taken.nodes[k] is node for k, node in built.items())
    assert taken.own(taken.nodes[nid]) is taken.nodes[nid]  # the last format's: in place


def _with_a_password_and_a_list(capture: dict[str, Any]) -> dict[str, Any]:
    """walk_capture with a filled password field (redaction masks it in every format) and a
    list of two items (SnapshotV1 gives each its level)."""
    records = capture["walker"]["elements"]
    records.append({"p": 1, "f": 0, "s": "input[2]", "r": [10, 90, 200, 20], "vis": 1,
                    "w": 10, "b": 100, "c": ["form"], "val": "hunter2-S3cret!",
                    "a": {"type": "password", "name": "password"}})
    rows = capture["walker"]["axt"]["rows"]
    rows += [[0, "textbox", "Password", "hunter2-S3cret!", 0, 10, 0],
             [0, "list", "", None, 0, 0, 0]]
    at = len(rows) - 1
    rows += [[at, "listitem", "", None, 0, 0, 0], [at + 1, "StaticText", "One", None, 0, 0, 0],
             [at, "listitem", "", None, 0, 0, 0], [at + 3, "StaticText", "Two", None, 0, 0, 0]]
    return capture


@pytest.mark.parametrize("variant", ["plain", "password and list"])
def test_no_format_changes_a_node_the_read_shares(
        monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    """Every change a format makes to its walk tree goes through its ``own`` (design note
    106): a write into a node the base still shares with the read's other formats fails
    here. Each format is the one a read of it alone gives."""
    from axsnap_host.pipeline.ax.tree import FlatNode

    shared: set[int] = set()
    original_init, original_take = WalkBase.__init__, WalkBase.take

    def keeping(self: WalkBase, tree: Any) -> None:
        original_init(self, tree)
        shared.update(map(id, tree.nodes.values()))

    def taking(self: WalkBase) -> Any:
        shared.clear()  # the last format's tree: its own to change
        return original_take(self)

    def guarded(self: Any, name: str, value: Any) -> None:
        if id(self) in shared and hasattr(self, name):
            raise AssertionError(f"{name} of {self.id} changed in place in a shared node")
        object.__setattr__(self, name, value)

    monkeypatch.setattr(WalkBase, "__init__", keeping)
    monkeypatch.setattr(WalkBase, "take", taking)
    monkeypatch.setattr(FlatNode, "__setattr__", guarded)

    def capture() -> RawCapture:
        raw = walk_capture()
        return RawCapture.model_validate(
            raw if variant == "plain" else _with_a_password_and_a_list(raw))

    every = read(capture(), {**WALK, "also_formats": ["outline", "domtext"]})
    outline_first = read(capture(), {"format": "outline", "scope": "page", "ax_source": "walk",
                                     "also_formats": ["snapshot"]})
    shared.clear()
    snapshot = read(capture(), WALK)
    outline = read(capture(), {"format": "outline", "scope": "page", "ax_source": "walk"})
    assert stable(every["snapshot"]) == stable(snapshot["snapshot"])
    assert stable(every["also"]["outline"]) == stable(outline)
    assert outline_first["also"]["snapshot"]["snapshot"]["ax_tree"] == \
        snapshot["snapshot"]["ax_tree"]
    assert {k: v for k, v in stable(outline_first).items() if k not in ("also", "stats")} == \
        {k: v for k, v in stable(outline).items() if k != "stats"}
    assert "hunter2" not in str(every)


def test_while_dom_text_runs_between_the_tree_formats_the_base_is_packed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """DOM text's build between the outline's and SnapshotV1's holds the walk base as
    marshal chunks, no node objects (the 100k page's were 55 MB there: the read's peak,
    design notes 57 and 106); read back, the tree is as built. A read whose tree formats
    follow each other packs nothing."""
    import gc

    import axsnap_host.pipeline.axwalk.base as base_module
    import axsnap_host.pipeline.run as run_module
    from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
    from axsnap_host.pipeline.axwalk.tree import WALK_BASE

    seen: list[bool] = []
    packs: list[int] = []
    original_build, original_pack = run_module.build_dom_result, base_module.WalkBase.pack

    def looking(capture: RawCapture, *rest: Any, **named: Any) -> Any:
        base = capture.derived.get(WALK_BASE)
        held, found = [getattr(base, slot) for slot in WalkBase.__slots__], []
        for _ in range(4):  # what the base holds, through its containers and trees
            found += held
            held = [obj for one in held if isinstance(one, tuple | list | dict | FlatTree)
                    for obj in gc.get_referents(one)]
        seen.append(base is not None and not any(isinstance(obj, FlatNode) for obj in found))
        return original_build(capture, *rest, **named)

    def counting(self: WalkBase) -> None:
        packs.append(1)
        original_pack(self)

    monkeypatch.setattr(run_module, "build_dom_result", looking)
    monkeypatch.setattr(base_module.WalkBase, "pack", counting)
    every = read(RawCapture.model_validate(walk_capture()),
                 {**WALK, "also_formats": ["outline", "domtext"]})
    assert seen == [True] and packs == [1]
    alone = read(RawCapture.model_validate(walk_capture()), WALK)
    assert stable(every["snapshot"]) == stable(alone["snapshot"])
    packs.clear()
    read(RawCapture.model_validate(walk_capture()), {**WALK, "also_formats": ["outline"]})
    assert packs == []
    fresh = build_walk_tree(RawCapture.model_validate(walk_capture()))
    base = WalkBase(build_walk_tree(RawCapture.model_validate(walk_capture())))
    base.pack()
    assert base.copy() == fresh and base.take() == fresh
