"""Replay recorded reads through a fresh Host and write every byte its replies' frames carry,
with the clocks, ids and peak memory pinned, so two hosts' outputs can be compared with cmp.

An exact host change (same output, less work) is proved by replaying the same recordings
through the old and the new host and comparing the two files byte for byte:

    # record (bench/bench_host_memory.py), one file per read (bench/bench_host_cpu.py split)
    nice .venv/bin/python bench/bench_host_memory.py record --modes cpu \\
        --page <saved page> --out /tmp/rec
    nice .venv/bin/python bench/bench_host_cpu.py split /tmp/rec/<pid>.jsonl
    # replay through each host (a checkout's host/ folder), then compare
    PYTHONPATH=<old checkout>/host .venv/bin/python bench/replay_frames.py /tmp/old.bin \\
        /tmp/rec/dom.jsonl /tmp/rec/snap.jsonl
    PYTHONPATH=<new checkout>/host .venv/bin/python bench/replay_frames.py /tmp/new.bin \\
        /tmp/rec/dom.jsonl /tmp/rec/snap.jsonl
    cmp /tmp/old.bin /tmp/new.bin

Each reply's size is printed to stderr as it is written. Pinned: ``uuid.uuid4`` (a counter),
``time.perf_counter`` and ``time.process_time`` (0), SnapshotV1's capture time and the peak
memory the host reports; everything else is the host's own output.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
import uuid
from typing import BinaryIO


def pin_what_varies() -> None:
    """Make every reply of a replay the same bytes run after run (before the host imports)."""
    counter = itertools.count(1)
    uuid.uuid4 = lambda: uuid.UUID(int=next(counter))
    time.perf_counter = lambda: 0.0
    time.process_time = lambda: 0.0
    import axsnap_host.native.host as host_module
    import axsnap_host.native.memory as memory
    import axsnap_host.pipeline.ax.snapshot as snapshot_module

    snapshot_module.utc_now_iso = lambda: "2026-01-01T00:00:00.000Z"  # type: ignore[assignment]
    host_module.peak_rss_kb = lambda: 1  # type: ignore[assignment]
    memory.peak_rss_kb = lambda: 1  # type: ignore[assignment]


class CountingSink:
    """A writable the frame writer fills: the bytes go on to the output file, counted."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.written = 0

    def write(self, data: bytes) -> int:
        self.out.write(data)
        self.written += len(data)
        return len(data)

    def flush(self) -> None:
        """Nothing kept back: every write went through."""


def replay(out_path: str, recordings: list[str]) -> None:
    """Every reply of every recording, each recording through a fresh Host, into out_path."""
    pin_what_varies()
    from axsnap_host.native.host import Host, send_reply
    from axsnap_host.native.protocol import FrameIO
    from axsnap_host.pipeline.tokens import warm_up

    warm_up().join()
    with open(out_path, "wb") as out, open(os.devnull, "rb") as no_input:
        for path in recordings:
            host = Host()
            host.hold_gc = host.replies_written = True
            with open(path, encoding="utf-8") as frames:
                for line in frames:
                    for reply in host.handle_text(json.loads(line)):
                        sink = CountingSink(out)
                        send_reply(FrameIO(no_input, sink), reply)  # type: ignore[arg-type]
                        print(path, sink.written, file=sys.stderr)
                    host.release()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="the file every reply frame's bytes are written to")
    parser.add_argument("recordings", nargs="+", help="recorded reads (.jsonl, one frame a line)")
    args = parser.parse_args()
    replay(args.out, args.recordings)


if __name__ == "__main__":
    main()
