"""The vision step of the DOM channel (pipeline/vision.py) through ``process``.

Captures are recorded ones (tests/fixtures/dom_basic.json, the DOM channel's); the
screenshot payload is the extension's shape with a plain image made here, since what is
tested is where the host draws, not what the page looked like.
"""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.render.som import DEFAULT_MASK_COLOUR, DEFAULT_PALETTE, kind_of
from host_harness import process_capture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
WHITE = (255, 255, 255)


def image_bytes(size: tuple[int, int], fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, WHITE).save(buffer, format=fmt)
    return buffer.getvalue()


def shot(size: tuple[int, int] = (1280, 757), *, dpr: float = 1.0, scroll_y: float = 0,
         fmt: str = "png") -> dict[str, Any]:
    """The extension's screenshot payload (lib/capture/screenshot.js) around a blank image."""
    data = image_bytes((round(size[0] * dpr), round(size[1] * dpr)),
                       "JPEG" if fmt == "jpeg" else "PNG")
    return {"ok": True, "format": fmt, "data": base64.b64encode(data).decode(),
            "device_pixel_ratio": dpr, "scroll": {"x": 0, "y": scroll_y}, "ms": 31.5,
            "via": "cdp"}


@pytest.fixture(scope="module")
def basic() -> dict[str, Any]:
    return json.loads((FIXTURES / "dom_basic.json").read_text())


def run(capture: dict[str, Any], screenshot: dict[str, Any] | None,
        **options: Any) -> dict[str, Any]:
    return process_capture({**capture, "screenshot": screenshot}, snapshot_id=None, **options)


def decoded(result: dict[str, Any]) -> Image.Image:
    image = Image.open(io.BytesIO(base64.b64decode(result["vision"]["image"])))
    image.load()
    return image


def test_som_format_draws_a_box_per_element_and_masks_the_password(
    basic: dict[str, Any]
) -> None:
    result = run(basic, shot(), format="som")
    assert result["format"] == "som"
    assert result["domtext"] and result["elements"]
    vision = result["vision"]
    assert vision["ok"] is True and vision["format"] == "png"
    assert vision["screenshot_ms"] == 31.5
    image = decoded(result).convert("RGB")
    assert image.size == (1280, 757)
    marks = {m["index"]: m for m in vision["legend"]["marks"]}
    drawn = [e for e in result["elements"] if e["index"] in marks]
    assert len(drawn) >= 8
    for element in drawn:
        rect = element["rect"]
        if rect["width"] < 6 or rect["height"] < 6:
            continue
        colour = DEFAULT_PALETTE[kind_of(element["tagName"], element["role"],
                                         element["attributes"])]
        # the middle of the box's left edge is in the element's colour
        x, y = round(rect["x"]), round(rect["y"] + rect["height"] / 2)
        assert image.getpixel((x, y)) == colour, element["index"]
        assert f"[{element['index']}]" in result["domtext"]
    secrets = [e for e in result["elements"] if e.get("secret")]
    assert secrets and len(vision["legend"]["masks"]) == len(secrets)
    rect = secrets[0]["rect"]
    centre = (round(rect["x"] + rect["width"] / 2), round(rect["y"] + rect["height"] / 2))
    assert image.getpixel(centre) == DEFAULT_MASK_COLOUR
    assert result["stats"]["vision_ok"] is True
    assert result["stats"]["vision_masks"] == len(secrets)
    assert "vision_ms" in result["timings"]


def test_vision_is_opt_in_for_domtext_and_elements(basic: dict[str, Any]) -> None:
    assert "vision" not in run(basic, shot(), format="domtext")
    assert "vision" not in run(basic, None, format="elements")
    with_vision = run(basic, shot(), format="elements", vision=True)
    assert with_vision["format"] == "elements" and with_vision["vision"]["ok"] is True


def test_failed_screenshot_keeps_the_dom_text_and_says_why(basic: dict[str, Any]) -> None:
    failed = {"ok": False, "reason": "Page.captureScreenshot failed: timed out after 100 ms"}
    result = run(basic, failed, format="som")
    assert result["vision"] == {"ok": False, "reason": failed["reason"]}
    assert "Interactive Elements:" in result["domtext"]
    assert result["stats"]["vision_ok"] is False


def test_missing_screenshot_reason_comes_from_the_capture_errors(
    basic: dict[str, Any]
) -> None:
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    errors = [{"step": "screenshot", "message": f"Page.captureScreenshot failed at {token}"}]
    result = run({**basic, "errors": errors}, None, format="som")
    assert result["vision"]["ok"] is False
    assert result["vision"]["reason"].startswith("Page.captureScreenshot failed")
    assert token not in json.dumps(result)
    bare = run(basic, None, format="som")
    assert bare["vision"] == {"ok": False, "reason": "the capture has no screenshot"}


def test_unreadable_image_is_a_reason_not_an_error(basic: dict[str, Any]) -> None:
    broken = {**shot(), "data": base64.b64encode(b"not an image").decode()}
    result = run(basic, broken, format="som")
    assert result["vision"]["ok"] is False
    assert "not a readable PNG or JPEG" in result["vision"]["reason"]
    assert result["elements"]


def test_redact_false_draws_no_mask(basic: dict[str, Any]) -> None:
    result = run(basic, shot(), format="som", redact=False)
    assert result["vision"]["ok"] is True
    assert result["vision"]["legend"]["masks"] == []


def test_jpeg_scroll_and_device_pixel_ratio(basic: dict[str, Any]) -> None:
    result = run(basic, shot(dpr=2, scroll_y=10, fmt="jpeg"), format="som",
                 screenshot_format="jpeg", screenshot_quality=60)
    vision = result["vision"]
    assert vision["ok"] is True and vision["format"] == "jpeg"
    image = decoded(result)
    assert image.format == "JPEG" and image.size == (2560, 1514)
    assert vision["legend"]["device_pixel_ratio"] == 2
    element = next(e for e in result["elements"] if e["index"] == vision["legend"]["marks"][0]
                   ["index"])
    mark = vision["legend"]["marks"][0]
    rect = element["rect"]
    # document CSS px → minus the scroll at screenshot time → times the ratio
    assert mark["box"][0] == round(rect["x"] * 2)
    assert mark["box"][1] == max(0, round((rect["y"] - 10) * 2))


def test_secret_fields_missing_from_elements_are_masked_too(basic: dict[str, Any]) -> None:
    # drop the password from the listed elements as if an overlay covered it: its walker
    # record still has a box, so the image still masks it
    import axsnap_host.pipeline.dom.vision as vision_module

    with_secret = run(basic, shot(), format="som")
    masks = with_secret["vision"]["legend"]["masks"]
    capture = SnapshotRequest.model_validate({"v": 1, "id": "t", "type": "snapshot",
                                              "options": {}, "capture": basic}).capture
    listed = [e for e in with_secret["elements"] if not e.get("secret")]
    extra = vision_module.unlisted_secret_fields(capture, listed)
    assert [r["secret"] for r in extra] == ["password"]
    rect = extra[0]["rect"]
    assert [rect["x"], rect["y"], rect["x"] + rect["width"], rect["y"] + rect["height"]] == \
        masks[0]
    # already listed as secret: not masked twice
    assert vision_module.unlisted_secret_fields(capture, with_secret["elements"]) == []
