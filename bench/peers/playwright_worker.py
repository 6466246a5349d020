"""Playwright's aria snapshot of a tab of the shared Chromium, over CDP.

Modes: ``default`` (``page.aria_snapshot()``) and ``ai`` (``mode="ai"``: element refs and
iframe contents). Never downloads a browser: it only connects to the one already running.
"""

from __future__ import annotations

import asyncio

from playwright.async_api import async_playwright
from worker_common import measure, parse_args, write


async def main() -> None:
    args = parse_args(__doc__ or "")
    results = []
    async with async_playwright() as pw:
        browser = await pw.chromium.connect_over_cdp(args.cdp)
        try:
            pages = [p for c in browser.contexts for p in c.pages if p.url == args.url]
            if not pages:
                raise RuntimeError(f"no page at {args.url} among "
                                   f"{[p.url for c in browser.contexts for p in c.pages]}")
            page = pages[0]
            for mode in args.modes:
                async def take(mode: str = mode) -> tuple[str, None]:
                    return await page.aria_snapshot(mode=mode, timeout=0), None

                results.append(await measure(take, args.runs, args.warmup, mode))
        finally:
            # connect_over_cdp: close() disconnects and leaves the browser running
            await browser.close()
    write(args.out, results)


if __name__ == "__main__":
    asyncio.run(main())
