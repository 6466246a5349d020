"""Two builds of the extension, read by turns under the same load: before/after of a change.

The shared machine's load swings medians by 2x between runs minutes apart, so comparing
two bench runs says little about a change of 20-40 ms. This runs two browsers at once, one
per extension folder (the host is this checkout's), and alternates them read by read on
the same pages: the demo and MiniWoB's login-user (SnapshotV1) and the generated 1k page
(DOM text and SnapshotV1), each opened, left quiet for 1 s, then read twice with default
options. It prints the medians of the extension's own ``total_ms`` and of the Python wall
time, first and second read of each document. With ``--after-change``: instead, after those
two reads, one text in the window is changed over CDP (bench_e2e's change_text_in_window)
and read with no stabilization wait, twice (a second change before the second), on the demo
(SnapshotV1 and DOM text) and MiniWoB's login-user (SnapshotV1): what an agent pays after
each step.

    git worktree add --detach /tmp/before <commit>
    nice .venv/bin/python bench/bench_ab.py --before /tmp/before/extension --after extension
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from generate import write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

DEMO = BENCH.parent / "host" / "axsnap_host" / "demo"


def measure(browsers: dict[str, Browser], url: str, fmt: str, runs: int,
            after_change: bool = False) -> dict[str, dict]:
    """Per build, alternating who goes first: the first and second read's total_ms and wall
    ms of a settled page, or (``after_change``) of the reads after one change and after a
    second one, each change one text in the window, read with no stabilization wait."""
    from bench_e2e import NO_WAIT, change_text_in_window

    res = {k: {"first": [], "second": [], "first_wall": [], "second_wall": []} for k in browsers}
    keys = list(browsers)
    for i in range(runs):
        for key in keys if i % 2 == 0 else keys[::-1]:
            browser = browsers[key]
            browser.open(url)
            time.sleep(1.0)
            if after_change:  # the page read twice before, as an agent's reads would have
                browser.snapshot_raw(format=fmt)
                browser.snapshot_raw(format=fmt)
            for n, which in enumerate(("first", "second")):
                if after_change:
                    change_text_in_window(browser, 2 * i + n)
                started = time.perf_counter()
                reply = browser.snapshot_raw(format=fmt, **(NO_WAIT if after_change else {}))
                res[key][which + "_wall"].append((time.perf_counter() - started) * 1000)
                res[key][which].append(float(reply["timings"]["total_ms"]))
    return res


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="extension folder")
    parser.add_argument("--after", type=Path, required=True, help="extension folder")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--after-change", action="store_true",
                        help="reads after one change (and a second) instead of settled reads")
    args = parser.parse_args()
    import miniwob

    miniwob_html = Path(miniwob.__file__).resolve().parent / "html"
    with tempfile.TemporaryDirectory() as tmp:
        generated = write_pages(Path(tmp), [1000])[1000]
        with (serve_directory(DEMO) as demo, serve_directory(miniwob_html) as mw,
              serve_directory(Path(tmp)) as gen,
              Browser(extension_dir=args.before) as before,
              Browser(extension_dir=args.after) as after):
            browsers = {"before": before, "after": after}
            cases = [("demo", demo + "index.html", "snapshot"),
                     ("MiniWoB login-user", mw + "miniwob/login-user.html", "snapshot"),
                     ("generated 1k", gen + generated.name, "domtext"),
                     ("generated 1k", gen + generated.name, "snapshot")]
            print("| page | format | read | before: extension ms (wall) "
                  "| after: extension ms (wall) |\n|---|---|---|--:|--:|")
            labels = {"first": "first", "second": "second"}
            if args.after_change:
                cases = [("demo", demo + "index.html", "snapshot"),
                         ("MiniWoB login-user", mw + "miniwob/login-user.html", "snapshot"),
                         ("demo", demo + "index.html", "domtext")]
                labels = {"first": "after one change", "second": "after a second change"}
            for name, url, fmt in cases:
                res = measure(browsers, url, fmt, args.runs, after_change=args.after_change)
                for which, label in labels.items():
                    cells = [f"{statistics.median(res[k][which]):.0f} "
                             f"({statistics.median(res[k][which + '_wall']):.0f})"
                             for k in browsers]
                    print(f"| {name} | {fmt} | {label} | {cells[0]} | {cells[1]} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
