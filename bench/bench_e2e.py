"""End-to-end snapshot timings through the real extension and host, against Playwright.

Serves generated pages of about 1k/5k/20k(/100k) elements from 127.0.0.1, drives one
Debian Chromium with the unpacked extension, and for each page takes, after a warm-up, the
median of ``--runs`` reads of: axsnap's DOM text, SnapshotV1 and the outline in their
default scope (the window: viewport + margin), SnapshotV1 of the whole page
(``scope="page"``), and Playwright's aria snapshot of the same tab (a worker in
bench/.venv-peers, connected over CDP; see compare.py). Ratios are within one run. For the
window reads it checks recall: every control (interactive AX role) that the whole-page
SnapshotV1 places in the window must be in the window SnapshotV1 and in the outline.
It reports SnapshotV1's cl100k tokens per kept node (the whole JSON, envelope included).

Then settled small pages (the demo, MiniWoB's login-user): the first SnapshotV1 of the
document with the default stabilization (after the page has been quiet for a while), and a
second read, against Playwright's aria snapshot (``--small-only``: just these). Two times
per read: the Python wall time (it includes the WebDriver round trip to the bridge page,
5–15 ms, which Playwright's in-process CDP call does not pay) and the extension's own
``total_ms`` (message in → reply out in the service worker: attach, stabilize, capture,
host); Playwright's is its ``aria_snapshot()`` call over its own CDP connection.

Before each timed read of the generated pages in the window scope (DOM text, SnapshotV1,
the outline; the warm-up too) the bench changes one text node inside the window over CDP
(the first visible text, ``window_text_change``): each read then measures the capture an agent
pays after a step, not a re-read of an unchanged page, which a cached answer could serve from
the last one. ``--unchanged`` reads without it (the old way: re-reads of an unchanged page;
written to results/e2e_unchanged.*).

The step columns (AX, walker, host ms) are the medians of the timed reads' own steps (each
read's are in e2e.json, ``step_samples``), as the time columns are.

Writes bench/results/e2e.md, e2e.json and e2e.svg (log-log time against page size).

    .venv/bin/python bench/bench_e2e.py                              # 1k, 5k, 20k
    nice .venv/bin/python bench/bench_e2e.py --sizes 1000 5000 20000 100000 --runs 3
    nice .venv/bin/python bench/bench_e2e.py --small-only --runs 5
    nice .venv/bin/python bench/bench_e2e.py --second-read-only --sizes 20000 --runs 3
    nice .venv/bin/python bench/bench_e2e.py --page-only --sizes 20000 100000 --runs 3

A second whole-page read after one small change: a full whole-page SnapshotV1, one row's
text changed by the page's own script (``window.benchChange``), and the whole-page read
again, which the tab's AX cache serves (``quality.ax_source``: ``cache+N changed``); the
ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from compare import PEERS_VENV, peers_python, run_worker  # noqa: E402
from generate import SECRET, write_pages  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.models.snapshot import node_records  # noqa: E402
from axsnap_host.pipeline.ax.prune import INTERACTIVE_ROLES  # noqa: E402
from axsnap_host.pipeline.tokens import count_tokens  # noqa: E402
from peers.cdp import http_base  # noqa: E402
from peers.launch import debugger_address  # noqa: E402
from peers.report import render_svg  # noqa: E402

RESULTS = BENCH / "results"
DEMO = BENCH.parent / "host" / "axsnap_host" / "demo"
NO_WAIT = {"stabilize": {"enabled": False}}
# mode → (format, extra options)
MODES: dict[str, tuple[str, dict[str, Any]]] = {
    "DOM text": ("domtext", {}),
    "SnapshotV1": ("snapshot", {}),
    "outline": ("outline", {}),
    "SnapshotV1 page": ("snapshot", {"scope": "page"}),
}
PLAYWRIGHT = "Playwright aria"
_OUTLINE_ID = re.compile(r"\[(\d+-\d+)\]")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# The page's own resize event: the AX cache's journal doubts, the next whole-page read is a
# full one (extension/content/axwatch.js). The "SnapshotV1 page" row measures full reads.
FULL_NEXT = "window.dispatchEvent(new Event('resize'))"


def read(browser: Browser, fmt: str, extra: dict[str, Any], runs: int,
         change: bool = False) -> dict[str, Any]:
    """Median wall time of ``runs`` reads after a warm-up; the last reply. ``change``: one
    text node inside the window changed before each read."""
    samples: list[float] = []
    inside: list[float] = []  # the extension's own total_ms (no WebDriver round trip)
    # each timed read's steps: the table's step columns are their medians (one read's steps
    # said the outline's AX took 325 ms where its other reads took 40-60: a slow read)
    step_samples: dict[str, list[float]] = {"ax_ms": [], "walker_ms": [], "host_ms": []}
    reply: dict[str, Any] = {}
    for i in range(runs + 1):
        if extra.get("scope") == "page":
            browser.run_in_target(FULL_NEXT)
        elif change:
            change_text_in_window(browser, i)
        started = time.perf_counter()
        reply = browser.snapshot_raw(format=fmt, **NO_WAIT, **extra)
        wall = (time.perf_counter() - started) * 1000
        if SECRET in json.dumps(reply):
            raise SystemExit(f"secret leaked in {fmt} {extra}")
        if i:
            samples.append(wall)
            inside.append(float((reply.get("timings") or {}).get("total_ms") or 0))
            got = reply.get("timings") or {}
            for key, value in (("ax_ms", (got.get("capture_steps") or {}).get("ax_ms")),
                               ("walker_ms", (got.get("capture_steps") or {}).get("walker_ms")),
                               ("host_ms", got.get("host_ms"))):
                if isinstance(value, (int, float)):
                    step_samples[key].append(float(value))
    timings = reply.get("timings") or {}
    stats = (reply.get("result") or {}).get("stats") or {}
    rss_kb = stats.get("host_peak_rss_kb")
    return {"median_ms": statistics.median(samples), "samples_ms": samples,
            "extension_ms": statistics.median(inside) if inside else None,
            **{key: statistics.median(values) if values else None
               for key, values in step_samples.items()},
            "step_samples": step_samples, "transfer_ms": timings.get("transfer_ms"),
            "capture_ms": timings.get("capture_ms"),
            "reply_kb": (reply.get("sizes") or {}).get("reply_bytes", 0) / 1024,
            "request_kb": (reply.get("sizes") or {}).get("capture_bytes", 0) / 1024,
            "stream": stats.get("ax_stream"),
            "host_rss_mb": rss_kb / 1024 if rss_kb else None,
            "host_vmhwm_mb": host_vmhwm_mb(browser),
            "result": reply.get("result") or {}}


def reset_host_peak(browser: Browser) -> None:
    """Start the native hosts' peak resident size (VmHWM) afresh (Linux: ``5`` written to
    /proc/PID/clear_refs), so the next reading is one read's own peak, not the largest of
    every read the host served before."""
    for pid in browser.host_pids():
        try:
            Path(f"/proc/{pid}/clear_refs").write_text("5")
        except OSError:
            continue


def host_vmhwm_mb(browser: Browser) -> float | None:
    """The native host's peak resident size (VmHWM) from /proc, after the read."""
    peaks = []
    for pid in browser.host_pids():
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        if found:
            peaks.append(int(found.group(1)) / 1024)
    return max(peaks) if peaks else None


