"""What each fast path buys (issue 26): the same reads with the fast paths on and with `exact`
(every one off, models/fast_paths.py).

A small page (tests/pages/kept/index.html) and the generated page of ``--size``
elements, each format re-read unchanged and read right after one text in the window changed,
normal and exact by turns; the medians of the extension's ``total_ms``, and which fast paths
answered the normal reads. Writes bench/results/fast_paths.md and .json.

    nice .venv/bin/python bench/bench_fast_paths.py --runs 5 --size 20000
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from differential import answered  # noqa: E402
from generate import write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

RESULTS = BENCH / "results"
# (the row memo and the host's pre-encoded replies were measured here before they were
# removed: bench/results/fast_paths.md, docs/design/121-host-share-parse-passes.md)
CHANGE = ("(() => { const t = [...document.querySelectorAll('p, span, td, li, a, button')]"
          ".find((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 &&"
          " r.bottom <= innerHeight && e.childElementCount === 0 && e.textContent.trim(); });"
          " t.textContent = `${t.textContent.trim()} ${Date.now() % 1000}`; })()")


def _read(browser: Browser, **options: Any) -> dict[str, Any]:
    return browser.snapshot_raw(stabilize={"enabled": False}, **options)


def browser_part(runs: int, size: int) -> list[dict[str, Any]]:
    reads = {"domtext": {"format": "domtext"}, "snapshot": {"format": "snapshot"},
             "outline": {"format": "outline"},
             "snapshot page": {"format": "snapshot", "scope": "page"}}
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        generated = write_pages(Path(scratch), [size])[size]
        with serve_directory(ROOT / "tests" / "pages") as base, \
                serve_directory(generated.parent) as gen_base, Browser() as browser:
            pages = {"small (kept/index.html)": base + "kept/index.html",
                     f"generated {size}": gen_base + generated.name}
            for page, url in pages.items():
                browser.open(url)
                time.sleep(2)  # settled: the bench's pages load nothing late
                for name, options in reads.items():
                    samples: dict[str, list[float]] = {}
                    paths: dict[str, int] = {}
                    _read(browser, **options)
                    for _ in range(runs):
                        for how in ("normal", "exact"):  # by turns: the load falls on both
                            for when in ("unchanged", "after a change"):
                                if when == "after a change":
                                    browser.run_in_target(CHANGE)
                                elif how == "normal":
                                    _read(browser, **options)  # the state a re-read finds
                                reply = _read(browser, exact=how == "exact", **options)
                                samples.setdefault(f"{how} {when}", []).append(
                                    float(reply["timings"]["total_ms"]))
                                if how == "normal":
                                    for p in answered(reply):
                                        paths[p] = paths.get(p, 0) + 1
                    rows.append({"page": page, "read": name, "answered": paths,
                                 **{k: round(statistics.median(v), 1) for k, v in samples.items()}})
                    print(json.dumps(rows[-1]), flush=True)
    return rows


def window_pairs(runs: int, size: int) -> dict[str, Any]:
    """The generated page's window reads re-read unchanged, normal and exact by turns
    (``runs`` pairs per format): what the kept AX window nodes and the walker's kept world
    and id cache buy where nothing changed."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as scratch:
        generated = write_pages(Path(scratch), [size])[size]
        with serve_directory(generated.parent) as base, Browser() as browser:
            browser.open(base + generated.name)
            for name in ("snapshot", "outline", "domtext"):
                samples: dict[str, list[float]] = {"normal": [], "exact": []}
                paths: dict[str, int] = {}
                _read(browser, format=name)
                for _ in range(runs):
                    for how in ("normal", "exact"):
                        if how == "normal":
                            _read(browser, format=name)  # the state a re-read finds
                        reply = _read(browser, format=name, exact=how == "exact")
                        samples[how].append(float(reply["timings"]["total_ms"]))
                        if how == "normal":
                            for p in answered(reply):
                                paths[p] = paths.get(p, 0) + 1
                out[name] = {"answered": paths,
                             **{k: round(statistics.median(v), 1) for k, v in samples.items()}}
                print(name, json.dumps(out[name]), flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=20_000)
    parser.add_argument("--window-pairs", type=int, default=0,
                        help="only the window re-read pairs on the generated page (prints)")
    args = parser.parse_args()
    if args.window_pairs:
        window_pairs(args.window_pairs, args.size)
        return 0
    rows = browser_part(args.runs, args.size) if args.size else []
    RESULTS.mkdir(exist_ok=True)
    report = {"command": " ".join(["bench/bench_fast_paths.py", *sys.argv[1:]]),
              "browser": rows}
    (RESULTS / "fast_paths.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
