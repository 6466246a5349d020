"""Whole-page DOM elements named by the walker's own ids (``node_ids="walker"``, note 144).

The capture carries no backendNodeId but on the records that place a frame; each element
record says ``walkId`` (its record's ``w``) and no backendNodeId, its element id is
``{frame}-axw{walkId}``, and an act by its index or by that id resolves to that record.
Everything else (DOM text, indices, secrets' decisions) is the default read's.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from test_dom_source_walk import walked

from axsnap_host.act.service import Refusal, record_id, resolve_target
from axsnap_host.act.targets import parse_target
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.elements.walker_ids import by_walk_id, record_element_id
from axsnap_host.pipeline.state import TabState

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
WHOLE = {"format": "domtext", "viewport_only": False, "dom_source": "walk"}


def walker_capture(data: dict[str, Any]) -> dict[str, Any]:
    """The walk's capture named by the walker's ids: ``b`` only on the records that place
    a frame (walker_ids_listable.js frameIndices), ``k`` kept (the listener step)."""
    out = copy.deepcopy(walked(data))
    for rec in out["walker"]["elements"]:
        places = rec.get("p") == -1 or rec.get("s") == "html" or "fr" in rec or rec.get("xo") == 1
        if not places:
            rec.pop("b", None)
    return out


def dom(data: dict[str, Any], **options: Any) -> dict[str, Any]:
    return build_dom_result(RawCapture.model_validate(data),
                            SnapshotOptions(**{**WHOLE, **options}), TabState(1))


def tracked(data: dict[str, Any]) -> dict[str, Any]:
    """The recorded capture as a tracked walk gives it: each record its world's id ``w``."""
    out = copy.deepcopy(data)
    out["walker"]["world"] = "world-1"
    for frame in out["frames"]:  # a whole-page DOM read asks no AX tree (include_ax unset)
        frame["axNodes"] = []
    for i, rec in enumerate(out["walker"]["elements"]):
        rec["w"] = 100 + 3 * i
    return out


def test_the_same_dom_text_and_elements_but_for_the_ids() -> None:
    data = tracked(json.loads((FIXTURES / "dom_basic_whole.json").read_text()))
    default = dom(walked(data))
    mine = dom(walker_capture(data), node_ids="walker")
    assert mine["domtext"] == default["domtext"]
    assert mine["indices"] == default["indices"]
    assert len(mine["elements"]) == len(default["elements"]) > 3
    for was, now in zip(default["elements"], mine["elements"], strict=True):
        assert was["backendNodeId"] is not None and now["backendNodeId"] is None
        assert isinstance(now["walkId"], int) and now["walkId"] >= 100
        assert {k: v for k, v in now.items() if k not in ("backendNodeId", "walkId")} == {
            k: v for k, v in was.items() if k != "backendNodeId"}
    ids = [record_element_id(e) for e in mine["elements"]]
    assert len(set(ids)) == len(ids) and all(i and "-axw" in i for i in ids)


def test_secrets_decided_the_same_without_backend_ids() -> None:
    data = tracked(json.loads((FIXTURES / "dom_basic_whole.json").read_text()))
    default = dom(walked(data))
    mine = dom(walker_capture(data), node_ids="walker")
    password = [e for e in default["elements"] if e["attributes"].get("type") == "password"]
    assert password and all(e.get("secret") for e in password)
    assert mine["stats"]["dom_redacted"] == default["stats"]["dom_redacted"] > 0
    assert [(e.get("value"), e.get("secret")) for e in mine["elements"]] == [
        (e.get("value"), e.get("secret")) for e in default["elements"]]


def test_record_ids() -> None:
    assert record_element_id({"frame": 1, "backendNodeId": 29}) == "1-29"
    assert record_element_id({"frame": 0, "backendNodeId": None, "walkId": 57}) == "0-axw57"
    assert record_element_id({"frame": 0, "backendNodeId": None}) is None
    assert record_id({"frame": 2, "backendNodeId": None, "walkId": 3}) == "2-axw3"
    records = [{"frame": 0, "walkId": 5, "index": 1}, {"frame": 1, "walkId": 5, "index": 2}]
    assert by_walk_id(records, 1, 5) is records[1]
    assert by_walk_id(records, 0, 6) is None


