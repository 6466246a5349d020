"""One Chromium for the whole run: axsnap's ``Browser`` when it works, else plain Selenium.

Every peer connects to this same browser over CDP through chromedriver's
``goog:chromeOptions.debuggerAddress`` (chromedriver always starts Chromium with a
DevTools port), so no extra launch flag is needed.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

from axsnap_host.client.chromium import launch_flags
from axsnap_host.client.paths import CHROMEDRIVER, CHROMIUM


@dataclass
class Session:
    driver: Any  # selenium WebDriver
    debugger_address: str  # host:port of the DevTools endpoint
    axsnap: Any | None  # axsnap_host.client.Browser, or None when it could not start
    axsnap_error: str | None  # why axsnap is not available

    @property
    def target_id(self) -> str:
        """CDP target id of the tab under test (Selenium window handles are target ids)."""
        if self.axsnap is not None:
            return self.axsnap.target_handle
        return self.driver.current_window_handle

    def open(self, url: str) -> None:
        """Load ``url`` in the tab under test and wait for the load event."""
        if self.axsnap is not None:
            self.axsnap.open(url)  # the driver's own window is axsnap's bridge page
        else:
            self.driver.get(url)


def debugger_address(driver: Any) -> str:
    return driver.capabilities["goog:chromeOptions"]["debuggerAddress"]


@contextmanager
def plain_selenium() -> Iterator[Any]:
    """Debian Chromium through Selenium with axsnap's offline flags, no extension."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="axsnap-bench-profile-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in launch_flags(user_data_dir=profile):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        try:
            yield driver
        finally:
            driver.quit()


@contextmanager
def launch(use_axsnap: bool = True) -> Iterator[Session]:
    """Start the browser; fall back to plain Selenium (axsnap reported as not runnable)."""
    with ExitStack() as stack:
        browser, error = None, "disabled by --no-axsnap-browser"
        if use_axsnap:
            try:
                from axsnap_host.client import Browser

                browser = stack.enter_context(Browser())
            except Exception as exc:  # reported in the results, never silently skipped
                error = f"axsnap Browser could not start: {type(exc).__name__}: {exc}"
        if browser is not None:
            driver = browser.driver
            yield Session(driver, debugger_address(driver), browser, None)
            return
        driver = stack.enter_context(plain_selenium())
        yield Session(driver, debugger_address(driver), None, error)
