"""The whole page, every format, against Playwright's aria snapshot, on real pages (issue 33).

One Debian Chromium (/usr/bin/chromium) with the unpacked extension; each page is loaded once,
then read, in one run, by:

- axsnap SnapshotV1 ``scope="page"``, the outline ``scope="page"`` and DOM text
  ``viewport_only=False``, each ``exact=True`` (every fast path off: a cold read, no kept
  answer, no AX cache, no bases) and no stabilization wait; DOM text both from the walk alone
  (the default, ``dom_source="walk"``: no DOMSnapshot, design note 40) and joined to a
  DOMSnapshot (``dom_source="snapshot"``), each its own column; SnapshotV1 and the outline
  both from Chromium's AX tree (``ax_source="chromium"``) and from the walk (``ax_source=
  "walk"``, design note 42; the default since design note 65);
- ``--all-formats``: the three in one request (``also_formats``), one capture;
- Playwright's ``aria_snapshot()`` of the same tab, default and ``mode="ai"`` (a worker in
  bench/.venv-peers connected over CDP; a warm-up call first, as Playwright's first call also
  injects its script).

Pages: real saved pages of 2k-50k elements (the two largest of ``bench/corpus/`` and
documentation pages the machine already holds: the Node.js API docs of Debian's ``nodejs``
package, /usr/share/doc/nodejs/api, and rustup's ``rust-docs`` component; a page whose file is
missing is reported as skipped), then the generated 20k and 100k pages (bench/pages/generate.py).
Each row: the median of ``--runs`` reads, the ratio to Playwright's default snapshot, the
read's own steps (capture, AX, walker, transfer, host) and the host's peak RSS (VmHWM, reset
before each read: the largest of that mode's reads, not of every read before it).

    nice .venv/bin/python bench/bench_whole_page.py                   # writes results/whole_page.md
    nice .venv/bin/python bench/bench_whole_page.py --pages node-fs --no-generated --runs 3

Playwright's interpreter: bench/.venv-peers (``AXSNAP_PEERS_VENV``), made by
``python -m venv bench/.venv-peers && bench/.venv-peers/bin/pip install playwright==1.65.2``
(no browser download: it connects to the running Chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_e2e import host_vmhwm_mb, reset_host_peak  # noqa: E402
from compare import PEERS_VENV, run_worker  # noqa: E402
from generate import SECRET, write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from peers.cdp import http_base  # noqa: E402
from peers.launch import debugger_address  # noqa: E402

RESULTS = BENCH / "results"
NODE_DOCS = Path("/usr/share/doc/nodejs/api")
RUST_DOCS = Path(os.environ.get(
    "AXSNAP_RUST_DOCS",
    Path.home() / ".rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html"))


@dataclass(frozen=True)
class Page:
    name: str
    root: str  # the served folder's link name
    path: str  # under that folder


# Real pages, smallest first (element counts are measured in the page at run time).
REAL_PAGES = [
    Page("corpus-google-1", "corpus", "google-1/index.html"),
    Page("corpus-wikipedia", "corpus", "wikipedia/index.html"),
    Page("node-zlib", "node", "zlib.html"),
    Page("node-events", "node", "events.html"),
    Page("node-http", "node", "http.html"),
    Page("node-crypto", "node", "crypto.html"),
    Page("node-fs", "node", "fs.html"),
    Page("rust-releases", "rust", "releases.html"),
    Page("rust-primitive-u8", "rust", "std/primitive.u8.html"),
    Page("rust-simd", "rust", "std/simd/struct.Simd.html"),
    Page("rust-arch-aarch64", "rust", "core/arch/aarch64/index.html"),
    Page("rust-wrapping", "rust", "std/num/struct.Wrapping.html"),
]
ROOTS = {"corpus": BENCH / "corpus", "node": NODE_DOCS, "rust": RUST_DOCS}
GENERATED = [20_000, 100_000]
NO_WAIT = {"stabilize": {"enabled": False}}
MODES: dict[str, dict[str, Any]] = {
    # from Chromium's AX tree and a DOMSnapshot (ax_source "chromium")
    "SnapshotV1 page": {"format": "snapshot", "scope": "page", "ax_source": "chromium"},
    "outline page": {"format": "outline", "scope": "page", "ax_source": "chromium"},
    # from the walk (ax_source "walk", design notes 42 and 45; the default, note 65): no AX
    # tree, no DOMSnapshot
    "SnapshotV1 page, walk": {"format": "snapshot", "scope": "page", "ax_source": "walk"},
    "outline page, walk": {"format": "outline", "scope": "page", "ax_source": "walk"},
    # the same named by the walker's own ids: no take of the records' or rows' ids (note 154)
    "SnapshotV1 page, walker ids": {"format": "snapshot", "scope": "page", "ax_source": "walk",
                                    "node_ids": "walker"},
    "outline page, walker ids": {"format": "outline", "scope": "page", "ax_source": "walk",
                                 "node_ids": "walker"},
    # from the walk alone (dom_source "walk", the default since design note 40)
    "DOM text page": {"format": "domtext", "viewport_only": False},
    # the same read named by the walker's own ids: no ids take (node_ids "walker", note 144)
    "DOM text page, walker ids": {"format": "domtext", "viewport_only": False,
                                  "node_ids": "walker"},
    # the same read joined to a DOMSnapshot, the default before
    "DOM text page, DOMSnapshot": {"format": "domtext", "viewport_only": False,
                                   "dom_source": "snapshot"},
}
ALL_IN_ONE = "all three, one read"
ALL_IN_ONE_OPTIONS: dict[str, Any] = {"format": "snapshot", "scope": "page",
                                      "also_formats": ["outline", "domtext"],
                                      "viewport_only": False, "ax_source": "chromium"}
# the same from the one walk (ax_source "walk": SnapshotV1, the outline and DOM text of it)
ALL_IN_ONE_WALK = "all three, one walk"
ALL_IN_ONE_WALK_OPTIONS: dict[str, Any] = {**ALL_IN_ONE_OPTIONS, "ax_source": "walk"}
# --modes: only these of MODES (their short names: snapshot, outline, domtext)
ONLY_MODES: set[str] = set()
SHORT_MODES = {"snapshot": "SnapshotV1 page", "snapshot_walk": "SnapshotV1 page, walk",
               "outline": "outline page",
               "outline_walk": "outline page, walk", "domtext": "DOM text page",
               "snapshot_walker_ids": "SnapshotV1 page, walker ids",
               "outline_walker_ids": "outline page, walker ids",
               "domtext_walker_ids": "DOM text page, walker ids",
               "domtext_snapshot": "DOM text page, DOMSnapshot"}
COUNT_ELEMENTS = "return document.getElementsByTagName('*').length"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def read(browser: Browser, options: dict[str, Any], runs: int, secret: bool,
         warm_up: int = 0) -> dict[str, Any]:
    """Median wall time of ``runs`` exact reads (every exact read is cold: no kept answer,
    cache or base). ``warm_up``: that many untimed exact reads first, as Playwright gets its
    warm-up call: the session's first read otherwise also pays the host's start (its imports
    and token encoder, begun at launch) and a fresh renderer's heap (design note 99)."""
    for _ in range(warm_up):
        browser.snapshot_raw(exact=True, **NO_WAIT, **options)
    samples: list[float] = []
    reply: dict[str, Any] = {}
    peaks: list[float] = []
    for _ in range(runs):
        reset_host_peak(browser)  # each read's own peak
        started = time.perf_counter()
        reply = browser.snapshot_raw(exact=True, **NO_WAIT, **options)
        samples.append((time.perf_counter() - started) * 1000)
        peaks.append(host_vmhwm_mb(browser) or 0.0)
        if secret and SECRET in json.dumps(reply):
            raise SystemExit(f"secret leaked in {options}")
    timings = reply.get("timings") or {}
    steps = timings.get("capture_steps") or {}
    stats = (reply.get("result") or {}).get("stats") or {}
    return {"median_ms": statistics.median(samples), "samples_ms": [round(s) for s in samples],
            "capture_ms": timings.get("capture_ms"), "ax_ms": steps.get("ax_ms"),
            "walker_ms": steps.get("walker_ms"), "walk_ms": steps.get("walker_walk_ms"),
            "dom_snapshot_ms": steps.get("dom_snapshot_ms"),
            "transfer_ms": timings.get("transfer_ms"), "host_ms": timings.get("host_ms"),
            "timings": {k: v for k, v in timings.items() if isinstance(v, int | float)},
            "capture_steps": steps, "capture_count": steps.get("capture_count"),
            "formats_from_one_capture": stats.get("formats_from_one_capture"),
            "reply_kb": round((reply.get("sizes") or {}).get("reply_bytes", 0) / 1024),
            "host_vmhwm_mb": max(peaks) if any(peaks) else None}


