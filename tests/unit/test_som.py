"""Set-of-Mark drawing, read back with Pillow: box colours, labels, masks, DPR, skips."""

from __future__ import annotations

import base64
import io
import json
import math
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from axsnap_host.models.errors import AxsnapError
from axsnap_host.render import som
from axsnap_host.render.som import (
    DEFAULT_MASK_COLOUR,
    DEFAULT_PALETTE,
    KINDS,
    Mark,
    Mask,
    draw_som,
    kind_of,
)
from axsnap_host.render.som_labels import text_colour
from axsnap_host.render.som_vision import marks_from_elements, vision_for_elements, vision_result

FIXTURES = Path(__file__).parent.parent / "fixtures"
Rect = tuple[int, int, int, int]


# ----------------------------------------------------------------------------- helpers


def png_bytes(image: Image.Image, fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt)
    return buffer.getvalue()


def two_tone(width: int, height: int) -> Image.Image:
    """Left half near-white, right half near-black: boxes must work on both."""
    image = Image.new("RGB", (width, height), (250, 250, 250))
    ImageDraw.Draw(image).rectangle((width // 2, 0, width, height), fill=(12, 12, 12))
    return image


def checker(width: int, height: int, cell: int = 4) -> Image.Image:
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for y in range(0, height, cell):
        for x in range((y // cell % 2) * cell, width, 2 * cell):
            draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=(200, 30, 160))
    return image


def edge_pixels(box: Rect, thickness: int) -> Iterator[tuple[int, int]]:
    """Every pixel of a box outline ``thickness`` wide (exclusive right/bottom)."""
    x0, y0, x1, y1 = box
    for y in range(y0, y1):
        for x in range(x0, x1):
            on_x = x < x0 + thickness or x >= x1 - thickness
            if on_x or y < y0 + thickness or y >= y1 - thickness:
                yield x, y


def inside(point: tuple[int, int], rect: Rect) -> bool:
    return rect[0] <= point[0] < rect[2] and rect[1] <= point[1] < rect[3]


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def ink_mask(image: Image.Image, fill: tuple[int, int, int]) -> Image.Image:
    """Pixels that differ clearly from the label fill, cropped to their bounding box."""
    distance = Image.new("L", image.size, 0)
    pixels, out = image.load(), distance.load()
    for y in range(image.height):
        for x in range(image.width):
            far = sum(abs(p - q) for p, q in zip(pixels[x, y], fill, strict=True)) > 200
            out[x, y] = 255 if far else 0
    bbox = distance.getbbox()
    return distance.crop(bbox) if bbox else distance


def rendered_number(text: str, fill: tuple[int, int, int], ink: tuple[int, int, int],
                    size: int) -> Image.Image:
    """The number as Pillow's default font draws it, independently of the renderer."""
    font = ImageFont.load_default(size=size)
    image = Image.new("RGB", (size * len(text) + 20, size * 2 + 10), fill)
    ImageDraw.Draw(image).text((5, 5), text, fill=ink, font=font)
    return ink_mask(image, fill)


def similarity(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two binary masks, 0 if they differ in size."""
    if a.size != b.size:
        return 0.0
    pa, pb = a.tobytes(), b.tobytes()
    both = sum(1 for x, y in zip(pa, pb, strict=True) if x and y)
    either = sum(1 for x, y in zip(pa, pb, strict=True) if x or y)
    return both / either if either else 1.0


def grid_marks(columns: int, rows: int, step_x: int, step_y: int, w: int, h: int,
               origin: tuple[int, int] = (30, 30)) -> list[Mark]:
    marks = []
    for r in range(rows):
        for c in range(columns):
            index = r * columns + c + 1
            marks.append(Mark(index, KINDS[index % 4], origin[0] + c * step_x,
                              origin[1] + r * step_y, w, h))
    return marks


# ----------------------------------------------------------------------------- kind_of


@pytest.mark.parametrize(
    ("tag", "role", "attributes", "kind"),
    [
        ("button", None, {}, "button"),
        ("BUTTON", None, {}, "button"),
        ("summary", None, {}, "button"),
        ("input", None, {"type": "submit"}, "button"),
        ("input", None, {"type": "IMAGE"}, "button"),
        ("input", None, {}, "input"),
        ("input", None, {"type": "password"}, "input"),
        ("input", None, {"type": "checkbox"}, "input"),
        ("input", None, {"type": "hidden"}, "other"),
        ("textarea", None, {}, "input"),
        ("select", None, {}, "input"),
        ("a", None, {"href": "/x"}, "link"),
        ("a", None, {}, "other"),
        ("area", None, {"href": "#"}, "link"),
        ("div", "button", {}, "button"),
        ("div", None, {"role": "link"}, "link"),
        ("a", "button", {"href": "#"}, "button"),
        ("span", "switch", {}, "input"),
        ("div", "presentation tab", {}, "button"),
        ("div", None, {"contenteditable": "true"}, "input"),
        ("div", None, {"contenteditable": "false"}, "other"),
        ("div", None, {}, "other"),
        ("div", "unknownrole", {}, "other"),
    ],
)
def test_kind_of(tag: str, role: str | None, attributes: dict[str, str], kind: str) -> None:
    assert kind_of(tag, role, attributes) == kind


# ----------------------------------------------------------------------------- boxes and labels


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def luminance(c: tuple[int, int, int]) -> float:
        def channel(v: int) -> float:
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_palette_is_distinct_and_readable_on_light_and_dark_pages() -> None:
    colours = [DEFAULT_PALETTE[k] for k in KINDS]
    assert len(set(colours)) == 4
    for colour in colours:
        # WCAG's 3:1 for graphical objects, against both a white and a black page
        assert contrast(colour, (255, 255, 255)) >= 3
        assert contrast(colour, (0, 0, 0)) >= 3
        # label digits: 4.5:1 against their fill
        assert contrast(colour, text_colour(colour)) >= 4.5


def test_every_box_edge_has_its_kind_colour_on_light_and_dark() -> None:
    image = two_tone(800, 500)
    marks = grid_marks(columns=6, rows=5, step_x=130, step_y=90, w=90, h=40)
    result = draw_som(png_bytes(image), marks, [], 1.0)

    assert [m.index for m in result.drawn] == [m.index for m in marks]
    assert not result.skipped
    pixels = result.image.load()
    labels = [m.label for m in result.drawn]
    for drawn in result.drawn:
        colour = DEFAULT_PALETTE[drawn.kind]
        assert drawn.colour == colour
        edge = list(edge_pixels(drawn.box, som.BOX_WIDTH_CSS))
        assert len(edge) > 0
        for point in edge:
            assert pixels[point] == colour, (drawn.index, point)
        # the labels of a sparse grid cover no outline at all
        for label in labels:
            assert not any(inside(p, label) for p in edge)


def test_labels_exist_inside_image_do_not_overlap_and_show_their_number() -> None:
    image = two_tone(700, 400)
    marks = grid_marks(columns=4, rows=3, step_x=160, step_y=110, w=110, h=50)
    # plus a mark per corner, where several anchors leave the image
    marks += [
        Mark(100, "button", 0, 0, 60, 20),
        Mark(101, "link", 640, 0, 60, 20),
        Mark(102, "input", 0, 380, 60, 20),
        Mark(103, "other", 640, 380, 60, 20),
    ]
    result = draw_som(png_bytes(image), marks, [], 1.0)
    width, height = result.image.size
    size = round(som.LABEL_FONT_CSS)
    for drawn in result.drawn:
        x0, y0, x1, y1 = drawn.label
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, drawn
        crop = result.image.crop(drawn.label)
        # filled with the kind colour at its corners
        for corner in ((0, 0), (crop.width - 1, 0), (0, crop.height - 1)):
            assert crop.getpixel(corner) == drawn.colour
        # the number read back matches a fresh rendering of it, and not of its neighbour
        ink = text_colour(drawn.colour)
        found = ink_mask(crop, drawn.colour)
        assert similarity(found, rendered_number(str(drawn.index), drawn.colour, ink, size)) > 0.8
        assert similarity(found, rendered_number(str(drawn.index + 7), drawn.colour, ink,
                                                 size)) < 0.8
    labels = [m.label for m in result.drawn]
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not overlaps(a, b), (a, b)
    # a label sits outside its own box when there is room (all of these have room)
    for drawn in result.drawn:
        assert not overlaps(drawn.label, drawn.box), drawn


def test_label_goes_inside_a_box_that_fills_the_image() -> None:
    image = Image.new("RGB", (300, 200), (255, 255, 255))
    result = draw_som(png_bytes(image), [Mark(5, "other", 0, 0, 300, 200)], [], 1.0)
    (drawn,) = result.drawn
    assert drawn.anchor == "inside_top_left"
    assert drawn.label[0] >= som.BOX_WIDTH_CSS and drawn.label[1] >= som.BOX_WIDTH_CSS


def test_crowded_labels_avoid_each_other_where_avoidable() -> None:
    """A row of small touching buttons: labels must alternate anchors instead of stacking."""
    image = Image.new("RGB", (600, 200), (255, 255, 255))
    marks = [Mark(i, "button", 20 + i * 14, 80, 12, 12) for i in range(10, 30)]
    result = draw_som(png_bytes(image), marks, [], 1.0)
    labels = [m.label for m in result.drawn]
    clashes = sum(overlaps(a, b) for i, a in enumerate(labels) for b in labels[i + 1:])
    assert clashes == 0
    assert len({m.anchor for m in result.drawn}) > 1


# ----------------------------------------------------------------------------- masks


def test_mask_fills_the_field_before_anything_else() -> None:
    image = checker(400, 200)
    password = Mask(40.5, 60.25, 150, 22.5)  # fractional: must round outwards
    marked_field = Mask(220, 60, 150, 24)
    result = draw_som(
        png_bytes(image),
        [Mark(3, "input", 220, 60, 150, 24)],
        [password, marked_field],
        1.0,
    )
    assert len(result.masked) == 2
    pixels = result.image.load()
    for y in range(60, 83):
        for x in range(40, 191):
            assert pixels[x, y] == DEFAULT_MASK_COLOUR, (x, y)
    (drawn,) = result.drawn
    t = som.BOX_WIDTH_CSS
    for point in edge_pixels(drawn.box, t):
        assert pixels[point] == DEFAULT_PALETTE["input"]
    for y in range(60 + t, 84 - t):
        for x in range(220 + t, 370 - t):
            if not inside((x, y), drawn.label):
                assert pixels[x, y] == DEFAULT_MASK_COLOUR, (x, y)


def test_mask_colour_is_configurable_and_clipped_to_the_image() -> None:
    image = checker(100, 100)
    result = draw_som(png_bytes(image), [], [Mask(-20, 90, 60, 40), Mask(200, 200, 5, 5)], 1.0,
                      mask_colour=(0, 255, 255))
    assert result.masked == [(0, 90, 40, 100)]
    assert result.legend()["masks"] == [[0, 90, 40, 100]]
    crop = result.image.crop((0, 90, 40, 100))
    assert crop.getcolors() == [(400, (0, 255, 255))]
    assert result.image.getpixel((41, 95)) != (0, 255, 255)


# ----------------------------------------------------------------------------- DPR, skips


def test_device_pixel_ratio_two_doubles_every_coordinate() -> None:
    marks = grid_marks(columns=3, rows=2, step_x=120, step_y=80, w=80, h=30)
    one = draw_som(png_bytes(two_tone(500, 250)), marks, [Mask(5, 5, 10, 10)], 1.0)
    two = draw_som(png_bytes(two_tone(1000, 500)), marks, [Mask(5, 5, 10, 10)], 2.0)
    assert [m.box for m in two.drawn] == [tuple(2 * v for v in m.box) for m in one.drawn]
    pixels = two.image.load()
    for drawn in two.drawn:
        for point in edge_pixels(drawn.box, 2 * som.BOX_WIDTH_CSS):
            assert pixels[point] == drawn.colour
        # the outline is 4 image pixels thick at DPR 2: the 5th pixel in is the page
        x0, y0, _x1, y1 = drawn.box
        assert pixels[x0 + 4, (y0 + y1) // 2] != drawn.colour
    assert two.image.crop((10, 10, 30, 30)).getcolors() == [(400, DEFAULT_MASK_COLOUR)]
    assert two.legend()["device_pixel_ratio"] == 2.0
    # labels scale too
    assert all(b.label[3] - b.label[1] > a.label[3] - a.label[1]
               for a, b in zip(one.drawn, two.drawn, strict=True))


def test_marks_outside_the_image_are_skipped_and_reported() -> None:
    marks = [
        Mark(1, "button", 10, 10, 50, 20),
        Mark(2, "link", 10, 900, 50, 20),  # below the viewport
        Mark(3, "link", -80, 10, 50, 20),  # left of it
        Mark(4, "input", 380, 180, 50, 40),  # straddles the bottom-right corner: clipped
        Mark(5, "other", 10, 10, 0, 20),  # zero width
        Mark(1, "other", 200, 10, 50, 20),  # same index again
    ]
    result = draw_som(png_bytes(two_tone(400, 200)), marks, [], 1.0)
    assert [m.index for m in result.drawn] == [1, 4]
    assert {(s.index, s.reason) for s in result.skipped} == {
        (2, "outside_image"),
        (3, "outside_image"),
        (5, "empty"),
        (1, "duplicate_index"),
    }
    clipped = result.drawn[1]
    assert clipped.clipped and clipped.box == (380, 180, 400, 200)
    assert result.drawn[0].kind == "button" and not result.drawn[0].clipped
    legend = result.legend()
    json.dumps(legend)
    assert legend["marks"][1]["box"] == [380, 180, 400, 200]
    assert {"index": 2, "reason": "outside_image"} in legend["skipped"]


def test_two_thousand_marks_draw_and_output_is_deterministic() -> None:
    rnd = random.Random(7)
    marks = [
        Mark(i, KINDS[i % 4], rnd.uniform(-20, 1280), rnd.uniform(-20, 757),
             rnd.uniform(8, 160), rnd.uniform(8, 40))
        for i in range(2000)
    ]
    data = png_bytes(two_tone(1280, 757))
    first = draw_som(data, marks, [Mask(100, 100, 200, 30)], 1.0)
    shuffled = list(marks)
    random.Random(1).shuffle(shuffled)
    second = draw_som(data, shuffled, [Mask(100, 100, 200, 30)], 1.0)
    assert first.png == second.png
    assert first.legend() == second.legend()
    assert len(first.drawn) + len(first.skipped) == 2000
    assert all(s.reason == "outside_image" for s in first.skipped)
    width, height = first.image.size
    for m in first.drawn:
        assert m.label[0] >= 0 and m.label[1] >= 0
        assert m.label[2] <= width and m.label[3] <= height
    assert Image.open(io.BytesIO(first.png)).size == (1280, 757)


def test_jpeg_screenshots_are_accepted_and_output_is_png() -> None:
    result = draw_som(png_bytes(two_tone(200, 100), "JPEG"), [Mark(1, "link", 20, 20, 60, 30)],
                      [], 1.0)
    assert result.png.startswith(b"\x89PNG")
    for point in edge_pixels(result.drawn[0].box, 2):
        assert result.image.getpixel(point) == DEFAULT_PALETTE["link"]


def test_jpeg_output_keeps_the_mask_opaque() -> None:
    marks = [Mark(1, "button", 20, 20, 60, 30)]
    result = draw_som(png_bytes(checker(200, 100)), marks, [Mask(100, 20, 80, 40)], 1.0,
                      output_format="jpeg", jpeg_quality=90)
    assert result.format == "jpeg" and result.data.startswith(b"\xff\xd8")
    with pytest.raises(ValueError):
        _ = result.png
    decoded = Image.open(io.BytesIO(result.data)).convert("RGB")
    # lossy, but the checker pattern under the mask is gone: every pixel is near the mask colour
    inner = decoded.crop((104, 24, 176, 56))
    assert all(max(abs(a - b) for a, b in zip(pixel, DEFAULT_MASK_COLOUR, strict=True)) < 12
               for _, pixel in inner.getcolors(10_000))


def test_bad_input_raises_structured_errors() -> None:
    with pytest.raises(AxsnapError) as bad_image:
        draw_som(b"not an image", [], [], 1.0)
    assert bad_image.value.code == "invalid_message"
    with pytest.raises(AxsnapError):
        draw_som(png_bytes(two_tone(10, 10)), [], [], 0.0)
    with pytest.raises(AxsnapError):
        draw_som(png_bytes(two_tone(10, 10), "GIF"), [], [], 1.0)


def test_vision_result_reports_why_there_is_no_image() -> None:
    marks = [Mark(1, "button", 5, 5, 20, 10)]
    assert vision_result(None, marks, []) == {"ok": False, "reason": "no screenshot in the capture"}
    assert vision_result({"ok": True}, marks, [], enabled=False) == {"ok": False,
                                                                      "reason": "disabled"}
    failed = vision_result({"ok": False, "reason": "chrome:// pages cannot be captured"}, marks, [])
    assert failed == {"ok": False, "reason": "chrome:// pages cannot be captured"}
    garbage = vision_result({"ok": True, "format": "png", "data": "@@@"}, marks, [])
    assert garbage["ok"] is False and "base64" in garbage["reason"]

    data = base64.b64encode(png_bytes(two_tone(100, 60))).decode()
    shot = {"ok": True, "format": "png", "data": data, "device_pixel_ratio": 1, "ms": 31}
    ok = vision_result(shot, marks, [Mask(50, 5, 20, 10)])
    assert ok["ok"] is True and ok["screenshot_ms"] == 31
    image = Image.open(io.BytesIO(base64.b64decode(ok["image"])))
    assert image.getpixel((55, 8)) == DEFAULT_MASK_COLOUR
    assert ok["legend"]["marks"][0]["index"] == 1
    json.dumps(ok)


def test_a_mask_without_a_usable_rect_fails_closed() -> None:
    data = png_bytes(two_tone(100, 60))
    with pytest.raises(AxsnapError):
        draw_som(data, [], [Mask(math.nan, 0, 10, 10)], 1.0)
    shot = {"ok": True, "data": base64.b64encode(data).decode(), "device_pixel_ratio": 1}
    refused = vision_result(shot, [], [Mask(0, math.inf, 10, 10)])
    assert refused["ok"] is False and "redacted field" in refused["reason"]


def test_marks_from_elements_reads_dom_channel_records() -> None:
    elements = [
        {"index": 4, "tagName": "button", "role": "button", "attributes": {},
         "rect": {"x": 10, "y": 1210, "width": 80, "height": 20}},
        {"index": 9, "tagName": "input", "role": "textbox", "attributes": {"type": "password"},
         "rect": {"x": 100, "y": 1250.5, "width": 150, "height": 22}, "secret": "password"},
        {"index": 12, "tagName": "a", "role": "link", "attributes": {"href": "/x"},
         "rect": {"x": 5, "y": 5, "width": 40, "height": 12}},  # scrolled out above
        {"index": 13, "tagName": "div", "role": "", "attributes": {}, "rect": None},
    ]
    marks, masks = marks_from_elements(elements, scroll_x=0, scroll_y=1200)
    assert marks == [
        Mark(4, "button", 10, 10, 80, 20),
        Mark(9, "input", 100, 50.5, 150, 22),
        Mark(12, "link", 5, -1195, 40, 12),
    ]
    assert masks == [Mask(100, 50.5, 150, 22)]
    assert marks_from_elements(elements, scroll_y=1200, mask_secrets=False)[1] == []

    result = draw_som(png_bytes(checker(400, 200)), marks, masks, 1.0)
    assert [s.index for s in result.skipped] == [12]
    assert result.image.getpixel((175, 60)) == DEFAULT_MASK_COLOUR

    broken = [{"index": 2, "tagName": "input", "secret": "otp", "rect": {"x": 1}}]
    with pytest.raises(AxsnapError):
        marks_from_elements(broken)


# ----------------------------------------------------------------------------- real browser


def _fixture(suffix: str) -> tuple[bytes, dict]:
    png = (FIXTURES / f"som_page{suffix}.png").read_bytes()
    meta = json.loads((FIXTURES / f"som_page{suffix}.json").read_text(encoding="utf-8"))
    return png, meta


SECRET_IDS = {"password", "otp"}
NOT_CONTROLS = {"plain"}


@pytest.mark.parametrize("suffix", ["", "_dpr2"])
def test_real_chromium_screenshot(suffix: str) -> None:
    png, meta = _fixture(suffix)
    dpr = meta["device_pixel_ratio"]
    elements = {e["id"]: e for e in meta["elements"]}
    marks = [
        Mark(i, kind_of(e["tag"], e["role"], e["attributes"]), **e["rect"])
        for i, e in enumerate(meta["elements"], start=1)
        if e["id"] not in NOT_CONTROLS
    ]
    masks = [Mask(**elements[name]["rect"]) for name in sorted(SECRET_IDS)]
    original = Image.open(io.BytesIO(png)).convert("RGB")
    result = draw_som(png, marks, masks, dpr)

    assert result.image.size == original.size
    by_index = {m.index: m for m in result.drawn}
    assert {s.reason for s in result.skipped} == {"outside_image"}  # #below, under the fold
    ids = [e["id"] for e in meta["elements"]]
    assert [ids[s.index - 1] for s in result.skipped] == ["below"]

    kinds = {ids[m.index - 1]: m.kind for m in result.drawn}
    assert kinds["save"] == kinds["fake"] == kinds["submit"] == kinds["dark-button"] == "button"
    assert kinds["docs"] == kinds["dark-link"] == "link"
    assert kinds["name"] == kinds["remember"] == kinds["country"] == kinds["notes"] == "input"

    # the box is where the browser painted the element: #fake has a #dde background that
    # fills its rect, so just inside the outline the original is #dde and just outside not
    fake = by_index[ids.index("fake") + 1]
    x0, y0, x1, y1 = fake.box
    t = round(som.BOX_WIDTH_CSS * dpr)
    mid_y = (y0 + y1) // 2
    assert original.getpixel((x0 + t + 1, mid_y)) == (0xDD, 0xDD, 0xEE)
    assert original.getpixel((x1 - t - 2, mid_y)) == (0xDD, 0xDD, 0xEE)
    assert original.getpixel((x0 - 2, mid_y)) != (0xDD, 0xDD, 0xEE)
    assert original.getpixel((x1 + 1, mid_y)) != (0xDD, 0xDD, 0xEE)

    pixels = result.image.load()
    for drawn in result.drawn:
        assert drawn.box == tuple(
            round(v * dpr) for v in _rect_edges(elements[ids[drawn.index - 1]]["rect"])
        ) or drawn.clipped
        covered = [m.label for m in result.drawn if m.index != drawn.index]
        later_boxes = [m.box for m in result.drawn if m.index > drawn.index]
        for point in edge_pixels(drawn.box, t):
            if any(inside(point, r) for r in covered) or any(
                inside(point, b) for b in later_boxes
            ):
                continue
            assert pixels[point] == drawn.colour, (ids[drawn.index - 1], point)

    # the secret fields are solid mask colour inside their outline (the box is drawn over)
    for name in SECRET_IDS:
        rect = elements[name]["rect"]
        mx0, my0 = math.floor(rect["x"] * dpr), math.floor(rect["y"] * dpr)
        mx1 = math.ceil((rect["x"] + rect["width"]) * dpr)
        my1 = math.ceil((rect["y"] + rect["height"]) * dpr)
        assert len(original.crop((mx0, my0, mx1, my1)).getcolors(10_000)) > 1  # was not blank
        inner = result.image.crop((mx0 + t + 1, my0 + t + 1, mx1 - t - 1, my1 - t - 1))
        labels_inside = [m for m in result.drawn if overlaps(m.label, (mx0, my0, mx1, my1))]
        assert not labels_inside, "the fixture's secret fields have room for outside labels"
        assert inner.getcolors() == [(inner.width * inner.height, DEFAULT_MASK_COLOUR)]


def _rect_edges(rect: dict[str, float]) -> tuple[float, float, float, float]:
    return (rect["x"], rect["y"], rect["x"] + rect["width"], rect["y"] + rect["height"])


def test_real_fixture_is_small() -> None:
    for path in FIXTURES.glob("som_page*.png"):
        assert path.stat().st_size < 150_000


def test_vision_for_elements_places_document_rects_with_the_screenshot_scroll() -> None:
    image = checker(300, 120)
    shot = {"ok": True, "format": "png", "data": base64.b64encode(png_bytes(image)).decode(),
            "device_pixel_ratio": 1, "scroll": {"x": 0, "y": 500}, "ms": 40}
    elements = [
        {"index": 1, "tagName": "a", "role": "link", "attributes": {"href": "#"},
         "rect": {"x": 10, "y": 520, "width": 80, "height": 20}},
        {"index": 2, "tagName": "input", "role": "textbox", "attributes": {"type": "password"},
         "rect": {"x": 150, "y": 560, "width": 100, "height": 30}, "secret": "password"},
    ]
    vision = vision_for_elements(shot, elements, layout={"cssVisualViewport": {"pageY": 999}})
    assert vision["ok"] is True
    assert [m["box"] for m in vision["legend"]["marks"]] == [[10, 20, 90, 40], [150, 60, 250, 90]]
    drawn = Image.open(io.BytesIO(base64.b64decode(vision["image"]))).convert("RGB")
    assert drawn.getpixel((200, 75)) == DEFAULT_MASK_COLOUR
    assert drawn.getpixel((10, 30)) == DEFAULT_PALETTE["link"]

    # without redaction the field is left as it was; without scroll in the shot, layout's
    unmasked = vision_for_elements({**shot, "scroll": None}, elements, redact=False,
                                   layout={"cssVisualViewport": {"pageX": 0, "pageY": 500}})
    assert unmasked["legend"]["masks"] == []
    assert unmasked["legend"]["marks"][0]["box"] == [10, 20, 90, 40]

    broken = [{"index": 3, "tagName": "input", "secret": "otp", "rect": None}]
    refused = vision_for_elements(shot, broken)
    assert refused["ok"] is False and "redacted element 3" in refused["reason"]
    assert vision_for_elements(shot, elements, enabled=False) == {"ok": False,
                                                                  "reason": "disabled"}
