"""The walker output's structural check (models/capture_checks.py check_walker): the whole
records checked at C speed when they pass, and the loop naming the first record that does
not otherwise, with the message it always gave."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models import capture_checks
from axsnap_host.models.capture_checks import CaptureShapeError, check_walker

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def walker() -> dict[str, Any]:
    found = json.loads((FIXTURES / "dom_basic_whole.json").read_text())["walker"]
    assert len(found["elements"]) > 20 and len(found["frames"]) == 2
    return found


def loop_says(run: dict[str, Any]) -> str | None:
    """What the record loop alone says of ``run``'s records (None: they pass)."""
    try:
        capture_checks._check_records(run["elements"], len(run["frames"]), "walker")
    except CaptureShapeError as exc:
        return str(exc)
    return None


BAD = [("p", 10**6), ("p", -2), ("p", True), ("p", 1.0), ("p", "0"), ("dp", 10**6),
       ("dp", False), ("f", 99), ("f", -1), ("f", True), ("fr", 7), ("fr", None),
       ("r", [0, 0, 1]), ("r", [0, 0, 1, math.inf]), ("r", [0, 0, 1, math.nan]),
       ("r", [0, 0, 1, True]), ("r", [0, 0, 1, "2"]), ("r", (0, 0, 1, 2)), ("r", "box"),
       ("b", -1), ("b", 2**53), ("b", True), ("b", 1.5)]


@pytest.mark.parametrize(("key", "value"), BAD)
def test_a_bad_record_is_named_as_the_loop_names_it(key: str, value: Any) -> None:
    run = walker()
    at = len(run["elements"]) // 2
    run["elements"][at][key] = value
    run["elements"][at + 3][key] = value  # the first one is named
    said = loop_says(run)
    assert said is not None and f"elements[{at}].{key}" in said
    with pytest.raises(CaptureShapeError) as raised:
        check_walker(run)
    assert str(raised.value) == said


def test_a_huge_number_in_a_box_takes_the_loop() -> None:
    run = walker()
    run["elements"][5]["r"] = [0, 0, 1, 10**400]
    assert not capture_checks._plain_records(run["elements"], len(run["frames"]))


def test_good_records_pass_without_the_loop(monkeypatch: Any) -> None:
    run = walker()
    run["elements"][3]["r"] = [0.5, -2, 1e300, 0]  # finite floats and negatives are boxes
    run["elements"][4].pop("r", None)
    run["elements"][4]["b"] = 2**53 - 1
    assert capture_checks._plain_records(run["elements"], len(run["frames"]))

    def no_loop(*args: Any) -> None:
        raise AssertionError("the record loop ran on records that pass")

    monkeypatch.setattr(capture_checks, "_check_records", no_loop)
    check_walker(run)
    check_walker({"elements": [], "frames": []})
