"""A cached whole-page read sends the host only what changed, and equals a fresh read.

When the tab's AX cache serves the main frame (extension/lib/ax_cache_read.js), the stream
sends it as one delta part on what the host kept of the last read it served
(extension/lib/ax_stream.js, host/axsnap_host/stream_bases.py): the nodes that changed and
the order of all. Reads in a row chain deltas; a host that lost its base (here: killed and
started again) gets the stream again whole. Each cached read must equal a fresh read of the
same page state: the next read after the page's own ``resize`` event, which reads the whole
tree (no AX cache) and sends it whole (no base).
"""

from __future__ import annotations

import os
import signal
from typing import Any

from host_procs import the_host
from page_reads import comparable, fresh_page_read, page_read

from axsnap_host.browser import Browser
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
