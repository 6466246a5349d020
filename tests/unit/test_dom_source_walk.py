"""The whole-page DOM channel read from the walk alone (``dom_source="walk"``, issue 33).

The extension takes no DOMSnapshot then: only the records DOM text can list carry their
backendNodeId (``b``), and a click listener's node is marked on its record (``k``) through
the walker's own ids (extension/lib/walker/walker_ids_listable.js). The host must render
that capture as it renders the DOMSnapshot-joined one.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from walker_listed import walker_listed

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.dom.walker_merge import join
from axsnap_host.pipeline.elements.clickable_by_nature import ClickableByNature
from axsnap_host.pipeline.state import TabState

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
WHOLE = SnapshotOptions(format="elements", viewport_only=False, dom_source="walk")


def walked(data: dict[str, Any]) -> dict[str, Any]:
    """The capture the walk alone gives of the same page: no DOMSnapshot, ids on the
    listable records and on the click listeners' records only (``k``: what DOMSnapshot
    calls clickable and no rule of clickable_by_nature.py tells: a listener)."""
    out = copy.deepcopy(data)
    joined = join(RawCapture.model_validate(data))
    records = out["walker"]["elements"]
    frame_ids = {j.frame: j.frame_id for j in joined if j.frame_id}
    nature = ClickableByNature()
    listed = set(walker_listed(records))  # the walker's rule (src/listable.js), run in node
    for i, (j, rec) in enumerate(zip(joined, records, strict=True)):
        listener = j.clickable and not nature.add(rec, j.tag)
        if j.backend_node_id is not None and (i in listed or listener):
            rec["b"] = j.backend_node_id
        if listener:
            rec["k"] = 1
    for i, frame in enumerate(out["walker"]["frames"]):
        frame["frameId"] = frame_ids.get(i)
    out["walker"].setdefault("stats", {})["ids"] = {"listable": 1}
    out["dom_snapshot"] = None
    return out


def test_the_walk_alone_renders_what_the_snapshot_join_renders() -> None:
    data = json.loads((FIXTURES / "dom_basic_whole.json").read_text())
    assert data["dom_snapshot"]
    base = build_dom_result(RawCapture.model_validate(data), WHOLE, TabState(1))
    alone = walked(data)
    taken = sum(1 for rec in alone["walker"]["elements"] if "b" in rec)
    assert 0 < taken < len(alone["walker"]["elements"])  # not every record carries an id
    result = build_dom_result(RawCapture.model_validate(alone), WHOLE, TabState(1))
    assert result["domtext"] == base["domtext"]
    assert result["elements"] == base["elements"]
    assert all(e["backendNodeId"] is not None for e in result["elements"])
    assert any("clickable" in e["reasons"] and e["tagName"] == "a" for e in result["elements"])
    links = [rec for rec in alone["walker"]["elements"]
             if str(rec.get("s", "")).rsplit("/", 1)[-1].split("[", 1)[0] == "a"]
    assert links and not any("k" in rec for rec in links)  # links: clickable by nature

def test_dom_source_is_for_the_dom_channel_only() -> None:
    with pytest.raises(ValidationError, match=r"does not use dom_source \(domtext/elements/som\)"):
        SnapshotOptions(format="outline", scope="page", dom_source="snapshot")
    assert SnapshotOptions(format="outline").dom_source == "walk"  # the default, accepted
    with pytest.raises(ValidationError):
        SnapshotOptions(format="domtext", dom_source="ax")


def test_clickable_by_nature_follows_chromium() -> None:
    """The rules measured against DOMSnapshot's isClickable (clickable_by_nature.py)."""
    nature = ClickableByNature()
    records: list[tuple[dict[str, Any], str, bool]] = [
        ({"p": -1}, "html", False),
        ({"p": 0, "c": ["href"]}, "a", True),
        ({"p": 0}, "form", False),
        ({"p": 2, "c": ["form"], "a": {"type": "button"}}, "button", False),
        ({"p": 2, "c": ["form"]}, "button", True),  # submits its form
        ({"p": 0, "c": ["form"]}, "button", False),  # no form to submit
        ({"p": 2, "c": ["form"], "dis": 1}, "input", False),
        ({"p": 0, "c": ["form"]}, "input", True),
        ({"p": 0, "c": ["form"]}, "select", False),
        ({"p": 0, "c": ["form"]}, "textarea", False),
        ({"p": 0, "c": ["label"]}, "label", False),  # settled by its control (below)
        ({"p": 0}, "details", False),
        ({"p": 11, "c": ["form"]}, "summary", True),
        ({"p": 0, "c": ["editable"]}, "div", True),
        ({"p": 13}, "span", True),  # inside the editing host
        ({"p": 0, "c": ["form"]}, "option", False),
    ]
    assert [nature.add(rec, tag) for rec, tag, _ in records] == [want for *_, want in records]
    assert ClickableByNature.applies({"stats": {"ids": {"listable": 1}}}, has_snapshot=False)
    assert not ClickableByNature.applies({"stats": {"ids": {"listable": 1}}}, has_snapshot=True)
    assert not ClickableByNature.applies({"stats": {"ids": {}}}, has_snapshot=False)  # a window


@dataclass
class Rec:
    rec: dict[str, Any]
    tag: str
    frame: int = 0
    clickable: bool = False
    children: list[int] = field(default_factory=list)


def test_a_label_is_clickable_when_its_control_is() -> None:
    """Chromium's label answers for its control: a select's label is not clickable."""
    rows = [
        Rec({"p": -1}, "form"),
        Rec({"p": 0, "c": ["label"], "a": {"for": "when"}}, "label"),
        Rec({"p": 0, "c": ["form"], "a": {"id": "when"}}, "select"),
        Rec({"p": 0, "c": ["label"], "a": {"for": "mail"}}, "label"),
        Rec({"p": 0, "c": ["form"], "a": {"id": "mail"}}, "input"),
        Rec({"p": 0, "c": ["label"]}, "label", children=[6]),
        Rec({"p": 5}, "span", children=[7]),
        Rec({"p": 6, "c": ["form"]}, "textarea", clickable=True),  # a listener (k) on it
        Rec({"p": 0, "c": ["label"], "a": {"for": "unseen"}}, "label"),  # control not walked
    ]
    nature = ClickableByNature()
    for row in rows:
        row.clickable = nature.add(row.rec, row.tag) or row.clickable
    nature.finish(rows)
    assert [row.clickable for row in rows] == [False, False, False, True, True, True, False, True,
                                                  True]
