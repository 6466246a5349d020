"""Whether a laid-out node shows, from its box and its display/visibility/opacity."""

from __future__ import annotations

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
