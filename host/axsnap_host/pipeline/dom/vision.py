"""The vision step of the DOM channel: the capture's screenshot → the ``vision`` reply part.

The extension only takes the screenshot (``capture.screenshot``: ``{ok, format, data,
device_pixel_ratio, scroll, ms}`` or ``{ok:false, reason}``); the host draws the numbered
boxes (render/som.py) for the same ``elements`` records whose indices the DOM text shows,
and paints redacted fields over. A missing or failed screenshot is never an error: the
reply keeps its DOM text and says why there is no image.

Masks cover more than the listed elements: a secret field that the DOM channel leaves out
(its centre covered by a see-through overlay, say) is still painted in the screenshot, so
every secret field the walker saw with a box is masked.
"""

from __future__ import annotations

import time
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.walker_merge import joined_records
from axsnap_host.pipeline.redaction import scrub_text
from axsnap_host.pipeline.secrets import secret_fields
from axsnap_host.render.som_vision import vision_for_elements


def unlisted_secret_fields(
    capture: RawCapture, elements: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Mask-only records (``secret`` and a document-CSS-px ``rect``, no ``index``) for the
    secret fields the walker saw that ``elements`` does not list as secret. Which fields
    are secret is the capture's one decision (pipeline/secrets.py), as for ``elements``."""
    try:
        joined = joined_records(capture)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return []  # a walker result the DOM channel could not read either
    secrets = secret_fields(capture, joined)
    viewport = (capture.layout or {}).get("cssLayoutViewport") or {}
    walker_scroll = (capture.walker or {}).get("scroll") or {}
    scroll_x = float(viewport.get("pageX", walker_scroll.get("x", 0)) or 0)
    scroll_y = float(viewport.get("pageY", walker_scroll.get("y", 0)) or 0)
    listed_xpaths = {e.get("xpath") for e in elements if e.get("secret")}  # frame-aware
    extra: list[dict[str, Any]] = []
    for record in joined:
        rect = record.rec.get("r") or [0, 0, 0, 0]
        if len(rect) < 4 or rect[2] <= 0 or rect[3] <= 0 or record.xpath in listed_xpaths:
            continue
        kind = secrets.kind_of_record(record)
        if kind:
            extra.append({"secret": kind, "rect": {"x": rect[0] + scroll_x, "y": rect[1] + scroll_y,
                                                   "width": rect[2], "height": rect[3]}})
    return extra


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
    masked_too = unlisted_secret_fields(capture, elements) if options.redact else []
    return vision_for_elements(
        screenshot,
        [*elements, *masked_too],
        enabled=True,
        redact=options.redact,
        layout=capture.layout,
        output_format=options.screenshot_format,
        jpeg_quality=options.screenshot_quality,
    )


def describe_marks(legend: dict[str, Any], elements: list[dict[str, Any]]) -> None:
    """Each drawn mark of the legend says what its element is, as DOM text and ``elements``
    say it (the element model's role, name, states and context: pipeline/elements/model.py)."""
    by_index = {e.get("index"): e for e in elements}
    for mark in legend.get("marks") or ():
        element = by_index.get(mark.get("index"))
        if element is None:
            continue
        for key in ("role", "name", "states", "context"):
            if element.get(key):
                mark[key] = element[key]


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
        describe_marks(legend, result.get("elements") or [])
        if result.get("incomplete"):  # the marks number only what was read
            legend["incomplete"] = result["incomplete"]
        stats["vision_marks"] = len(legend.get("marks") or [])
        stats["vision_masks"] = len(legend.get("masks") or [])