def playwright(python: Path | None, browser: Browser, url: str, runs: int,
               scratch: Path) -> dict[str, Any]:
    if python is None:
        return {"error": "no peers venv"}
    args = ["--cdp", http_base(debugger_address(browser.driver)), "--target",
            browser.target_handle or "", "--url", url, "--runs", str(runs), "--warmup", "1",
            "--modes", "default"]
    result = run_worker(python, "playwright_worker", args, 1800, scratch)[0]
    if not result.get("ok"):
        return {"error": result.get("error")}
    return {"median_ms": statistics.median(result["samples_ms"]),
            "samples_ms": result["samples_ms"], "chars": len(result["text"])}


def playwright_python() -> tuple[Path | None, str]:
    """bench/.venv-peers' interpreter when it has Playwright (made by compare.py if not)."""
    python = PEERS_VENV / "bin" / "python"
    probe = [str(python), "-c", "import playwright"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python, ""
    return peers_python(install=True)


def _in_window(bbox: list[int] | None, viewport: dict[str, Any]) -> bool:
    if not bbox or bbox[2] <= 0 or bbox[3] <= 0:
        return False
    x, y, w, h = bbox
    left, top = viewport.get("scrollX", 0), viewport.get("scrollY", 0)  # 0: left out
    return (x + w >= left and y + h >= top and x <= left + viewport["width"]
            and y <= top + viewport["height"])


def window_controls(page_snapshot: dict[str, Any]) -> set[str]:
    """Ids of the controls the whole-page SnapshotV1 places in the viewport."""
    viewport = page_snapshot["viewport"]
    return {n["id"] for n in node_records(page_snapshot)
            if n["role"] in INTERACTIVE_ROLES and n.get("isVisible") is not False
            and _in_window(n.get("bbox"), viewport)}


def tokens_per_node(snapshot: dict[str, Any]) -> float:
    text = json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))
    return count_tokens(text) / max(1, snapshot["quality"]["nodes_kept"])


