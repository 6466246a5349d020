"""act/window_cut.py (design note 211): a whole-page walk marked for the act's window, cut to
what that window's walk writes: the records it writes for themselves and the ones that hold
them, in order, their parents numbered again; ``win`` off a holder outside the window; refused
where it cannot be told (a record the act writes otherwise, no marks, a frame, a capped walk).
The walker's side, against real walks: tests/e2e/test_walker_act_marks_e2e.py."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from axsnap_host.act.window_cut import (
    ACT_EXPAND_PX,
    HOLDER,
    OUTSIDE,
    PRUNED,
    UNLIKE,
    cut_to_act_window,
)


def rec(p: int, step: str, mark: int = 0, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"p": p, "f": 0, "s": step, "r": [0, 0, 10, 10], "vis": 1, "win": 1,
                           **more}
    if mark:
        out["am"] = mark
    return out


def walk(records: list[dict[str, Any]]) -> dict[str, Any]:
    return {"v": 1, "viewport": {"w": 800, "h": 600}, "scroll": {"x": 0, "y": 0},
            "options": {"viewportOnly": False, "expandPx": 0, "actMarks": ACT_EXPAND_PX},
            "frames": [{"url": "u", "parent": -1, "owner": -1, "ox": 0, "oy": 0, "n": 9}],
            "elements": records, "stats": {"capped": False}}


PAGE = [
    rec(-1, "html", HOLDER),                     # 0 holds the rest
    rec(0, "body", HOLDER),                      # 1
    rec(1, "button[1]", tx="Near"),              # 2 the act's own
    rec(1, "section[1]", OUTSIDE),               # 3 far, holds 4
    rec(3, "button[1]", tx="Up", dp=1),          # 4 reaches into the window
    rec(1, "div[1]", HOLDER),                    # 5 holds only far records: cut
    rec(5, "button[1]", PRUNED, tx="Far"),       # 6
    rec(1, "p[1]", UNLIKE, tx="Far words"),      # 7 unlike, but nothing of the act's under it
]


def test_the_cut_keeps_what_the_acts_walk_writes() -> None:
    cut = cut_to_act_window(walk(copy.deepcopy(PAGE)))
    assert cut is not None
    assert [r["s"] for r in cut["elements"]] == ["html", "body", "button[1]", "section[1]",
                                                 "button[1]"]
    assert [r["p"] for r in cut["elements"]] == [-1, 0, 1, 1, 3]
    assert cut["elements"][4]["dp"] == 1
    assert "win" not in cut["elements"][3] and cut["elements"][0]["win"] == 1
    assert not any("am" in r for r in cut["elements"])
    assert cut["options"] == {"viewportOnly": True, "expandPx": ACT_EXPAND_PX}
    assert PAGE[3]["win"] == 1 and PAGE[3]["am"] == OUTSIDE  # the read's walk is left as it was


@pytest.mark.parametrize("why", ["unlike_holds", "pruned_holds", "no_marks", "other_window",
                                 "frame", "capped", "listed"])
def test_what_cannot_be_told_is_not_cut(why: str) -> None:
    records = copy.deepcopy(PAGE)
    walker = walk(records)
    if why == "unlike_holds":
        records[3]["am"] = UNLIKE
    elif why == "pruned_holds":
        records[3]["am"] = PRUNED
    elif why == "no_marks":
        del walker["options"]["actMarks"]
    elif why == "other_window":
        walker["options"]["actMarks"] = 300
    elif why == "frame":
        walker["frames"].append({"url": "f", "parent": 0, "owner": 2, "ox": 0, "oy": 0, "n": 1})
    elif why == "capped":
        walker["stats"]["capped"] = True
    else:
        walker["listed"] = [2]
    assert cut_to_act_window(walker) is None, why