def playwright(python: Path, browser: Browser, url: str, runs: int,
               scratch: Path) -> dict[str, Any]:
    args = ["--cdp", http_base(debugger_address(browser.driver)), "--target",
            browser.target_handle or "", "--url", url, "--runs", str(runs), "--warmup", "1",
            "--modes", "default", "ai"]
    out: dict[str, Any] = {}
    for result in run_worker(python, "playwright_worker", args, 1800, scratch):
        out[result["mode"]] = ({"median_ms": statistics.median(result["samples_ms"]),
                                "samples_ms": [round(s) for s in result["samples_ms"]],
                                "chars": len(result["text"])}
                               if result.get("ok") else {"error": result.get("error")})
    return out


def measure(browser: Browser, python: Path | None, url: str, name: str, runs: int,
            all_in_one: bool, scratch: Path, warm_up: int = 0) -> dict[str, Any]:
    browser.open(url)
    row: dict[str, Any] = {"page": name, "elements": browser.run_in_target(COUNT_ELEMENTS),
                           "modes": {}}
    secret = name.startswith("generated")
    modes = {mode: options for mode, options in MODES.items()
             if mode in ONLY_MODES or not ONLY_MODES}
    if all_in_one:
        modes[ALL_IN_ONE] = ALL_IN_ONE_OPTIONS
        modes[ALL_IN_ONE_WALK] = ALL_IN_ONE_WALK_OPTIONS
    for mode, options in modes.items():
        try:
            row["modes"][mode] = read(browser, options, runs, secret, warm_up)
        except Exception as exc:  # reported in the table, the run goes on
            row["modes"][mode] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        log(f"{name:<20} {row['elements']:>7} {mode:<20} "
            f"{row['modes'][mode].get('median_ms', float('nan')):8.0f} ms "
            f"{row['modes'][mode].get('error', '')}")
    row["playwright"] = (playwright(python, browser, url, runs, scratch) if python
                         else {"default": {"error": f"no {PEERS_VENV}"}})
    for mode in ("default", "ai"):
        log(f"{name:<20} {row['elements']:>7} {'Playwright ' + mode:<20} "
            f"{row['playwright'].get(mode, {}).get('median_ms', float('nan')):8.0f} ms")
    base = row["playwright"].get("default", {}).get("median_ms")
    for stats in row["modes"].values():
        if base and stats.get("median_ms"):
            stats["x_playwright"] = stats["median_ms"] / base
    return row


