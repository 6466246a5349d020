"""back, forward and reload as acts (issue 32): the tab moves in its history, the act waits
for the page it lands on, and the change report says it navigated and where to."""

from __future__ import annotations

from axsnap_host.client import Browser


def counter(browser: Browser) -> str:
    return browser.run_in_target("return document.getElementById('counter').textContent")


def test_back_forward_and_reload_move_the_tab_and_say_so(browser: Browser,
                                                         pages_url: str) -> None:
    browser.open(f"{pages_url}act/history/a.html")
    went = browser.act("To page B", "click")
    assert went.ok and went.changes and went.changes.navigated, went.error
    assert browser.act("Count", "click").ok
    assert counter(browser) == "1"

    back = browser.act(None, "back")
    assert back.ok and back.changes, back.error
    assert back.changes.navigated and back.changes.url.endswith("/act/history/a.html")
    assert back.changes.title == "History A"
    assert back.readiness and back.readiness.load == "complete"
    assert browser.run_in_target("return document.title") == "History A"

    forward = browser.act(None, "forward")
    assert forward.ok and forward.changes, forward.error
    assert forward.changes.navigated and forward.changes.url.endswith("/act/history/b.html")
    assert any("Count" in line for line in forward.changes.dom.lines) or forward.changes.dom

    assert browser.act("Count", "click").ok
    reload = browser.act(None, "reload")
    assert reload.ok and reload.changes, reload.error
    assert reload.changes.navigated and reload.changes.url.endswith("/act/history/b.html")
    assert counter(browser) == "0", "a new document: the page's count starts again"


def test_back_over_a_same_document_entry(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/history/a.html")
    assert browser.act("To the section", "click").ok
    assert browser.run_in_target("return location.hash") == "#section"
    back = browser.act(None, "back")
    assert back.ok and back.changes, back.error
    assert browser.run_in_target("return location.hash") == ""
    assert not back.changes.navigated, "the same document: the hash moved"


def test_history_actions_take_no_target(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/history/a.html")
    refused = browser.act("To page B", "back")
    assert not refused.ok and refused.error and refused.error.code == "invalid_message"
    assert browser.run_in_target("return document.title") == "History A"
