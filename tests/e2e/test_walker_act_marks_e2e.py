"""The act's window marks (design note 211): a whole-page walk asked with ``actMarks`` says on
each record what the walk of the act's window writes of it (extension/lib/walker/src/visit.js
src/records.js ACT_*), so that the host cuts the act's walk from it
(host/axsnap_host/act/window_cut.py). The walker runs as a page script in real Chromium (no
extension) on tests/pages/walker/act_marks.html with a window of the viewport grown 300 px:
rows in it, a scroll box's content below its fold, a far box whose absolute child reaches up
into the window, a far clipping box with an escaping child, a fixed box, a box of no size,
``display: contents``, a slot in a shadow root. The cut equals the window walk record for
record; a far box with words of its own that holds a record of the window cannot be cut
(``?unlike``), and a walk without marks is the walk it was.

The marks are told after the walk from the walk's own reads (design note 229); the act's own
scan of positioned boxes runs only where a box the walk never styles could change the cut: on
``?quirk`` a far box keeps its path for a hidden positioned box (the scan counts it) and holds
a child moved up into the window, which the act's walk writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fixtures.walker_runs import run_walker, walker_browser

from axsnap_host.act.window_cut import HOLDER, OUTSIDE, PRUNED, cut_to_act_window

EXPAND = 300
PAGE = "walker/act_marks.html"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    with walker_browser("axsnap-act-marks-") as d:
        yield d


def walks(driver: Any, url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    driver.get(url)
    whole = run_walker(driver, {"viewportOnly": False, "actMarks": EXPAND})
    window = run_walker(driver, {"viewportOnly": True, "expandPx": EXPAND})
    return whole, window


def test_the_cut_is_the_act_windows_walk(driver: Any, pages_url: str) -> None:
    whole, window = walks(driver, f"{pages_url}{PAGE}")
    marks = {rec.get("am") for rec in whole["elements"]}
    assert {PRUNED, OUTSIDE, HOLDER} <= marks, marks  # every way a record is cut or held
    assert "act_scan" not in whole["stats"]  # told from the walk's own reads alone
    cut = cut_to_act_window(whole, EXPAND)
    assert cut is not None
    assert len(cut["elements"]) < len(whole["elements"])
    assert cut["elements"] == window["elements"]
    assert cut["options"] == window["options"]
    texts = {rec.get("tx") for rec in cut["elements"]}
    assert {"Up here", "Escaped", "Fixed"} <= texts, texts  # the boxes that reach in stay
    assert not {"Far words", "Far button", "Under no size", "Shadow far"} & texts, texts


def test_a_far_box_with_words_holding_a_record_of_the_window_is_not_cut(
        driver: Any, pages_url: str) -> None:
    whole, window = walks(driver, f"{pages_url}{PAGE}?unlike")
    assert "Reaches up" in {rec.get("tx") for rec in window["elements"]}
    assert cut_to_act_window(whole, EXPAND) is None


def test_a_hidden_positioned_box_keeping_a_far_box_with_a_record_in_the_window(
        driver: Any, pages_url: str) -> None:
    whole, window = walks(driver, f"{pages_url}{PAGE}?quirk")
    assert "Moved up" in {rec.get("tx") for rec in window["elements"]}
    cut = cut_to_act_window(whole, EXPAND)
    assert cut is not None
    assert cut["elements"] == window["elements"]
    assert whole["stats"].get("act_scan") == 1  # the act's own scan ran for this one


def test_a_walk_without_marks_has_none(driver: Any, pages_url: str) -> None:
    driver.get(f"{pages_url}{PAGE}")
    whole = run_walker(driver, {"viewportOnly": False})
    assert not any("am" in rec for rec in whole["elements"])
    assert "actMarks" not in whole["options"]
    assert cut_to_act_window(whole, EXPAND) is None
