"""A field only its role makes one is told from its twins by where it sits (issue 31, design
note 281: TensorBoard's three charts each hold a step marker, ``<span role="textbox"
aria-label="Edit step">2000</span>``, numbered ``input_edit_step_near_2000_in_main``, ``_2``,
``_3``: the walker, which parts the page's twins over the whole page, did not take a control
by its role), through the extension and the host in Debian Chromium: each marker is said by its
chart's title, in the whole page, in the first screen, scrolled to the last chart and after a
chart is added on top."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/chart_step_markers.html"


def steps(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["id"].startswith("input_edit_step")}


def test_step_markers_are_said_by_their_charts_title_in_every_read(
        browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = steps(whole)
    assert sorted(every.values()) == ["input_edit_step_near_2000_under_learning_rate",
                                      "input_edit_step_near_2000_under_loss_train",
                                      "input_edit_step_near_2000_under_loss_validation"], every
    assert not [e["id"] for e in whole.elements
                if e["id"] in every.values() and e["relations"].get("alike")], every
    # the first screen holds the first chart only: its marker named as in the whole page
    shown = steps(read(browser))
    assert len(shown) == 1 and {k: every[k] for k in shown} == shown, (shown, every)
    # scrolled to the last chart: named as in the whole page too
    browser.run_in_target("[...document.querySelectorAll('.card')].pop().scrollIntoView()")
    scrolled = steps(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled, (scrolled, every)
    # a chart added on top: the three keep their ids, the new one is said by its title
    browser.run_in_target("window.addChartOnTop()")
    after = steps(read(browser, viewport_only=False))
    assert {k: after[k] for k in every} == every, (after, every)
    assert set(after.values()) - set(every.values()) == {
        "input_edit_step_near_2000_under_accuracy"}, after
