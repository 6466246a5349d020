"""An act held at a line of the extension's service worker while the page changes: a
breakpoint set through the browser's DevTools endpoint (``browser_cdp``), so a test makes a
race real at an exact step of the act (between its checks and its input) without a sleep."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from browser_cdp import BrowserCDP
from page_waits import WITHIN_S

from axsnap_host.client import Browser

T = TypeVar("T")


def act_held_at(browser: Browser, location: dict[str, Any], act: Callable[[], T],
                meanwhile: Callable[[], None]) -> T:
    """Run ``act`` with the worker paused at ``location`` (``Debugger.setBreakpointByUrl``'s
    parameters: a ``urlRegex``, a ``lineNumber``, a ``condition``); ``meanwhile`` runs while it
    is paused there, then the worker goes on. The act's answer."""
    held = BrowserCDP(browser)
    try:
        worker = held.worker_target()
        assert worker is not None, "no service worker to hold"
        sw = held.call("Target.attachToTarget", {"targetId": worker, "flatten": True})["sessionId"]
        try:
            held.call("Debugger.enable", session=sw)
            breakpoint_id = held.call("Debugger.setBreakpointByUrl", location,
                                      session=sw)["breakpointId"]
            with ThreadPoolExecutor(1) as pool:
                acted = pool.submit(act)
                try:
                    held.wait_event("Debugger.paused", sw)
                    meanwhile()
                finally:
                    with contextlib.suppress(RuntimeError):
                        held.call("Debugger.removeBreakpoint", {"breakpointId": breakpoint_id},
                                  session=sw)
                    with contextlib.suppress(RuntimeError):
                        held.call("Debugger.resume", session=sw)
                return acted.result(timeout=WITHIN_S)
        finally:
            with contextlib.suppress(RuntimeError):
                held.call("Debugger.disable", session=sw)
                held.call("Target.detachFromTarget", {"sessionId": sw})
    finally:
        held.close()
