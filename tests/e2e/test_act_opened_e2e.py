"""A click that opens a tab or a popup (issue 32): the ActionResult names each tab it opened
(`opened_tabs`: tab id, scrubbed URL) and the caller can follow it (Browser.follow)."""

from __future__ import annotations

from axsnap_host.client import Browser
from axsnap_host.models.act import ActionResult


def close_opened(browser: Browser, result: ActionResult) -> None:
    """The session browser is shared: the tabs a test opened are closed again."""
    for tab in result.opened_tabs:
        if tab.targetId:
            with browser.in_target(tab.targetId) as driver:
                driver.close()


def test_a_target_blank_link_reports_the_tab_it_opened(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/popup/opener.html")
    opener = browser.target_handle
    result = browser.act("Open the report", "click")
    assert result.ok, result.error
    assert len(result.opened_tabs) == 1, result.opened_tabs
    tab = result.opened_tabs[0]
    assert tab.tabId != browser.tab_id
    assert "popped.html" in tab.url and "Zq81-opened-SECRET" not in tab.url, tab.url
    assert "Zq81-opened-SECRET" not in result.model_dump_json()
    assert result.changes and not result.changes.navigated
    assert tab.targetId
    try:
        assert browser.follow(tab) == opener
        confirmed = browser.act("Confirm", "click")
        assert confirmed.ok, confirmed.error
        assert browser.run_in_target("return document.querySelector('button').textContent") \
            == "Confirmed"
    finally:
        browser.follow(opener)
        close_opened(browser, result)
    assert browser.run_in_target("return document.title") == "Opener"


def test_window_open_reports_the_popup(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/popup/opener.html")
    result = browser.act("Open a popup", "click")
    try:
        assert result.ok, result.error
        assert len(result.opened_tabs) == 1, result.opened_tabs
        assert result.opened_tabs[0].url.endswith("popped.html?via=window_open")
    finally:
        close_opened(browser, result)


def test_a_click_that_opens_nothing_reports_no_tab(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/popup/opener.html")
    result = browser.act("Stay here", "click")
    assert result.ok and result.opened_tabs == []