def test_an_act_by_index_or_walk_id_names_the_walker_record() -> None:
    state = TabState(1)
    elements = [{"index": 4, "frame": 0, "backendNodeId": None, "walkId": 57,
                 "tagName": "input", "role": "textbox", "secret": True},
                {"index": 5, "frame": 0, "backendNodeId": None, "walkId": 58, "tagName": "button",
                 "role": "button", "text": "Go"}]
    by_index = resolve_target(parse_target(4), elements, state, "fill")
    assert by_index["id"] == "0-axw57" and by_index["secret"] is True
    by_id = resolve_target(parse_target("0-axw58"), elements, state, "click")
    assert by_id["id"] == "0-axw58" and by_id["index"] == 5 and by_id["tag"] == "button"
    unknown = resolve_target(parse_target("0-axw99"), elements, state, "click")
    assert unknown["id"] == "0-axw99" and unknown["index"] is None  # the extension decides
    with pytest.raises(Refusal):
        resolve_target(parse_target(9), elements, state, "click")


def test_the_option_is_for_a_whole_page_dom_read_from_the_walk() -> None:
    assert SnapshotOptions(**WHOLE, node_ids="walker").node_ids == "walker"
    assert SnapshotOptions(**{**WHOLE, "format": "elements"}, node_ids="walker")
    assert SnapshotOptions().node_ids == "backend"
    for wrong in ({"viewport_only": True}, {"dom_source": "snapshot"}, {"format": "som"},
                  {"vision": True}, {"include_ax": True}):
        with pytest.raises(ValidationError, match="node_ids 'walker'"):
            SnapshotOptions(**{**WHOLE, **wrong, "node_ids": "walker"})
    # SnapshotV1 and the outline of the whole page from the walk (design note 154)
    for fmt in ("snapshot", "outline"):
        assert SnapshotOptions(format=fmt, scope="page", node_ids="walker").node_ids == "walker"
        for wrong in ({"scope": "viewport"}, {"ax_source": "chromium"},
                      {"viewport_only": False, "also_formats": ["domtext"]}):
            with pytest.raises(ValidationError, match="node_ids 'walker'"):
                SnapshotOptions(**{"format": fmt, "scope": "page", "node_ids": "walker",
                                   **wrong})
    with pytest.raises(ValidationError, match="does not use node_ids"):
        SnapshotOptions(format="semantic", node_ids="walker")


def frames_way(data: dict[str, Any]) -> dict[str, Any]:
    """The walk's capture named by the walker's ids as its take's frames way gives it: ``b``
    on the records that place a frame and on those a click listener marked (``k``: the
    listener step resolves their nodes and writes both), none on any other listable record."""
    out = copy.deepcopy(walked(data))
    for rec in out["walker"]["elements"]:
        places = rec.get("p") == -1 or rec.get("s") == "html" or "fr" in rec or rec.get("xo") == 1
        if not places and not rec.get("k"):
            rec.pop("b", None)
    return out


def test_the_unjoined_count_is_the_same_whichever_way_the_take_went() -> None:
    """The listed way (every listable record's id taken for the listener step) and the frames
    way of one page give one reply, ``walker_unjoined`` included (design note 225): it counts
    the records without an id every way learns. The frames way's count is as before."""
    data = tracked(json.loads((FIXTURES / "dom_basic_whole.json").read_text()))
    listed, frames = walked(data), frames_way(data)
    with_id = [sum(1 for rec in capture["walker"]["elements"] if "b" in rec)
               for capture in (listed, frames)]
    assert with_id[0] > with_id[1] > 0  # the two ways differ in what they took
    assert any(rec.get("k") for rec in frames["walker"]["elements"])  # a marked record kept
    by_listed, by_frames = dom(listed, node_ids="walker"), dom(frames, node_ids="walker")
    records = len(frames["walker"]["elements"])
    assert by_frames["stats"]["walker_unjoined"] == records - with_id[1]
    assert by_listed["stats"] == by_frames["stats"]
    assert by_listed == by_frames
    # a read named by backendNodeIds counts every record without one, as before
    assert dom(listed)["stats"]["walker_unjoined"] == records - with_id[0]
