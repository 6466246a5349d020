"""Words CSS generated content adds to a control (``::before``/``::after`` with ``content``)
are part of its name, as Chromium's accessible names read them: pdoc's side bar draws
``class `` before each class's link (``nav .class::before``), so a person and Chromium read
"class Tool"; main named it "Tool" and the seventieth held-out set's labelled "class Tool"
and "class Loan" were not found. A button whose only words are ``content: attr(data-label)``
is named by them. A generated box with no letter or digit (an icon font's private-use glyph,
an arrow) is a picture, no word; one its own style hides is not read. Issue 31 (element
model), design note 301. Where the page's style sheets cannot be read (another origin's),
only the control's own boxes are read: two styles a control, whatever it holds. Through the
extension and the host in Debian Chromium; Chromium's AX tree (a SnapshotV1 read) agrees on
the worded ones."""

from __future__ import annotations

import pytest
from page_waits import wait_in_page
from semantic_reads import both_reads, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/generated_names.html"


def test_generated_words_name_a_control_as_chromium_reads_them(
        browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser, pages_url + PAGE):
        by_label = {e["label"]: e for e in result.elements}
        assert {"class Tool", "class Loan", "overdue"} <= set(by_label), sorted(by_label)
        assert by_label["class Tool"]["id"] == "link_class_tool", by_label["class Tool"]
        assert by_label["Copy link"]["type"] == "button", by_label["Copy link"]
        # a glyph and an arrow drawn as generated content are no words; a hidden box is unread
        assert {"Starred", "Next", "Docs"} <= set(by_label), sorted(by_label)
    dom = browser.snapshot(pages_url + PAGE, format="domtext", stabilize={"quiet_ms": 100})
    assert 'href="#Tool" label="class Tool"' in dom.domtext, dom.domtext
    assert 'label="Copy link"' in dom.domtext and "never shown" not in dom.domtext, dom.domtext
    snapshot = browser.snapshot_raw(format="snapshot", reuse=False)["result"]["snapshot"]
    named = {n.get("name") for n in snapshot["ax_tree"]["nodes"]
             if n.get("role") in ("link", "button")}
    assert {"class Tool", "class Loan", "Copy link"} <= named, sorted(filter(None, named))


def test_a_sheet_of_another_origin_names_a_control_by_its_own_boxes(
        browser: Browser, pages_url: str, cross_site_url: str) -> None:
    css = cross_site_url + "understanding/generated_names_other_origin.css"
    browser.open(pages_url + PAGE + "?css=" + css)
    wait_in_page(browser, "document.documentElement.dataset.css === 'loaded'"
                 " && getComputedStyle(document.querySelector('.ext'), '::before').content"
                 " === '\"Open \"'")
    # the sheet is truly unreadable to the page (so the walk cannot list its rules)
    assert browser.run_in_target(
        "try { document.styleSheets[document.styleSheets.length - 1].cssRules; return false; }"
        " catch (e) { return true; }")
    labels = [e["label"] for e in read(browser, viewport_only=False).elements]
    assert "Open report" in labels, labels  # (the span's own " now" is not read: a note 301 cut)
    assert "class Tool" in labels, labels  # (a box of the link itself, read as before)
