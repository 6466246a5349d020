"""Property tests: flatten and prune keep a proper tree on any AX graph Chrome could send
(or garble): cycles, shared and missing children, ignored nodes anywhere, bad fields."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.prune import prune
from axsnap_host.pipeline.ax.tree import flatten

ROLES = ["RootWebArea", "generic", "button", "link", "StaticText", "heading", "list",
         "listitem", "none", "textbox", "Iframe", "InlineTextBox", "paragraph"]


@st.composite
def ax_graphs(draw: Any) -> list[dict[str, Any]]:
    size = draw(st.integers(min_value=1, max_value=25))
    nodes = []
    for i in range(size):
        children = draw(st.lists(st.integers(min_value=0, max_value=size + 3), max_size=5))
        node: dict[str, Any] = {
            "nodeId": str(i),
            "role": {"type": "role", "value": draw(st.sampled_from(ROLES))},
            "childIds": [str(c) for c in children],
            "ignored": draw(st.booleans()),
        }
        if draw(st.booleans()):
            node["name"] = {"type": "computedString", "value": draw(st.text(max_size=8))}
        if draw(st.booleans()):
            node["backendDOMNodeId"] = draw(st.integers(min_value=1, max_value=size))
        if i and draw(st.booleans()):
            node["parentId"] = str(draw(st.integers(min_value=0, max_value=i - 1)))
        garbage = draw(st.sampled_from([None, "childIds", "properties", "value"]))
        if garbage == "childIds":
            node["childIds"] = 7
        elif garbage == "properties":
            node["properties"] = {"not": "a list"}
        elif garbage == "value":
            node["value"] = {"type": "integer", "value": 3}
        nodes.append(node)
    nodes[0].pop("parentId", None)
    return nodes


def check_tree(root: str | None, children_of: dict[str, list[str]]) -> None:
    if root is None:
        assert children_of == {}
        return
    seen: set[str] = set()
    stack = [root]
    while stack:
        nid = stack.pop()
        assert nid not in seen, "a node appears twice"
        seen.add(nid)
        stack.extend(children_of[nid])
    assert seen == set(children_of), "every node is reachable exactly once"


@settings(max_examples=300, deadline=None)
@given(ax_graphs())
def test_flatten_and_prune_always_give_a_tree(nodes: list[dict[str, Any]]) -> None:
    capture = RawCapture.model_validate(
        {"frames": [{"frameId": "F", "captured": True, "axNodes": nodes}]}
    )
    tree = flatten(capture)
    ignored_ids = {n["nodeId"] for n in nodes if n["ignored"]}
    for node in tree.nodes.values():
        assert node.ax_id not in ignored_ids
        assert node.role != "InlineTextBox"
        for child in node.children:
            assert tree.nodes[child].parent == node.id
    for pruned in (False, True):
        result = prune(tree, pruned=pruned)
        check_tree(result.root_id, result.kept)
        if not pruned:
            reachable = set(result.kept)
            assert all(tree.nodes[c].parent in reachable for c in reachable - {result.root_id})
