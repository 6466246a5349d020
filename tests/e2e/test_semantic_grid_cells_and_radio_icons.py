"""Twins the walker never parted are told apart by their grid column or their own markup name
before the read numbers them (issue 31, design note 281: MLflow's runs grid said each row's
empty "Dataset" and "Models" cells ``..._in_main`` and ``..._in_main_2``; Optuna's radio drawn
over two icons said them ``btn_number_...`` and ``..._2``), through the extension and the host
in Debian Chromium, in the whole page, in the first screen and after a row is added on top."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/grid_cells_and_radio_icons.html"
ADD_ROW = """
const rows = document.querySelectorAll('[role=rowgroup]')[1];
const row = rows.firstElementChild.cloneNode(true);
row.firstElementChild.textContent = 'lasso-w7';
rows.prepend(row);
"""


def cells(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["id"].startswith("btn_near_ridge")}


def icons(result: PageResult) -> list[str]:
    return [e["id"] for e in result.elements if e["id"].startswith("btn_number")]


def test_grid_cells_by_their_column_and_icons_by_their_test_ids(
        browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = cells(whole)
    assert sorted(every.values()) == [
        "btn_near_ridge_w14_211ms_in_main_dataset", "btn_near_ridge_w14_211ms_in_main_models",
        "btn_near_ridge_w28_183ms_in_main_dataset",
        "btn_near_ridge_w28_183ms_in_main_models"], every
    assert [i.rsplit("_", 1)[1] for i in icons(whole)] == ["unchecked", "checked"], icons(whole)
    assert not [e["id"] for e in whole.elements if e["relations"].get("alike")], whole.elements
    # the first screen's read says the cells alike (the icons, under their radio's
    # transparent input, are covered: a window read lists neither)
    first = read(browser)
    assert cells(first) == every and set(icons(first)) <= set(icons(whole)), icons(first)
    # a run added on top: the rows' cells keep their ids
    browser.run_in_target(ADD_ROW)
    after = cells(read(browser, viewport_only=False))
    assert {k: after[k] for k in every} == every, (after, every)
