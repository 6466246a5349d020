"""browser-use's DOM serializer (the agent's DOM state) on a tab of the shared Chromium.

Connects a ``BrowserSession`` to the running browser through its CDP URL, focuses the tab
under test and times ``get_browser_state_summary(include_screenshot=False)`` plus
``dom_state.llm_representation()`` — what an agent step sends the model about the page.
Telemetry and cloud sync are switched off by the orchestrator's environment; no LLM is
needed for the serializer.
"""

from __future__ import annotations

import asyncio
import contextlib

from worker_common import measure, parse_args, write


async def main() -> None:
    args = parse_args(__doc__ or "")
    from browser_use.browser.session import BrowserSession

    width, height = (int(v) for v in args.viewport.split("x"))
    # Headless browser-use emulates a viewport; give it the tab's own so it changes nothing.
    session = BrowserSession(cdp_url=args.cdp, is_local=False, keep_alive=True,
                             viewport={"width": width, "height": height},
                             device_scale_factor=1.0)
    results = []
    try:
        await session.start()
        await session.get_or_create_cdp_session(args.target, focus=True)

        async def take() -> tuple[str, list[int]]:
            state = await session.get_browser_state_summary(include_screenshot=False)
            dom = state.dom_state
            text = dom.llm_representation()
            return text, [node.backend_node_id for node in dom.selector_map.values()]

        for mode in args.modes:
            results.append(await measure(take, args.runs, args.warmup, mode))
    except Exception as exc:
        results = [{"mode": m, "ok": False, "samples_ms": [], "text": "", "backend_ids": None,
                    "error": f"{type(exc).__name__}: {exc}"} for m in args.modes]
    finally:
        with contextlib.suppress(Exception):  # disconnecting must not hide the measurement
            await session.stop()
    write(args.out, results)


if __name__ == "__main__":
    asyncio.run(main())
