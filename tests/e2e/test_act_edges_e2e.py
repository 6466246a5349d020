"""Every act has an edge (issue 28): its own deadline, a stop at a navigation, a bound on the
value it types and on the dialogs it answers, and a tab a dialog blocks answered at once.

Pages: tests/pages/act/edges/. The hostile ones (a dialog storm, a script that runs on)
get a Chromium of their own, so the session's browser never holds a blocked tab.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError


def field_value(browser: Browser, element_id: str) -> str:
    return str(browser.run_in_target(f"return document.getElementById('{element_id}').value"))


@pytest.fixture
def own_browser(fresh_browser_factory: type[Browser]) -> Iterator[Browser]:
    with fresh_browser_factory() as b:
        yield b


def test_typing_stops_when_the_tab_navigates(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/edges/typing.html")
    text = "abcdefghij" * 25  # 250 keys: the page leaves after the 20th
    result = browser.act("Search here", "type", text)
    assert not result.ok and result.error and result.error.code == "page_navigated"
    assert "no more input" in result.error.message
    assert result.changes and result.changes.navigated and result.changes.url.endswith("next.html")
    assert browser.run_in_target("return document.title") == "Next page"
    assert field_value(browser, "site") == ""  # not one key went into the next page


def test_long_fill_is_inserted_at_once(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/edges/typing.html")
    text = ("All work and no play makes a long note. " * 150)[:5000]
    result = browser.act("Notes", "fill", text)
    assert result.ok, result.error
    assert result.method == "insert_text" and result.typed_by == "long_text"
    assert field_value(browser, "notes") == text
    # short text into a field no listener watches goes in at once too (fill_insert_text)...
    short = browser.act("Notes", "fill", "short")
    assert short.ok and short.method == "insert_text" and field_value(browser, "notes") == "short"
    assert short.typed_by == "insert_text_no_listeners", short.typed_by
    # ...and is typed key by key where a listener would see each key (the search box's input)
    keyed = browser.act("Search here", "fill", "short")
    assert keyed.ok and keyed.method == "keyboard" and keyed.typed_by == "keys_listened"
    assert field_value(browser, "q") == "short"


def test_a_value_past_the_limit_is_refused_with_a_clear_error(browser: Browser,
                                                             pages_url: str) -> None:
    browser.open(f"{pages_url}act/edges/typing.html")
    with pytest.raises(AxsnapError) as caught:
        browser.act("Notes", "fill", "x" * 100_001)
    assert caught.value.code == "invalid_message"
    assert "at most 100000" in caught.value.message
    assert field_value(browser, "notes") == ""


def test_a_json_true_target_is_refused_not_taken_as_index_1(browser: Browser,
                                                           pages_url: str) -> None:
    browser.open(f"{pages_url}act/edges/typing.html")
    reply = browser.request({"type": "act", "targetId": browser.target_handle,
                             "action": "fill", "target": True, "value": "x"})
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_message", reply
    assert "boolean" in reply["error"]["message"]
    assert field_value(browser, "q") == ""


def test_a_script_that_never_returns_meets_the_acts_own_deadline(own_browser: Browser,
                                                               pages_url: str) -> None:
    own_browser.open(f"{pages_url}act/edges/hostile.html")
    result = own_browser.act("Busy", "click", timeout_ms=8000)
    assert not result.ok and result.error and result.error.code == "timeout"
    assert "8000 ms" in result.error.message
    # the page runs the click's script from the mouse release on (a loaded machine may
    # still be on the press when the deadline falls): the command it waits for is named
    assert "to answer Input.dispatchMouseEvent (mouse" in result.error.message
    assert "during the click" in result.error.message


def test_a_dialog_storm_is_bounded_and_named_and_reads_answer_at_once(
        own_browser: Browser, pages_url: str) -> None:
    own_browser.open(f"{pages_url}act/edges/hostile.html")
    result = own_browser.act("Storm", "click")
    assert not result.ok and result.error and result.error.code == "dialog_storm"
    assert result.changes is None
    assert "storm" in result.error.message and "20 were answered" in result.error.message
    # the tab is blocked by the dialog left open: a read says so at once, naming it
    with pytest.raises(AxsnapError) as caught:
        own_browser.snapshot(format="domtext")
    assert caught.value.code == "dialog_open"
    assert "storm" in caught.value.message and "alert" in caught.value.message
    with pytest.raises(AxsnapError) as again:  # an act too
        own_browser.act("Storm", "click")
    assert again.value.code == "dialog_open"


def test_a_dialog_interval_is_bounded(own_browser: Browser, pages_url: str) -> None:
    own_browser.open(f"{pages_url}act/edges/hostile.html")
    result = own_browser.act("Interval", "click", quiet_ms=2000)
    assert not result.ok and result.error and result.error.code == "dialog_storm"
    assert "again" in result.error.message


def test_a_read_of_a_tab_with_an_open_dialog_answers_at_once(own_browser: Browser,
                                                            pages_url: str) -> None:
    own_browser.open(f"{pages_url}act/edges/hostile.html")
    own_browser.run_in_target("setTimeout(() => alert('Session expired'), 10)")
    with pytest.raises(AxsnapError) as caught:
        own_browser.snapshot(format="domtext")
    # opened while axsnap was not looking: the extension cannot name it (Chromium tells only
    # the sessions watching when it opened); the Python client asks chromedriver, which saw it
    assert caught.value.code == "dialog_open", caught.value
    assert "Session expired" in caught.value.message


def _wait_for_dialog(browser: Browser) -> str:
    """The open dialog's text, once chromedriver's session has seen it open (a condition,
    polled: reading the text closes nothing)."""
    from selenium.common.exceptions import NoAlertPresentException

    while True:
        try:
            return str(browser.driver.switch_to.alert.text)
        except NoAlertPresentException:
            continue


def test_a_dialog_axsnap_never_saw_open_is_named_by_the_client(own_browser: Browser,
                                                              pages_url: str) -> None:
    """The dialog opens and is open before the read: the extension's session never had the
    Page domain on while it opened, and Chromium does not send Page.javascriptDialogOpening
    again to a session that enables it later, so the extension's own answer is the
    structured page_busy (asked three times: no later read learns it either). The Python
    client names it from chromedriver's session, which saw it open (client/dialogs.py)."""
    own_browser.open(f"{pages_url}act/edges/hostile.html")
    own_browser.run_in_target("setTimeout(() => alert('Session expired: token=ghp_"
                              "0123456789abcdefghijABCDEFGHIJ012345'), 10)")
    assert _wait_for_dialog(own_browser).startswith("Session expired")
    message = {"type": "snapshot", "options": {"format": "domtext"},
               "targetId": own_browser.target_handle}
    for _ in range(3):
        reply = own_browser.request(message)  # the extension's answer, as sent
        assert not reply["ok"] and reply["error"]["code"] == "page_busy", reply
        assert "dialog" in reply["error"]["message"]
    with pytest.raises(AxsnapError) as caught:
        own_browser.snapshot(format="domtext")
    assert caught.value.code == "dialog_open"
    assert "Session expired" in caught.value.message
    assert "ghp_0123456789" not in caught.value.message  # redacted like every output
    with pytest.raises(AxsnapError) as acted:  # an act is named the same way
        own_browser.act("Storm", "click")
    assert acted.value.code == "dialog_open" and "Session expired" in acted.value.message
