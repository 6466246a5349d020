"""Elements deeper than the walker's depth limit (~256 levels) are in no DOM text, window
outline or semantic view: the text a model reads says so, not only ``stats`` (issue 28)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from host_harness import FIXTURES, process_capture

NOTE = "3 parts of the page nest deeper than 256 levels"


def _read(fmt: str, capped: int) -> dict[str, Any]:
    capture = json.loads((FIXTURES / "dom_basic_whole.json").read_text("utf-8"))
    capture["walker"]["stats"].update(depth_capped=capped, max_depth=256)
    return process_capture(capture, format=fmt)


@pytest.mark.parametrize(("fmt", "text_of"), [
    ("domtext", lambda r: r["domtext"]),
    ("outline", lambda r: r["combinedTree"]),
    ("semantic_text", lambda r: r["text"] if "text" in r else json.dumps(r)),
    ("semantic", lambda r: json.dumps(r["semantic"]["incomplete"])),
])
def test_the_text_a_model_reads_says_what_the_depth_limit_left_out(fmt: str,
                                                                    text_of: Any) -> None:
    assert NOTE in text_of(_read(fmt, 3))
    assert "nest deeper than" not in json.dumps(_read(fmt, 0))
