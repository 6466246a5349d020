"""Walker facts an element record carries beyond its text and attributes.

- ``options`` (a ``<select>``'s first options, as shown) and ``optionsMore`` (how many
  more it has): choosing from DOM text needs the choices;
- ``hint``: what names an element that shows no text (title, aria-*, alt, an icon class
  such as ``fa-trash`` → ``trash``, an SVG ``<title>``, an image's file name);
- ``scrollable``: a box whose content scrolls (what lies below its fold is listed with
  ``viewport_only=False``);
- ``partlyCovered`` with ``center`` moved to a point of the element that is not covered,
  where a click reaches it;
- ``clipped``: beyond its scroll box's fold (whole-page reads only).
"""

from __future__ import annotations

from typing import Any


def add_walker_facts(record: dict[str, Any], rec: dict[str, Any]) -> None:
    """Copy the walker's extra facts of one record (``rec``) onto its element ``record``."""
    options = rec.get("opts")
    if isinstance(options, list):
        record["options"] = [str(option) for option in options]
        total = rec.get("optn")
        more = total - len(options) if isinstance(total, int) else 0
        if more > 0:
            record["optionsMore"] = more
    if rec.get("hint") and not rec.get("tx"):
        record["hint"] = str(rec["hint"])
    if rec.get("scr"):
        record["scrollable"] = True
    point = rec.get("pt")
    if isinstance(point, list) and len(point) == 2:
        record["center"] = {"x": round(point[0]), "y": round(point[1])}
        record["partlyCovered"] = True
    if rec.get("clip"):
        record["clipped"] = True
