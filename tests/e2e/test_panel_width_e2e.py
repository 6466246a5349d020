"""The side panel at its real width (about 420 px) in Chromium: after a run of every output
(JSON, DOM text with the Set-of-Mark image, outline, page, delta) no element runs past the
panel's edge and no text view is wider than the panel, in each view. Screenshots of each view
go to the test's folder (and to ``$AXSNAP_PANEL_SHOTS`` when set: docs/ keeps two)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from axsnap_host import EXTENSION_ID
from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory

PANEL_WIDTH = 420
DEMO = Path(__file__).resolve().parents[2] / "host" / "axsnap_host" / "demo"
VIEWS = ("json", "dom", "outline", "page", "delta")

# Elements wider than the panel (scrollWidth), or reaching past its right edge, that no
# scrolling box of theirs clips.
OVERFLOWING = """
const width = document.documentElement.clientWidth;
const scroller = (el) => getComputedStyle(el).overflowX !== 'visible';
const found = [];
for (const el of document.body.querySelectorAll('*')) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) continue;
  let clipped = false;
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    if (scroller(p)) { clipped = true; break; }
  }
  if (clipped) continue;
  if (r.right > width + 0.5 || el.scrollWidth > width) {
    found.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}: ` +
               `right ${Math.round(r.right)}, scrollWidth ${el.scrollWidth}`);
  }
}
return JSON.stringify({width, page: document.documentElement.scrollWidth, found});
"""


@pytest.fixture
def demo_url() -> Iterator[str]:
    with serve_directory(DEMO) as base:
        yield base + "index.html"


def _overflowing(driver: Any) -> dict[str, Any]:
    return json.loads(driver.execute_script(OVERFLOWING))


def test_the_panel_fits_420_px(browser: Browser, demo_url: str, tmp_path: Path) -> None:
    browser.open(demo_url)
    driver = browser.driver
    shots = [tmp_path]
    if os.environ.get("AXSNAP_PANEL_SHOTS"):
        shots.append(Path(os.environ["AXSNAP_PANEL_SHOTS"]))
    driver.switch_to.new_window("window")
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": PANEL_WIDTH, "height": 1400, "deviceScaleFactor": 1, "mobile": False})
        wait = WebDriverWait(driver, 90, poll_frequency=0.05)
        panel = f"chrome-extension://{EXTENSION_ID}/sidepanel.html?tabId={browser.tab_id}"
        driver.get(panel)
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "chrome.storage.local.set({panelOptions: arguments[0]}).then(done);",
            {"format": "all", "vision": True})
        driver.get(panel)
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        assert driver.execute_script("return innerWidth") == PANEL_WIDTH
        # every folded part open (options, timings, outside agents): all at this width
        driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
        driver.find_element(By.ID, "snapshot").click()
        wait.until(lambda d: d.find_element(By.ID, "status").text.startswith(("Done", "Failed")))
        assert driver.find_element(By.ID, "status").text.startswith("Done")
        driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
        for view in VIEWS:
            driver.find_element(By.ID, f"tab-{view}").click()
            wait.until(lambda d, v=view: d.find_element(By.ID, f"panel-{v}").is_displayed())
            if view == "dom":
                wait.until(lambda d: d.execute_script(
                    "const i = document.getElementById('som-image');"
                    "return i.complete && i.naturalWidth > 0"))
            seen = _overflowing(driver)
            png = driver.get_screenshot_as_png()
            for folder in shots:
                (folder / f"panel-{PANEL_WIDTH}-{view}.png").write_bytes(png)
            assert seen["found"] == [], f"{view} view: {seen['found']}"
            assert seen["page"] <= PANEL_WIDTH, f"{view} view scrolls sideways: {seen}"
        # the JSON as text, and the image zoomed in (its own box scrolls, the panel does not)
        driver.find_element(By.ID, "tab-json").click()
        driver.find_element(By.ID, "raw").click()
        assert _overflowing(driver)["found"] == []
        driver.find_element(By.ID, "tab-dom").click()
        driver.find_element(By.ID, "zoom-in").click()
        seen = _overflowing(driver)
        assert [f.split(":")[0] for f in seen["found"]] == ["div#som-scroll.som-scroll"]
        assert seen["page"] <= PANEL_WIDTH
    finally:
        driver.close()
        driver.switch_to.window(browser.target_handle)
