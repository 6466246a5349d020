"""The AX formats' scope: the window by default (viewport + margin), the whole page on ask.

The window read is checked against the whole-page read of the same settled page: every
control the page read places in the window is in the window read, with the same id, name
and bbox, and nothing far below the window is.
"""

from __future__ import annotations

import json

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import SnapshotV1, node_records
from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
MARGIN = 200


def _in_window(bbox: list[int] | None, viewport: dict[str, float], margin: int) -> bool:
    if bbox is None:
        return False
    x, y, w, h = bbox
    scroll_x, scroll_y = viewport.get("scrollX", 0), viewport.get("scrollY", 0)  # 0: left out
    top, left = scroll_y - margin, scroll_x - margin
    bottom = scroll_y + viewport["height"] + margin
    right = scroll_x + viewport["width"] + margin
    return x + w >= left and y + h >= top and x <= right and y <= bottom and w > 0 and h > 0


def _controls(snapshot: dict) -> dict[str, dict]:
    return {n["id"]: n for n in node_records(snapshot) if n["role"] in INTERACTIVE_ROLES}


def test_window_scope_keeps_every_control_in_the_window(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "big.html?n=800")
    browser.run_in_target("window.scrollTo(0, 3000)")
    page = browser.snapshot_raw(scope="page", viewport_expand_px=MARGIN, **FAST)["result"]
    window = browser.snapshot_raw(viewport_expand_px=MARGIN, **FAST)["result"]
    page_snap, window_snap = page["snapshot"], window["snapshot"]
    SnapshotV1.model_validate(window_snap)
    viewport = window_snap["viewport"]
    assert viewport["scrollY"] == 3000
    expected = {nid: n for nid, n in _controls(page_snap).items()
                if _in_window(n.get("bbox"), viewport, MARGIN)}
    got = _controls(window_snap)
    assert len(expected) >= 20  # a screenful of rows: links, buttons, checkboxes
    missing = sorted(set(expected) - set(got))
    assert not missing, missing
    for nid, node in expected.items():
        assert (got[nid].get("name"), got[nid].get("bbox")) == (node.get("name"), node.get("bbox"))
    # nothing from far outside: the first and last rows are not read
    names = {n["name"] for n in node_records(window_snap)}
    assert "Action 0" not in names and "Action 799" not in names
    assert {"Action 0", "Action 799"} <= {n["name"] for n in node_records(page_snap)}
    # and the snapshot says what it read and how much it left out
    quality = window_snap["quality"]
    assert quality["scope"] == "viewport" and page_snap["quality"]["scope"] == "page"
    assert quality["window"]["elements_outside"] > 10 * quality["window"]["elements_in_window"]
    assert quality["nodes_kept"] < page_snap["quality"]["nodes_kept"] / 5


def test_window_scope_keeps_frames_and_redaction(browser: Browser, pages_url: str) -> None:
    """The login page (a same-origin frame, password fields) read in the default scope."""
    browser.open(pages_url + "frames.html")
    read = browser.snapshot_raw
    window = SnapshotV1.model_validate(read(**FAST)["result"]["snapshot"])
    page = SnapshotV1.model_validate(read(scope="page", **FAST)["result"]["snapshot"])
    page_ids = {n.id for n in page.ax_tree.nodes}
    window_ids = {n.id for n in window.ax_tree.nodes}
    assert {n.id for n in page.ax_tree.nodes if n.role in INTERACTIVE_ROLES} <= window_ids
    assert any(n.id.startswith("1-") for n in window.ax_tree.nodes)  # the frame's nodes
    assert window_ids <= page_ids | {window.ax_tree.nodes[0].id}  # the root row is first
    browser.open(pages_url + "login.html")
    reply = browser.snapshot_raw(**FAST)
    text = json.dumps(reply)
    assert "hunter2" not in text.lower()
    fields = [n for n in node_records(reply["result"]["snapshot"])
              if n["role"] == "textbox" and n["state"].get("secret")]
    assert fields, "the password fields are read and masked"


def test_outline_reads_the_window_by_default(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "big.html?n=800")
    browser.run_in_target("window.scrollTo(0, 0)")
    window = browser.snapshot_raw(format="outline", **FAST)["result"]
    page = browser.snapshot_raw(format="outline", scope="page", **FAST)["result"]
    assert "Action 0" in window["combinedTree"] and "Action 799" not in window["combinedTree"]
    assert "Action 799" in page["combinedTree"]
    # the ids and XPaths of what the window shows are the page read's
    for nid, xpath in window["combinedXpathMap"].items():
        if nid in page["combinedXpathMap"]:
            assert page["combinedXpathMap"][nid] == xpath
    shared = set(window["combinedXpathMap"]) & set(page["combinedXpathMap"])
    assert len(shared) >= 20
