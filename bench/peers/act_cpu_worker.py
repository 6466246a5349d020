"""Playwright's acts on a tab of the shared Chromium, N at a time (bench/bench_act_cpu.py --peer).

The steps are bench_act_pace.py's (``{"kind": "click" | "fill", "role", "name", "value"?}``),
each done as act_pace_worker.py does it: ``page.get_by_role(...).click()`` or ``.fill()``, then
``page.aria_snapshot()``, the read an agent takes to see what changed. ``--warmup`` acts first,
then one line ``{"ready": true}``; for each number n read on stdin, the next n acts and one line
``{"acts": n}``. Never downloads a browser: it connects to the one already running.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright


async def act(page: Any, step: dict[str, Any]) -> None:
    target = page.get_by_role(step["role"], name=step["name"], exact=True)
    if step["kind"] == "fill":
        await target.fill(step["value"])
    else:
        await target.click()
    await page.aria_snapshot()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cdp", required=True)
    parser.add_argument("--url", required=True, help="the URL loaded in the tab to act on")
    parser.add_argument("--steps", type=Path, required=True, help="JSON list of steps")
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args()
    steps = json.loads(args.steps.read_text(encoding="utf-8"))
    loop = asyncio.get_running_loop()
    async with async_playwright() as pw:
        browser = await pw.chromium.connect_over_cdp(args.cdp)
        try:
            pages = [p for c in browser.contexts for p in c.pages if p.url == args.url]
            if not pages:
                raise RuntimeError(f"no page at {args.url}")
            page, done = pages[0], 0
            for step in steps[:args.warmup]:
                await act(page, step)
            done = args.warmup
            print(json.dumps({"ready": True}), flush=True)
            while line := await loop.run_in_executor(None, sys.stdin.readline):
                n = int(line)
                for step in steps[done:done + n]:
                    await act(page, step)
                done += n
                print(json.dumps({"acts": n}), flush=True)
        finally:
            await browser.close()  # connect_over_cdp: disconnects, leaves the browser running


if __name__ == "__main__":
    asyncio.run(main())
