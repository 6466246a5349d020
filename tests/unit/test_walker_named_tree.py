"""A whole-page SnapshotV1 and outline from the walk named by the walker's ids (``node_ids=
"walker"``, design note 154).

The capture carries no row's backendNodeId (``axt.b``) and no record's but those that place a
frame and those the listener step resolved: the host keys the other records the walker
listed (its output's ``listed``, design note 159) by a stand-in (``walk_node_key``), names
every node of a row with a ``w`` ``{frame}-axw{w}``, and otherwise builds the backend-named
read's tree: the same roles, names, values, states, boxes, pruning and secrets' decisions.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from test_outline_walk import walk_capture
from walker_listed import walker_listed

from axsnap_host.models.snapshot import node_records
from axsnap_host.pipeline.elements.walker_ids import is_walk_node_key, walk_node_key
from host_harness import process_capture as run

WALK_ID = re.compile(r"^\d+-axw\d+$")


def with_secret(capture: dict[str, Any]) -> dict[str, Any]:
    """The fixture with a password field under the wrapper (its value the walker read)."""
    out = copy.deepcopy(capture)
    out["walker"]["elements"].append(
        {"p": 4, "f": 0, "s": "input[2]", "r": [40, 60, 120, 20], "vis": 1, "w": 10, "b": 100,
         "c": ["form"], "a": {"type": "password", "name": "password"}, "v": "hunter2-secret"})
    out["walker"]["axt"]["rows"].append(
        [9, "textbox", "Password", "hunter2-secret", 0, 10, 0])
    # the default read's take of the rows' nodes: the heading's (the others have records')
    out["walker"]["axt"]["b"] = [111, 0, 0, 0, 0, 0, 0]
    return out


def named_by_walker(capture: dict[str, Any]) -> dict[str, Any]:
    """What the extension sends for such a read: ``b`` only on the records that place a
    frame and those the listener step resolved (``k``), no ``axt.b``, and the records the
    walker listed (``listed``: the host keys those by a stand-in)."""
    out = copy.deepcopy(capture)
    out["walker"]["listed"] = walker_listed(out["walker"]["elements"])
    for rec in out["walker"]["elements"]:
        places = rec.get("p") == -1 or rec.get("s") == "html" or "fr" in rec or rec.get("xo")
        if not places and not rec.get("k"):
            rec.pop("b", None)
    out["walker"]["axt"].pop("b", None)
    return out


def shape(snapshot: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["depth"], r["role"], r["name"], r.get("value"), r["state"], r.get("bbox"),
             r.get("isVisible", True), r.get("isClickable", False), len(r["children"]))
            for r in node_records(snapshot)]


def test_the_stand_in_key_is_no_backend_node_id() -> None:
    assert walk_node_key(7) < 0 and walk_node_key(7) != walk_node_key(8)
    assert is_walk_node_key(walk_node_key(1)) and not is_walk_node_key(1)


def test_the_same_snapshot_node_for_node_named_by_the_walk() -> None:
    capture = with_secret(walk_capture())
    default = run(capture, format="snapshot", scope="page")["snapshot"]
    walker = run(named_by_walker(capture), format="snapshot", scope="page",
                 node_ids="walker")["snapshot"]
    assert shape(walker) == shape(default)
    ids = [str(r["id"]) for r in node_records(walker)]
    assert len(set(ids)) == len(ids)
    # every node of a row with a w: the link, the checkbox, the field, the frame's button,
    # the tile and the <iframe> (whose records have a backendNodeId: named by the walk too)
    for row_w in (3, 4, 6, 7, 9, 10):
        assert any(i.endswith(f"-axw{row_w}") for i in ids), (row_w, ids)
    assert not any(re.match(r"^\d+-\d+$", i) for i in ids), ids
    # the frame's button is in frame 1, placed by its <iframe>, named in the walk
    assert "1-axw9" in ids
    assert "hunter2-secret" not in str(walker)
    field = next(r for r in node_records(walker) if r["role"] == "textbox")
    assert field.get("value") == next(
        r for r in node_records(default) if r["role"] == "textbox").get("value")
    # no stand-in key shows as a domRef; an <iframe>'s real id does
    refs = [r["domRef"] for r in node_records(walker) if "domRef" in r]
    assert all(ref["backendNodeId"] > 0 for ref in refs)


def test_the_outline_prints_the_walk_ids_on_the_same_lines() -> None:
    capture = with_secret(walk_capture())
    default = run(capture, format="outline", scope="page")["combinedTree"]
    walker = run(named_by_walker(capture), format="outline", scope="page",
                 node_ids="walker")["combinedTree"]
    ids = re.compile(r"\[\d+-(axw)?\d+\]")
    assert ids.sub("[id]", walker) == ids.sub("[id]", default)
    assert len(re.findall(r"\[\d+-axw\d+\]", walker)) == len(ids.findall(default))
    assert "hunter2-secret" not in walker
