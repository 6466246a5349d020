"""An act's time after its readiness ends, step by step (issue 32, design note 135).

On bench_act_pace.py's pages (the inbox's clicks, the billing form's fills and clicks), each
act's time from the end of readiness to the reply in the client's hands, split by where it is
spent: in the page (the answer watch's proof, the walk, its JSON text, the elements taken along),
the walk's evaluate there and back, the worker's capture (ids, listeners, frames), its post to
the host, the host's work and write, the way back to the client.

The product stamps none of the in-page or worker clocks this needs: run it from a scratch
worktree with ``bench/after_ready_stamps.patch`` applied (epoch stamps in the act's timings and
the walk's stats; nothing else changes), the host's side from the port trace
(``bench/port_trace``, as bench_act_port.py):

    git worktree add --detach /tmp/stamps HEAD && cd /tmp/stamps && ln -s <checkout>/.venv .venv
    git apply bench/after_ready_stamps.patch
    AXSNAP_EXTENSION_DIR=$PWD/extension PYTHONPATH=$PWD/host nice .venv/bin/python \\
        bench/profile_after_ready.py --acts 14

The in-page times of the walk's JSON text and of the elements taken along are the previous
act's (written where the next walk reads them): their medians stand, not per-act sums.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

# (label, how it is read from an act's timings `t` and its act_report's port trace `f`)
IN_PAGE = (("proof (answer watch)", "x_proof_ms"), ("walk", "x_walk_ms"),
           ("walk's JSON text", "x_prev_stringify_ms"), ("elements along (JS)", "x_prev_along_ms"),
           ("the evaluate's own task", "x_prev_total_ms"))


def steps_of(t: dict[str, float], f: dict[str, float] | None, client_ms: float,
             received: float) -> dict[str, float]:
    out = {
        "readiness": t.get("ready_ms", 0.0),
        "readiness's end to the walk sent":
            t.get("after_wait_ms", 0.0) - t.get("after_capture_ms", 0.0),
        "walk sent → its answer parsed in the worker": t["x_reply_at"] - t["x_sent_at"],
        "worker: ids, listeners, frames → capture": t["x_captured_at"] - t["x_reply_at"],
        "worker: witness, kept baseline → report posted": t["x_post_at"] - t["x_captured_at"],
    }
    if f is not None:
        out |= {"posted → the host has it (Chromium, pipe)": f["body"] - t["x_post_at"],
                "host: work (wall)": f["handled"] - f["body"],
                "host: work (CPU of its thread)":
                    f.get("handled_tcpu", 0.0) - f.get("body_tcpu", 0.0),
                "host: write": f["written"] - f["handled"],
                "written → the client has the reply": received - f["written"]}
    out["act as the client saw it"] = client_ms
    return out


def main(argv: list[str] | None = None) -> int:
    from bench_act_pace import PAGES

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--acts", type=int, default=14)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(argv)
    trace = Path(tempfile.mkdtemp(prefix="axsnap-after-ready-"))
    os.environ["AXSNAP_BENCH_PORT_TRACE"] = str(trace)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "port_trace"), *filter(None, [os.environ.get("PYTHONPATH")])])
    acts: dict[str, list[tuple[float, float, dict[str, Any]]]] = {}
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        for page, (path, make) in PAGES.items():
            browser.open(base + path)
            browser.snapshot(format="outline")
            got = acts[page] = []
            for i, step in enumerate(make(args.acts + args.warmup)):
                sent = time.time() * 1000
                result = browser.act(step["name"], step["kind"], step.get("value"))
                if not result.ok:
                    raise SystemExit(f"{page}: {result.error}")
                if i >= args.warmup:
                    got.append((sent, time.time() * 1000, dict(result.timings)))
    frames = [json.loads(line) for name in glob.glob(str(trace / "*.jsonl"))
              for line in Path(name).read_text(encoding="utf-8").splitlines()]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load {load}; medians in ms over {args.acts} acts a page\n")
    for page, got in acts.items():
        if not all("x_post_at" in t for _, _, t in got):
            raise SystemExit("no stamps in the act's timings: apply bench/after_ready_stamps.patch")
        split: dict[str, list[float]] = {}
        for sent, received, t in got:
            # the act_report frame: the first the host read whole after the report was posted
            f = min((x for x in frames if x.get("body", 0) >= t["x_post_at"] - 1),
                    key=lambda x: x["body"], default=None)
            for key, value in steps_of(t, f, received - sent, received).items():
                split.setdefault(key, []).append(value)
        print(f"| {page} | ms |\n|---|--:|")
        for key, values in split.items():
            print(f"| {key} | {statistics.median(values):.1f} |")
        for label, key in IN_PAGE:
            values = [t[key] for _, _, t in got if t.get(key, -1) >= 0]
            if values:
                print(f"| of the walk's evaluate, in the page: {label} | "
                      f"{statistics.median(values):.1f} |")
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
