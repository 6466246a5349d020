"""A whole page named by the walker's ids: its listener step begun as the walk reports (design
note 164, walker_listeners_early.js).

On a page of one frame, for a read without rows (DOM text), the click listeners, the hidden
roots' ids and the tracked ids of the listener nodes no taken record names are asked when the
walk names its world, not after its output reached the worker. The marks are the ones the
listener step made before: the read lists and names what the backend-named read lists and
names, each record a listener makes clickable is so, and the step itself resolves no node.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

PAGE = "dom/listener_nodes_early.html"
DOMTEXT = {"format": "domtext", "viewport_only": False, "exact": True}
SNAPSHOT = {"format": "snapshot", "scope": "page", "exact": True, "stabilize": {"enabled": False}}


def steps(reply: dict[str, Any]) -> dict[str, Any]:
    return dict(reply["timings"]["capture_steps"])


def assert_begun_as_reported(found: dict[str, Any]) -> None:
    # 141 click nodes: 80 hidden anchors (left unresolved), 40 summaries and 20 tiles
    # (records, marked), the hidden menu's button (no record); each asked as the walk reported
    assert found["walker_ids_listener_nodes"] == 141, found
    assert found["walker_ids_listener_nodes_hidden"] == 80, found
    assert found["walker_ids_listener_nodes_early"] == 61, found
    assert found["walker_ids_listener_nodes_resolved"] == 0, found
    assert found["walker_ids_listener_nodes_marked"] == 60, found
    assert found["walker_ids_listener_nodes_unreported"] == 1, found
    assert "walker_ids_listed_taken" not in found


def test_dom_text_lists_what_the_backend_named_read_lists(browser: Browser,
                                                         pages_url: str) -> None:
    browser.open(f"{pages_url}{PAGE}")
    default = browser.snapshot_raw(**DOMTEXT)
    walker = browser.snapshot_raw(**DOMTEXT, node_ids="walker")
    assert_begun_as_reported(steps(walker))
    assert walker["result"]["domtext"] == default["result"]["domtext"]
    plain = [{k: v for k, v in e.items() if k != "backendNodeId"}
             for e in default["result"]["elements"]]
    assert [{k: v for k, v in e.items() if k not in ("backendNodeId", "walkId")}
            for e in walker["result"]["elements"]] == plain
    tiles = [e for e in walker["result"]["elements"] if str(e["name"]).startswith("Tile ")]
    assert len(tiles) == 20 and all(e["reasons"] == ["clickable"] for e in tiles)
    assert browser.act(f"{tiles[6]['frame']}-axw{tiles[6]['walkId']}", "click").ok
    assert browser.run_in_target("return document.getElementById('log').textContent") == \
        "tile 7 clicked"


def test_snapshot_keeps_its_step_and_is_the_backend_named_tree(browser: Browser,
                                                               pages_url: str) -> None:
    """A read with rows (SnapshotV1 from the walk) keeps the step after the take: its custom
    asks wait in the take, and the early resolves gained nothing there (note 164)."""
    browser.open(f"{pages_url}{PAGE}")
    default = browser.snapshot_raw(**SNAPSHOT)
    walker = browser.snapshot_raw(**SNAPSHOT, node_ids="walker")
    found = steps(walker)
    assert "walker_ids_listener_nodes_early" not in found, found
    assert found["walker_ids_listener_nodes_resolved"] == 61, found
    assert found["walker_ids_listener_nodes_marked"] == 60, found
    ours, theirs = node_records(walker["result"]["snapshot"]), node_records(
        default["result"]["snapshot"])

    def shape(found: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(r["depth"], r["role"], r["name"], r.get("value"), r["state"], r.get("bbox"),
                 r.get("isVisible", True), r.get("isClickable", False), len(r["children"]))
                for r in found]

    assert shape(ours) == shape(theirs)
    # a node the listener step marked says its backendNodeId (domRef): the very node the
    # backend-named read names by it, in the same browser
    said = [(r, d) for r, d in zip(ours, theirs, strict=True) if r.get("domRef")]
    assert len(said) >= 60
    for r, d in said:
        assert f"{r['domRef']['frame']}-{r['domRef']['backendNodeId']}" == d["id"], (r, d)
