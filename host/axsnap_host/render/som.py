"""Set-of-Mark image: the screenshot with a numbered box per element, drawn by the host.

The extension only takes the screenshot; it never draws on the page. This module is
independent of how elements are produced: callers give :class:`Mark` rectangles in CSS
pixels relative to the viewport (the screenshot's top-left), :class:`Mask` rectangles for
redacted fields and the device pixel ratio, and get back the image, its encoded bytes (PNG
by default) and a JSON-able legend.

Entry points: :func:`draw_som` (the renderer), :func:`kind_of` (element → colour class),
``som_vision.marks_from_elements`` (DOM channel records → marks and masks) and
``som_vision.vision_for_elements`` / ``vision_result`` (the ``vision`` part of a reply, which
never raises: a missing or unreadable screenshot becomes ``{ok: false, reason}``).

Drawing order is fixed so that secrets never survive: masks first (opaque), then box
outlines, then labels. Output is a pure function of the input (marks are processed in
index order, whatever order they were given in).
"""

from __future__ import annotations

import io
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from PIL import Image, ImageDraw

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.render.som_labels import LabelPlacer, label_font, text_colour

Kind = Literal["button", "link", "input", "other"]
KINDS: tuple[Kind, ...] = ("button", "link", "input", "other")
RGB = tuple[int, int, int]

# Saturated mid-luminance colours: visible on white and on near-black pages alike.
DEFAULT_PALETTE: dict[str, RGB] = {
    "button": (220, 38, 38),  # red
    "link": (37, 99, 235),  # blue
    "input": (22, 163, 74),  # green
    "other": (192, 38, 211),  # magenta
}
DEFAULT_MASK_COLOUR: RGB = (24, 24, 24)

BOX_WIDTH_CSS = 2  # outline thickness in CSS pixels, scaled by the device pixel ratio
LABEL_FONT_CSS = 11  # label text size in CSS pixels
LABEL_PAD_CSS = 2  # label padding around the digits in CSS pixels

# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True, slots=True)
class Mark:
    """One element to box: CSS pixels relative to the viewport (top-left of the screenshot)."""

    index: int
    kind: Kind
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Mask:
    """A redacted field's rectangle, CSS pixels relative to the viewport; filled opaque."""

    x: float
    y: float
    width: float
    height: float


# ARIA roles, plus Chrome's internal AX role names lower-cased (textfield, popupbutton, ...).
_BUTTON_ROLES = frozenset(
    {"button", "menuitem", "menuitemcheckbox", "menuitemradio", "tab", "treeitem",
     "togglebutton", "disclosuretriangle"}
)
_LINK_ROLES = frozenset({"link"})
_INPUT_ROLES = frozenset(
    {"textbox", "searchbox", "combobox", "checkbox", "radio", "slider", "spinbutton",
     "switch", "listbox", "textfield", "popupbutton", "textfieldwithcombobox"}
)
_BUTTON_INPUT_TYPES = frozenset({"button", "submit", "reset", "image"})


def kind_of(tag: str, role: str | None = None, attributes: Mapping[str, Any] | None = None) -> Kind:
    """Classify an element as button, link, input or other from its tag, type and ARIA role.

    An explicit ARIA role wins over the tag (``<div role="button">`` is a button, ``<a
    role="button">`` too); the first recognised token of a space-separated role is used.
    """
    attrs = {str(k).lower(): v for k, v in (attributes or {}).items()}
    roles = (role or attrs.get("role") or "").lower().split()
    for token in roles:
        if token in _BUTTON_ROLES:
            return "button"
        if token in _LINK_ROLES:
            return "link"
        if token in _INPUT_ROLES:
            return "input"
    name = (tag or "").lower()
    if name == "button" or name == "summary":
        return "button"
    if name == "input":
        input_type = str(attrs.get("type") or "text").strip().lower()
        if input_type in _BUTTON_INPUT_TYPES:
            return "button"
        return "other" if input_type == "hidden" else "input"
    if name in ("select", "textarea"):
        return "input"
    if name in ("a", "area") and attrs.get("href") is not None:
        return "link"
    editable = attrs.get("contenteditable")
    if editable is not None and str(editable).strip().lower() in ("", "true", "plaintext-only"):
        return "input"
    return "other"


# --------------------------------------------------------------------------- outputs


@dataclass(slots=True)
class DrawnMark:
    index: int
    kind: Kind
    colour: RGB
    box: tuple[int, int, int, int]  # image pixels, x0, y0, x1, y1 exclusive ends
    label: tuple[int, int, int, int]  # image pixels, exclusive ends
    anchor: str
    clipped: bool  # the box reached past the image and was cut at its edge

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "colour": _hex(self.colour),
            "box": list(self.box),
            "label": list(self.label),
            "anchor": self.anchor,
            "clipped": self.clipped,
        }


