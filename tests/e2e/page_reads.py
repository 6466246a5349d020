"""Reads the e2e tests share: whole-page SnapshotV1 reads for the AX cache tests (a read, a
fresh read to compare with, the snapshot without what differs between any two reads) and
outline reads after a short quiet window."""

from __future__ import annotations

import json
from typing import Any

from axsnap_host.client import Browser, OutlineResult

# every read captures (reuse: False): these tests look at what a capture does, and a
# re-read of an unchanged page would otherwise be a cached answer (lib/reuse/answer_cache.js)
NOW = {"stabilize": {"enabled": False}, "reuse": False}
# the AX cache and its deltas are the fast paths of Chromium's tree (getFullAXTree), a source a
# whole-page read takes when asked (the walk is the default, design note 65)
CHROMIUM = {"ax_source": "chromium"}


def page_read(browser: Browser) -> dict[str, Any]:
    """The whole reply of a whole-page SnapshotV1 read from Chromium's tree, without waiting
    for quiet."""
    return browser.snapshot_raw(format="snapshot", scope="page", **CHROMIUM, **NOW)


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


# outline reads wait for a short quiet window (the pages settle in well under it)
QUIET = {"stabilize": {"quiet_ms": 150, "max_wait_ms": 4000}}


def outline_read(browser: Browser, url: str | None = None, **options: Any) -> OutlineResult:
    """The default (window) outline of ``url`` (None: the page already open)."""
    result = browser.snapshot(url, format="outline", **{**QUIET, **options})
    assert isinstance(result, OutlineResult)
    return result


def page_outline_read(browser: Browser, url: str | None = None, **options: Any) -> OutlineResult:
    """The whole page's outline (scope "page")."""
    return outline_read(browser, url, scope="page", **options)
