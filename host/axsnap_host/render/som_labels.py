"""Label placement for Set-of-Mark images: where each numbered label goes, and its font.

A label is tried at several anchors around and inside its box (``ANCHORS``, in order of
preference) and the first one that stays inside the image, overlaps no placed label,
crosses no box outline and does not cover its own box wins; otherwise the least bad one.
Occupancy is kept in two bitmaps so each check is a crop done in C: fast for thousands of
marks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in image pixels, exclusive ends
Score = tuple[int, int, int, int]  # label pixels hit, outline pixels hit, covers own, order

# Label anchors in order of preference; see _anchor_positions.
ANCHORS = (
    "above_left",
    "above_right",
    "below_left",
    "below_right",
    "right_top",
    "left_top",
    "inside_top_left",
    "inside_top_right",
    "inside_bottom_left",
    "inside_bottom_right",
)


@dataclass(frozen=True, slots=True)
class LabelFont:
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    digit_top: int  # offset from the text origin to the top of the digits
    digit_height: int

    def getlength(self, text: str) -> float:
        return self.font.getlength(text)


@lru_cache(maxsize=16)
def label_font(size: int) -> LabelFont:
    font = ImageFont.load_default(size=size)
    _left, top, _right, bottom = font.getbbox("0123456789")
    return LabelFont(font, int(top), int(bottom - top))


def text_colour(fill: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``fill`` (WCAG relative luminance)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * channel(fill[0]) + 0.7152 * channel(fill[1]) + 0.0722 * channel(fill[2])
    return (0, 0, 0) if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else (255, 255, 255)


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _ink(bitmap: Any, rect: Rect) -> int:
    """How many pixels of ``rect`` are set in a mode "L" occupancy bitmap.

    ``bitmap`` is the image's core object: going through ``Image.crop`` costs several times
    more in Python bookkeeping than the crop itself, and this runs ten times per label.
    """
    region = bitmap.crop(rect)
    if region.getbbox(False) is None:
        return 0
    return (rect[2] - rect[0]) * (rect[3] - rect[1]) - region.histogram()[0]


class LabelPlacer:
    """Chooses a label position per box: the first anchor that is free, else the least bad.

    A position is rejected if it leaves the image. Among the rest the first anchor wins
    that overlaps no placed label, crosses no box outline and does not cover its own box;
    if none is that clean, the one with the least label overlap, then the least outline
    crossed, then not covering its own box. Occupancy is kept in two bitmaps (placed
    labels, box outlines) so each check is a crop in C, whatever the density of marks.
    """

    def __init__(self, outlines: Image.Image, thickness: int) -> None:
        """``outlines``: a mode "L" image where every box outline is drawn non-zero."""
        self.width, self.height = outlines.size
        self.thickness = thickness
        self.outlines = outlines
        self.labels = Image.new("L", outlines.size, 0)
        self.label_draw = ImageDraw.Draw(self.labels)
        self.outline_core = self.outlines.im
        self.label_core = self.labels.im

    def place(self, box: Rect, size: tuple[int, int]) -> tuple[Rect, str]:
        """Choose, record and return the label rectangle for ``box`` and its anchor name."""
        best: tuple[Rect, Score, str] | None = None
        for order, (anchor, (x, y)) in enumerate(_anchor_positions(box, size, self.thickness)):
            rect = (x, y, x + size[0], y + size[1])
            if x < 0 or y < 0 or rect[2] > self.width or rect[3] > self.height:
                continue
            label_px = _ink(self.label_core, rect)
            if label_px and best is not None and best[1][0] == 0:
                continue  # a candidate free of labels is already known
            outline_px = _ink(self.outline_core, rect)
            covers_own = 1 if _overlaps(rect, box) else 0
            score = (label_px, outline_px, covers_own, order)
            if best is None or score < best[1]:
                best = (rect, score, anchor)
            if score[:3] == (0, 0, 0):
                break
        if best is None:  # no anchor fits inside the image: clamp next to the box
            x = min(max(box[0], 0), max(self.width - size[0], 0))
            y = min(max(box[1] - size[1], 0), max(self.height - size[1], 0))
            best = ((x, y, x + size[0], y + size[1]), (0, 0, 0, 0), "clamped")
        rect = best[0]
        self.label_draw.rectangle((rect[0], rect[1], rect[2] - 1, rect[3] - 1), fill=255)
        return rect, best[2]


def _anchor_positions(
    box: Rect, size: tuple[int, int], thickness: int
) -> tuple[tuple[str, tuple[int, int]], ...]:
    """Top-left corner of the label at each anchor, in ``ANCHORS`` order."""
    x0, y0, x1, y1 = box
    w, h = size
    t = thickness
    return (
        ("above_left", (x0, y0 - h)),
        ("above_right", (x1 - w, y0 - h)),
        ("below_left", (x0, y1)),
        ("below_right", (x1 - w, y1)),
        ("right_top", (x1, y0)),
        ("left_top", (x0 - w, y0)),
        ("inside_top_left", (x0 + t, y0 + t)),
        ("inside_top_right", (x1 - t - w, y0 + t)),
        ("inside_bottom_left", (x0 + t, y1 - t - h)),
        ("inside_bottom_right", (x1 - t - w, y1 - t - h)),
    )
