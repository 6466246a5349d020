"""SnapshotV1 of the whole page read from the walk (``ax_source="walk"``, issue 33, design
note 45): the walker's accessibility rows are the tree and its records the DOM facts; the
nodes whose element got a backendNodeId carry Chromium's ``{frame}-{backendNodeId}``, the
others the walk's ``{frame}-axw{w}`` (a row of no node ``{frame}-ax{row}``) and, when
the walker reported their element, its box.
"""

from __future__ import annotations

from typing import Any

from test_outline_walk import FRAME, PAGE, walk_capture

from axsnap_host.models.snapshot import SnapshotV1
from host_harness import process_capture as run

WALK = {"format": "snapshot", "scope": "page", "ax_source": "walk"}


def nodes(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n["id"]: n for n in result["snapshot"]["ax_tree"]["nodes"]}


def test_the_snapshot_from_the_walk_keeps_the_spec_shape() -> None:
    result = run(walk_capture(), **WALK, trace_id="tr_walk")
    snapshot = result["snapshot"]
    SnapshotV1.model_validate(snapshot)  # version 1, trace_id, root_id, node objects
    assert snapshot["snapshot_version"] == 1 and snapshot["trace_id"] == "tr_walk"
    tree = snapshot["ax_tree"]
    assert tree["root_id"] == "0-ax0" == tree["nodes"][0]["id"]
    by_id = nodes(result)
    assert by_id["0-ax0"]["role"] == "RootWebArea" and by_id["0-ax0"]["name"] == "Walk"
    quality = snapshot["quality"]
    assert quality["scope"] == "page" and "window" not in quality  # the whole page
    assert quality["ax_source"] == "walk"
    assert [f["url"] for f in snapshot["frames"]] == [PAGE, FRAME]
    assert snapshot["frames"][1]["ownerId"] == "0-70"


def test_nodes_carry_ids_states_and_boxes() -> None:
    by_id = nodes(run(walk_capture(), **WALK))
    # acting nodes: Chromium's ids, their records' boxes
    assert by_id["0-30"]["role"] == "link" and by_id["0-30"]["name"] == "Next"
    assert by_id["0-30"]["state"] == {"url": "#next"}  # relative to the page
    assert by_id["0-30"]["bbox"] == [10, 20, 80, 16]
    assert by_id["0-60"]["state"] == {"checked": True}
    assert by_id["0-40"]["isClickable"] is True  # its click listener
    assert by_id["1-90"]["bbox"] == [20, 2610, 80, 20]
    # a heading has no DOM id: the walk's id, its states, no domRef, no box without a record
    heading = by_id["0-axw11"]
    assert heading["role"] == "heading" and heading["state"] == {"level": 1}
    assert "domRef" not in heading and "bbox" not in heading
    assert any(n["role"] == "StaticText" and n["name"] == "Some text" for n in by_id.values())
    # every child id names a node: the tree is whole
    assert all(c in by_id for n in by_id.values() for c in n.get("children", ()))


def test_a_node_without_an_id_takes_its_records_box() -> None:
    capture = walk_capture()
    records = capture["walker"]["elements"]
    records.append({"p": 1, "f": 0, "s": "h1", "r": [5, 100, 400, 30], "vis": 1, "w": 11})
    capture["walker"]["axt"]["rows"][1][5] = 11  # the heading's row names its record
    heading = nodes(run(capture, **WALK))["0-axw11"]
    assert heading["bbox"] == [5, 100, 400, 30] and "domRef" not in heading
    records[-1]["vis"] = 0
    assert nodes(run(capture, **WALK))["0-axw11"]["isVisible"] is False


def test_one_walk_serves_every_format() -> None:
    result = run(walk_capture(), **WALK, viewport_only=False,
                 also_formats=["outline", "domtext"])
    assert result["stats"]["formats_from_one_capture"] == 3
    alone = run(walk_capture(), **WALK)
    assert result["snapshot"]["ax_tree"] == alone["snapshot"]["ax_tree"]
    outline = run(walk_capture(), format="outline", scope="page", ax_source="walk")
    assert result["also"]["outline"]["combinedTree"] == outline["combinedTree"]
    assert "Frame button" in result["also"]["domtext"]["domtext"]


def test_text_runs_and_documents_take_the_boxes_their_rows_carry() -> None:
    capture = walk_capture()
    capture["walker"]["scroll"]["y"] = 100  # rows are in the viewport: the page's scroll on
    rows = capture["walker"]["axt"]["rows"]
    rows[4] = [*rows[4], 0, [12, 40, 70, 16]]       # "Some text"
    rows[0] = [*rows[0], 0, [0, 0, 1000, 800]]      # the page's document
    by_id = nodes(run(capture, **WALK))
    text = next(n for n in by_id.values() if n.get("name") == "Some text")
    assert text["bbox"] == [12, 140, 70, 16]
    assert by_id["0-ax0"]["bbox"] == [0, 100, 1000, 800]


def test_a_node_whose_id_the_take_learnt_keeps_its_walk_box() -> None:
    """A heading whose record got no id in the records' take, and a text run: their ids come
    from the take of the rows' nodes (axt.b, design note 68), their boxes from their record
    (by tracked id) and from their rows, as before."""
    capture = walk_capture()
    capture["walker"]["scroll"]["y"] = 100
    records = capture["walker"]["elements"]
    records.append({"p": 1, "f": 0, "s": "h1", "r": [5, 100, 400, 30], "vis": 1, "w": 11})
    rows = capture["walker"]["axt"]["rows"]
    rows[1][5] = 11  # the heading's row names its record (no b)
    rows[4] = [3, "StaticText", "Some text", None, 0, -12, 0, 0, [12, 40, 70, 16]]
    # the rows with a w: heading 11, text -12, link 3, div 4, wrapper 5, checkbox 6, iframe 7,
    # button 9
    capture["walker"]["axt"]["b"] = [111, 112, 0, 0, 0, 0, 0, 0]
    by_id = nodes(run(capture, **WALK))
    heading, text = by_id["0-111"], by_id["0-112"]
    assert heading["role"] == "heading" and heading["bbox"] == [5, 200, 400, 30]  # (scrolled)
    assert text["name"] == "Some text" and text["bbox"] == [12, 140, 70, 16]
    assert not [nid for nid in by_id if "-axw" in nid]
