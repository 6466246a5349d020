"""Browser.open: every failure is an AxsnapError with a code and a hint, never a raw
WebDriver exception (a javascript: URL, a dialog left open, a dialog opened while loading)."""

from __future__ import annotations

import contextlib

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.errors import AxsnapError

pytestmark = pytest.mark.e2e


def test_javascript_url_is_refused(browser: Browser) -> None:
    with pytest.raises(AxsnapError) as info:
        browser.open("javascript:alert(document.cookie)")
    assert info.value.code == "not_allowed" and info.value.hint


def test_a_dialog_the_last_page_left_open_does_not_stop_open(browser: Browser,
                                                             pages_url: str) -> None:
    browser.open(f"{pages_url}batch.html?n=dialog")
    browser.driver.execute_script("setTimeout(() => alert('left open'), 0)")
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser.driver, 30).until(lambda d: _alert_open(d))
    browser.open(f"{pages_url}batch.html?n=after")
    assert browser.run_in_target("return location.search") == "?n=after"


def test_a_dialog_opened_while_loading_is_a_structured_error(browser: Browser,
                                                            pages_url: str) -> None:
    with pytest.raises(AxsnapError) as info:
        browser.open(f"{pages_url}alert_on_load.html")
    assert info.value.code == "navigation_failed"
    assert "welcome dialog" in info.value.message and info.value.hint
    _dismiss(browser)


def _alert_open(driver: object) -> bool:
    try:
        driver.switch_to.alert.text  # type: ignore[attr-defined]  # noqa: B018
    except Exception:
        return False
    return True


def _dismiss(browser: Browser) -> None:
    with contextlib.suppress(Exception):
        browser.driver.switch_to.alert.dismiss()
