"""The native port's way under an act (issue 32, note 79): where a host round trip's time goes.

An act asks the host twice (``act_resolve``, ``act_report``). The extension times each round
trip as its worker sees it (the act's ``resolve_*_ms`` timings and the reply's ``report_*_ms``:
the request's JSON and postMessage, the wait for the reply's first frame, the frames, the
parse); the native host, with the bench's trace loaded (bench/port_trace/), stamps each frame
on the wall clock: the header's arrival, the body read, its replies made, the last written.
The request's id carries the worker's ``Date.now()`` when it was made, so each round trip
splits into: the worker's send, the way to the host (Chromium, the pipe, the host waking),
the host's read, its work, its write, the way back (the pipe, Chromium, the worker waking),
the worker's frames and parse. Each part's median over the acts, with the load.

    nice .venv/bin/python bench/bench_act_port.py --acts 20               # inbox
    nice .venv/bin/python bench/bench_act_port.py --acts 20 --page "billing form"
    # also N pings (the smallest round trip) between the acts
    nice .venv/bin/python bench/bench_act_port.py --acts 20 --pings 20
"""

from __future__ import annotations

import argparse
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

PARTS = (("worker: JSON + postMessage", "send"), ("to the host (Chromium, pipe, wake)", "to_host"),
         ("host: read the body", "read"), ("host: work", "work"), ("host: write", "write"),
         ("back (pipe, Chromium, worker wake)", "back"), ("worker: frames + parse", "frames"),
         ("round trip (worker)", "round_trip"), ("of it outside the host", "outside"))


def id_epoch_ms(message_id: str) -> float | None:
    """The worker's Date.now() in a request id ``x<base36 ms>-<n>``, mid-millisecond."""
    if not message_id.startswith("x") or "-" not in message_id:
        return None
    try:
        return int(message_id[1:message_id.index("-")], 36) + 0.5
    except ValueError:
        return None


def split(record: dict[str, Any], send: float, wait: float, frames: float) -> dict[str, float]:
    """One round trip's parts (ms) from the host's stamps and the worker's times."""
    made = id_epoch_ms(str(record["id"]))
    assert made is not None
    sent = made + send
    first = sent + wait
    return {"send": send, "to_host": record["header"] - sent,
            "read": record["body"] - record["header"], "work": record["handled"] - record["body"],
            "write": record["written"] - record["handled"], "back": first - record["written"],
            "frames": frames, "round_trip": send + wait + frames,
            "outside": send + wait + frames - (record["written"] - record["header"])}


def trace_records(folder: Path) -> list[dict[str, Any]]:
    records = []
    for path in folder.glob("*.jsonl"):
        for line in path.read_text().splitlines():
            records.append(json.loads(line))
    return [r for r in records if "written" in r and "header" in r and r.get("id")]


def run(page: str, acts: int, warmup: int, pings: int) -> dict[str, Any]:
    from bench_act_pace import PAGES, record_reply_timings

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    folder = Path(tempfile.mkdtemp(prefix="axsnap-port-"))
    os.environ["AXSNAP_BENCH_PORT_TRACE"] = str(folder)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "port_trace"), *filter(None, [os.environ.get("PYTHONPATH")])])
    path, make = PAGES[page]
    steps = make(acts + warmup)
    done: list[dict[str, Any]] = []
    ping_times: list[float] = []
    loads: list[float] = []
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        browser.open(base + path)
        browser.snapshot(format="outline")
        outer = record_reply_timings(browser)
        for i, step in enumerate(steps):
            result = browser.act(step["name"], step["kind"], step.get("value"))
            if not result.ok:
                raise SystemExit(f"act {i} failed: {result.error}")
            if i >= warmup:
                done.append({"kind": step["kind"], **result.timings,
                             **{k: v for k, v in outer.items() if k.startswith("report_")}})
                loads.append(os.getloadavg()[0])
            if i >= warmup and len(ping_times) < pings:
                t = time.perf_counter()
                browser.ping_host()
                ping_times.append((time.perf_counter() - t) * 1000)
    records = trace_records(folder)
    by_id = {}
    for r in records:
        by_id.setdefault(r["id"], []).append(r)
    return {"acts": done, "records": records, "pings": ping_times, "loads": loads,
            "page": page}