def measure_page(browser: Browser, url: str, size: int, runs: int, python: Path | None,
                 scratch: Path, page_sizes: set[int], change: bool = True) -> list[dict[str, Any]]:
    browser.open(url)
    rows: list[dict[str, Any]] = []
    for mode, (fmt, extra) in MODES.items():
        if mode.endswith("page") and size not in page_sizes:
            continue
        stats = read(browser, fmt, extra, runs if not mode.endswith("page") else 1, change)
        rows.append({"size": size, "mode": mode, **stats})
        log(f"{size:>7} {mode:<16} {stats['median_ms']:8.0f} ms")
    pw = playwright(python, browser, url, runs, scratch)
    rows.append({"size": size, "mode": PLAYWRIGHT, **pw})
    log(f"{size:>7} {PLAYWRIGHT:<16} {pw.get('median_ms', float('nan')):8.0f} ms "
        f"{pw.get('error') or ''}")
    by_mode = {r["mode"]: r for r in rows}
    dom = by_mode["DOM text"]["median_ms"]
    peer = pw.get("median_ms")
    page = by_mode.get("SnapshotV1 page", {}).get("result", {}).get("snapshot")
    expected = window_controls(page) if page else None
    for row in rows:
        result = row.pop("result", None) or {}
        if row.get("median_ms") is None:
            continue
        row["x_domtext"] = row["median_ms"] / dom
        row["x_playwright"] = row["median_ms"] / peer if peer else None
        snapshot = result.get("snapshot")
        got: set[str] | None = None
        if snapshot:
            row["tokens_per_node"] = tokens_per_node(snapshot)
            row["nodes_kept"] = snapshot["quality"]["nodes_kept"]
            got = {n["id"] for n in node_records(snapshot)}
        elif result.get("combinedTree") is not None:
            got = set(_OUTLINE_ID.findall(result["combinedTree"]))
        if expected and got is not None and row["mode"] != "SnapshotV1 page":
            row["recall_window"] = len(expected & got) / len(expected)
            row["missing"] = sorted(expected - got)[:10]
    return rows


def _timed_page_read(browser: Browser) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    reply = browser.snapshot_raw(format="snapshot", scope="page", **NO_WAIT)
    return (time.perf_counter() - started) * 1000, reply