def _f(value: Any, spec: str = ".0f") -> str:
    return "–" if value is None else format(value, spec)


def render(rows: list[dict[str, Any]], modes: list[str]) -> str:
    head = ("| page | elements | " + " | ".join(f"{m} ms (×PW)" for m in modes)
            + " | PW default ms | PW ai ms |")
    lines = [head, "|---|--:|" + "--:|" * (len(modes) + 2)]
    for r in rows:
        cells = []
        for mode in modes:
            stats = r["modes"].get(mode, {})
            cells.append("error" if "error" in stats else
                         f"{_f(stats.get('median_ms'))} ({_f(stats.get('x_playwright'), '.2f')})")
        pw = r["playwright"]
        lines.append(f"| {r['page']} | {r['elements']:,} | " + " | ".join(cells)
                     + f" | {_f(pw.get('default', {}).get('median_ms'))} | "
                     f"{_f(pw.get('ai', {}).get('median_ms'))} |")
    real = [r for r in rows if not r["page"].startswith("generated")]
    summary = ["", "| on the real pages | " + " | ".join(modes) + " |",
               "|---|" + "--:|" * len(modes)]
    for label, pick in (("median ×PW", statistics.median), ("worst ×PW", max)):
        values = []
        for mode in modes:
            got = [r["modes"].get(mode, {}).get("x_playwright") for r in real]
            got = [g for g in got if g is not None]
            values.append(_f(pick(got), ".2f") if got else "–")
        summary.append(f"| {label} | " + " | ".join(values) + " |")
    return "\n".join(lines + summary)


