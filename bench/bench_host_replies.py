"""Every reply of recorded reads, as the host's frames carry it, for a byte comparison of two
versions of the host (design note 91: each host CPU cut is exact).

    # record and split (bench/bench_host_memory.py record --modes cpu, bench_host_cpu.py split)
    git archive main host | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/host nice .venv/bin/python bench/bench_host_replies.py /tmp/old.txt \\
        /tmp/rec*/{dom,snap,outline,all}.jsonl
    nice .venv/bin/python bench/bench_host_replies.py /tmp/new.txt \\
        /tmp/rec*/{dom,snap,outline,all}.jsonl
    cmp /tmp/old.txt /tmp/new.txt

Each recording goes through a fresh ``Host`` (``handle_text`` per frame, each reply written
by ``send_reply``, a chunked reply's text joined and inflated), one line a reply: the
recording's path, then the reply's JSON with its key order kept and only the fields that
change from run to run left out (timings: ``timings`` and every ``*_ms``; the process's
peak memory; the request's byte count). The snapshot and trace ids and the time stamp are
made the same in every run (uuid4 counts from 1, the clock reads one fixed time), so they
and what follows from them (a SnapshotV1's token count) are compared too.

``--raw`` (first argument) writes each reply's text as its frames carry it, byte for byte,
but for the values of those same fields, each written as 0 (its digits differ from run to
run): a text json would parse alike but spell otherwise (an escape, a number's form) shows
too (design note 196).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

_COUNT = itertools.count(1)
uuid.uuid4 = lambda: uuid.UUID(int=next(_COUNT))
_VOLATILE = {"timings", "host_peak_rss_kb", "request_bytes"}
# --raw: a volatile field's value in the reply's text (timings: a flat map of numbers)
_VOLATILE_TEXT = re.compile(r'"timings":\{[^{}]*\}|"(host_peak_rss_kb|request_bytes|[A-Za-z_]*_ms)"'
                            r':-?[0-9][0-9.eE+-]*')


def _masked(text: str) -> str:
    return _VOLATILE_TEXT.sub(lambda m: '"timings":{}' if m.group(1) is None
                              else f'"{m.group(1)}":0', text)


def _stable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _stable(v) for k, v in value.items()
                if k not in _VOLATILE and not k.endswith("_ms")}
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


def main() -> int:
    import axsnap_host.pipeline.ax.snapshot as snapshot_module

    snapshot_module.utc_now_iso = lambda: "2026-01-01T00:00:00.000Z"
    from bench_host_memory import _FrameText

    from axsnap_host.native.host import Host, send_reply
    from axsnap_host.native.protocol import FrameIO
    from axsnap_host.pipeline.tokens import warm_up

    args = sys.argv[1:]
    raw = args[:1] == ["--raw"]
    args = args[1:] if raw else args
    if len(args) < 2:
        print(__doc__)
        return 2
    warm_up().join()
    with open(args[0], "w", encoding="utf-8") as out, open(os.devnull, "rb") as nothing:
        for path in args[1:]:
            host = Host()
            host.hold_gc = host.replies_written = True  # as serve() runs it
            with open(path, encoding="utf-8") as frames:
                for line in frames:
                    for reply in host.handle_text(json.loads(line)):
                        tap = _FrameText()
                        send_reply(FrameIO(nothing, tap), reply)
                        for text in tap.texts:
                            line = _masked(text) if raw else json.dumps(_stable(json.loads(text)))
                            out.write(f"{path} {line}\n")
                    host.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
