"""A whole-page read's AX tree is built when its AX stream ends, before its request.

The extension sends ``capture_ax_end`` once every frame's AX nodes are sent and the frames
are final (owners read, in document order); the host builds the tree then, while the
renderer computes the DOMSnapshot (host/axsnap_host/native/stream_early.py), and the request uses
it only when it names the same frames and nodes. On real pages (frames in and out of
process, the AX cache's delta reads, a stream sent again whole to a new host, the outline)
the request must take the early tree (``stats.ax_stream.early_ms``): a frame the extension
changed after the end would show as ``early_unused``. That the early tree gives the late
one's output is the unit tests' (tests/unit/test_stream_early.py); here the cached reads
also equal fresh ones. The stream is Chromium's tree's: every read asks for it
(``ax_source="chromium"``; the default, the walk, has none: design note 65).
"""

from __future__ import annotations

import os
import signal
from typing import Any

from host_procs import the_host
from page_reads import CHROMIUM, NOW, comparable, fresh_page_read, page_read

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records


def _early(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"] is True, reply
    stream = reply["result"]["stats"]["ax_stream"]
    assert "early_unused" not in stream and stream.get("early_ms", -1) >= 0, stream
    return stream


def test_frames_in_and_out_of_process_take_the_early_tree(
        browser: Browser, pages_url: str, cross_site_url: str) -> None:
    browser.open(f"{pages_url}frames.html?cross={cross_site_url}")
    for options in ({"format": "snapshot"}, {"format": "outline"}):
        reply = browser.snapshot_raw(scope="page", **options, **CHROMIUM, **NOW)
        _early(reply)
    snapshot = page_read(browser)["result"]["snapshot"]
    assert len(snapshot["frames"]) >= 3 and all(f["captured"] for f in snapshot["frames"])
    ids = {n["id"].split("-")[0] for n in node_records(snapshot)}
    assert {"0", "1", "2"} <= ids, ids  # the nodes of both frames, stitched in


def test_cached_reads_take_the_early_tree_and_equal_a_fresh_read(browser: Browser,
                                                                 pages_url: str) -> None:
    browser.open(pages_url + "ax_cache/index.html")
    _early(page_read(browser))
    browser.run_in_target("window.cases.text()")
    cached = page_read(browser)
    assert _early(cached).get("delta") is True
    assert "Item one changed" in {n["name"] for n in node_records(cached["result"]["snapshot"])}
    fresh = fresh_page_read(browser)
    _early(fresh)
    assert comparable(cached["result"]["snapshot"]) == comparable(fresh["result"]["snapshot"])
    # a host without the base: the stream goes again whole, and ends again
    os.kill(the_host(browser), signal.SIGKILL)
    browser.run_in_target("window.cases.aria()")
    resent = page_read(browser)
    assert resent["timings"].get("ax_stream_resent") == 1
    _early(resent)
