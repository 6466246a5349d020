"""Start-up of a launched browser: the product's flags (any host reachable) against the same
flags plus the test suite's offline resolver rule (tests/offline_launch.py).

The rule was once in every launch because Chromium here "still tries Google hosts and
service-worker start-up sometimes stalls about 5 s" without it. This measures, by turns, the
time to a started ``Browser`` (Chromium, the extension's worker, the bridge) and to the first
DOM text of a page served on 127.0.0.1, for each configuration; and counts the host names
Chromium looked up during one launch of each (from a net log).

    .venv/bin/python bench/bench_launch.py --runs 8

Writes bench/results/launch.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from axsnap_host.client import Browser
from axsnap_host.client.chromium import ARGS_ENV
from axsnap_host.client.file_server import serve_directory
from offline_launch import OFFLINE_ARGS

RESULTS = Path(__file__).parent / "results"
PAGE = "<!doctype html><title>launch</title><button>Go</button><a href='#x'>Link</a>"
CONFIGS = {"product flags": (), "product flags + offline rule": OFFLINE_ARGS}


def one_launch(url: str, extra: tuple[str, ...]) -> tuple[float, float]:
    started = time.perf_counter()
    with Browser(extra_args=extra) as browser:
        ready = time.perf_counter()
        browser.snapshot(url, format="domtext")
        read = time.perf_counter()
    return ready - started, read - ready


def looked_up(url: str, extra: tuple[str, ...]) -> list[str]:
    """Host names Chromium resolved during one launch and read (its net log)."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "net.json"
        one_launch(url, (*extra, f"--log-net-log={log}", "--net-log-capture-mode=Default"))
        text = log.read_text(encoding="utf-8", errors="replace")
    names = set(re.findall(r'"host":"(?:https?://)?([a-z0-9.-]+\.[a-z]{2,})', text))
    return sorted(n for n in names if not re.fullmatch(r"[0-9.]+", n))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    args = parser.parse_args()
    os.environ.pop(ARGS_ENV, None)  # each configuration says all it adds
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CONFIGS}
    with tempfile.TemporaryDirectory() as root:
        (Path(root) / "page.html").write_text(PAGE, encoding="utf-8")
        with serve_directory(Path(root)) as base:
            url = base + "page.html"
            for run in range(args.runs):
                for name, extra in CONFIGS.items():  # by turns: load drifts hit both
                    times[name].append(one_launch(url, extra))
                    print(f"run {run + 1} {name}: start {times[name][-1][0]:.2f} s, "
                          f"first read {times[name][-1][1]:.2f} s", flush=True)
            hosts = {name: looked_up(url, extra) for name, extra in CONFIGS.items()}
    load = os.getloadavg()[0]
    lines = [
        "# Launch: the product's flags against the offline resolver rule",
        "",
        f"`.venv/bin/python bench/bench_launch.py --runs {args.runs}` — "
        f"{time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}, Debian Chromium, headless, "
        f"load average {load:.1f} at the end (2 cores shared).",
        "",
        "Start: `Browser()` started (Chromium, the extension's worker, the bridge); first read: "
        "load a page on 127.0.0.1 and read its DOM text. Runs by turns.",
        "",
        "| configuration | start median | start worst | first read median | starts over 4 s "
        "|",
        "|---|---|---|---|---|",
    ]
    for name, values in times.items():
        starts = [s for s, _ in values]
        reads = [r for _, r in values]
        stalls = sum(s > 4.0 for s in starts)
        lines.append(f"| {name} | {statistics.median(starts):.2f} s | {max(starts):.2f} s | "
                     f"{statistics.median(reads):.2f} s | {stalls} of {len(starts)} |")
    lines += ["", "Host names Chromium looked up during one launch and read (net log):", ""]
    for name, names in hosts.items():
        lines.append(f"- {name}: {', '.join(names) or 'none'}")
    lines += ["", "Raw: " + json.dumps({k: [[round(a, 2), round(b, 2)] for a, b in v]
                                        for k, v in times.items()}), ""]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "launch.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
