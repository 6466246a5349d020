"""A read's request crosses as the message itself (design note 127): Chromium writes its
JSON once, the host reads it as one frame and counts its bytes, and that count is the read's
``capture_bytes``: UTF-8 bytes, as native messaging carried them, not characters."""

from __future__ import annotations

import json

from axsnap_host.client import Browser

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def test_a_whole_page_request_is_sized_by_the_host_that_read_it(browser: Browser,
                                                                 pages_url: str) -> None:
    url = pages_url + "unicode_rows.html?n=200"
    snapshot = browser.snapshot_raw(url, scope="page", ax_source="walk", **FAST)
    domtext = browser.snapshot_raw(url, format="domtext", viewport_only=False, **FAST)
    for got in (snapshot, domtext):
        stats = got["result"]["stats"]
        # a request main sent as chunk frames (16k characters or more) now goes whole
        assert got["sizes"]["capture_bytes"] == stats["request_bytes"] > 16_384, stats
        # its text is longer in UTF-8 than in characters: the count is of bytes
        text = json.dumps(got["result"], ensure_ascii=False)
        assert "\u00c9l\u00e9ment 199 \u2014 \u4e2d\u6587" in text
