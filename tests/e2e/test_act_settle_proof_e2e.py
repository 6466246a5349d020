"""Readiness after an act ends on proof (issue 32's pace): when the page scheduled nothing
since just before the action (no timer, animation frame or idle callback; the tasks it queued
flushed), two quiet frames are enough and the reply says so (`settled_by: nothing_scheduled`);
whatever the action did schedule is still waited for, and shows in the change report
(test_act_settle_e2e.py: answers a few frames, a timer, a message or an idle period later)."""

from __future__ import annotations

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
