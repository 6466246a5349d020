"""bench/peers/fidelity.py: compact lines whose words differ from the full outline."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from peers.fidelity import changed_lines

FULL = """\
[0-1] RootWebArea: Task
  [0-2] clickable, body
    [0-3] StaticText: Enter "
    [0-4] StaticText: Ann
    [0-5] StaticText: ".
    [0-6] StaticText: from:
    [0-7] textbox: To:
    [0-8] StaticText: to:
    [0-9] button
      [0-10] StaticText: Go
    [0-11] navigation: Main
      [0-12] link: Home"""


def test_faithful_compact_lines_pass() -> None:
    compact = """\
RootWebArea: Task
  [0-2] clickable, body
    "Enter \\"Ann\\"."
    "from:"
    [0-7] textbox: To: = "x" [focused]
    "to:"
    [0-9] button: Go
    navigation: Main
      [0-12] link: Home"""
    assert changed_lines(FULL, compact) == []


def test_bent_lines_are_reported() -> None:
    compact = """\
RootWebArea: Task
  [0-2] clickable, body
    "Enter \\"Bob\\"."
    "from: to:"
    [0-7] textbox: From:
    [0-12] link: Homepage
    navigation: Mains"""
    assert [line.strip() for line in changed_lines(FULL, compact)] == [
        '"Enter \\"Bob\\"."', '"from: to:"', "[0-7] textbox: From:", "[0-12] link: Homepage",
        "navigation: Mains"]
