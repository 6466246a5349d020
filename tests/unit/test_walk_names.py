"""An act's capture read against elements named by the walker's own ids (note 148).

The act's captures name records by backendNodeId, but their walker records carry the same
tracked ids (``w``) as the walker-named read: the report finds a ``{frame}-axw{w}`` target
among them and names the focus that way, and a kept act baseline stands across a
walker-named read that lists its nodes under its indices, as across a default read.
"""

from __future__ import annotations

import json
from typing import Any

from test_dom_source_walk import walked
from test_walker_node_ids import FIXTURES, WHOLE, tracked, walker_capture

from axsnap_host.act.baseline import ActBaseline, carry_over_read
from axsnap_host.act.page_facts import PageFacts
from axsnap_host.act.report import _find, _focus
from axsnap_host.act.walk_names import backend_by_walk, record_by_walk_id
from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.elements.walker_ids import walk_key
from axsnap_host.pipeline.state import TabState


def _reads() -> tuple[RawCapture, list[dict[str, Any]], list[dict[str, Any]], TabState]:
    """The default capture (an act's), its elements and a walker-named read's, one tab."""
    data = tracked(json.loads((FIXTURES / "dom_basic_whole.json").read_text()))
    capture = RawCapture.model_validate(walked(data))
    state = TabState(1)
    default = build_dom_result(capture, SnapshotOptions(**WHOLE), state)["elements"]
    named = build_dom_result(RawCapture.model_validate(walker_capture(data)),
                             SnapshotOptions(**WHOLE, node_ids="walker"), state)["elements"]
    return capture, default, named, state


def test_a_walker_id_names_the_capture_record_of_its_element() -> None:
    capture, default, named, _ = _reads()
    by_walk = backend_by_walk(capture)
    assert by_walk is backend_by_walk(capture)  # made once a capture
    for was, now in zip(default, named, strict=True):
        ident = f"{now['frame']}-axw{now['walkId']}"
        assert by_walk[(now["frame"], now["walkId"])] == was["backendNodeId"]
        assert record_by_walk_id(default, ident, capture) is was
        assert _find(default, {"id": ident}, capture) is was
        focus = _focus(default, {"backendNodeId": was["backendNodeId"], "tag": "x"}, capture)
        assert focus is not None and focus.id == ident and focus.index == was["index"]
    assert record_by_walk_id(default, "0-axw99999", capture) is None
    assert record_by_walk_id(default, f"0-{default[0]['backendNodeId']}", capture) is None
    assert walk_key("1-axw12") == (1, 12) and walk_key("1-12") is None and walk_key(3) is None


def test_a_kept_baseline_stands_across_a_walker_named_read_that_matches_it() -> None:
    capture, default, named, state = _reads()
    options = SnapshotOptions(**WHOLE)
    state.act_baseline = ActBaseline("t", capture, PageFacts(), default)
    state.elements = named
    assert carry_over_read(state, default, options)
    assert state.act_baseline is not None and state.act_baseline.read is named
    # one node under another index: the baseline goes
    moved = [dict(r) for r in named]
    moved[0]["index"] = 999
    state.act_baseline = ActBaseline("t", capture, PageFacts(), default)
    state.elements = moved
    assert not carry_over_read(state, default, options) and state.act_baseline is None
    # one the baseline's capture never walked (another world's id): not matched either
    unknown = [dict(r) for r in named]
    unknown[0]["walkId"] = 99999
    state.act_baseline = ActBaseline("t", capture, PageFacts(), default)
    state.elements = unknown
    assert not carry_over_read(state, default, options)
    # and the exact read keeps no baseline
    state.act_baseline = ActBaseline("t", capture, PageFacts(), default)
    state.elements = named
    assert not carry_over_read(state, default, SnapshotOptions(**WHOLE, exact=True))
