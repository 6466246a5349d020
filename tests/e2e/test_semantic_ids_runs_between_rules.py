"""Links in runs of a page that horizontal rules part, with no box or heading of their own, take
their ids from the run's first line, the same in every read (issue 31, design note 361). On the
one-hundred-ninety-ninth held-out set (cvsweb's revision log) each revision's "download", "text",
"markup", "annotated" and "select for diffs" sat in a run between two `<hr>`s straight under the
body: the walker found nothing to part them but their order, so their ids were counters
(``link_download_near_cvs_log_for_4``), and the nearest text the host read from the window moved
them on a scroll (``..._near_summer_programme_the``). Our own page
(tests/pages/understanding/tarn_revisions_by_rules.html), through the extension and the host in
Debian Chromium: seven revisions' links each say their revision in the whole page, on the first
screen and one screen down."""

from __future__ import annotations

import re

import pytest
from semantic_reads import ids_by_node, read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/tarn_revisions_by_rules.html"
SCROLL = "window.scrollBy(0, Math.round(innerHeight * 0.8));"
REVISIONS = range(7, 0, -1)


def test_each_revisions_links_are_named_by_its_run_in_every_read(
        browser: Browser, pages_url: str) -> None:
    first = read(browser, pages_url + PAGE)
    whole = read(browser, viewport_only=False)
    for label in ("download", "text", "markup", "annotated"):
        ids = [e["id"] for e in whole.elements if e["label"] == label]
        assert len(ids) == len(REVISIONS), (label, ids)
        for revision, ident in zip(REVISIONS, ids, strict=True):
            # (its run's first line, "Revision 1.7:", and no page counter after it)
            assert re.search(rf"_revision_1_{revision}$", ident), (label, ids)
    every = ids_by_node(whole)
    shown = ids_by_node(first)
    assert {k: every[k] for k in shown} == shown, (shown, every)
    browser.run_in_target(SCROLL)
    scrolled = read(browser)
    moved = ids_by_node(scrolled)
    assert len(set(moved) - set(shown)) >= 3  # (runs the first screen did not hold)
    assert {k: every[k] for k in moved} == moved, (moved, every)
