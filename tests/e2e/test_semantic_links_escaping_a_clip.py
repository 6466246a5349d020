"""Links absolute to a box outside the clip that hides everything else in it are in plain
sight (issue 31, design note 280: Django Unfold's SimpleBar sidebar, the fifty-eighth held-out
set's unfold-02, whose navigation the semantic view left out as `zero_size` while DOM text
listed it), through the extension and the host in Debian Chromium; a link absolute to the
0-height box that clips it stays hidden."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e


def test_sidebar_links_in_an_escaping_mask_are_listed(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/sidebar_links_escaping_a_clip.html"
    for result in both_reads(browser, page):
        labels = {e.get("label") for e in result.elements}
        assert {"Email addresses", "Users", "Sites", "Sightings"} <= labels, sorted(
            filter(None, labels))
        assert "Old archive" not in labels, sorted(filter(None, labels))
