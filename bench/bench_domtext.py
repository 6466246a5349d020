"""DOM text against Playwright's aria snapshot on the generated and the realistic pages, over
the three ways the Python client reaches the extension, in one run.

Pages: the generated pages of ``--sizes`` (bench/pages/generate.py) and the four pages of
bench/pages/realistic (docs, article, web app, dashboard: the pages compare.py measures),
served from 127.0.0.1. Per page, after a warm-up, ``--runs`` rounds each read DOM text
(default options, no stabilization wait, as compare.py) once over the service worker's
DevTools target (``Browser(bridge="devtools")``, the default), once over the bridge page's
(``bridge="page"``: the bridge page's port to the worker, the client before it) and once over
the WebDriver bridge (``bridge="webdriver"``: a script on the bridge window through
chromedriver), interleaved so the machine's load falls on all; then
Playwright's aria snapshot of the same tab (bench/.venv-peers worker over CDP, as
bench_e2e.py). Reported: the medians of the Python wall time, of the extension's own
``total_ms`` and of their difference (the round trip), and the wall time × Playwright's.
The page does not change between those reads, so they are re-reads a cached answer serves
(lib/reuse/answer_cache.js; the "cached answers" column counts them); each round also reads right
after one text in the window changed over CDP ("after one change": a capture).
Writes bench/results/e2e_domtext.md and .json.

    nice .venv/bin/python bench/bench_domtext.py --sizes 1000 --runs 9
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_e2e import change_text_in_window, log, playwright, playwright_python  # noqa: E402
from generate import SECRET, write_pages  # noqa: E402
from read_samples import ReadSamples  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

RESULTS = BENCH / "results"
REALISTIC = BENCH / "pages" / "realistic"
OPTIONS = {"format": "domtext", "stabilize": {"enabled": False}}
BRIDGES = ("devtools", "bridge_page", "webdriver")  # result keys; Browser.bridge: MODE
MODE = {"devtools": "devtools", "bridge_page": "page", "webdriver": "webdriver"}


def pages(root: Path, sizes: list[int]) -> list[tuple[str, str, list[str]]]:
    """(name, file under root, secrets) of each page."""
    found = [(f"generated {size:,}", path.name, [SECRET])
             for size, path in sorted(write_pages(root, sizes).items())]
    shutil.copytree(REALISTIC, root / "realistic", dirs_exist_ok=True)
    secrets = json.loads((REALISTIC / "secrets.json").read_text(encoding="utf-8"))
    found += [(f"realistic {Path(name).stem}", f"realistic/{name}", list(values))
              for name, values in secrets.items()]
    return found


def reads(browser: Browser, runs: int, secrets: list[str]) -> dict[str, dict[str, Any]]:
    """Per bridge: wall and extension times of ``runs`` interleaved reads after a warm-up
    (re-reads of an unchanged page: cached answers, lib/reuse/answer_cache.js); and ``changed``: a
    read over the DevTools bridge right after one text in the window changed (a capture)."""
    samples = {b: ReadSamples() for b in (*BRIDGES, "changed")}
    for i in range(runs + 1):
        for bridge in (*BRIDGES, "changed"):
            browser.bridge = "devtools" if bridge == "changed" else MODE[bridge]
            if bridge == "changed":
                change_text_in_window(browser, i)
            started = time.perf_counter()
            reply = browser.snapshot_raw(**OPTIONS)
            wall = (time.perf_counter() - started) * 1000
            text = json.dumps(reply, ensure_ascii=False)
            if any(secret in text for secret in secrets):
                raise SystemExit(f"a page secret is in the DOM text reply ({bridge})")
            if i:
                samples[bridge].add(reply, wall)
    browser.bridge = "devtools"
    reply_kb = len(text.encode()) / 1024
    return {bridge: {**got.summary(), "reply_kb": reply_kb} for bridge, got in samples.items()}


def render(rows: list[dict[str, Any]]) -> str:
    lines = ["| page | DOM text, worker's DevTools target: ms (× Playwright) | in the extension ms "
             "| round trip ms | cached answers "
             "| after one change, same way in: ms (× Playwright) | in the extension ms "
             "| DOM text, bridge page's DevTools target: ms (× Playwright) "
             "| in the extension ms | round trip ms "
             "| DOM text, WebDriver bridge: ms (× Playwright) "
             "| in the extension ms | round trip ms | Playwright aria ms | reply KB |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        peer = r["playwright"].get("median_ms")
        cells = []
        for bridge in (*BRIDGES[:1], "changed", *BRIDGES[1:]):
            got = r[bridge]
            ratio = f" ({got['wall_ms'] / peer:.2f})" if peer else ""
            cells += [f"{got['wall_ms']:.1f}{ratio}", f"{got['extension_ms']:.1f}"]
            if bridge != "changed":
                cells.append(f"{got['round_trip_ms']:.1f}")
            if bridge == "devtools":
                cells.append(got["kept"])
        peer_cell = f"{peer:.1f}" if peer else f"*{r['playwright'].get('error')}*"
        lines.append(f"| {r['page']} | {' | '.join(cells)} | {peer_cell} "
                     f"| {r['devtools']['reply_kb']:.0f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    python, error = playwright_python()
    if python is None:
        log(f"Playwright not measured: {error}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root, scratch = Path(tmp) / "pages", Path(tmp) / "scratch"
        scratch.mkdir(parents=True)
        found = pages(root, args.sizes)
        with serve_directory(root) as base, Browser(timeout_s=300) as browser:
            for name, file, secrets in found:
                browser.open(base + file)
                row = {"page": name, **reads(browser, args.runs, secrets)}
                row["playwright"] = playwright(python, browser, base + file, args.runs, scratch)
                rows.append(row)
                log(f"{name:<22} " + ", ".join(
                    f"{b} {row[b]['wall_ms']:6.1f} ms (trip {row[b]['round_trip_ms']:4.1f})"
                    for b in BRIDGES)
                    + f", Playwright {row['playwright'].get('median_ms', float('nan')):6.1f} ms")
    text = ("# DOM text against Playwright's aria snapshot (bench/bench_domtext.py)\n\n"
            f"Median of {args.runs} reads after a warm-up; the three ways in interleaved, "
            "Playwright after them on the same tab. Round trip: the Python wall time less "
            "the extension's `total_ms`, per read. The page does not change between the "
            "bridges' reads (re-reads: cached answers, the count says how many); \"after one "
            "change\" reads right after one text in the window changed over CDP (a "
            "capture).\n\n" + render(rows) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "e2e_domtext.md").write_text(text, encoding="utf-8")
    (RESULTS / "e2e_domtext.json").write_text(json.dumps(rows, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
