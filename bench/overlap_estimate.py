"""What a whole read could gain if the host worked while Chromium takes the ids (issue 33,
design note 138), from one read's timings as bench/profile_whole_read.py records them.

Today the worker sends the host one request after the ids take: the walk's output reaches the
worker (``walker_inject_ms``), then the take, the custom asks and the listeners run
(``walker_ms`` less ``walker_inject_ms``: the *window*), and only then are the records made
rows, posted, read off the pipe and parsed by the host. Sent in two halves (the walk as soon
as it is in the worker, the ids at the end), what does not need an id could run inside the
window:

- ``move``: the records made rows (``request_wire_ms``), the post (``request_send_ms``), the
  host's read of the frame (``request_read_ms``) and its parse and validation (``parse_ms``).
  None of these reads an id: the buildable half.
- ``host_steps``: the host's pipeline past the parse (``host_ms`` less ``parse_ms``). Every
  step of it reads ids today (the walk tree lifts and names its nodes by them, the DOM
  facts are indexed by them): it would move only with a pipeline that joins ids at its end.

The gain is at most the smaller of the window and what moves, and only where a core is idle
during the window (on 2 shared cores at load >= 2 there is none: the bound is not a forecast).
"""

from __future__ import annotations

from typing import Any


def _ms(values: dict[str, Any], key: str) -> float:
    value = values.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def overlap_estimate(row: dict[str, Any]) -> dict[str, float]:
    """The window, what moves and the bounds of the gain (ms, and the share of the read's
    wall), for one read's row (profile_whole_read.read: its top-level timings, ``steps``
    (the capture's laps) and ``host_steps`` (the result's timings))."""
    steps = row.get("steps") or {}
    host = row.get("host_steps") or {}
    inject = _ms(row, "walker_inject_ms")
    # no lap of the walk's injection: the walk failed (a deadline), no window to speak of
    window = max(0.0, _ms(steps, "walker_ms") - inject) if inject > 0 else 0.0
    move = sum(_ms(row, key) for key in ("request_wire_ms", "request_send_ms", "request_read_ms"))
    move += _ms(host, "parse_ms")
    host_steps = max(0.0, _ms(row, "host_ms") - _ms(host, "parse_ms"))
    wall = _ms(row, "wall_ms")
    now = min(window, move)
    late_ids = min(window, move + host_steps)
    return {
        "window_ms": round(window),
        "move_ms": round(move),
        "host_steps_ms": round(host_steps),
        "gain_move_ms": round(now),
        "gain_late_ids_ms": round(late_ids),
        "wall_ms": round(wall),
        "gain_move_pct": round(100 * now / wall, 1) if wall > 0 else 0.0,
        "gain_late_ids_pct": round(100 * late_ids / wall, 1) if wall > 0 else 0.0,
    }


OVERLAP_HEAD = ("| page | read | load | wall ms | window (ids past the walk) | move (rows, post, "
                "read, parse) | host steps | bound, move only | bound, ids joined late |\n"
                "|---|--:|--:|--:|--:|--:|--:|--:|--:|")


def overlap_row(row: dict[str, Any]) -> str:
    """One read's estimate as a table row (profile_whole_read.py --overlap)."""
    e = overlap_estimate(row)
    return (f"| {row.get('page')} | {row.get('read')} | {row.get('load')} | {e['wall_ms']:,.0f} | "
            f"{e['window_ms']:,.0f} | {e['move_ms']:,.0f} | {e['host_steps_ms']:,.0f} | "
            f"{e['gain_move_ms']:,.0f} ({e['gain_move_pct']} %) | "
            f"{e['gain_late_ids_ms']:,.0f} ({e['gain_late_ids_pct']} %) |")
