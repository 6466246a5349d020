"""Bench only (bench/bench_host_memory.py record): with AXSNAP_BENCH_TAP set, the native host
appends every frame it reads to AXSNAP_BENCH_TAP/<pid>.jsonl (one JSON string a line), so a
read can be replayed through the host alone. Loaded through PYTHONPATH by the recorder; the
product never sets either variable."""

from __future__ import annotations

import json
import os

_TAP = os.environ.get("AXSNAP_BENCH_TAP")

if _TAP:
    from axsnap_host.native import protocol

    _read_frame = protocol.FrameIO.read_frame

    def _tapped(self: protocol.FrameIO) -> str:
        text = _read_frame(self)
        with open(os.path.join(_TAP, f"{os.getpid()}.jsonl"), "a", encoding="utf-8") as out:
            out.write(json.dumps(text) + "\n")
        return text

    protocol.FrameIO.read_frame = _tapped  # type: ignore[method-assign]
