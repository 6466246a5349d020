"""A whole-page read from the walk sends its accessibility rows compact (design note 173:
extension/lib/common/ax_rows_wire.js, models/ax_rows_wire.py), every walker run's, a cross-site
frame's too: the host says how many rows came so, and reads the page from them as before (the
frame's content, its boxes, a link's URL). A window read sends no rows."""

from __future__ import annotations

from typing import Any

from axsnap_host.client import Browser

COLD = {"exact": True, "stabilize": {"enabled": False}, "scope": "page"}


def _nodes(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {node["name"]: node for node in result["snapshot"]["ax_tree"]["nodes"]
            if node.get("name")}


def test_whole_page_reads_send_their_rows_compact(browser: Browser, pages_url: str,
                                                  cross_site_url: str) -> None:
    browser.open(f"{pages_url}dom/xorigin.html?src={cross_site_url}dom/frame.html")
    snapshot = browser.snapshot_raw(format="snapshot", **COLD)["result"]
    outline = browser.snapshot_raw(format="outline", **COLD)["result"]
    # the page's rows and the cross-site frame's (its own walker run): the same document
    rows = snapshot["stats"].get("ax_rows_compact")
    assert isinstance(rows, int) and rows >= 6, snapshot["stats"]
    assert outline["stats"].get("ax_rows_compact") == rows
    nodes = _nodes(snapshot)
    for name in ("Top button", "Frame button"):  # the frame's rows hang under its <iframe>
        assert nodes[name]["role"] == "button" and nodes[name]["bbox"][2] > 0, nodes[name]
    assert "Frame button" in outline["combinedTree"] and "Top button" in outline["combinedTree"]
    window = browser.snapshot_raw(format="snapshot", exact=True,
                                  stabilize={"enabled": False})["result"]
    assert "ax_rows_compact" not in window["stats"]  # Chromium's nodes: no rows of the walk


def test_a_compact_read_keeps_links_texts_and_their_boxes(browser: Browser,
                                                          pages_url: str) -> None:
    browser.open(pages_url + "dom/walk_source.html")
    one = browser.snapshot_raw(format="snapshot", viewport_only=False,
                               also_formats=["outline", "domtext"], **COLD)["result"]
    alone = browser.snapshot_raw(format="snapshot", **COLD)["result"]
    assert alone["stats"]["ax_rows_compact"] == one["stats"]["ax_rows_compact"] > 0
    nodes = alone["snapshot"]["ax_tree"]["nodes"]
    assert nodes == one["snapshot"]["ax_tree"]["nodes"]  # one walk or its own
    texts = [n for n in nodes if n["role"] == "StaticText"]
    assert texts and all(len(n["bbox"]) == 4 for n in texts)  # the rows' own boxes
    links = [n for n in nodes if n["role"] == "link"]
    assert {n["name"]: n["state"]["url"] for n in links} == {"One": "#one", "Two": "#two"}
