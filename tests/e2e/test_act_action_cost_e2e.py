"""The action's own cost (issue 32's pace): an act's timings say where the action's time went
(`hit_ms`: scrolling into view, the click point and its hit test; `input_ms`: the input events),
and a fill over a field's text selects it all and types over it, as a person does, with no
Delete between (two key events fewer; the page never sees the field empty)."""

from __future__ import annotations

from axsnap_host.client import Browser


def test_a_fill_types_over_the_selected_text(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/fill_log.html")
    result = browser.act("Name", "fill", "Ada")
    assert result.ok, result.error
    assert browser.run_in_target("return document.getElementById('name').value") == "Ada"
    keys = browser.run_in_target("return window.keys")
    assert keys == ["Control", "a", "A", "d", "a"], keys
    inputs = browser.run_in_target("return window.inputs")
    assert inputs == [["insertText", "A"], ["insertText", "Ad"], ["insertText", "Ada"]], inputs
    assert result.timings.get("input_ms", 0) > 0, result.timings
    # an empty fill still empties the field
    empty = browser.act("Name", "fill", "")
    assert empty.ok, empty.error
    assert browser.run_in_target("return document.getElementById('name').value") == ""


def test_a_click_says_its_hit_test_and_its_input_apart(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/fill_log.html")
    result = browser.act("Save", "click")
    assert result.ok, result.error
    # both said apart; a hit test can take less than the worker clock's grain (0.1 ms): 0.0
    assert "hit_ms" in result.timings and result.timings["hit_ms"] >= 0, result.timings
    assert result.timings.get("input_ms", 0) > 0, result.timings
    assert result.timings["hit_ms"] + result.timings["input_ms"] <= result.timings["action_ms"]
