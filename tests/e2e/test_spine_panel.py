"""The side panel, opened as a normal extension page with ?tabId=N (sidePanel.open needs a
user gesture that WebDriver cannot give)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from axsnap_host import EXTENSION_ID
from axsnap_host.browser import Browser

pytestmark = pytest.mark.e2e


@pytest.fixture
def panel(browser: Browser) -> Iterator[Browser]:
    """Opens the panel for the target tab in its own window; yields with that window current."""
    driver = browser.driver
    driver.switch_to.new_window("window")
    driver.get(f"chrome-extension://{EXTENSION_ID}/sidepanel.html?tabId={browser.tab_id}")
    try:
        yield browser
    finally:
        driver.close()
        driver.switch_to.window(browser.bridge_handle)


def _goto_in_target(browser: Browser, url: str) -> None:
    panel_handle = browser.driver.current_window_handle
    browser.driver.switch_to.window(browser.target_handle)
    browser.driver.get(url)
    browser.driver.switch_to.window(panel_handle)


def test_panel_snapshots_the_tab_and_shows_counts(panel: Browser, pages_url: str) -> None:
    _goto_in_target(panel, pages_url + "login.html")
    driver = panel.driver
    button = driver.find_element(By.ID, "snapshot")
    assert button.text == "Snapshot this tab"
    button.click()
    WebDriverWait(driver, 30).until(ec.visibility_of_element_located((By.ID, "summary")))
    counts = driver.find_element(By.ID, "counts").text
    assert "nodes kept" in counts and "redacted" in counts
    assert driver.find_element(By.ID, "error").is_displayed() is False
    # the JSON view: the tree's root is open and shows the snapshot's top-level keys
    tree = driver.find_element(By.ID, "tree").text
    assert "ax_tree" in tree and "quality" in tree
    driver.find_element(By.ID, "raw").click()
    raw = driver.find_element(By.ID, "rawjson").text
    assert '"snapshot_version": "1"' in raw
    assert "Zq7-attr-S3CRET-pw-91x" not in raw
    assert "Done in" in driver.find_element(By.ID, "status").text


def test_panel_shows_errors_as_code_message_and_hint(panel: Browser) -> None:
    _goto_in_target(panel, "chrome://version")
    driver = panel.driver
    driver.find_element(By.ID, "snapshot").click()
    WebDriverWait(driver, 30).until(ec.visibility_of_element_located((By.ID, "error")))
    assert driver.find_element(By.ID, "error-code").text == "restricted_page"
    assert driver.find_element(By.ID, "error-message").text
    assert driver.find_element(By.ID, "error-hint").text
    assert "Error:" not in driver.find_element(By.ID, "error").text  # no stack trace
    assert driver.find_element(By.ID, "summary").is_displayed() is False
