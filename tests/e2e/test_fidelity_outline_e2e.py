"""Outline and SnapshotV1 states an agent needs (issue 17): multi-line fields, popup
openers, controls under a modal's overlay, frames inside shadow roots
(tests/pages/fidelity/outline_states.html, shadow_frames.html)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from page_reads import QUIET, outline_read

from axsnap_host.client import Browser, DomResult
from axsnap_host.models.snapshot import node_records

pytestmark = pytest.mark.e2e




def nodes_by_name(browser: Browser) -> dict[str, dict[str, Any]]:
    snap = browser.snapshot(None, format="snapshot", **QUIET).model_dump(mode="json")
    return {n["name"]: n for n in node_records(snap) if n["name"]}


@pytest.fixture(scope="module")
def states(browser: Browser, pages_url: str) -> dict[str, Any]:
    full = outline_read(browser, pages_url + "fidelity/outline_states.html")
    compact = outline_read(browser, None, compact=True)
    dom = browser.snapshot(None, format="domtext", **QUIET)
    assert isinstance(dom, DomResult)
    return {"full": full.combinedTree, "compact": compact.combinedTree, "dom": dom,
            "nodes": nodes_by_name(browser)}


def test_textarea_says_multiline(states: dict[str, Any]) -> None:
    assert re.search(r"\] (covered, )?multiline, textbox: Message$", states["full"], re.M)
    assert re.search(r"\] (covered, )?textbox: Subject$", states["full"], re.M)
    assert states["nodes"]["Message"]["state"]["multiline"] is True
    assert "multiline" not in states["nodes"]["Subject"]["state"]


def test_submenu_opener_says_haspopup_and_collapsed(states: dict[str, Any]) -> None:
    assert re.search(r"haspopup, menuitem: File$", states["full"], re.M)
    assert re.search(r"haspopup, menuitem: File \[collapsed", states["compact"], re.M)
    assert states["nodes"]["File"]["state"] == {
        "expanded": False, "haspopup": "menu", "covered": "div#overlay"}
    assert "haspopup" not in states["nodes"]["Help"]["state"]


def test_controls_under_the_overlay_are_marked_covered(states: dict[str, Any]) -> None:
    """Covered in the outline, compact and SnapshotV1 by the overlay; the dialog's own
    button is not; DOM text (the walker's hit test) agrees on each."""
    listed = {e["text"] for e in states["dom"].elements}
    for name, role in (("Buy now", "button"), ("Read more", "link")):
        assert re.search(rf"\] covered, {role}: {name}$", states["full"], re.M), name
        assert f"{role}: {name} [covered=div#overlay]" in states["compact"]
        assert states["nodes"][name]["state"]["covered"] == "div#overlay"
        assert name not in listed
    assert re.search(r"\] button: Accept$", states["full"], re.M)
    assert "covered" not in states["nodes"]["Accept"]["state"]
    assert "Accept" in listed


def test_every_frame_owner_is_in_the_text(browser: Browser, pages_url: str,
                                          cross_site_url: str) -> None:
    page = f"{pages_url}fidelity/shadow_frames.html?other={cross_site_url}"
    full = outline_read(browser, page)
    compact = outline_read(browser, None, compact=True)
    for result in (full, compact):
        owners = [f["ownerId"] for f in result.raw["frames"][1:]]
        assert len(owners) == 4 and all(owners), result.raw["frames"]
        for owner in owners:
            assert f"[{owner}] Iframe" in result.combinedTree, (owner, result.combinedTree)
    snap = browser.snapshot(None, format="snapshot", **QUIET).model_dump(mode="json")
    ids = {n["id"] for n in node_records(snap)}
    owners = [f.get("ownerId") for f in snap["frames"][1:]]
    assert len(owners) == 4 and set(owners) <= ids
