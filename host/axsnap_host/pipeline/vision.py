"""The vision step of the DOM channel: the capture's screenshot → the ``vision`` reply part.

The extension only takes the screenshot (``capture.screenshot``: ``{ok, format, data,
device_pixel_ratio, scroll, ms}`` or ``{ok:false, reason}``); the host draws the numbered
boxes (render/som.py) for the same ``elements`` records whose indices the DOM text shows,
and paints redacted fields over. A missing or failed screenshot is never an error: the
reply keeps its DOM text and says why there is no image.
"""

from __future__ import annotations

import time
from typing import Any

from ..models.capture import RawCapture
from ..models.options import SnapshotOptions
from ..render.som import vision_for_elements
from .redact import scrub_text


def build_vision(
    capture: RawCapture, options: SnapshotOptions, elements: list[dict[str, Any]]
) -> dict[str, Any]:
    """``{ok:true, format, image, legend, timings, screenshot_ms}`` or ``{ok:false, reason}``."""
    screenshot = capture.screenshot
    if screenshot is None:
        # The extension records why the screenshot step itself failed in capture.errors.
        failures = [e.message for e in capture.errors if e.step == "screenshot"]
        reason = failures[0] if failures else "the capture has no screenshot"
        return {"ok": False, "reason": reason}
    return vision_for_elements(
        screenshot,
        elements,
        enabled=True,
        redact=options.redact,
        layout=capture.layout,
        output_format=options.screenshot_format,
        jpeg_quality=options.screenshot_quality,
    )


def add_vision(result: dict[str, Any], capture: RawCapture, options: SnapshotOptions) -> None:
    """Put ``vision`` (and its timing and stats) into a DOM-channel ``result`` in place."""
    started = time.perf_counter()
    vision = build_vision(capture, options, result.get("elements") or [])
    if not vision.get("ok") and options.redact:  # reasons may quote browser messages
        vision["reason"], _found = scrub_text(str(vision.get("reason") or ""))
    result["vision"] = vision
    result.setdefault("timings", {})["vision_ms"] = round(
        (time.perf_counter() - started) * 1000, 3
    )
    stats = result.setdefault("stats", {})
    stats["vision_ok"] = bool(vision.get("ok"))
    if vision.get("ok"):
        legend = vision.get("legend") or {}
        stats["vision_marks"] = len(legend.get("marks") or [])
        stats["vision_masks"] = len(legend.get("masks") or [])