def second_read_after_change(browser: Browser, url: str, size: int,
                             runs: int) -> dict[str, Any]:
    """A whole-page SnapshotV1 (a full read), one small change made by the page itself
    (``window.benchChange``: one row's text), and the whole-page read again (served by the
    tab's AX cache, extension/lib/ax/ax_cache_read.js). Medians of ``runs`` pairs, and their
    ratio."""
    browser.open(url)
    browser.snapshot_raw(format="snapshot", scope="page", **NO_WAIT)  # the renderer's AX warm-up
    firsts, seconds, sources, steps = [], [], [], []
    for i in range(runs):
        browser.run_in_target(FULL_NEXT)
        first_ms, first = _timed_page_read(browser)
        browser.run_in_target(f"window.benchChange({i + 1})")
        second_ms, second = _timed_page_read(browser)
        snapshot = second["result"]["snapshot"]
        if f"Item {i + 1} (changed)" not in json.dumps(snapshot):
            raise SystemExit("the second read does not show the page's change")
        firsts.append(first_ms)
        seconds.append(second_ms)
        sources.append((first["result"]["snapshot"]["quality"].get("ax_source"),
                        snapshot["quality"].get("ax_source")))
        steps.append({"first": _steps(first), "second": _steps(second)})
    first_ms, second_ms = statistics.median(firsts), statistics.median(seconds)
    pairs = [b / a for a, b in zip(firsts, seconds, strict=True)]
    row = {"size": size, "first_ms": first_ms, "second_ms": second_ms,
           "ratio": second_ms / first_ms, "pair_ratio": statistics.median(pairs),
           "first_samples_ms": firsts,
           "second_samples_ms": seconds, "ax_source": sources, "steps": steps}
    log(f"{size:>7} second read after a change {second_ms:8.0f} ms "
        f"(first {first_ms:.0f} ms, ratio {row['ratio']:.2f}, pairs {row['pair_ratio']:.2f}, "
        f"{sources[-1][1]})")
    return row


def _steps(reply: dict[str, Any]) -> dict[str, Any]:
    timings = reply.get("timings") or {}
    steps = timings.get("capture_steps") or {}
    return {"ax_ms": steps.get("ax_ms"), "dom_snapshot_ms": steps.get("dom_snapshot_ms"),
            "capture_ms": timings.get("capture_ms"), "host_ms": timings.get("host_ms"),
            "transfer_ms": timings.get("transfer_ms"),
            "capture_kb": round((reply.get("sizes") or {}).get("capture_bytes", 0) / 1024),
            "ax_stream_kb": round(((reply.get("result") or {}).get("stats") or {})
                                  .get("ax_stream", {}).get("bytes", 0) / 1024),
            "host_steps": (reply.get("result") or {}).get("timings"),
            "ax_cache": {k: v for k, v in steps.items() if k.startswith("ax_cache_")}}


