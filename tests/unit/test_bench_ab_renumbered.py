"""bench_ab_whole_page --compare-all: two browsers' results equal up to node numbering."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from bench_ab_whole_page import whole_difference


def _reply(owner: int, node: int) -> dict[str, object]:
    return {"result": {"snapshot": {
        "frames": [{"frameId": "0", "ownerBackendNodeId": None},
                   {"frameId": "1", "ownerBackendNodeId": owner}],
        "ax_tree": {"nodes": [{"id": f"0-{node}", "backendNodeId": node}]}}}}


def test_a_frames_owner_numbered_otherwise_is_the_same() -> None:
    # Chromium numbers a node when a command first names it: another build's order of
    # commands gives the same frame owner another number
    assert whole_difference(_reply(60887, 12), _reply(60895, 15)) == ""


def test_an_owner_that_is_another_node_is_a_difference() -> None:
    # the frame's owner the node the tree lists in one build, another node in the other
    assert whole_difference(_reply(12, 12), _reply(60887, 12)) != ""
