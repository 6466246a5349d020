"""Flattening, frame stitching and pruning on a recorded capture and on small hand cases."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.controls import clickable_ids
from axsnap_host.pipeline.ax.prune import prune
from axsnap_host.pipeline.ax.tree import flatten
from axsnap_host.pipeline.dom.index import DomIndex


def ax(node_id: str, role: str, name: str = "", children: tuple[str, ...] = (), **extra: Any):
    node: dict[str, Any] = {
        "nodeId": node_id,
        "role": {"type": "role", "value": role},
        "childIds": list(children),
    }
    if name:
        node["name"] = {"type": "computedString", "value": name}
    node.update(extra)
    return node


def one_frame(*nodes: dict[str, Any]) -> RawCapture:
    return RawCapture.model_validate(
        {"frames": [{"frameId": "F0", "captured": True, "axNodes": list(nodes)}]}
    )


@pytest.fixture(scope="module")
def login_tree(login_capture: dict[str, Any]):
    return flatten(RawCapture.model_validate(login_capture))


def test_ids_are_frame_ordinal_and_backend_node_id(login_tree) -> None:
    assert login_tree.root_id == "0-1"
    button = next(n for n in login_tree.nodes.values() if n.name == "Frame button")
    assert button.id == f"1-{button.backend_id}" and button.frame == 1
    # InlineTextBox nodes (no DOM node) are dropped; nothing else lacks a backend id here
    assert all(n.role != "InlineTextBox" for n in login_tree.nodes.values())


def test_ignored_nodes_are_lifted_and_their_children_kept(login_tree, login_capture) -> None:
    raw = {n["nodeId"]: n for n in login_capture["frames"][0]["axNodes"]}
    ignored = [n for n in raw.values() if n.get("ignored")]
    assert ignored, "fixture should hold ignored nodes"
    for node in ignored:
        assert f"0-{node['backendDOMNodeId']}" not in login_tree.nodes
    # The 11 ignored wrappers around the deep link are gone; the link is still reachable.
    link = next(n for n in login_tree.nodes.values() if n.name == "Deeply wrapped link")
    parent = login_tree.nodes[link.parent]
    assert parent.role == "generic"
    assert login_tree.nodes[parent.parent].role == "main"
    # The ignored <html>/<body> under the root are lifted: banner is a child of the root.
    assert "0-24" in login_tree.nodes["0-1"].children


def test_child_frame_is_stitched_under_its_iframe(login_tree) -> None:
    frame = login_tree.frames[1]
    assert frame.owner_backend_id is not None
    iframe = login_tree.nodes[f"0-{frame.owner_backend_id}"]
    assert iframe.role == "Iframe"
    child_root = login_tree.nodes[iframe.children[0]]
    assert child_root.role == "RootWebArea" and child_root.frame == 1
    assert frame.owner_id == iframe.id
    assert login_tree.failures == []


def test_cycles_and_missing_children_are_tolerated() -> None:
    capture = one_frame(
        ax("1", "RootWebArea", "Page", ("2", "404")),
        ax("2", "generic", children=("3",), parentId="1", ignored=True),
        ax("3", "button", "Go", ("1", "2"), parentId="2", backendDOMNodeId=30),
    )
    tree = flatten(capture)
    assert list(tree.nodes) == ["0-ax1", "0-30"]
    assert tree.nodes["0-ax1"].children == ["0-30"]
    assert tree.nodes["0-30"].children == []


def test_frame_without_owner_hangs_under_parent_root_and_failed_frame_reported() -> None:
    capture = RawCapture.model_validate(
        {
            "frames": [
                {"frameId": "M", "captured": True, "axNodes": [ax("1", "RootWebArea", "Main")]},
                {
                    "frameId": "C",
                    "parentFrameId": "M",
                    "captured": True,
                    "ownerBackendNodeId": 999,
                    "axNodes": [ax("1", "RootWebArea", "Child", ("2",)),
                                ax("2", "link", "In child", parentId="1")],
                },
                {"frameId": "X", "parentFrameId": "M", "captured": False,
                 "error": "Frame with the given id was not found.", "axNodes": []},
            ]
        }
    )
    tree = flatten(capture)
    assert tree.nodes["0-ax1"].children == ["1-ax1"]
    assert tree.nodes["1-ax1"].children == ["1-ax2"]
    assert tree.failures == [
        {"step": "ax_tree", "frame": "X", "reason": "Frame with the given id was not found."}
    ]


def test_state_keeps_meaningful_properties() -> None:
    capture = one_frame(
        ax(
            "1",
            "checkbox",
            "Agree",
            properties=[
                {"name": "checked", "value": {"type": "tristate", "value": "mixed"}},
                {"name": "disabled", "value": {"type": "boolean", "value": True}},
                {"name": "focusable", "value": {"type": "booleanOrUndefined", "value": True}},
                {"name": "invalid", "value": {"type": "token", "value": "false"}},
                {"name": "level", "value": {"type": "integer", "value": 2}},
                {"name": "required", "value": {"type": "boolean", "value": False}},
            ],
        )
    )
    node = flatten(capture).nodes["0-ax1"]
    assert node.state == {"checked": "mixed", "disabled": True, "level": 2}


def test_prune_keeps_actionable_nodes_with_context_and_drops_wrappers(
    login_tree, login_capture
) -> None:
    dom = DomIndex(login_capture["dom_snapshot"], login_capture["dom_snapshot_styles"])
    result = prune(login_tree, clickable=clickable_ids(login_tree, dom))
    kept = {nid: login_tree.nodes[nid] for nid in result.kept}
    roles = {n.role for n in kept.values()}
    assert {"button", "link", "textbox", "checkbox", "heading", "navigation"} <= roles
    names = {n.name for n in kept.values()}
    assert {"Sign in", "Deeply wrapped link", "Shadow button", "Frame button", "Bank logo",
            "Shadow says hi"} <= names
    # unnamed generic wrappers are gone, the clickable one (onclick) stays
    generics = [n for n in kept.values() if n.role == "generic"]
    assert [n.name for n in generics] == [""] and len(generics) == 1
    clickable_div = generics[0]
    assert login_tree.nodes[clickable_div.children[0]].name == "Clickable div"
    # text that repeats its control's name is dropped (button "Sign in" > StaticText)
    assert not any(n.role == "StaticText" and n.name == "Sign in" for n in kept.values())
    # labels that only repeat the field's name are dropped too
    assert not any(n.role == "LabelText" for n in kept.values())
    # the deep link now hangs directly under main
    main = next(n for n in kept.values() if n.role == "main")
    link = next(n for n in kept.values() if n.name == "Deeply wrapped link")
    assert link.id in result.kept[main.id]
    # every cached node but the root has a kept parent listing it
    listed = [c for children in result.kept.values() for c in children]
    assert sorted(listed) == sorted(set(result.kept) - {result.root_id})
    assert result.pruned == result.total - len(result.kept) > 0


def test_unpruned_keeps_every_unignored_node(login_tree) -> None:
    result = prune(login_tree, pruned=False)
    assert len(result.kept) == len(login_tree.nodes) == result.total
    assert result.pruned == 0
    for nid, children in result.kept.items():
        assert children == login_tree.nodes[nid].children


def _named(value: str, *source_values: str, superseded_first: bool = False) -> dict[str, Any]:
    sources = [{"type": "attribute", "attribute": "aria-labelledby"}]
    for i, said in enumerate(source_values):
        sources.append({"type": "attribute", "superseded": superseded_first and i == 0,
                        "value": {"type": "computedString", "value": said}})
    return {"type": "computedString", "value": value, "sources": sources}


@pytest.mark.parametrize(("name", "expected"), [
    (_named("Month Month", "Month"), "Month"),  # Chromium's date-field parts
    (_named("Show date picker Show date picker", "Show date picker"), "Show date picker"),
    (_named("Bora Bora", "Bora Bora"), "Bora Bora"),  # really said twice by the page
    ({"type": "computedString", "value": "Bora Bora"}, "Bora Bora"),  # no sources: as is
    (_named("Day Day", "Night", "Day"), "Day Day"),  # the winning source said something else
    (_named("Day Day", "Night", "Day", superseded_first=True), "Day"),
])
def test_names_chromium_says_twice_are_said_once(name: dict[str, Any], expected: str) -> None:
    tree = flatten(one_frame(ax("1", "RootWebArea", children=("2",)),
                             ax("2", "spinbutton", backendDOMNodeId=2) | {"name": name}))
    assert tree.nodes["0-2"].name == expected
