"""Words CSS generated content adds to a control (``::before``/``::after`` with ``content``)
are part of its name, as Chromium's accessible names read them: pdoc's side bar draws
``class `` before each class's link (``nav .class::before``), so a person and Chromium read
"class Tool"; main named it "Tool" and the seventieth held-out set's labelled "class Tool"
and "class Loan" were not found. A button whose only words are ``content: attr(data-label)``
is named by them. A generated box with no letter or digit (an icon font's private-use glyph,
an arrow) is a picture, no word; one its own style hides is not read. Issue 31 (element
model), design note 301. Through the extension and the host in Debian Chromium; Chromium's
AX tree (a SnapshotV1 read) agrees on the worded ones."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

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
