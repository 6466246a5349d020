"""A cached whole-page read sends the host only what changed, and equals a fresh read.

When the tab's AX cache serves the main frame (extension/lib/ax/ax_cache_read.js), the stream
sends it as one delta part on what the host kept of the last read it served
(extension/lib/ax/ax_stream.js, host/axsnap_host/native/ax_stream_bases.py): the nodes that
changed and the order of all. Reads in a row chain deltas; a host that lost its base (here:
killed and started again) gets the stream again whole. Each cached read must equal a fresh
read of the same page state: the next read after the page's own ``resize`` event, which
reads the whole tree (no AX cache) and sends it whole (no base). The reads ask for Chromium's
tree (``page_reads.page_read``: ``ax_source="chromium"``), whose fast paths these are.
"""

from __future__ import annotations

import os
import signal
from typing import Any

from host_procs import the_host
from page_reads import comparable, fresh_page_read, page_read

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import node_records

PAGE = "ax_cache/index.html"


def _read(browser: Browser) -> dict[str, Any]:
    return page_read(browser)


def _comparable(reply: dict[str, Any]) -> dict[str, Any]:
    return comparable(reply["result"]["snapshot"])


def _fresh(browser: Browser) -> dict[str, Any]:
    reply = fresh_page_read(browser)
    assert "delta" not in reply["result"]["stats"]["ax_stream"]
    return reply


def _names(reply: dict[str, Any]) -> set[str]:
    return {n["name"] for n in node_records(reply["result"]["snapshot"])}


def _assert_delta(reply: dict[str, Any], whole_bytes: int) -> None:
    source = reply["result"]["snapshot"]["quality"]["ax_source"]
    assert source.startswith("cache+"), source
    stream = reply["result"]["stats"]["ax_stream"]
    assert stream.get("delta") is True, stream
    assert stream["bytes"] < whole_bytes / 2, (stream, whole_bytes)
    assert "ax_stream_resent" not in reply["timings"]


def test_cached_reads_in_a_row_send_deltas_and_equal_a_fresh_read(browser: Browser,
                                                                   pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    first = _read(browser)
    whole = first["result"]["stats"]["ax_stream"]["bytes"]
    assert "delta" not in first["result"]["stats"]["ax_stream"]
    # each read's delta is on the one before (not on the full read): a base the host or the
    # extension failed to move on would show as a difference below or as a resend
    for case, name in (("text", "Item one changed"), ("insert", "Two and a half"),
                       ("replace", "New link"), ("remove", None), ("shadow", "Shadow changed")):
        browser.run_in_target(f"window.cases[{case!r}]()")
        cached = _read(browser)
        _assert_delta(cached, whole)
        if name:
            assert name in _names(cached)
    assert _comparable(cached) == _comparable(_fresh(browser))
    # and on from the fresh read's base
    browser.run_in_target("window.cases.labelledby()")
    cached = _read(browser)
    _assert_delta(cached, whole)
    assert _comparable(cached) == _comparable(_fresh(browser))


def test_a_host_without_the_base_gets_the_stream_whole(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    _read(browser)
    os.kill(the_host(browser), signal.SIGKILL)  # its successor holds no base
    browser.run_in_target("window.cases.text()")
    cached = _read(browser)
    assert cached["result"]["snapshot"]["quality"]["ax_source"].startswith("cache+")
    assert cached["timings"].get("ax_stream_resent") == 1
    assert "delta" not in cached["result"]["stats"]["ax_stream"]
    assert "Item one changed" in _names(cached)
    assert _comparable(cached) == _comparable(_fresh(browser))
    # the resent stream is the next base
    browser.run_in_target("window.cases.aria()")
    again = _read(browser)
    _assert_delta(again, cached["result"]["stats"]["ax_stream"]["bytes"])
    assert _comparable(again) == _comparable(_fresh(browser))


def _dom_delta(reply: dict[str, Any]) -> int:
    """How many DOMSnapshot columns the read left to the host's base (0: sent whole)."""
    reused = reply["timings"].get("dom_snapshot_columns_reused", 0)
    assert reply["result"]["stats"]["dom_base"].get("reused_columns", 0) == reused
    return reused


def _dom_strings(reply: dict[str, Any]) -> int:
    """How many strings of the DOMSnapshot's string table the read left to the host's base."""
    reused = reply["timings"].get("dom_snapshot_strings_reused", 0)
    assert reply["result"]["stats"]["dom_base"].get("reused_strings", 0) == reused
    return reused


def test_cached_reads_send_the_dom_snapshot_columns_that_changed(browser: Browser,
                                                                pages_url: str) -> None:
    """extension/lib/reuse/dom_snapshot_base.js, host/axsnap_host/native/dom_snapshot_bases.py:
    a cached read leaves out
    the DOMSnapshot columns equal to the last read's; changes that move only styles or boxes
    (no node added, no text) must still show, as a fresh read shows them."""
    browser.open(pages_url + PAGE)
    first = _read(browser)
    assert first["result"]["stats"]["dom_base"] == {"kept": True}  # a full read: whole
    assert _dom_delta(first) == 0
    changes = ("window.cases.text()",
               "document.getElementById('para').style.opacity = '0'",  # styles only
               "document.getElementById('para').style.marginLeft = '40px'",  # boxes only
               "window.cases.classhide()")
    patched_by_change = {}
    for change in changes:
        browser.run_in_target(change)
        cached = _read(browser)
        assert cached["result"]["snapshot"]["quality"]["ax_source"].startswith("cache+")
        assert _dom_delta(cached) > 0, change
        assert _dom_strings(cached) > 0, change  # the string table's unchanged ends
        patched = cached["timings"].get("dom_snapshot_columns_patched", 0)
        assert cached["result"]["stats"]["dom_base"].get("patched_columns", 0) == patched
        patched_by_change[change] = patched
        assert _comparable(cached) == _comparable(_fresh(browser)), change
        assert _dom_delta(_read(browser)) > 0  # unchanged since the fresh read: cached again
    # a text edit moves one row's boxes, not the rest: the boxes go as the cells that changed
    assert patched_by_change["window.cases.text()"] > 0, patched_by_change


def test_a_host_without_the_dom_snapshot_base_gets_it_whole(browser: Browser,
                                                            pages_url: str) -> None:
    browser.open(pages_url + PAGE)
    _read(browser)
    os.kill(the_host(browser), signal.SIGKILL)  # its successor holds no base
    browser.run_in_target("document.getElementById('para').style.opacity = '0'")
    cached = _read(browser)
    assert cached["timings"].get("dom_snapshot_resent") == 1
    assert "reused_columns" not in cached["result"]["stats"]["dom_base"]
    assert "reused_strings" not in cached["result"]["stats"]["dom_base"]
    assert "patched_columns" not in cached["result"]["stats"]["dom_base"]
    assert _comparable(cached) == _comparable(_fresh(browser))
    browser.run_in_target("window.cases.text()")
    again = _read(browser)
    assert _dom_delta(again) > 0 and _dom_strings(again) > 0  # the whole one became the base
    assert "Item one changed" in _names(again)
