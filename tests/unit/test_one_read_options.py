"""One read for several formats (also_formats): which asks can share a capture, and how a
batch or CLI run of several formats is folded into one read (models/options.py)."""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.options import one_read_options, options_for_format, wire_options


def _per_format(options: dict[str, Any], formats: list[str]) -> dict[str, dict[str, Any]]:
    return {fmt: options_for_format(options, fmt) for fmt in formats}


def test_whole_page_formats_fold_into_one_read() -> None:
    per = _per_format({"scope": "page", "viewport_only": False, "compact": True},
                      ["snapshot", "outline", "domtext"])
    merged = one_read_options(per)
    assert merged is not None
    assert (merged["format"], merged["also_formats"]) == ("snapshot", ["outline", "domtext"])
    assert merged["compact"] is True  # the outline's option travels with the read
    wire_options(merged)  # and the host accepts it


@pytest.mark.parametrize("options, formats", [
    ({}, ["snapshot", "outline", "domtext"]),  # the window: no one read
    ({"scope": "page", "viewport_only": True}, ["snapshot", "domtext"]),  # DOM text's window
    ({"scope": "page", "viewport_only": False}, ["snapshot"]),  # one format
    ({"viewport_only": False}, ["domtext", "elements"]),  # no AX format to lead
    ({"viewport_only": False, "vision": True}, ["snapshot", "domtext"]),  # a screenshot
    ({"scope": "page", "viewport_only": False}, ["snapshot", "semantic"]),  # not rendered so
])
def test_asks_that_cannot_share_a_capture_stay_apart(options: dict[str, Any],
                                                     formats: list[str]) -> None:
    assert one_read_options(_per_format(options, formats)) is None


@pytest.mark.parametrize("options, message", [
    ({"format": "domtext", "viewport_only": False, "also_formats": ["snapshot"]},
     "needs format 'snapshot' or 'outline' with scope 'page'"),
    ({"format": "snapshot", "also_formats": ["outline"]}, "with scope 'page'"),
    ({"format": "snapshot", "scope": "page", "also_formats": ["elements"]},
     "need viewport_only false"),
    ({"format": "snapshot", "scope": "page", "also_formats": ["outline", "outline"]},
     "each format once"),
    ({"format": "snapshot", "scope": "page", "also_formats": []}, "at least one format"),
    ({"format": "outline", "scope": "page", "compression": "delta",
      "also_formats": ["snapshot"]}, "compression 'delta'"),
    ({"format": "snapshot", "compact": True}, "does not use compact"),
])
def test_bad_one_reads_are_refused_with_the_reason(options: dict[str, Any],
                                                   message: str) -> None:
    with pytest.raises(AxsnapError, match=message) as raised:
        wire_options(options)
    assert raised.value.code == "invalid_message"
