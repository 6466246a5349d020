"""An app's class-only modal in an empty inline wrapper at the page's origin, its fields deep
inside (issue 31, the fifty-first held-out set's Syncthing dialogs; issue 30, one element
model): DOM text lists every control of the dialog as the dialog's, and the semantic view
lists them at all, through the extension and the host in Debian Chromium."""

from __future__ import annotations

import pytest

from axsnap_host.client import Browser, DomResult, PageResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
PAGE = "elements/modal_in_wrapper.html"


def test_a_field_deep_in_a_class_only_modal_is_the_dialogs(
        browser: Browser, pages_url: str) -> None:
    # The free-space field sits sixteen boxes below the modal: it was listed "behind the
    # dialog (inert)" while the device name, two boxes down, was the dialog's.
    dom = browser.snapshot(pages_url + PAGE, format="domtext", **FAST)
    assert isinstance(dom, DomResult)
    dialog, _, behind = dom.domtext.partition("Behind the dialog (inert):")
    assert 'Dialog "Settings":' in dialog, dom.domtext
    for name in ('label="Device Name"', 'label="Minimum Free Disk Space"', '"Save"', '"Close"'):
        assert name in dialog, (name, dom.domtext)
        assert name not in behind, (name, dom.domtext)


def test_a_modal_in_an_empty_wrapper_at_the_origin_is_seen(
        browser: Browser, pages_url: str) -> None:
    # The <app-include> around the fixed modal lays out nothing: a box of no size at (0, 0).
    # It is not off the screen, so what it holds is no hidden content.
    for viewport_only in (True, False):
        result = browser.snapshot(pages_url + PAGE, format="semantic",
                                  viewport_only=viewport_only, **FAST)
        assert isinstance(result, PageResult)
        labels = {e.get("label") for e in result.elements}
        for name in ("Device Name", "Minimum Free Disk Space", "Save", "Close", "Add Folder"):
            assert name in labels, (name, sorted(filter(None, labels)))
