"""Set-of-Mark costs: screenshot (CDP Page.captureScreenshot) and host-side drawing.

Serves generated pages of about 1k/5k/20k elements from 127.0.0.1 in headless Debian
Chromium (window 1280x900), takes the viewport screenshot over CDP the way the extension
does, gets the rects of the visible interactive elements with a small in-page script (not
product code), and times ``draw_som`` on them. A stress column draws every interactive
element of the page, folded into the viewport, to show how drawing scales with thousands
of marks. Each number is the median of ``--runs`` runs after one warm-up.

    .venv/bin/python bench/bench_som.py
    .venv/bin/python bench/bench_som.py --sizes 1000 5000 20000 --runs 5 --dpr 2
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent / "pages"))

from generate import write_pages
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from axsnap_host.client.chromium import launch_flags
from axsnap_host.client.file_server import serve_directory
from axsnap_host.client.paths import CHROMEDRIVER, CHROMIUM
from axsnap_host.render.som import Mark, Mask, draw_som, kind_of

# Interactive elements of the document and its open shadow roots, with viewport rects.
RECTS_JS = """
const selector = 'a[href], area[href], button, input, select, textarea, summary, ' +
  '[role=button], [role=link], [role=checkbox], [role=textbox], [contenteditable=""], ' +
  '[contenteditable=true]';
const found = [];
const walk = (root) => {
  for (const el of root.querySelectorAll(selector)) found.push(el);
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
};
walk(document);
const out = [];
for (const el of found) {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) continue;
  const attrs = {};
  for (const name of ['type', 'href', 'role', 'contenteditable']) {
    if (el.hasAttribute(name)) attrs[name] = el.getAttribute(name);
  }
  out.push({tag: el.tagName.toLowerCase(), attrs, x: r.x, y: r.y, w: r.width, h: r.height,
            secret: el.type === 'password'});
}
return JSON.stringify({elements: out, vw: innerWidth, vh: innerHeight,
                       dpr: devicePixelRatio});
"""


def make_driver(dpr: float, profile: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in launch_flags(user_data_dir=profile):
        options.add_argument(flag)
    if dpr != 1:
        options.add_argument(f"--force-device-scale-factor={dpr}")
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def median_ms(action: Callable[[], Any], runs: int) -> tuple[float, Any]:
    """Median wall time of ``runs`` calls after one warm-up, and the last result."""
    result = action()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        result = action()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples), result


def median_draw(png: bytes, marks: list[Mark], masks: list[Mask], dpr: float, runs: int,
                **options: Any) -> tuple[dict[str, float], Any]:
    """Median of each part of ``draw_som``'s own timings over ``runs`` runs after a warm-up."""
    result = draw_som(png, marks, masks, dpr, **options)
    samples = []
    for _ in range(runs):
        result = draw_som(png, marks, masks, dpr, **options)
        samples.append(result.timings)
    return {key: statistics.median(s[key] for s in samples) for key in samples[0]}, result


def measure_page(driver: webdriver.Chrome, url: str, runs: int) -> dict[str, Any]:
    driver.get(url)
    page = json.loads(driver.execute_script(RECTS_JS))
    vw, vh, dpr = page["vw"], page["vh"], page["dpr"]
    params = {"captureBeyondViewport": False, "fromSurface": True}
    png_ms, shot = median_ms(
        lambda: driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", **params}),
        runs,
    )
    jpeg_ms, jpeg = median_ms(
        lambda: driver.execute_cdp_cmd("Page.captureScreenshot",
                                       {"format": "jpeg", "quality": 80, **params}),
        runs,
    )
    png = base64.b64decode(shot["data"])

    def to_mark(index: int, e: dict[str, Any], fold: bool) -> Mark:
        y = e["y"] % max(vh - e["h"], 1) if fold else e["y"]
        return Mark(index, kind_of(e["tag"], e["attrs"].get("role"), e["attrs"]),
                    e["x"], y, e["w"], e["h"])

    elements = page["elements"]
    in_view = [(i, e) for i, e in enumerate(elements, 1)
               if e["x"] < vw and e["y"] < vh and e["x"] + e["w"] > 0 and e["y"] + e["h"] > 0]
    marks = [to_mark(i, e, fold=False) for i, e in in_view]
    masks = [Mask(e["x"], e["y"], e["w"], e["h"]) for _, e in in_view if e["secret"]]
    parts, drawn = median_draw(png, marks, masks, dpr, runs)
    jpeg_parts, jpeg_out = median_draw(png, marks, masks, dpr, runs, output_format="jpeg")
    all_marks = [to_mark(i, e, fold=True) for i, e in enumerate(elements, 1)]
    stress_parts, stressed = median_draw(png, all_marks, masks, dpr, max(1, runs // 2))
    return {
        "dpr": dpr,
        "image": f"{int(vw * dpr)}x{int(vh * dpr)}",
        "png_ms": png_ms,
        "png_kb": len(png) / 1024,
        "jpeg_ms": jpeg_ms,
        "jpeg_kb": len(base64.b64decode(jpeg["data"])) / 1024,
        "interactive": len(elements),
        "marks": len(drawn.drawn),
        "masks": len(drawn.masked),
        "draw_ms": parts["total_ms"],
        "draw_parts": parts,
        "out_kb": len(drawn.data) / 1024,
        "jpeg_out_ms": jpeg_parts["total_ms"],
        "jpeg_out_kb": len(jpeg_out.data) / 1024,
        "stress_marks": len(stressed.drawn),
        "stress_ms": stress_parts["total_ms"],
        "stress_parts": stress_parts,
    }


def render_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| page | DPR | image px | screenshot PNG ms (KB) | screenshot JPEG ms (KB) | "
        "visible marks | draw → PNG ms: decode/boxes/labels/encode (KB) | draw → JPEG ms (KB) "
        "| screenshot + draw ms | stress: all marks | stress draw ms (labels) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        s = row["stats"]
        p = s["draw_parts"]
        lines.append(
            f"| {row['size']:,} | {s['dpr']:g} | {s['image']} | {s['png_ms']:.0f} "
            f"({s['png_kb']:.0f}) | {s['jpeg_ms']:.0f} ({s['jpeg_kb']:.0f}) | {s['marks']} | "
            f"{s['draw_ms']:.0f}: {p['decode_ms']:.0f}/{p['boxes_ms']:.0f}/"
            f"{p['labels_ms']:.0f}/{p['encode_ms']:.0f} ({s['out_kb']:.0f}) | "
            f"{s['jpeg_out_ms']:.0f} ({s['jpeg_out_kb']:.0f}) | "
            f"{s['png_ms'] + s['draw_ms']:.0f} | "
            f"{s['stress_marks']:,} | {s['stress_ms']:.0f} "
            f"({s['stress_parts']['labels_ms']:.0f}) |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dpr", type=float, default=1.0)
    parser.add_argument("--json", type=Path, help="also write the raw numbers here")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        pages = write_pages(Path(tmp) / "pages", args.sizes)
        with serve_directory(Path(tmp) / "pages") as base, \
                tempfile.TemporaryDirectory() as profile:
            driver = make_driver(args.dpr, profile)
            try:
                for size, path in pages.items():
                    stats = measure_page(driver, base + path.name, args.runs)
                    rows.append({"size": size, "stats": stats})
                    print(f"measured {size}", file=sys.stderr)
            finally:
                driver.quit()
    print(render_table(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