def render_steps(rows: list[dict[str, Any]], modes: list[str]) -> str:
    lines = ["| page | mode | capture ms | AX ms | DOMSnapshot ms | walker ms (its walk) "
             "| transfer ms | host ms | reply KB | host peak MB |",
             "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        for mode in modes:
            s = r["modes"].get(mode, {})
            lines.append(f"| {r['page']} | {mode} | {_f(s.get('capture_ms'))} | "
                         f"{_f(s.get('ax_ms'))} | {_f(s.get('dom_snapshot_ms'))} | "
                         f"{_f(s.get('walker_ms'))} ({_f(s.get('walk_ms'))}) | "
                         f"{_f(s.get('transfer_ms'))} | {_f(s.get('host_ms'))} | "
                         f"{_f(s.get('reply_kb'))} | {_f(s.get('host_vmhwm_mb'))} |")
    return "\n".join(lines)



def _results_name(value: str) -> str:
    name = Path(value).name.removesuffix(".md").removesuffix(".json")
    if not name:
        raise argparse.ArgumentTypeError(f"--out {value!r} names no file")
    return name

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--pages", nargs="*", help="only these real pages (names)")
    parser.add_argument("--sizes", nargs="*", type=int, default=GENERATED)
    parser.add_argument("--no-generated", action="store_true")
    parser.add_argument("--all-formats", action="store_true",
                        help="also the three formats in one request (also_formats)")
    parser.add_argument("--out", default="whole_page", type=_results_name,
                        help="a name: results/<out>.md and .json (a path or a .md suffix is cut "
                             "to its name, so a run never ends on a missing folder)")
    parser.add_argument("--modes", nargs="*", choices=sorted(SHORT_MODES),
                        help="only these formats (default: the three)")
    parser.add_argument("--warm-up", type=int, default=0, metavar="N",
                        help="N untimed exact reads of each page and mode before its timed "
                             "ones (Playwright's side always has one)")
    args = parser.parse_args()
    ONLY_MODES.update(SHORT_MODES[m] for m in args.modes or [])
    python = PEERS_VENV / "bin" / "python"
    python_or_none = python if python.exists() else None
    pages = [p for p in REAL_PAGES if not args.pages or p.name in args.pages]
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    load = [os.getloadavg()]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        sizes = [] if args.no_generated else args.sizes
        generated = write_pages(root / "generated", sizes)
        scratch = root / "scratch"
        scratch.mkdir()
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            for page in pages:
                if not (root / page.root / page.path).is_file():
                    skipped.append(page.name)
                    continue
                rows.append(measure(browser, python_or_none, f"{base}{page.root}/{page.path}",
                                    page.name, args.runs, args.all_formats, scratch,
                                    args.warm_up))
            for size, path in generated.items():
                rows.append(measure(browser, python_or_none, f"{base}generated/{path.name}",
                                    f"generated-{size // 1000}k", args.runs, args.all_formats,
                                    scratch, args.warm_up))
    load.append(os.getloadavg())
    modes = [m for m in MODES if m in ONLY_MODES or not ONLY_MODES] + (
        [ALL_IN_ONE, ALL_IN_ONE_WALK] if args.all_formats else [])
    command = "nice .venv/bin/python bench/bench_whole_page.py " + " ".join(sys.argv[1:])
    text = (f"# The whole page against Playwright's aria snapshot (bench/bench_whole_page.py)\n\n"
            f"    {command.strip()}\n\n"
            f"Run {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}, load (1/5/15 min) "
            f"{' '.join(f'{x:.1f}' for x in load[0])} → "
            f"{' '.join(f'{x:.1f}' for x in load[1])}; {args.runs} exact read(s) a mode"
            + (f" after {args.warm_up} untimed" if args.warm_up else "") + ", "
            f"Playwright the median of {args.runs} after a warm-up. × PW: axsnap ÷ "
            f"Playwright's default aria snapshot of the same tab."
            + (f" Skipped (file missing): {', '.join(skipped)}." if skipped else "")
            + "\n\n" + render(rows, modes) + "\n\n## Each read's steps\n\n"
            + render_steps(rows, modes) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{args.out}.md").write_text(text, encoding="utf-8")
    (RESULTS / f"{args.out}.json").write_text(json.dumps(rows, indent=1) + "\n",
                                              encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