def parts_of(got: dict[str, Any]) -> dict[str, list[dict[str, float]]]:
    """Per step (resolve, report): each act's round trip split into its parts. The trace's
    records are matched to the acts in order (one act at a time)."""
    kinds = {"resolve": "act_resolve", "report": "act_report"}
    records = [r for r in got["records"] if r.get("type") in (*kinds.values(), "chunk")]
    records.sort(key=lambda r: r["header"])
    out: dict[str, list[dict[str, float]]] = {"resolve": [], "report": []}
    resolves = [r for r in records if r.get("type") == "act_resolve"]
    reports = [r for r in records if r.get("type") in ("act_report", "chunk")]
    # the last len(acts) of each (the warm-up's came first); a kept-baseline resolve whose
    # answer was not used may add one: take the last resolve before each report
    acts = got["acts"]
    reports = reports[-len(acts):]
    for act, report in zip(acts, reports, strict=False):
        if "report_wait_ms" in act:
            out["report"].append(split(report, act.get("report_send_ms", 0),
                                       act["report_wait_ms"], act.get("report_frames_ms", 0)
                                       + act.get("report_parse_ms", 0)))
        before = [r for r in resolves if r["header"] < report["header"]]
        if before and "resolve_wait_ms" in act:
            out["resolve"].append(split(before[-1], act.get("resolve_send_ms", 0),
                                        act["resolve_wait_ms"], act.get("resolve_frames_ms", 0)
                                        + act.get("resolve_parse_ms", 0)))
    return out


def table(got: dict[str, Any]) -> str:
    parts = parts_of(got)
    lines = ["| part (ms, median) | " + " | ".join(f"{k} ×{len(v)}" for k, v in parts.items())
             + " |", "|---|" + "--:|" * len(parts)]
    for name, key in PARTS:
        cells = [f"{statistics.median(p[key] for p in v):.1f}" if v else "–"
                 for v in parts.values()]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    types = (("resolve", ("act_resolve",)), ("report", ("act_report", "chunk")))
    sizes = {k: [r.get("bytes", 0) for r in got["records"] if r.get("type") in t]
             for k, t in types}
    lines.append("| request bytes (median) | " + " | ".join(
        f"{statistics.median(v):.0f}" if v else "–" for v in sizes.values()) + " |")
    replies = {k: [r.get("reply_bytes", 0) for r in got["records"] if r.get("type") in t]
               for k, t in types}
    lines.append("| reply bytes (median) | " + " | ".join(
        f"{statistics.median(v):.0f}" if v else "–" for v in replies.values()) + " |")
    return "\n".join(lines)


def host_table(got: dict[str, Any]) -> str:
    """The host's side alone (no extension timings needed: any tree): per request type, its
    work and write, wall and CPU (the host's every thread), medians."""
    lines = ["| request | n | work wall | work CPU | write wall | write CPU | reply bytes |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    for name, kinds in (("act_resolve", ("act_resolve",)), ("act_report", ("act_report", "chunk")),
                        ("ping", ("ping",))):
        mine = [r for r in got["records"] if r.get("type") in kinds and "handled_cpu" in r]
        if not mine:
            continue

        def med(f: Any, rs: list[dict[str, Any]] = mine) -> str:
            return f"{statistics.median(f(r) for r in rs):.2f}"

        lines.append(f"| {name} | {len(mine)} | {med(lambda r: r['handled'] - r['body'])} | "
                     f"{med(lambda r: r['handled_cpu'] - r['body_cpu'])} | "
                     f"{med(lambda r: r['written'] - r['handled'])} | "
                     f"{med(lambda r: r['written_cpu'] - r['handled_cpu'])} | "
                     f"{med(lambda r: r.get('reply_bytes', 0))} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", default="inbox", choices=("inbox", "billing form"))
    parser.add_argument("--acts", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--pings", type=int, default=0, help="pings through the port after acts")
    parser.add_argument("--json", help="also write the raw stamps here")
    args = parser.parse_args(argv)
    got = run(args.page, args.acts, args.warmup, args.pings)
    if args.json:
        Path(args.json).write_text(json.dumps(got))
    loads = got["loads"]
    print(f"`bench/bench_act_port.py {' '.join(argv if argv is not None else sys.argv[1:])}` "
          f"({args.page}, {args.acts} acts after {args.warmup}; load {min(loads):.1f}-"
          f"{max(loads):.1f}, 2 CPUs)\n")
    print(table(got))
    print("\nThe host's side (ms, medians; CPU: process time of all its threads):\n")
    print(host_table(got))
    if got["pings"]:
        print(f"\nping_host as the client saw it (client → extension → host → back): median "
              f"{statistics.median(got['pings']):.1f} ms over {len(got['pings'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
