"""Rows the AX tree ignores made nodes again (pipeline/ax/controls.py, issue 30)."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.controls import unignore
from axsnap_host.pipeline.ax.tree import flatten


def ax(node_id: str, role: str, name: str = "", children: tuple[str, ...] = (),
       **extra: Any) -> dict[str, Any]:
    node: dict[str, Any] = {"nodeId": node_id, "role": {"type": "role", "value": role},
                            "childIds": list(children), "backendDOMNodeId": int(node_id)}
    if name:
        node["name"] = {"type": "computedString", "value": name}
    node.update(extra)
    return node


def mail_list() -> RawCapture:
    """main > (row: div[ignored] > checkbox, span[ignored] > text) x 2, then a heading."""
    return RawCapture.model_validate({"frames": [{"frameId": "F0", "captured": True, "axNodes": [
        ax("1", "RootWebArea", "Mail", ("2",)),
        ax("2", "main", children=("10", "20", "30"), parentId="1"),
        ax("10", "none", children=("11", "12"), parentId="2", ignored=True),
        ax("11", "checkbox", parentId="10"),
        ax("12", "none", children=("13",), parentId="10", ignored=True),
        ax("13", "StaticText", "Ada Lovelace", parentId="12"),
        ax("20", "none", children=("21", "22"), parentId="2", ignored=True),
        ax("21", "checkbox", parentId="20"),
        ax("22", "StaticText", "Alan Turing", parentId="20"),
        ax("30", "heading", "End", parentId="2"),
    ]}]})


def test_an_ignored_row_becomes_the_parent_of_what_flatten_lifted_out_of_it() -> None:
    capture = mail_list()
    tree = flatten(capture)
    assert tree.nodes["0-2"].children == ["0-11", "0-13", "0-21", "0-22", "0-30"]
    made = unignore(tree, capture, [("F0", 10), ("F0", 20), ("F0", 11), ("F1", 99)])
    assert made == {"0-10", "0-20"}
    assert tree.nodes["0-2"].children == ["0-10", "0-20", "0-30"]
    assert tree.nodes["0-10"].children == ["0-11", "0-13"]
    assert [tree.nodes[n].parent for n in ("0-11", "0-13", "0-21")] == ["0-10", "0-10", "0-20"]
    row = tree.nodes["0-10"]
    assert (row.role, row.name, row.parent, row.backend_id) == ("generic", "", "0-2", 10)
    # document pre-order, which later steps rely on
    assert list(tree.nodes) == ["0-1", "0-2", "0-10", "0-11", "0-13", "0-20", "0-21", "0-22",
                                "0-30"]


def test_a_box_with_nothing_kept_inside_stays_out() -> None:
    capture = RawCapture.model_validate({"frames": [{"frameId": "F0", "captured": True,
                                                     "axNodes": [
        ax("1", "RootWebArea", "Page", ("2", "3")),
        ax("2", "none", parentId="1", ignored=True),
        ax("3", "button", "Go", parentId="1"),
    ]}]})
    tree = flatten(capture)
    assert unignore(tree, capture, [("F0", 2)]) == frozenset()
    assert list(tree.nodes) == ["0-1", "0-3"]
