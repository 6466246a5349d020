"""Waits the e2e tests share, each on a condition and never on a clock: a page condition, the
document's own age, the worker's preparation of a new document, axsnap letting go of a tab's
debugger. Each deadline is a failure bound only, generous for a loaded machine; no test
passes or fails by how fast it ran."""

from __future__ import annotations

import time

from axsnap_host.client import Browser

WITHIN_S = 120  # how long a condition may take before the test fails


def wait_in_page(browser: Browser, condition: str, within_s: float = WITHIN_S) -> None:
    """Poll ``condition`` (a JavaScript expression) in the target tab until it is true."""
    deadline = time.monotonic() + within_s
    while not browser.run_in_target(f"return Boolean({condition})"):
        assert time.monotonic() < deadline, f"never true: {condition}"
        time.sleep(0.05)


def wait_until_the_document_is_older_than(browser: Browser, ms: float) -> None:
    """Wait on the document's own clock (``performance.now()``, from its navigation), so a
    late timer on a loaded machine cannot make the page younger than the test believes."""
    wait_in_page(browser, f"performance.now() >= {float(ms)}")


def wait_for_the_preparation(browser: Browser) -> str:
    """Wait until the worker's preparation of the tab's new document has ended (it settles
    first: a 500 ms quiet window), on the worker's own word (lib/reuse/prepare.js ``peek``);
    its outcome, left for the next read to hear."""
    deadline = time.monotonic() + WITHIN_S
    while (outcome := browser.bridge_call("preparation", browser.tab_id)) is None:
        assert time.monotonic() < deadline, "the document's preparation never ended"
        time.sleep(0.05)
    return str(outcome)


def wait_until_axsnap_lets_go(browser: Browser, tab_id: int | None = None) -> None:
    """Return once axsnap holds no debugger session on the tab (lib/session/debugger.js keeps
    one idle after the last request on the tab: two minutes after an agent's, as this
    client's). The wait sets the agents' idle to nothing while it lasts (bridge.js
    ``setAgentIdle``: an attachment idling counts it anew; one a request or read still holds
    is kept), then puts the default back. The bridge page, an axsnap page, tries to attach:
    Chrome refuses only while axsnap's worker holds the tab; the probe gives its own back."""
    tab = browser.tab_id if tab_id is None else tab_id
    assert browser.bridge_call("setAgentIdle", 0) == {"ok": True, "agentIdleMs": 0}
    try:
        deadline = time.monotonic() + WITHIN_S
        while (attached := browser.bridge_call("attach", tab)) != {"ok": True}:
            assert "already attached" in attached["error"]["message"], attached
            assert time.monotonic() < deadline, "axsnap kept the tab's debugger attached"
            time.sleep(0.25)
        browser.bridge_call("detach", tab)
    finally:
        browser.bridge_call("setAgentIdle", None)