@dataclass(slots=True)
class SkippedMark:
    index: int
    reason: str  # "outside_image" | "empty" | "duplicate_index"

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "reason": self.reason}


@dataclass(slots=True)
class SomResult:
    image: Image.Image
    data: bytes  # the encoded image, in ``format``
    format: Literal["png", "jpeg"]
    drawn: list[DrawnMark]
    skipped: list[SkippedMark]
    masked: list[tuple[int, int, int, int]]  # image rects actually filled, exclusive ends
    device_pixel_ratio: float
    palette: dict[str, RGB]
    mask_colour: RGB
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def png(self) -> bytes:
        """The encoded PNG (``draw_som``'s default output format)."""
        if self.format != "png":
            raise ValueError(f"this image was encoded as {self.format}")
        return self.data

    def legend(self) -> dict[str, Any]:
        """JSON-able description of the image: what each number is and where it was drawn."""
        return {
            "width": self.image.width,
            "height": self.image.height,
            "device_pixel_ratio": self.device_pixel_ratio,
            "palette": {kind: _hex(colour) for kind, colour in self.palette.items()},
            "mask_colour": _hex(self.mask_colour),
            "masks": [list(rect) for rect in self.masked],
            "marks": [mark.to_json() for mark in self.drawn],
            "skipped": [skip.to_json() for skip in self.skipped],
        }


# --------------------------------------------------------------------------- drawing


def draw_som(
    screenshot: bytes,
    marks: Iterable[Mark],
    masks: Iterable[Mask],
    device_pixel_ratio: float = 1.0,
    *,
    mask_colour: RGB = DEFAULT_MASK_COLOUR,
    palette: Mapping[str, RGB] | None = None,
    box_width_css: float = BOX_WIDTH_CSS,
    label_font_css: float = LABEL_FONT_CSS,
    output_format: Literal["png", "jpeg"] = "png",
    jpeg_quality: int = 85,
    png_compress_level: int = 1,
) -> SomResult:
    """Draw masks, boxes and numbered labels on a PNG or JPEG screenshot.

    Rectangles are CSS pixels relative to the viewport; they are multiplied by
    ``device_pixel_ratio`` to reach image pixels. Marks that do not touch the image are
    skipped and reported. The result is encoded as PNG (lossless; default) or JPEG (about
    a fifth of the bytes and half the encoding time at DPR 2). Raises :class:`AxsnapError`
    if the bytes are not an image or a mask has no usable rectangle.
    """
    if output_format not in ("png", "jpeg"):
        raise ValueError(f"output_format must be png or jpeg, not {output_format!r}")
    started = time.perf_counter()
    if not (device_pixel_ratio > 0 and math.isfinite(device_pixel_ratio)):
        raise AxsnapError(
            ErrorCode.INVALID_MESSAGE,
            f"device pixel ratio must be a positive number, got {device_pixel_ratio!r}",
            "send window.devicePixelRatio with the screenshot",
        )
    colours = dict(DEFAULT_PALETTE)
    if palette:
        colours.update({k: tuple(v) for k, v in palette.items()})  # type: ignore[misc]
    image = _decode(screenshot)
    decoded = time.perf_counter()
    draw = ImageDraw.Draw(image)
    scale = float(device_pixel_ratio)
    width, height = image.size

    masked: list[tuple[int, int, int, int]] = []
    for mask in masks:
        if not all(math.isfinite(v) for v in (mask.x, mask.y, mask.width, mask.height)):
            # fail closed: a secret whose place is unknown cannot be painted over
            raise AxsnapError(ErrorCode.INVALID_MESSAGE,
                              f"a redacted field has no usable rectangle: {mask}",
                              "send finite CSS-pixel rects for every redacted field")
        rect = _clip(_to_image(mask.x, mask.y, mask.width, mask.height, scale, cover=True),
                     width, height)
        if rect is not None:
            draw.rectangle((rect[0], rect[1], rect[2] - 1, rect[3] - 1), fill=mask_colour)
            masked.append(rect)

    thickness = max(1, round(box_width_css * scale))
    boxes, skipped = _boxes_in_image(marks, scale, width, height)
    for _index, kind, rect, _clipped in boxes:
        _draw_box(draw, rect, colours.get(kind, colours["other"]), thickness)
    boxed = time.perf_counter()

    font = label_font(max(6, round(label_font_css * scale)))
    pad = max(1, round(LABEL_PAD_CSS * scale))
    outlines = Image.new("L", (width, height), 0)
    outline_draw = ImageDraw.Draw(outlines)
    for box in boxes:
        _draw_box(outline_draw, box[2], 255, thickness)
    placer = LabelPlacer(outlines, thickness)
    drawn: list[DrawnMark] = []
    for index, kind, rect, clipped in boxes:
        text = str(index)
        text_width = math.ceil(font.getlength(text))
        label_size = (text_width + 2 * pad, font.digit_height + 2 * pad)
        label, anchor = placer.place(rect, label_size)
        colour = colours.get(kind, colours["other"])
        draw.rectangle((label[0], label[1], label[2] - 1, label[3] - 1), fill=colour)
        draw.text((label[0] + pad, label[1] + pad - font.digit_top), text,
                  fill=text_colour(colour), font=font.font)
        drawn.append(DrawnMark(index, kind, colour, rect, label, anchor, clipped))
    labelled = time.perf_counter()

    buffer = io.BytesIO()
    if output_format == "jpeg":
        image.save(buffer, format="JPEG", quality=jpeg_quality)
    else:
        image.save(buffer, format="PNG", compress_level=png_compress_level)
    encoded = time.perf_counter()
    timings = {
        "decode_ms": (decoded - started) * 1000,
        "boxes_ms": (boxed - decoded) * 1000,
        "labels_ms": (labelled - boxed) * 1000,
        "encode_ms": (encoded - labelled) * 1000,
        "total_ms": (encoded - started) * 1000,
    }
    return SomResult(image, buffer.getvalue(), output_format, drawn, skipped, masked, scale,
                     colours, tuple(mask_colour), timings)  # type: ignore[arg-type]


