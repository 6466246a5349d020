"""Set-of-Mark invariants on random marks and masks (hypothesis)."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from axsnap_host.render import som
from axsnap_host.render.som import DEFAULT_MASK_COLOUR, KINDS, Mark, Mask, draw_som

WIDTH, HEIGHT = 240, 160

coordinate = st.floats(min_value=-60, max_value=260, allow_nan=False)
extent = st.floats(min_value=0, max_value=120, allow_nan=False)
marks_strategy = st.lists(
    st.builds(Mark, st.integers(0, 40), st.sampled_from(KINDS), coordinate, coordinate, extent,
              extent),
    max_size=25,
)
masks_strategy = st.lists(st.builds(Mask, coordinate, coordinate, extent, extent), max_size=3)


def screenshot(width: int, height: int) -> bytes:
    image = Image.new("RGB", (width, height), (245, 245, 245))
    draw = ImageDraw.Draw(image)
    for x in range(0, width, 16):
        draw.line((x, 0, x, height), fill=(30, 30, 30), width=3)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def inside(x: int, y: int, rect: tuple[int, int, int, int]) -> bool:
    return rect[0] <= x < rect[2] and rect[1] <= y < rect[3]


@settings(max_examples=60, deadline=None)
@given(marks=marks_strategy, masks=masks_strategy, dpr=st.sampled_from([1.0, 1.25, 1.5, 2.0, 3.0]))
def test_invariants(marks: list[Mark], masks: list[Mask], dpr: float) -> None:
    width, height = round(WIDTH * dpr), round(HEIGHT * dpr)
    result = draw_som(screenshot(width, height), marks, masks, dpr)

    # every distinct index is either drawn once or skipped with a reason
    drawn = [m.index for m in result.drawn]
    assert len(drawn) == len(set(drawn))
    assert sorted(drawn) == drawn
    reported = set(drawn) | {s.index for s in result.skipped}
    assert reported == {m.index for m in marks}
    assert all(s.reason in ("outside_image", "empty", "duplicate_index") for s in result.skipped)

    thickness = max(1, round(som.BOX_WIDTH_CSS * dpr))
    pixels = result.image.load()
    for mark in result.drawn:
        x0, y0, x1, y1 = mark.box
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        lx0, ly0, lx1, ly1 = mark.label
        if lx1 - lx0 <= width and ly1 - ly0 <= height:
            assert lx0 >= 0 and lx1 <= width and ly0 >= 0 and ly1 <= height
        # the box corners have its colour unless a label or a later box is on them
        covering = [m.label for m in result.drawn] + [
            m.box for m in result.drawn if m.index > mark.index
        ]
        for x, y in ((x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1),
                     (min(x0 + thickness, x1) - 1, (y0 + y1) // 2)):
            if not any(inside(x, y, r) for r in covering):
                assert pixels[x, y] == mark.colour, (mark, x, y)

    # a masked pixel stays mask-coloured unless a box outline or a label was drawn on it
    drawn_over = [m.label for m in result.drawn] + [m.box for m in result.drawn]
    for rect in result.masked:
        for y in range(rect[1], rect[3], 3):
            for x in range(rect[0], rect[2], 3):
                if not any(inside(x, y, r) for r in drawn_over):
                    assert pixels[x, y] == DEFAULT_MASK_COLOUR, (x, y)

    # same input, same bytes
    assert draw_som(screenshot(width, height), list(reversed(marks)), masks, dpr).png == result.png
