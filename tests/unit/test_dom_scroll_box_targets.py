"""A scroll box holds no control (issue 31, design note 277): the labels and pointer-styled
rows inside a box that scrolls are targets of their own, whether or not the box is focusable
to scroll by keys (Streamlit's `<main tabindex=0>`); a real control still takes in the weak
parts inside it."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.choose import select_interactive
from axsnap_host.pipeline.dom.walker_merge import Joined


def _page(box_reasons: list[str]) -> list[Joined]:
    records: list[tuple[str, dict[str, Any]]] = [
        ("body", {"p": -1}),
        ("main", {"p": 0, "c": box_reasons, "tx": "Checkout"}),
        ("label", {"p": 1, "c": ["label", "pointer"], "tx": "Collect at the workshop"}),
        ("div", {"p": 1, "c": ["pointer"], "tx": "Post it to me"}),
    ]
    return [Joined(rid=rid, rec={"vis": 1, "win": 1, "r": [0, 0, 100, 20], **rec}, tag=tag,
                   xpath=f"/x[{rid}]", frame=0, clickable=False, ax_role=None)
            for rid, (tag, rec) in enumerate(records)]


def _listed(box_reasons: list[str]) -> list[str]:
    return [j.tag for j, _ in select_interactive(_page(box_reasons), SnapshotOptions())]


def test_a_scroll_box_focusable_or_not_holds_no_control() -> None:
    for reasons in (["scroll"], ["tabindex", "scroll"], ["scroll", "tabindex"]):
        assert _listed(reasons) == ["main", "label", "div"], reasons


def test_a_control_takes_in_its_weak_parts() -> None:
    # a button, or a focusable box that scrolls and says it is a control by its role
    for reasons in (["button"], ["role", "scroll", "tabindex"]):
        assert _listed(reasons) == ["main"], reasons
