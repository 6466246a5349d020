"""Whether a laid-out node shows, from its box and its display/visibility/opacity."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.dom_columns import COLUMN_TYPES

VISIBILITY_STYLES = frozenset({"display", "visibility", "opacity"})


def is_visible(bounds: tuple[float, ...] | None, styles: dict[str, str]) -> bool:
    """Laid out with a non-empty box and not hidden by display/visibility/opacity.

    (Not clipped-by-ancestor or off-screen checks: the bbox says where it is.)
    """
    if bounds is None or bounds[2] <= 0 or bounds[3] <= 0:
        return False
    if styles.get("display") == "none":
        return False
    if styles.get("visibility") in ("hidden", "collapse"):
        return False
    opacity = styles.get("opacity")
    return not (opacity is not None and css_float(opacity, 1.0) == 0.0)


def css_float(text: str, default: float) -> float:
    """A CSS number, ``default`` when the text is none."""
    try:
        return float(text)
    except ValueError:
        return default


def under_transparent(parents: Any, rows: Any, layout_of: dict[int, int], strings: list[str],
                      column: int | None) -> list[bool] | None:
    """For every node of a DOMSnapshot document, whether an ancestor has opacity 0 (the
    ``opacity`` style at ``column`` of its layout ``rows``), in one pass: parents come
    first, as in a checked capture. None when the columns are not so."""
    if not isinstance(parents, COLUMN_TYPES) or not isinstance(rows, list) or column is None:
        return None
    try:
        values = {row[column] for row in rows
                  if isinstance(row, list | tuple) and column < len(row)}
    except TypeError:  # an unhashable cell
        return None
    zero = {v for v in values if css_float(strings[v] if isinstance(v, int) and 0 <= v < len(
        strings) else "", 1.0) == 0.0}
    out = [False] * len(parents)
    for i, parent in enumerate(parents):
        if type(parent) is not int or parent >= i:
            return None
        if parent >= 0:
            position = layout_of.get(parent)
            row = rows[position] if position is not None and position < len(rows) else None
            out[i] = out[parent] or bool(isinstance(row, list | tuple) and column < len(row)
                                         and isinstance(row[column], int) and row[column] in zero)
    return out
