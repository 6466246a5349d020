"""The Python client's HTTP wait is its own: past chromedriver's deadlines, set on selenium's
real connection object (tests/e2e/test_faults_e2e.py checks it on a running browser)."""

from __future__ import annotations

from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chromium.remote_connection import ChromiumRemoteConnection

from axsnap_host.client.browser import Browser


class ChromeWithoutBrowser:
    """webdriver.Chrome's connection object, without starting chromedriver."""

    def __init__(self, **_kwargs: Any) -> None:
        self.command_executor = ChromiumRemoteConnection(
            remote_server_addr="http://127.0.0.1:9", vendor_prefix="goog",
            browser_name="chrome")

    def quit(self) -> None:
        pass


@pytest.mark.parametrize("timeout_s,page_load_s", [(300.0, 30.0), (5.0, 30.0), (120.0, 120.0)])
def test_http_client_waits_past_every_chromedriver_deadline(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any, timeout_s: float,
        page_load_s: float) -> None:
    monkeypatch.setattr(webdriver, "Chrome", ChromeWithoutBrowser)
    monkeypatch.setattr(Browser, "_open_bridge", lambda self: None)
    browser = Browser(register_host=False, timeout_s=timeout_s, page_load_timeout_s=page_load_s,
                      user_data_dir=tmp_path / "profile")
    browser.start()
    try:
        timeout = browser.driver.command_executor.client_config.timeout
        # selenium's default (120 s) would cut a 300 s request short with a urllib3 error
        assert timeout == browser.http_timeout_s
        assert timeout == max(timeout_s, page_load_s) + Browser.HTTP_MARGIN_S
        assert timeout > timeout_s and timeout > page_load_s
    finally:
        browser.close()