def render_second(rows: list[dict[str, Any]]) -> str:
    lines = ["| page | first whole-page read, ms | second read after one change, ms | ratio "
             "| median pair ratio | second read: AX ms | DOMSnapshot ms | host ms (CPU) "
             "| transfer ms | AX parts KB | ax_source |",
             "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
    for r in rows:
        last = r["steps"][-1]["second"]
        cpu = (last.get("host_steps") or {}).get("steps_cpu_ms")
        parts = last.get("ax_stream_kb")
        lines.append(f"| {r['size']:,} | {r['first_ms']:.0f} | {r['second_ms']:.0f} | "
                     f"{r['ratio']:.2f} | {r['pair_ratio']:.2f} | {_f(last['ax_ms'])} | "
                     f"{_f(last['dom_snapshot_ms'])} | "
                     f"{_f(last['host_ms'])} ({_f(cpu)}) | {_f(last['transfer_ms'])} | "
                     f"{_f(parts)} | {r['ax_source'][-1][1]} |")
    return "\n".join(lines)


def window_text_change(i: int) -> str:
    """A JS expression that changes one text node inside the window of any page (the first
    visible, non-blank one in document order, the page's open shadow roots after it: a
    characterData mutation) and says whether it found one. Run over CDP before a "read after
    one change", so a cached answer cannot serve it and the capture's cost stays visible."""
    return ("(() => { const roots = [document.body];"
            " for (let k = 0; k < roots.length; k++) {"
            " const walker = document.createTreeWalker(roots[k], NodeFilter.SHOW_ELEMENT"
            " | NodeFilter.SHOW_TEXT);"
            " for (let t = walker.nextNode(); t; t = walker.nextNode()) {"
            " if (t.nodeType === 1) { if (t.shadowRoot) roots.push(t.shadowRoot); continue; }"
            " const el = t.parentElement;"
            " if (!el || !t.data.trim()) continue;"
            " if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;"
            " const r = el.getBoundingClientRect();"
            " if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight) continue;"
            f" t.data = t.data.replace(/( \\(read \\d+\\))?$/, ' (read {int(i)})');"
            " return true; } }"
            " return false; })()")


def change_text_in_window(browser: Browser, i: int) -> None:
    """One text inside the window changed over CDP (``window_text_change``)."""
    got = browser.cdp_in_target("Runtime.evaluate",
                                {"expression": window_text_change(i), "returnByValue": True})
    if got.get("result", {}).get("value") is not True:
        raise SystemExit(f"no text to change in the window: {got}")


def _settled_reads(browser: Browser, python: Path | None, scratch: Path, runs: int,
                   page: str, url: str) -> list[dict[str, Any]]:
    """First and second SnapshotV1 (default options) of `url` once it has been quiet for 2 s,
    then one after a text in the window changed (no stabilization wait: the change would
    start the quiet window again), and Playwright's aria snapshot of the same tab."""
    labels = ("first read", "second read", "read after one change (no wait)")
    walls: dict[int, list[float]] = {i: [] for i in range(3)}
    inside: dict[int, list[float]] = {i: [] for i in range(3)}  # the extension's own total_ms
    kept: dict[int, int] = dict.fromkeys(range(3), 0)  # reads answered by a cached answer
    reports: dict[int, Any] = {}
    for run in range(runs):
        browser.open(url)
        time.sleep(2.0)  # the page settles before anyone asks
        for i in range(3):
            extra: dict[str, Any] = {}
            if i == 2:
                change_text_in_window(browser, run)
                extra = NO_WAIT
            started = time.perf_counter()
            reply = browser.snapshot_raw(format="snapshot", **extra)
            walls[i].append((time.perf_counter() - started) * 1000)
            inside[i].append(float(reply["timings"]["total_ms"]))
            kept[i] += reply["timings"].get("kept_answer") is not None
            reports[i] = reply["result"]["snapshot"]["stabilization"]
    pw = playwright(python, browser, url, runs, scratch)
    peer = pw.get("median_ms")
    rows = []
    for i, label in enumerate(labels):
        median = statistics.median(walls[i])
        extension = statistics.median(inside[i])
        rows.append({"page": page, "mode": f"SnapshotV1, {label}",
                     "median_ms": median, "samples_ms": walls[i],
                     "x_playwright": median / peer if peer else None,
                     "extension_ms": extension,
                     "x_playwright_extension": extension / peer if peer else None,
                     "kept": f"{kept[i]}/{runs}", "stabilization": reports[i]})
    rows.append({"page": page, "mode": PLAYWRIGHT, **pw})
    return rows


def settled_small_page(browser: Browser, python: Path | None, scratch: Path,
                       runs: int) -> list[dict[str, Any]]:
    """The demo page and MiniWoB's login-user page (not started), each settled."""
    rows = []
    with serve_directory(DEMO) as base:
        rows += _settled_reads(browser, python, scratch, runs, "demo (settled)",
                               base + "index.html")
    try:
        import miniwob
    except ImportError:
        log("MiniWoB not measured: the miniwob package is not installed")
        return rows
    html = Path(miniwob.__file__).resolve().parent / "html"
    with serve_directory(html) as base:
        rows += _settled_reads(browser, python, scratch, runs, "MiniWoB login-user (settled)",
                               base + "miniwob/login-user.html")
    return rows


def _f(value: Any, spec: str = ".0f", suffix: str = "") -> str:
    return "–" if value is None else f"{value:{spec}}{suffix}"


def render_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| page | mode | median ms | in the extension ms | × DOM text | × Playwright | AX ms "
        "| walker ms | host ms | reply KB | kept nodes | tokens / kept node "
        "| recall of controls in window |",
        "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for r in rows:
        if r.get("median_ms") is None:
            lines.append(f"| {r['size']:,} | {r['mode']} | *failed*: {r.get('error')} "
                         "| | | | | | | | | | |")
            continue
        recall = r.get("recall_window")
        lines.append(
            f"| {r['size']:,} | {r['mode']} | {r['median_ms']:.0f} | "
            f"{_f(r.get('extension_ms'))} | {_f(r.get('x_domtext'), '.2f')} | "
            f"{_f(r.get('x_playwright'), '.2f')} | "
            f"{_f(r.get('ax_ms'))} | {_f(r.get('walker_ms'))} | "
            f"{_f(r.get('host_ms'))} | {_f(r.get('reply_kb'))} | {_f(r.get('nodes_kept'), ',')} | "
            f"{_f(r.get('tokens_per_node'), '.1f')} | "
            f"{'–' if recall is None else f'{100 * recall:.0f}%'} |")
    return "\n".join(lines)


def render_small(rows: list[dict[str, Any]]) -> str:
    lines = ["| page | read | median ms | × Playwright | in the extension ms | × Playwright "
             "| cached answers | stabilization (of the last such read) |",
             "|---|---|--:|--:|--:|--:|--:|---|"]
    for r in rows:
        stab = r.get("stabilization")
        said = "–" if not stab else (
            f"waited {stab['waited_ms']} ms, {', '.join(stab['reasons']) or 'quiet'}"
            + (f", clock from the {stab['source']}, quiet for {stab['quiet_for_ms']} ms"
               if stab.get("source") else ""))
        lines.append(f"| {r['page']} | {r['mode']} | {_f(r.get('median_ms'))} | "
                     f"{_f(r.get('x_playwright'), '.2f')} | {_f(r.get('extension_ms'))} | "
                     f"{_f(r.get('x_playwright_extension'), '.2f')} | {r.get('kept', '–')} "
                     f"| {said} |")
    return "\n".join(lines)


def plot(rows: list[dict[str, Any]]) -> str:
    points = [{"status": "ok", "page": "generated", "elements": r["size"], "tool": "",
               "mode": r["mode"], "median_ms": r["median_ms"], "tokens": None}
              for r in rows if r.get("median_ms")]
    for p in points:
        p["tool"] = "Playwright" if p["mode"] == PLAYWRIGHT else "axsnap"
    return render_svg(points)


PAGE_MODE = "SnapshotV1 page"


def measure_whole_page(browser: Browser, url: str, size: int, runs: int, python: Path | None,
                       scratch: Path) -> list[dict[str, Any]]:
    """SnapshotV1 scope="page" and Playwright's aria snapshot of the same tab, one run."""
    browser.open(url)
    fmt, extra = MODES[PAGE_MODE]
    stats = read(browser, fmt, extra, runs)
    result = stats.pop("result")
    stats["nodes_kept"] = (result.get("snapshot") or {}).get("quality", {}).get("nodes_kept")
    log(f"{size:>7} {PAGE_MODE:<16} {stats['median_ms']:8.0f} ms, host peak RSS "
        f"{_f(stats['host_rss_mb'])} MB")
    pw = playwright(python, browser, url, runs, scratch)
    log(f"{size:>7} {PLAYWRIGHT:<16} {pw.get('median_ms', float('nan')):8.0f} ms")
    peer = pw.get("median_ms")
    stats["x_playwright"] = stats["median_ms"] / peer if peer else None
    return [{"size": size, "mode": PAGE_MODE, **stats}, {"size": size, "mode": PLAYWRIGHT, **pw}]


def render_page_table(rows: list[dict[str, Any]]) -> str:
    lines = ["| page | mode | median ms | × Playwright | capture ms | AX ms | host ms "
             "| transfer ms | AX parts | snapshot request KB | reply KB | host peak RSS MB |",
             "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        stream = r.get("stream") or {}
        lines.append(
            f"| {r['size']:,} | {r['mode']} | {_f(r.get('median_ms'))} | "
            f"{_f(r.get('x_playwright'), '.2f')} | {_f(r.get('capture_ms'))} | "
            f"{_f(r.get('ax_ms'))} | {_f(r.get('host_ms'))} | {_f(r.get('transfer_ms'))} | "
            f"{_f(stream.get('parts'))} | {_f(r.get('request_kb'))} | {_f(r.get('reply_kb'))} | "
            f"{_f(r.get('host_rss_mb'))} |")
    return "\n".join(lines)


def page_only(python: Path | None, sizes: list[int], runs: int) -> int:
    """Whole-page reads only (bench/results/e2e_page.md)."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp) / "scratch"
        scratch.mkdir()
        pages = write_pages(Path(tmp), sizes)
        with serve_directory(Path(tmp)) as base, Browser(timeout_s=1800) as browser:
            for size, path in pages.items():
                rows += measure_whole_page(browser, base + path.name, size, runs, python,
                                           scratch)
    text = ("# Whole-page SnapshotV1 against Playwright (bench/bench_e2e.py --page-only)\n\n"
            + render_page_table(rows) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e_page.md").write_text(text, encoding="utf-8")
    (RESULTS / "e2e_page.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


def small_only(python: Path | None, runs: int) -> int:
    with tempfile.TemporaryDirectory() as tmp, Browser(timeout_s=300) as browser:
        small = settled_small_page(browser, python, Path(tmp), runs)
    text = ("# Settled small pages (bench/bench_e2e.py --small-only)\n\n"
            + render_small(small) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e_small.md").write_text(text, encoding="utf-8")
    return 0


def second_read_only(sizes: list[int], runs: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        pages = write_pages(Path(tmp), sizes)
        with serve_directory(Path(tmp)) as base, Browser(timeout_s=900) as browser:
            rows = [second_read_after_change(browser, base + path.name, size, runs)
                    for size, path in pages.items()]
    text = ("# A second whole-page read after one small change "
            "(bench/bench_e2e.py --second-read-only)\n\n" + render_second(rows) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e_second_read.md").write_text(text, encoding="utf-8")
    (RESULTS / "e2e_second_read.json").write_text(json.dumps(rows, indent=2) + "\n",
                                                  encoding="utf-8")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    parser.add_argument("--page-sizes", type=int, nargs="*", default=None,
                        help="sizes that also get the whole-page SnapshotV1 (default: all)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-peers", action="store_true", help="skip Playwright")
    parser.add_argument("--page-only", action="store_true",
                        help="only SnapshotV1 scope=page and Playwright (results/e2e_page.md)")
    parser.add_argument("--small-only", action="store_true",
                        help="only the settled small pages (writes results/e2e_small.md)")
    parser.add_argument("--unchanged", action="store_true",
                        help="window reads of an unchanged page (no text change before each)")
    parser.add_argument("--second-read-only", action="store_true",
                        help="only the second whole-page read after one change "
                        "(writes results/e2e_second_read.md)")
    args = parser.parse_args()
    if args.second_read_only:
        return second_read_only(sorted(args.page_sizes or args.sizes), args.runs)
    python = None
    if not args.no_peers:
        python, error = playwright_python()
        if python is None:
            log(f"Playwright not measured: {error}")
    page_sizes = set(args.sizes if args.page_sizes is None else args.page_sizes)
    rows: list[dict[str, Any]] = []
    if args.small_only:
        return small_only(python, args.runs)
    if args.page_only:
        return page_only(python, args.sizes, args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp) / "scratch"
        scratch.mkdir()
        pages = write_pages(Path(tmp), args.sizes)
        with serve_directory(Path(tmp)) as base, Browser(timeout_s=900) as browser:
            for size, path in pages.items():
                rows += measure_page(browser, base + path.name, size, args.runs, python,
                                     scratch, page_sizes, change=not args.unchanged)
            second = [second_read_after_change(browser, base + pages[size].name, size, args.runs)
                      for size in sorted(page_sizes) if size in pages]
            small = settled_small_page(browser, python, scratch, args.runs)
    how = ("re-reads of an unchanged page (--unchanged)" if args.unchanged else
           "one text node inside the window changed before each window read")
    text = ("# End-to-end reads (bench/bench_e2e.py)\n\n" + f"Window reads: {how}.\n\n"
            + render_table(rows) +
            "\n\n## A second whole-page read after one small change\n\n"
            + render_second(second) +
            "\n\n## A settled small page\n\n" + render_small(small) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    name = "e2e_unchanged" if args.unchanged else "e2e"
    (RESULTS / f"{name}.md").write_text(text, encoding="utf-8")
    (RESULTS / f"{name}.json").write_text(json.dumps({"rows": rows, "second_read": second,
                                                      "small": small}, indent=2)
                                          + "\n", encoding="utf-8")
    (RESULTS / f"{name}.svg").write_text(plot(rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
