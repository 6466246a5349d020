"""bench/overlap_estimate.py: the bounds of what the host could do while the ids are taken."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from overlap_estimate import overlap_estimate, overlap_row


def _row(**over: object) -> dict[str, object]:
    row: dict[str, object] = {
        "page": "p", "read": 1, "load": 1.5, "wall_ms": 4000, "host_ms": 900,
        "walker_inject_ms": 1500, "request_wire_ms": 40, "request_send_ms": 60,
        "request_read_ms": 100, "steps": {"walker_ms": 2200},
        "host_steps": {"parse_ms": 200, "render_ms": 300}}
    row.update(over)
    return row


def test_the_move_is_bound_by_the_window_past_the_walk() -> None:
    e = overlap_estimate(_row())
    assert e["window_ms"] == 700  # walker_ms less the walk's output in the worker
    assert e["move_ms"] == 400  # rows, post, read, parse
    assert e["host_steps_ms"] == 700
    assert e["gain_move_ms"] == 400 and e["gain_move_pct"] == 10.0
    # with the ids joined late the host's steps could fill the rest of the window only
    assert e["gain_late_ids_ms"] == 700 and e["gain_late_ids_pct"] == 17.5


def test_a_short_window_bounds_both() -> None:
    e = overlap_estimate(_row(steps={"walker_ms": 1600}))
    assert e["window_ms"] == 100 and e["gain_move_ms"] == 100 and e["gain_late_ids_ms"] == 100


def test_missing_or_odd_values_count_as_nothing() -> None:
    e = overlap_estimate({"steps": {"walker_ms": True}, "host_ms": None})
    assert e == {"window_ms": 0, "move_ms": 0, "host_steps_ms": 0, "gain_move_ms": 0,
                 "gain_late_ids_ms": 0, "wall_ms": 0, "gain_move_pct": 0.0,
                 "gain_late_ids_pct": 0.0}
    # a read whose walk failed (its deadline) has no injection lap: no window
    assert overlap_estimate(_row(walker_inject_ms=None))["window_ms"] == 0
    # the walk past the walker's lap (a read without its laps) is no negative window
    assert overlap_estimate(_row(walker_inject_ms=9000))["window_ms"] == 0


def test_the_row_prints_each_bound_and_its_share() -> None:
    assert overlap_row(_row()) == ("| p | 1 | 1.5 | 4,000 | 700 | 400 | 700 | 400 (10.0 %) | "
                                   "700 (17.5 %) |")
