"""The hiding facts of a whole-page read from the walk: which rows' words a person may not see.

The walker reads them only for the rows whose name holds a word an instruction needs
(``axt.h``, extension/lib/walker/src/ax_hiding.js): ``[row, hx, fs, col, bg]``, the reasons a
box around the row hides it, its element's font size, colour and the colour behind it. The
walk tree hands them on by node id (``WALK_HIDING``) and ``flag_hidden_instructions`` decides
with them as a window read decides with a record's (pipeline/hidden.py ``hiding_reasons``).
"""

from __future__ import annotations

from typing import Any

from axsnap_host.pipeline.ax.instructions import HidingFacts


def row_hiding(run: dict[str, Any]) -> dict[int, HidingFacts]:
    """Row → its hiding facts, from a walker run's ``axt.h`` (malformed entries skipped)."""
    found = (run.get("axt") or {}).get("h")
    out: dict[int, HidingFacts] = {}
    if not isinstance(found, list):
        return out
    for entry in found:
        if not isinstance(entry, list) or len(entry) != 5 or type(entry[0]) is not int:
            continue
        row, hx, size, color, background = entry
        out[row] = HidingFacts(
            tuple(str(r) for r in hx) if isinstance(hx, list) else (),
            float(size) if isinstance(size, int | float) else None,
            color if isinstance(color, str) else "",
            background if isinstance(background, str) else "")
    return out
