"""Rows that did not change keep their indices (issue 32): on a page that rebuilds its
whole view on every change (tests/pages/act/stable/app.html), a click that opens a modal and
the click that closes it leave every unchanged link, checkbox and button with the index it
had; a row whose status text changed keeps its controls' indices too (same control, same
place). An unchanged link went [9] → [72] → [110] before."""

from __future__ import annotations

from typing import Any

from axsnap_host.client import Browser


def indices(browser: Browser) -> dict[str, int]:
    """name → index of what the page lists (the page's names are unique but for the rows'
    'Close issue' buttons, told apart by their row)."""
    out: dict[str, int] = {}
    rows = 0
    elements: list[dict[str, Any]] = browser.snapshot(format="elements").elements or []
    for e in elements:
        name = str(e.get("label") or e.get("name") or e.get("text") or "")
        if name == "Close issue":
            rows += 1
            name = f"Close issue {rows}"
        out[name] = int(e["index"])
    return out


def test_unchanged_controls_keep_their_indices_across_a_modal(browser: Browser,
                                                              pages_url: str) -> None:
    browser.open(f"{pages_url}act/stable/app.html")
    first = indices(browser)
    assert {"Code", "Wiki", "Issue 1", "Select issue 2", "Close issue 3", "Help"} <= set(first)
    browser.run_in_target("document.querySelector('a').marked = true")
    opened = browser.act('"Add label"', "click")
    assert opened.ok, opened.error
    assert opened.changes is not None and opened.changes.modals_opened == ["Labels"]
    during = indices(browser)
    assert "Code" not in during  # covered by the modal: not listed
    closed = browser.act('"Close"', "click")
    assert closed.ok, closed.error
    assert closed.changes is not None and closed.changes.modals_closed == ["Labels"]
    after = indices(browser)
    assert after == first
    # the page was rebuilt: the link is another node with the old index
    assert browser.run_in_target("return document.querySelector('a').marked") is None
    # an index the agent kept still names the same control
    again = browser.act(first["Issue 3"], "click")
    assert again.ok, again.error
    assert browser.run_in_target("return location.hash") == "#/issues/3"


def test_a_row_whose_text_changed_keeps_its_controls(browser: Browser,
                                                     pages_url: str) -> None:
    browser.open(f"{pages_url}act/stable/app.html")
    first = indices(browser)
    closed = browser.act('"Close issue" in "Issue 2"', "click")
    assert closed.ok, closed.error
    assert browser.run_in_target(
        "return document.querySelectorAll('.status')[1].textContent") == "closed"
    after = indices(browser)
    assert after == first
