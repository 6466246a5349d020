#!/usr/bin/env python3
"""Screenshot of the side panel for docs/guide/side-panel.md: docs/panel.png.

Snapshots the bundled demo page from the panel (opened as a page bound to the demo's tab,
at a side panel's width), shows the DOM text view with its Set-of-Mark image, points at the
"Sign in" box so that its DOM text line lights up, and saves a palette PNG (< 300 KB).

    .venv/bin/python scripts/panel_screenshot.py [--out docs/panel.png] [--dark]
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from axsnap_host import EXTENSION_ID
from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "host" / "axsnap_host" / "demo"
PANEL_SIZE = (500, 1500)
MAX_BYTES = 300_000


def shoot(out: Path, dark: bool) -> int:
    with serve_directory(DEMO) as base, Browser() as browser:
        browser.open(base + "index.html")
        driver = browser.driver
        driver.switch_to.new_window("window")
        driver.set_window_size(*PANEL_SIZE)
        if dark:  # the panel follows prefers-color-scheme
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.get(f"chrome-extension://{EXTENSION_ID}/sidepanel.html?tabId={browser.tab_id}")
        wait = WebDriverWait(driver, 60, poll_frequency=0.05)
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        driver.find_element(By.ID, "snapshot").click()
        wait.until(lambda d: d.find_element(By.ID, "status").text.startswith(("Done", "Failed")))
        if driver.find_element(By.ID, "error").is_displayed():
            print(driver.find_element(By.ID, "error").text, file=sys.stderr)
            return 1
        driver.find_element(By.ID, "tab-dom").click()
        wait.until(lambda d: d.execute_script(
            "const i = document.getElementById('som-image'); return i.complete && i.naturalWidth"))
        domtext = driver.find_element(By.ID, "domtext").text
        sign_in = next(line for line in domtext.splitlines() if '"Sign in"' in line)
        index = sign_in[1 : sign_in.index("]")]
        box = driver.find_element(By.CSS_SELECTOR, f'#som-stage .som-box[data-index="{index}"]')
        driver.find_element(By.ID, "zoom-in").click()  # 150%: the numbers can be read
        ActionChains(driver).move_to_element(box).perform()
        png = driver.get_screenshot_as_png()
    image = Image.open(io.BytesIO(png)).convert("RGB")
    palette = image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out.parent.mkdir(parents=True, exist_ok=True)
    palette.save(out, optimize=True)
    size = out.stat().st_size
    print(f"wrote {out} ({image.width}x{image.height}, {size:,} bytes)")
    if size >= MAX_BYTES:
        print(f"{out} is over {MAX_BYTES:,} bytes", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "panel.png")
    parser.add_argument("--dark", action="store_true", help="the dark theme")
    args = parser.parse_args(argv)
    return shoot(args.out, args.dark)


if __name__ == "__main__":
    raise SystemExit(main())
