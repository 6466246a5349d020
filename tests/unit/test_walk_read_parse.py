"""A whole-page read from the walk, parsed without the parser's number sharing (design notes
91 and 92): the repeated numbers a read keeps (its records' boxes and parents, its rows'
boxes) are still one object each, and the walk tree's build lets each row go once added on
a capture the host owns."""

from __future__ import annotations

import copy
import json
from itertools import pairwise
from typing import Any

from test_outline_walk import walk_capture

from axsnap_host.models.capture import RawCapture
from axsnap_host.native.protocol import decode_json
from axsnap_host.pipeline.axwalk.tree import WALK_BOXES, build_walk_tree


def message(capture: dict[str, Any], options: dict[str, Any]) -> str:
    """The request's text as the extension writes it (compact, the options first)."""
    return json.dumps({"v": 1, "id": "m1", "type": "snapshot", "options": options,
                       "capture": capture}, separators=(",", ":"))


def big_walk_capture(records: int) -> dict[str, Any]:
    """walk_capture() with ``records`` more records under its body, boxes repeating."""
    capture = walk_capture()
    elements = capture["walker"]["elements"]
    for i in range(records):
        elements.append({"p": 1, "f": 0, "s": f"p[{i}]", "vis": 1, "w": 100 + i,
                         "r": [10, 3000 + i % 7, 1280.5 if i % 5 == 0 else 1280, 18],
                         "tx": f"paragraph {i}"})
    return capture


WALK_ONE = {"format": "snapshot", "scope": "page", "ax_source": "walk"}


def test_the_records_equal_box_numbers_and_parents_are_one_object() -> None:
    capture = RawCapture.model_validate(decode_json(message(big_walk_capture(2_000),
                                                           WALK_ONE))["capture"])
    records = (capture.walker or {})["elements"]
    mine = records[9:]
    assert all(a["r"][1] is b["r"][1] for a, b in zip(mine, mine[7:], strict=False))  # 3000+
    assert all(a["r"][2] is b["r"][2] for a, b in pairwise(mine[1:5]))
    assert all(a["p"] is b["p"] for a, b in pairwise(mine))
    # only exact ints are shared: a float stays a float
    assert type(mine[0]["r"][2]) is float and type(mine[1]["r"][2]) is int
    raw = walk_capture()
    raw["walker"]["elements"][2]["r"] = [1000.0, 1000, 3000, 20]
    raw["walker"]["elements"][3]["r"] = [1000, 1000, 1000.0, 3000]
    checked = RawCapture.model_validate(json.loads(json.dumps(raw)))
    first, second = (checked.walker or {})["elements"][2:4]
    assert [type(v) for v in first["r"]] == [float, int, int, int]
    assert [type(v) for v in second["r"]] == [int, int, float, int]
    assert first["r"][1] is second["r"][0] and first["r"][2] is second["r"][3]


def test_the_rows_boxes_kept_by_the_tree_share_their_numbers() -> None:
    raw = walk_capture()
    rows = raw["walker"]["axt"]["rows"]
    rows[2] += [0, [10, 2000, 300, 18]]  # text runs' boxes (SnapshotV1's)
    rows[4] += [0, [10, 2000, 300, 19]]
    capture = RawCapture.model_validate(json.loads(json.dumps(raw)))
    boxes = build_walk_tree(capture).ahead[WALK_BOXES]
    (first, _), (second, _) = boxes["0-ax2"], boxes["0-ax4"]
    assert first[1] is second[1] and first[2] is second[2]
    assert first == [10, 2000, 300, 18] and second == [10, 2000, 300, 19]


def test_a_consumed_build_is_the_same_tree_and_lets_each_row_go() -> None:
    capture = RawCapture.model_validate(walk_capture())
    kept = copy.deepcopy(capture)
    consumed = build_walk_tree(capture, None, True)
    plain = build_walk_tree(kept)
    assert consumed == plain and list(consumed.nodes) == list(plain.nodes)
    assert all(row is None for row in (capture.walker or {})["axt"]["rows"])
    assert all(row is not None for row in (kept.walker or {})["axt"]["rows"])
