"""A whole-page walk cut to the act's window (design note 211): the walk the act's own capture
would make (a walk of the viewport grown ``ACT_EXPAND_PX`` each way, extension/lib/act/route.js
domOptions), taken from a whole-page walk that marked its records for it.

The act's window walk prunes by the walker's own rules (a box off the window whose content
cannot reach it, a box off it that clips, a frame off it; a fixed or absolute box reaching in
keeps its ancestors), and outside its window it writes a record only to hold the records under
it, without anything of its own. A whole-page walk asked with ``actMarks`` (the extension asks
it of a whole-page DOM read: lib/walker/walker_reads.js actMarks) applies the same rules with
that window and marks each record (``am``, lib/walker/src/records.js ACT_*):

- absent: in the window, written alike (the act's walk writes it for itself);
- ``PRUNED``: the act's walk never visits it;
- ``OUTSIDE``: visited outside the window; written only to hold records under it, without
  ``win``;
- ``UNLIKE``: outside the window, but this walk wrote something of its own: the act's record
  of it (if any) would differ, so a cut that needs it is refused;
- ``HOLDER``: in the window, written only to hold records under it.

:func:`cut_to_act_window` keeps what the act's walk writes, in the same (pre-)order, and
numbers the parents again. The records a frame owns are never cut here: a walk with a frame
beside the top document is refused (the frames' indices would move; see note 211).
"""

from __future__ import annotations

from typing import Any

ACT_EXPAND_PX = 20_000  # extension/lib/act/route.js ACT_EXPAND_PX
MARK = "am"
PRUNED, OUTSIDE, UNLIKE, HOLDER = 1, 2, 3, 4


def cut_to_act_window(walker: dict[str, Any],
                      expand: int = ACT_EXPAND_PX) -> dict[str, Any] | None:
    """The act's window walk (grown ``expand`` px) cut from ``walker``, a top document's
    whole-page walk marked for it; None when it cannot be told exactly (no marks, another
    window, a frame, a capped or lean walk, a record the act would write otherwise)."""
    options = walker.get("options") or {}
    stats = walker.get("stats") or {}
    if options.get("viewportOnly") is not False or options.get("actMarks") != expand \
            or walker.get("subframes") or len(walker.get("frames") or ()) != 1 \
            or stats.get("capped") or stats.get("depth_capped") or stats.get("error") \
            or any(key in walker for key in ("listed", "lean", "axt")):
        return None
    records: list[dict[str, Any]] = walker.get("elements") or []
    kept = _kept(records)
    if kept is None:
        return None
    index: dict[int, int] = {}
    out: list[dict[str, Any]] = []
    for i, rec in enumerate(records):
        if not kept[i]:
            continue
        index[i] = len(out)
        new = {key: value for key, value in rec.items() if key != MARK}
        p = int(rec.get("p", -1))
        new["p"] = index[p] if p >= 0 else -1  # (a kept record's parent is kept before it)
        if "dp" in rec:
            if rec["dp"] not in index:
                return None
            new["dp"] = index[rec["dp"]]
        if rec.get(MARK) == OUTSIDE:
            new.pop("win", None)
        out.append(new)
    return {**walker, "options": {"viewportOnly": True, "expandPx": expand}, "elements": out}


def _kept(records: list[dict[str, Any]]) -> list[bool] | None:
    """Which records the act's walk writes: those it writes for themselves and their
    ancestors (from the last record back: a record's parent comes before it); None when one
    it writes is marked UNLIKE or never visited."""
    kept = [False] * len(records)
    needed = [False] * len(records)
    for i in range(len(records) - 1, -1, -1):
        rec = records[i]
        mark = rec.get(MARK, 0)
        if mark == 0:
            keep = True
        elif mark in (OUTSIDE, HOLDER):
            keep = needed[i]
        elif mark in (UNLIKE, PRUNED):
            if needed[i]:
                return None
            continue
        else:
            return None
        if keep:
            kept[i] = True
            p = int(rec.get("p", -1))
            if p >= i:
                return None
            if p >= 0:
                needed[p] = True
    return kept
