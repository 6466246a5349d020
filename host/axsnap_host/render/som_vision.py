"""From DOM elements and a screenshot to the reply's ``vision`` part (image + legend)."""

from __future__ import annotations

import base64
import binascii
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.render.som import Mark, Mask, draw_som, kind_of


def marks_from_elements(
    elements: Iterable[Mapping[str, Any]],
    *,
    scroll_x: float = 0.0,
    scroll_y: float = 0.0,
    mask_secrets: bool = True,
) -> tuple[list[Mark], list[Mask]]:
    """Marks and masks from the DOM channel's ``elements`` records.

    A record's ``rect`` is in main-document CSS pixels; subtracting the scroll offset at
    the time of the screenshot gives viewport pixels. Records with ``secret`` become masks
    too (when ``mask_secrets``); a secret without a usable rect raises, so the caller
    returns no image rather than an unmasked one.
    """
    marks: list[Mark] = []
    masks: list[Mask] = []
    for record in elements:
        rect = record.get("rect") or {}
        try:
            x = float(rect["x"]) - scroll_x
            y = float(rect["y"]) - scroll_y
            w, h = float(rect["width"]), float(rect["height"])
        except (KeyError, TypeError, ValueError):
            x = y = w = h = math.nan
        usable = all(math.isfinite(v) for v in (x, y, w, h))
        if mask_secrets and record.get("secret"):
            if not usable:
                raise AxsnapError(ErrorCode.INVALID_MESSAGE,
                                  f"redacted element {record.get('index')} has no usable rect",
                                  "the walker must report a rect for every secret field")
            masks.append(Mask(x, y, w, h))
        index = record.get("index")
        if not usable or not isinstance(index, int) or isinstance(index, bool):
            continue
        kind = kind_of(str(record.get("tagName") or ""), record.get("role") or None,
                       record.get("attributes") or {})
        marks.append(Mark(index, kind, x, y, w, h))
    return marks, masks


def screenshot_bytes(screenshot: Mapping[str, Any]) -> bytes:
    """Decode the base64 ``data`` of the extension's screenshot payload."""
    data = screenshot.get("data")
    if not isinstance(data, str) or not data:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, "screenshot has no base64 data",
                          "send {ok:true, format, data, device_pixel_ratio}")
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"screenshot data is not base64: {exc}",
                          "send Page.captureScreenshot's data field unmodified") from exc


def vision_result(
    screenshot: Mapping[str, Any] | None,
    marks: Iterable[Mark],
    masks: Iterable[Mask],
    *,
    enabled: bool = True,
    device_pixel_ratio: float | None = None,
    **draw_options: Any,
) -> dict[str, Any]:
    """The ``vision`` part of a snapshot reply.

    ``{ok:true, format:"png"|"jpeg", image:<base64>, legend, timings, screenshot_ms}`` or
    ``{ok:false, reason}``
    when vision is off, the extension could not take the screenshot or it cannot be read;
    the DOM text is served either way.
    """
    if not enabled:
        return {"ok": False, "reason": "disabled"}
    if not screenshot:
        return {"ok": False, "reason": "no screenshot in the capture"}
    if not screenshot.get("ok", False):
        return {"ok": False, "reason": str(screenshot.get("reason") or "screenshot failed")}
    dpr = device_pixel_ratio or screenshot.get("device_pixel_ratio") or 1.0
    try:
        result = draw_som(screenshot_bytes(screenshot), marks, masks, float(dpr), **draw_options)
    except AxsnapError as exc:
        return {"ok": False, "reason": exc.message}
    return {
        "ok": True,
        "format": result.format,
        "image": base64.b64encode(result.data).decode("ascii"),
        "legend": result.legend(),
        "timings": {k: round(v, 2) for k, v in result.timings.items()},
        "screenshot_ms": screenshot.get("ms"),
    }


def vision_for_elements(
    screenshot: Mapping[str, Any] | None,
    elements: Sequence[Mapping[str, Any]],
    *,
    enabled: bool = True,
    redact: bool = True,
    layout: Mapping[str, Any] | None = None,
    **draw_options: Any,
) -> dict[str, Any]:
    """One call for the host: the ``vision`` reply part from the capture's screenshot payload
    and the DOM channel's ``elements`` records. Never raises for bad input: a problem becomes
    ``{ok:false, reason}`` next to the DOM text.

    The scroll offset that turns document rects into screenshot pixels is the one the
    extension read with the screenshot (``screenshot.scroll``), else the capture's
    ``Page.getLayoutMetrics`` (``layout``).
    """
    if not enabled:
        return {"ok": False, "reason": "disabled"}
    scroll = (screenshot or {}).get("scroll") or {}
    viewport = (layout or {}).get("cssVisualViewport") or (layout or {}).get(
        "cssLayoutViewport") or {}
    try:
        scroll_x = float(scroll.get("x", viewport.get("pageX", 0)) or 0)
        scroll_y = float(scroll.get("y", viewport.get("pageY", 0)) or 0)
        marks, masks = marks_from_elements(elements, scroll_x=scroll_x, scroll_y=scroll_y,
                                           mask_secrets=redact)
    except (AxsnapError, TypeError, ValueError, AttributeError) as exc:
        return {"ok": False, "reason": f"cannot place the marks: {exc}"}
    return vision_result(screenshot, marks, masks, **draw_options)
