"""Playwright's act + read on a tab of the shared Chromium, over CDP (bench/bench_act_pace.py).

Each step is ``{"kind": "click" | "fill", "role", "name", "value"?}``: the element is found by
its role and name (``page.get_by_role``), clicked or filled as Playwright does it (its own
actionability checks, no wait after), then the page is read with ``page.aria_snapshot()``,
the read an agent takes to see what changed. Writes ``{"act_ms": [...], "read_ms": [...]}``
to ``--out``. Never downloads a browser: it only connects to the one already running.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from playwright.async_api import async_playwright


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cdp", required=True)
    parser.add_argument("--url", required=True, help="the URL loaded in the tab to act on")
    parser.add_argument("--steps", type=Path, required=True, help="JSON list of steps")
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    steps = json.loads(args.steps.read_text(encoding="utf-8"))
    out: dict[str, object] = {"act_ms": [], "read_ms": [], "error": None}
    async with async_playwright() as pw:
        browser = await pw.chromium.connect_over_cdp(args.cdp)
        try:
            pages = [p for c in browser.contexts for p in c.pages if p.url == args.url]
            if not pages:
                raise RuntimeError(f"no page at {args.url}")
            page = pages[0]
            for i, step in enumerate(steps):
                started = time.perf_counter()
                target = page.get_by_role(step["role"], name=step["name"], exact=True)
                if step["kind"] == "fill":
                    await target.fill(step["value"])
                else:
                    await target.click()
                acted = time.perf_counter()
                await page.aria_snapshot()
                read = time.perf_counter()
                if i >= args.warmup:
                    out["act_ms"].append((acted - started) * 1000)  # type: ignore[union-attr]
                    out["read_ms"].append((read - acted) * 1000)  # type: ignore[union-attr]
        except Exception as err:  # reported, not raised: the orchestrator says so
            out["error"] = f"{type(err).__name__}: {err}"[:300]
        finally:
            await browser.close()  # connect_over_cdp: disconnects, leaves the browser running
    args.out.write_text(json.dumps(out), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
