"""Whole-page SnapshotV1 reads for the AX cache tests: a read, a fresh read to compare with,
and the snapshot without what differs between any two reads. Shared by
test_ax_cache_e2e.py and test_ax_delta_e2e.py."""

from __future__ import annotations

import json
from typing import Any

from axsnap_host.client import Browser

# every read captures (reuse: False): these tests look at what a capture does, and a
# re-read of an unchanged page would otherwise be a kept answer (lib/reuse/kept_answer.js)
NOW = {"stabilize": {"enabled": False}, "reuse": False}


def page_read(browser: Browser) -> dict[str, Any]:
    """The whole reply of a whole-page SnapshotV1 read, without waiting for quiet."""
    return browser.snapshot_raw(format="snapshot", scope="page", **NOW)


def fresh_page_read(browser: Browser) -> dict[str, Any]:
    """A read with no AX cache: the page's own ``resize`` makes the journal doubt, so the
    extension reads the whole tree again (and says so)."""
    browser.run_in_target("window.dispatchEvent(new Event('resize'))")
    reply = page_read(browser)
    assert reply["result"]["snapshot"]["quality"]["ax_source"] == "full: the window resized"
    return reply


def comparable(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The snapshot without what differs between any two reads (id, time, the read's story)."""
    out = json.loads(json.dumps(snapshot))
    for key in ("snapshot_id", "ts", "stabilization", "trace_id"):  # trace_id: each read's
        out.pop(key, None)
    out["quality"].pop("ax_source", None)
    return out
