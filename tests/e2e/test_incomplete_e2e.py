"""A read that is missing part of the page says so in every format (issue 28).

hangs/deeper.html nests a button 300 levels deep, past the walker's depth limit: every
format built on the walker (the window's SnapshotV1 and outline, DOM text, elements, SoM,
the semantic view) carries ``incomplete`` with a ``depth_limit`` reason, and each text opens
with the line that says so. A complete read (dom/basic.html) carries nothing of the kind.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

# every read captures (a cached answer would be the same answer, but this is about reads)
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 2000}, "reuse": False}
LINE = "[Incomplete read: "


def _what_a_model_reads(result: dict[str, Any]) -> str:
    """The part of the result a model reads first, by format."""
    fmt = result["format"]
    if fmt == "snapshot":
        return json.dumps(result["snapshot"]["quality"].get("incomplete"))
    if fmt in ("domtext", "elements", "som"):
        return str(result["domtext"]).split("\n", 1)[0]
    if fmt == "outline":
        return str(result["combinedTree"]).split("\n", 1)[0]
    if fmt == "semantic":
        return json.dumps(next(iter(result["semantic"].items())))  # its first key
    return str(result["semantic_text"]).split("\n", 1)[0]


FORMATS = ["snapshot", "domtext", "elements", "som", "outline", "semantic", "semantic_text"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_read_past_the_depth_limit_says_it_is_incomplete(
    browser: Browser, pages_url: str, fmt: str
) -> None:
    result = browser.snapshot_raw(pages_url + "hangs/deeper.html", format=fmt, **FAST)["result"]
    assert [r["kind"] for r in result["incomplete"]["reasons"]] == ["depth_limit"]
    first = _what_a_model_reads(result)
    assert "nest deeper than 256 levels" in first
    if fmt not in ("snapshot", "semantic"):
        assert first.startswith(LINE)
    if fmt == "som":  # the image's legend numbers only what was read: it says so too
        assert result["vision"]["legend"]["incomplete"] == result["incomplete"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_complete_read_says_nothing_of_the_kind(
    browser: Browser, pages_url: str, fmt: str
) -> None:
    result = browser.snapshot_raw(pages_url + "dom/basic.html", format=fmt, **FAST)["result"]
    assert "incomplete" not in result
    assert "incomplete" not in json.dumps(result, ensure_ascii=False).lower()
