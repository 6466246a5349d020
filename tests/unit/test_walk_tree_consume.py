"""The walk tree's build lets each row go once added on a capture the host owns (design note
91), so a whole-page read does not hold its rows and its tree at once: the same tree."""

from __future__ import annotations

import copy

from test_outline_walk import walk_capture

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.build import HOST_OWNED
from axsnap_host.pipeline.axwalk.tree import build_walk_tree, walk_tree


def test_a_consumed_build_is_the_same_tree_and_lets_each_row_go() -> None:
    capture = RawCapture.model_validate(walk_capture())
    kept = copy.deepcopy(capture)
    consumed = build_walk_tree(capture, None, True)
    plain = build_walk_tree(kept)
    assert consumed == plain and list(consumed.nodes) == list(plain.nodes)
    assert all(row is None for row in (capture.walker or {})["axt"]["rows"])
    assert all(row is not None for row in (kept.walker or {})["axt"]["rows"])


def test_only_a_capture_the_host_owns_is_consumed() -> None:
    owned = RawCapture.model_validate(walk_capture())
    owned.derived[HOST_OWNED] = True
    rows = (owned.walker or {})["axt"]["rows"]
    others = RawCapture.model_validate(walk_capture())
    assert walk_tree(owned) == walk_tree(others)
    assert rows == [] and len((others.walker or {})["axt"]["rows"]) == 14
