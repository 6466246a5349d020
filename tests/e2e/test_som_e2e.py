"""Vision channel end to end: screenshot in the extension, Set-of-Mark drawn by the host.

The page (tests/pages/som/known.html) puts every element at a fixed CSS position, so the
boxes are checked against where the page says the elements are, read back from the image
with Pillow (no golden image). Colours come from render/som.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

from axsnap_host.client import Browser, DomResult
from axsnap_host.render.som import (
    BOX_WIDTH_CSS,
    DEFAULT_MASK_COLOUR,
    DEFAULT_PALETTE,
    LABEL_FONT_CSS,
    LABEL_PAD_CSS,
    kind_of,
)
from axsnap_host.render.som_labels import label_font, text_colour

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
# CSS-pixel boxes of known.html (position:absolute, box-sizing:border-box), by element id.
KNOWN = {
    "save": (100, 120, 160, 40),
    "docs": (420, 130, 120, 24),
    "name": (100, 260, 240, 32),
    "pw": (420, 260, 240, 32),
    "menu": (760, 400, 140, 48),
    "pick": (100, 420, 180, 30),
}
# Background colours the page paints inside some boxes (checks the image is the page's).
INSIDE = {"name": (0xFF, 0xFB, 0xE6), "menu": (0xDD, 0xEE, 0xFF)}


def som(browser: Browser, url: str | None = None, **options: Any) -> DomResult:
    result = browser.snapshot(url, format="som", **{**FAST, **options})
    assert isinstance(result, DomResult)
    return result


def by_id(result: DomResult) -> dict[str, dict[str, Any]]:
    return {e["attributes"].get("id", ""): e for e in result.elements}


def scaled(box: tuple[float, float, float, float], scale: float) -> tuple[int, int, int, int]:
    x, y, w, h = box
    return round(x * scale), round(y * scale), round((x + w) * scale), round((y + h) * scale)


def edge_pixels(rect: tuple[int, int, int, int]) -> Iterator[tuple[int, int]]:
    """The outermost pixel ring of an image rectangle (exclusive ends)."""
    x0, y0, x1, y1 = rect
    for x in range(x0, x1):
        yield x, y0
        yield x, y1 - 1
    for y in range(y0, y1):
        yield x0, y
        yield x1 - 1, y


def expected_label(index: int, colour: tuple[int, int, int], scale: float) -> Image.Image:
    """The label tile the renderer draws for ``index``, made here from the same font."""
    font = label_font(max(6, round(LABEL_FONT_CSS * scale)))
    pad = max(1, round(LABEL_PAD_CSS * scale))
    text = str(index)
    size = (int(-(-font.getlength(text) // 1)) + 2 * pad, font.digit_height + 2 * pad)
    tile = Image.new("RGB", size, colour)
    ImageDraw.Draw(tile).text((pad, pad - font.digit_top), text, fill=text_colour(colour),
                              font=font.font)
    return tile


def check_marks(result: DomResult, image: Image.Image, scale: float) -> None:
    """Every DOM-text element: box edge in its colour at the page's own position, a label
    with its number touching the box, and the password rectangle fully painted over."""
    elements = by_id(result)
    assert set(KNOWN) <= set(elements), sorted(elements)
    legend = {m["index"]: m for m in result.vision["legend"]["marks"]}
    thickness = max(1, round(BOX_WIDTH_CSS * scale))
    pixels = image.load()
    for ident, css_box in KNOWN.items():
        element = elements[ident]
        assert f"[{element['index']}] " in result.domtext
        colour = DEFAULT_PALETTE[kind_of(element["tagName"], element.get("role"),
                                         element["attributes"])]
        rect = scaled(css_box, scale)
        wrong = [(xy, pixels[xy]) for xy in edge_pixels(rect) if pixels[xy] != colour]
        assert not wrong, (ident, colour, wrong[:5])
        # just outside the box is page background, not box colour: the box is not bigger
        assert pixels[rect[0] - 2 * thickness, (rect[1] + rect[3]) // 2] != colour, ident
        label = legend[element["index"]]["label"]
        near = (label[2] >= rect[0] - 1 and label[0] <= rect[2] + 1
                and label[3] >= rect[1] - 1 and label[1] <= rect[3] + 1)
        assert near, (ident, label, rect)
        tile = expected_label(element["index"], colour, scale)
        assert tile.size == (label[2] - label[0], label[3] - label[1]), ident
        assert image.crop(tuple(label)).tobytes() == tile.tobytes(), ident
        if ident in INSIDE:  # the page's own paint sits inside the box
            inner = (rect[0] + 2 * thickness + 1, rect[3] - 2 * thickness - 1)
            assert pixels[inner] == INSIDE[ident], (ident, pixels[inner])
    # the password field: inside the outline every pixel is the mask colour
    x0, y0, x1, y1 = scaled(KNOWN["pw"], scale)
    inner = image.crop((x0 + thickness, y0 + thickness, x1 - thickness, y1 - thickness))
    assert [colour for _count, colour in inner.getcolors()] == [DEFAULT_MASK_COLOUR]
    assert elements["pw"]["secret"] == "password"


def test_som_boxes_labels_and_mask(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "som/known.html")
    browser.run_in_target("document.getElementById('pw').value = 'typed-S3CRET-value';")
    result = som(browser)
    assert result.vision is not None and result.vision["ok"] is True, result.vision
    assert result.vision["format"] == "png"
    image = result.som_image()
    assert image is not None and image.format == "PNG"
    # the image is the viewport at one image pixel per CSS pixel
    inner_height = browser.run_in_target("return innerHeight")
    assert image.height == inner_height
    check_marks(result, image.convert("RGB"), 1.0)
    # the element below the fold is neither listed nor drawn
    assert "far" not in by_id(result)
    assert "S3CRET" not in str(result.raw)


def test_vision_flag_on_domtext_and_jpeg(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "som/known.html")
    plain = browser.snapshot(format="domtext", **FAST)
    assert isinstance(plain, DomResult) and plain.vision is None and plain.som_png is None
    result = browser.snapshot(format="domtext", vision=True, screenshot_format="jpeg",
                              screenshot_quality=70, **FAST)
    assert isinstance(result, DomResult) and result.raw["format"] == "domtext"
    assert result.vision["ok"] is True and result.vision["format"] == "jpeg"
    assert result.som_png is not None and result.som_png[:2] == b"\xff\xd8"
    assert result.som_image().format == "JPEG"


def test_dpr2_emulation_puts_boxes_in_place(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "som/known.html")
    browser.cdp_in_target("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 757, "deviceScaleFactor": 2, "mobile": False})
    try:
        assert browser.run_in_target("return window.devicePixelRatio") == 2
        result = som(browser)
        assert result.vision["ok"] is True, result.vision
        image = result.som_image().convert("RGB")
        # the scale between CSS and image pixels, measured from the image itself
        scale = image.height / browser.run_in_target("return innerHeight")
        assert scale == result.vision["legend"]["device_pixel_ratio"]
        check_marks(result, image, scale)
    finally:
        browser.cdp_in_target("Emulation.clearDeviceMetricsOverride", {})


def test_device_scale_factor_2_gives_a_double_size_image(
    fresh_browser_factory: type[Browser], pages_url: str
) -> None:
    with fresh_browser_factory(extra_args=("--force-device-scale-factor=2",)) as browser:
        result = som(browser, pages_url + "som/known.html")
        assert result.vision["ok"] is True, result.vision
        image = result.som_image().convert("RGB")
        assert image.height == 2 * browser.run_in_target("return innerHeight")
        assert result.vision["legend"]["device_pixel_ratio"] == 2
        check_marks(result, image, 2.0)


def test_failed_screenshot_gives_dom_text_and_the_reason(
    fresh_browser_factory: type[Browser], pages_url: str
) -> None:
    # An 8000x8000 viewport is 64 million pixels: no machine encodes that PNG (nor the
    # captureVisibleTab fallback's) within a 100 ms deadline, so the screenshot times out for
    # real while the DOM channel works as usual. (A page that is merely slow to paint is not
    # enough: how slow depends on the machine's rasterizer.) Its own browser: the late
    # screenshot answers must not reach other tests.
    with fresh_browser_factory() as browser:
        browser.open(pages_url + "som/known.html")
        browser.cdp_in_target("Emulation.setDeviceMetricsOverride",
                      {"width": 8000, "height": 8000, "deviceScaleFactor": 1, "mobile": False})
        result = som(browser, stabilize={"enabled": False}, screenshot_timeout_ms=100)
        assert result.vision is not None and result.vision["ok"] is False
        assert "timed out" in result.vision["reason"], result.vision
        assert result.som_png is None and result.som_image() is None
        assert "Interactive Elements:" in result.domtext
        assert '"Save"' in result.domtext
        assert "S3CRET" not in str(result.raw)
        assert result.raw["stats"]["vision_ok"] is False


def test_side_panel_shows_dom_text_and_the_image(browser: Browser, pages_url: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from axsnap_host import EXTENSION_ID

    browser.open(pages_url + "som/known.html")
    inner_height = browser.run_in_target("return innerHeight")  # before the panel window
    driver = browser.driver
    driver.switch_to.new_window("window")
    try:
        driver.get(f"chrome-extension://{EXTENSION_ID}/sidepanel.html?tabId={browser.tab_id}")
        wait = WebDriverWait(driver, 30, poll_frequency=0.05)
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        driver.find_element(By.CSS_SELECTOR, "#options-panel summary").click()
        Select(driver.find_element(By.ID, "format")).select_by_value("domtext")
        assert driver.find_element(By.ID, "vision").is_selected()  # the image is on by default
        driver.find_element(By.ID, "snapshot").click()
        wait.until(lambda d: d.find_element(By.ID, "summary").is_displayed())
        driver.find_element(By.ID, "tab-dom").click()
        wait.until(ec.visibility_of_element_located((By.ID, "som-image")))
        text = driver.find_element(By.ID, "domtext").text
        assert "Interactive Elements:" in text and '"Save"' in text
        size = driver.execute_script(
            "const i = document.getElementById('som-image');"
            "return [i.complete, i.naturalWidth, i.naturalHeight];")
        assert size == [True, 1280, inner_height]
        assert "6 boxes, 1 masked" in driver.find_element(By.ID, "vision-status").text
        # the keyboard walks the element lines and lights up the same box as the pointer
        text_view = driver.find_element(By.ID, "domtext")
        first, second = [int(x) for x in re.findall(r"^\s*\[(\d+)\]", text_view.text, re.M)[:2]]
        text_view.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
        linked = driver.find_elements(By.CSS_SELECTOR, ".som-box.linked")
        assert [int(b.get_attribute("data-index")) for b in linked] == [second], first
        line = f'#domtext .line.linked[data-index="{second}"]'
        assert driver.find_elements(By.CSS_SELECTOR, line)
        # side by side when the panel is wide: the image's column starts right of the text's
        text_box = driver.find_element(By.ID, "domtext").rect
        image_box = driver.find_element(By.ID, "som").rect
        if driver.execute_script("return innerWidth") >= 700:
            assert image_box["x"] >= text_box["x"] + text_box["width"]
        # the JSON view leaves the image out; the secret is nowhere
        driver.find_element(By.ID, "tab-json").click()
        raw = driver.find_element(By.ID, "rawjson").get_attribute("textContent")
        assert "base64 characters" in raw and "S3CRET" not in raw
    finally:
        driver.execute_async_script("chrome.storage.local.clear().then(arguments[0])")
        driver.close()
        driver.switch_to.window(browser.target_handle)


def test_a_large_image_travels_in_chunks(browser: Browser, pages_url: str) -> None:
    browser.open(pages_url + "som/noise.html")
    reply = browser.snapshot_raw(format="som", **FAST)
    vision = reply["result"]["vision"]
    assert vision["ok"] is True, vision
    assert len(vision["image"]) > 2_000_000  # random pixels do not compress
    assert reply["sizes"]["reply_chunks"] >= 2  # deflated, the image's base64 still fills two
    result = DomResult.from_result(reply["result"])
    image = result.som_image().convert("RGB")
    save = by_id(result)["save"]
    colour = DEFAULT_PALETTE[kind_of(save["tagName"], save.get("role"), save["attributes"])]
    rect = scaled((200, 200, 160, 40), image.height / browser.run_in_target("return innerHeight"))
    assert all(image.getpixel(xy) == colour for xy in edge_pixels(rect))


def test_a_secret_field_left_out_of_the_dom_text_is_still_masked(
    browser: Browser, pages_url: str
) -> None:
    # covered.html: a card-number field under a see-through overlay; the DOM channel does
    # not list it (its centre is covered) but the screenshot shows it
    result = som(browser, pages_url + "som/covered.html")
    card = "4111 1111 1111 1111"  # the field's value (the page's port may hold "4111")
    assert card not in result.domtext and card.replace(" ", "") not in result.domtext
    assert not any(e.get("secret") for e in result.elements)
    assert result.vision["ok"] is True
    image = result.som_image().convert("RGB")
    field = image.crop(scaled((100, 100, 260, 32), 1.0))
    assert [colour for _count, colour in field.getcolors()] == [DEFAULT_MASK_COLOUR]
    assert result.vision["legend"]["masks"] == [[100, 100, 360, 132]]
