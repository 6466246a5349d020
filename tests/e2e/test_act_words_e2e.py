"""The resolver on plain words (issue 32, MiniWoB's words against ids): a tab and its only
link are one target, "textarea" and "text field" name different fields, and a row below a
scroll box's fold is found by its words, scrolled to and said."""

from __future__ import annotations

from axsnap_host.client import Browser

LOG = "return document.getElementById('log').textContent"


def test_a_tab_and_its_own_link_are_one_target(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/words.html")
    found = browser.find('"Tab #2"')
    assert found.decision == "unique", found
    result = browser.act('"Tab #2"', "click")
    assert result.ok, result.error
    assert browser.run_in_target(LOG) == "shown Tab #2"


def test_textarea_and_text_field_are_told_apart(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/words.html")
    assert browser.act("textarea", "fill", "Dear Ada").ok
    assert browser.act("text field", "fill", "ada@example.com").ok
    values = "return [document.getElementById('to').value, document.getElementById('body').value]"
    assert browser.run_in_target(values) == ["ada@example.com", "Dear Ada"]


def test_a_row_below_a_scroll_box_fold_by_words(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/offscreen/scroll_box.html")
    box = "return document.getElementById('box').scrollTop"
    assert browser.run_in_target(box) == 0
    found = browser.find('"Message 37"')
    assert found.decision == "unique" and found.matches[0].label == "Message 37", found
    result = browser.act('"Message 37"', "click")
    assert result.ok, result.error
    assert result.offscreen is True
    assert browser.run_in_target(LOG) == "open 37"
    assert browser.run_in_target(box) > 0
