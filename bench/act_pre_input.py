"""An act's time before its input, from the extension's own timings (issue 32, design note 141).

bench_act_pace.py times whole acts and reads, and at a high load their medians move by more
than the few ms a change before the input saves. This runs only axsnap's acts (bench_act_pace.py's
steps, on its pages) and prints, per act kind, the medians of the reply's timings that come
before the input: ``start_ms`` (the tab and its debugger), ``resolve_ms`` (the page before
and the host's resolve, the kept baseline's check), ``watch_ms`` (the watch and the page clock,
once resolved) and ``action_ms`` less ``hit_ms`` and ``input_ms`` (the wait for the target's
lookup once the watch is on). ``pre_input`` is their sum for each act: from the act's arrival
to its first input event's start. Run it from each build's checkout in turn, so both see the
same load.

    PYTHONPATH=$PWD/host nice .venv/bin/python bench/act_pre_input.py --acts 20
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/act_pre_input.py --page "billing form"
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

PARTS = ("start_ms", "resolve_ms", "watch_ms", "lookup_wait_ms", "pre_input", "input_ms",
         "total_ms")


def pre_input(t: dict[str, Any]) -> dict[str, float]:
    """The parts before the input of one act's timings (see the module docstring)."""
    wait = t.get("action_ms", 0.0) - t.get("hit_ms", 0.0) - t.get("input_ms", 0.0)
    parts = {"start_ms": t.get("start_ms", 0.0), "resolve_ms": t.get("resolve_ms", 0.0),
             "watch_ms": t.get("watch_ms", 0.0), "lookup_wait_ms": wait}
    parts["pre_input"] = sum(parts.values())
    parts["input_ms"] = t.get("input_ms", 0.0)
    parts["total_ms"] = t.get("total_ms", 0.0)
    return parts


def main(argv: list[str] | None = None) -> int:
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="inbox", choices=sorted(PAGES))
    parser.add_argument("--acts", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(argv)
    path, make = PAGES[args.page]
    steps = make(args.warmup + args.acts)
    by_kind: dict[str, list[dict[str, float]]] = {}
    kept = 0
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        browser.open(base + path)
        browser.snapshot(format="outline")
        for n, step in enumerate(steps):
            reply = browser.act(step["name"], step["kind"], step.get("value"))
            timings = reply.timings
            if n < args.warmup:
                continue
            kept += int(timings.get("baseline_kept", 0))
            by_kind.setdefault(step["kind"], []).append(pre_input(timings))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.page}: {args.acts} acts after {args.warmup} warm-up, {kept} on a kept baseline; "
          f"load {load}")
    print()
    print("| act | n | " + " | ".join(PARTS) + " |")
    print("|---|--:|" + "--:|" * len(PARTS))
    for kind, rows in by_kind.items():
        medians = [statistics.median(r[p] for r in rows) for p in PARTS]
        print(f"| {kind} | {len(rows)} | " + " | ".join(f"{m:.1f}" for m in medians) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