def _draw_box(
    draw: ImageDraw.ImageDraw, rect: tuple[int, int, int, int], colour: Any, thickness: int
) -> None:
    """An outline ``thickness`` wide inside ``rect``; a box too small to have an inside is
    filled (Pillow leaves gaps when a wide outline does not fit)."""
    corners = (rect[0], rect[1], rect[2] - 1, rect[3] - 1)
    if rect[2] - rect[0] <= 2 * thickness or rect[3] - rect[1] <= 2 * thickness:
        draw.rectangle(corners, fill=colour)
    else:
        draw.rectangle(corners, outline=colour, width=thickness)


def _decode(data: bytes) -> Image.Image:
    try:
        image = Image.open(io.BytesIO(data))
        if image.format not in ("PNG", "JPEG"):
            raise ValueError(f"unsupported image format {image.format}")
        image.load()
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise AxsnapError(
            ErrorCode.INVALID_MESSAGE,
            f"screenshot is not a readable PNG or JPEG image: {exc}",
            "send Page.captureScreenshot data (base64 PNG or JPEG) unmodified",
        ) from exc
    return image.convert("RGB") if image.mode != "RGB" else image


def _hex(colour: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def _to_image(
    x: float, y: float, w: float, h: float, scale: float, *, cover: bool = False
) -> tuple[int, int, int, int]:
    """CSS rect → image rect (x0, y0, x1, y1 exclusive). ``cover`` rounds outwards."""
    if not all(math.isfinite(v) for v in (x, y, w, h)):
        return (0, 0, 0, 0)
    if cover:
        return (math.floor(x * scale), math.floor(y * scale),
                math.ceil((x + w) * scale), math.ceil((y + h) * scale))
    return (round(x * scale), round(y * scale), round((x + w) * scale), round((y + h) * scale))


def _clip(
    rect: tuple[int, int, int, int], width: int, height: int
) -> tuple[int, int, int, int] | None:
    x0, y0 = max(rect[0], 0), max(rect[1], 0)
    x1, y1 = min(rect[2], width), min(rect[3], height)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def _order(mark: Mark) -> tuple[Any, ...]:
    """Index first; the rest only breaks ties so that duplicates resolve the same way
    whatever order the marks came in (non-finite numbers sort last)."""
    numbers = (mark.x, mark.y, mark.width, mark.height)
    return (mark.index, str(mark.kind), *(v if math.isfinite(v) else math.inf for v in numbers))


def _boxes_in_image(
    marks: Iterable[Mark], scale: float, width: int, height: int
) -> tuple[list[tuple[int, Kind, tuple[int, int, int, int], bool]], list[SkippedMark]]:
    boxes = []
    skipped: list[SkippedMark] = []
    seen: set[int] = set()
    for mark in sorted(marks, key=_order):
        if mark.index in seen:
            skipped.append(SkippedMark(mark.index, "duplicate_index"))
            continue
        seen.add(mark.index)
        rect = _to_image(mark.x, mark.y, mark.width, mark.height, scale)
        if rect[2] <= rect[0] or rect[3] <= rect[1]:
            skipped.append(SkippedMark(mark.index, "empty"))
            continue
        clipped = _clip(rect, width, height)
        if clipped is None:
            skipped.append(SkippedMark(mark.index, "outside_image"))
            continue
        kind: Kind = mark.kind if mark.kind in KINDS else "other"
        boxes.append((mark.index, kind, clipped, clipped != rect))
    return boxes, skipped


# --------------------------------------------------------------------------- wire helpers
