"""A field named only by its ``name`` attribute shares its label with a field whose caption says
the same word (issue 31, note 185), through the extension and the host in Debian Chromium: a
shop's mailing-list box (``<input name="email">`` in an ``<aside>``, nothing a person reads
names it) at the top,
its sign-up's "Email:" two screens below. The walker's tally of labels the page shares counts
the bare name as the host's id does, so the first screen (the mailing-list box alone) and the
screen after a scroll (the sign-up's field alone) name each field as the whole page does.
(Before, the first screen said ``input_email`` and the whole page ``input_email_in_…``.) The
box's region, "sidebar", is no name of the field either (before: ``input_sidebar``)."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/fields_named_by_their_name.html"


def emails(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["type"] == "text_input" and e["id"].startswith("input_email")}


def test_a_field_named_by_its_name_keeps_the_whole_pages_id_in_every_window(
        browser: Browser, pages_url: str) -> None:
    first = emails(read(browser, pages_url + PAGE))
    whole = emails(read(browser, viewport_only=False))
    assert len(whole) == 2 and len(set(whole.values())) == 2, whole
    assert sorted(whole.values()) == ["input_email_in_form", "input_email_in_sidebar"], whole
    assert len(first) == 1 and {k: whole[k] for k in first} == first, (first, whole)
    browser.run_in_target(
        "document.querySelector('h1').scrollIntoView({block: 'start'})")
    below = emails(read(browser))
    assert len(below) == 1 and set(below) != set(first), (below, first)
    assert {k: whole[k] for k in below} == below, (below, whole)
