"""Samples of reads through the extension, per way in: the Python wall time, the extension's
own ``timings.total_ms``, their difference (the round trip) and how many were cached answers.
Shared by the benches that compare ways in (bench_domtext.py, bench_roundtrip.py)."""

from __future__ import annotations

import statistics
from typing import Any


class ReadSamples:
    """One way's reads: ``add`` each timed reply, ``summary`` their medians."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.inside: list[float] = []
        self.kept: list[bool] = []

    def add(self, reply: dict[str, Any], wall_ms: float) -> None:
        timings = reply["timings"]
        self.wall.append(wall_ms)
        self.inside.append(float(timings["total_ms"]))
        self.kept.append(timings.get("kept_answer") is not None)

    def summary(self) -> dict[str, Any]:
        """Medians of the wall, the extension's time and the round trip, the round trip's
        quartiles, the wall samples and the cached answers counted."""
        trips = [w - t for w, t in zip(self.wall, self.inside, strict=True)]
        # one read: its own round trip is both quartiles
        quarts = statistics.quantiles(trips, n=4) if len(trips) > 1 else trips * 3
        low, high = quarts[0], quarts[2]
        return {"wall_ms": statistics.median(self.wall),
                "extension_ms": statistics.median(self.inside),
                "round_trip_ms": statistics.median(trips), "round_trip_q": (low, high),
                "samples_ms": list(self.wall), "kept": f"{sum(self.kept)}/{len(self.kept)}"}
