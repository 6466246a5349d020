"""Readiness after an act ends on proof (issue 32's pace): when the page scheduled nothing
since just before the action (no timer, animation frame or idle callback; the tasks it queued
flushed), two quiet frames are enough and the reply says so (`settled_by: nothing_scheduled`);
whatever the action did schedule is still waited for, and shows in the change report."""

from __future__ import annotations

import pytest

from axsnap_host.client import Browser


def test_a_click_that_schedules_nothing_ends_on_that_proof(browser: Browser,
                                                           pages_url: str) -> None:
    browser.open(f"{pages_url}act/settle/settle.html")
    for button, said in (("Quick", "Quick done"), ("Quick in shadow", None), ("Quick", None)):
        result = browser.act(button, "click")
        assert result.ok and result.readiness, result.error
        assert result.readiness.ended_by == "settled", result.readiness
        assert result.readiness.settled_by == "nothing_scheduled", result.readiness
        texts = [m.text for m in (result.changes.messages if result.changes else [])]
        if said:
            assert any(said in t for t in texts), texts
    inner = browser.run_in_target(
        "return document.querySelector('shadow-box').shadowRoot"
        ".getElementById('inner').textContent")
    assert inner == "inner quick"


@pytest.mark.parametrize(("button", "said"), [
    ("Answer in 30 ms", "Answered after 30 ms"),
    ("Answer in 55 ms", "Answered after 55 ms"),
    ("Answer by message", "Answered by message"),
    ("Answer when idle", "Answered when idle"),
])
def test_what_the_click_scheduled_is_waited_for(browser: Browser, pages_url: str, button: str,
                                                said: str) -> None:
    """A 30 or 55 ms timer (within the floor), a render two messages later, an idle callback:
    each change is in the act's report, not left for the next read (ending after the frames
    whatever the page scheduled misses the 55 ms one). Repeated: a loaded renderer runs them
    late."""
    for _ in range(3):
        browser.open(f"{pages_url}act/settle/settle.html")
        result = browser.act(button, "click")
        assert result.ok and result.readiness, result.error
        assert result.readiness.ended_by == "settled", result.readiness
        texts = [m.text for m in (result.changes.messages if result.changes else [])]
        assert any(said in t for t in texts), (button, result.readiness, texts)


def test_exact_and_settle_false_keep_their_rules(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/settle/settle.html")
    slow = browser.act("Quick", "click", settle=False)
    assert slow.ok and slow.readiness and slow.readiness.ended_by == "quiet_window"
    assert slow.readiness.settled_by is None
    exact = browser.act("Quick", "click", exact=True)  # every fast path off: the floor
    assert exact.ok and exact.readiness and exact.readiness.ended_by == "settled"
    assert exact.readiness.settled_by == "floor", exact.readiness
