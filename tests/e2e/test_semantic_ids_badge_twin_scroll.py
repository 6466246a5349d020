"""A label shared with a control whose badge counts something keeps its id on scroll (issue 31,
design note 166), through the extension and the host in Debian Chromium, on a mail app's page
(tests/pages/understanding/ids_badge_twin_scroll.html): a fixed sidebar's "Inbox" and a folder
list's "Inbox 12" (a badge's count, which the id leaves out) are one label. One screen down only
the sidebar's is in the window: it keeps the id the whole page and the first screen give it
(on the 34th held-out set the sidebar's ``link_inbox_in_navigation_to_mailbox_mailbox`` was
``link_inbox`` one screen down, because the page's tally counted "inbox 12" apart)."""

from __future__ import annotations

import pytest
from semantic_reads import ids_by_node, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/ids_badge_twin_scroll.html"
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"


def test_a_label_shared_with_a_badged_twin_keeps_its_id_one_screen_down(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    every = ids_by_node(whole)
    inbox = [e["id"] for e in whole.elements if e["id"].startswith("link_")
             and (e["label"] or "").startswith("Inbox")]
    assert len(inbox) == 2 and len(set(inbox)) == 2, inbox
    shown = ids_by_node(first)
    assert {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target(SCROLL)
    scrolled = read(browser)
    labels = [(e["label"], e["id"]) for e in scrolled.elements]
    # the folder's "Inbox" is above the window, the sidebar's in it
    assert [i for label, i in labels if (label or "").startswith("Inbox")] == [inbox[0]], labels
    now = ids_by_node(scrolled)
    assert {k: every[k] for k in now} == now, (now, every)
