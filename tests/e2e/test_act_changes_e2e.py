"""Change reports (issue 32): modals opened and closed (role dialog, <dialog>), and the
status, live-region and toast text an action made appear."""

from __future__ import annotations

from axsnap_host.client import Browser


def test_a_toast_that_appears_is_reported(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/changes/toast.html")
    result = browser.act("Save", "click")
    assert result.ok and result.changes, result.error
    texts = [(m.kind, m.text) for m in result.changes.messages]
    assert any(kind == "toast" and "Settings saved" in text for kind, text in texts), texts


def test_modals_opened_and_closed_are_reported(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/changes/modals.html")
    opened = browser.act("Compose", "click")
    assert opened.ok and opened.changes
    assert opened.changes.modals_opened == ["New message"]
    closed = browser.act("Close", "click")
    assert closed.ok and closed.changes
    assert closed.changes.modals_closed == ["New message"]
    assert [(m.kind, m.text) for m in closed.changes.messages] == [("live", "Draft saved")]
    picker = browser.act("Labels", "click")
    assert picker.ok and picker.changes and picker.changes.modals_opened == ["Label as"]
    applied = browser.act("Apply", "click")
    assert applied.ok and applied.changes and applied.changes.modals_closed == ["Label as"]


def test_a_re_order_says_what_moved_and_rows_keep_their_indices(browser: Browser,
                                                                pages_url: str) -> None:
    browser.open(f"{pages_url}act/changes/cards.html")
    result = browser.act("Make Mastercard preferred", "click")
    assert result.ok and result.changes and result.target, result.error
    dom = result.changes.dom
    assert dom.moved == [result.target.index], dom
    assert dom.added == [] and dom.removed == []
    assert any("Make Mastercard preferred" in line for line in dom.lines)


def test_text_changes_beside_the_controls_are_reported(browser: Browser,
                                                       pages_url: str) -> None:
    # a counter in the toolbar and a row's status are no controls: the DOM lines never said
    # them, and "check failed" was believed while "1 selected" showed (issue 32)
    browser.open(f"{pages_url}act/changes/selection.html")
    checked = browser.act("Select message from Orla", "check")
    assert checked.ok and checked.changes, checked.error
    assert [(t.was, t.now) for t in checked.changes.texts] == [("0 selected", "1 selected")]
    archived = browser.act('"Archive" in "Piet"', "click")
    assert archived.ok and archived.changes, archived.error
    assert [(t.was, t.now) for t in archived.changes.texts] == [("Unread", "Archived")]
    again = browser.act('"Archive" in "Piet"', "click")  # nothing changes: nothing said
    assert again.ok and again.changes and again.changes.texts == []


def test_text_changes_on_a_page_that_rebuilds_its_view(browser: Browser,
                                                       pages_url: str) -> None:
    browser.open(f"{pages_url}act/stable/app.html")
    checked = browser.act("Select issue 2", "check")
    assert checked.ok and checked.changes, checked.error
    assert [(t.was, t.now) for t in checked.changes.texts] == [("0 selected", "1 selected")]
    closed = browser.act('"Close issue" in "Issue 1"', "click")
    assert closed.ok and closed.changes, closed.error
    assert [(t.was, t.now) for t in closed.changes.texts] == [("open", "closed")]
    opened = browser.act('"Add label"', "click")
    assert opened.ok and opened.changes and opened.changes.modals_opened == ["Labels"]
    said = [t.now for t in opened.changes.texts]
    assert "Labels" in said and all(not t.was for t in opened.changes.texts), said
