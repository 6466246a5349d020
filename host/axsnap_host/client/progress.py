"""A request whose progress events are heard as it runs (the CLI's progress bar).

The request goes over the panel's port (``axsnap-request``) from the bridge page
(``axsnapBridge.start``), and the bridge is polled for the events so far
(``axsnapBridge.poll``): the stages (``{stage, state: "start"|"end", ms}``) and a
whole-page read's parts (``{stage: "capture", state: "progress", parts, nodes}``). A poll
waits on the bridge (up to ``POLL_WAIT_MS``) until there is an event or the reply, so the
client hears each as it comes and sleeps between no polls: a quick read's reply is heard
when it lands, not at the next of fixed poll times.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from axsnap_host.models.errors import AxsnapError, ErrorCode

if TYPE_CHECKING:
    from axsnap_host.client.browser import Browser

POLL_WAIT_MS = 250  # a poll's longest wait on the bridge page


def request_with_progress(browser: Browser, message: dict[str, Any],
                          on_progress: Callable[[dict[str, Any]], None],
                          wait_ms: int = POLL_WAIT_MS) -> dict[str, Any]:
    """As ``Browser.request``, telling ``on_progress`` each event in order."""
    started = browser.bridge_call("start", message)
    if not started.get("ok"):
        return started
    deadline = time.monotonic() + browser.timeout_s
    while True:
        polled = browser.bridge_call("poll", started["token"], wait_ms)
        if not polled.get("ok"):
            return polled
        for event in polled.get("events") or ():
            on_progress(event)
        if polled.get("done"):
            return polled["reply"]
        if time.monotonic() > deadline:
            raise AxsnapError(ErrorCode.TIMEOUT, f"no reply within {browser.timeout_s} s",
                              "raise Browser(timeout_s=...) for very large pages")
