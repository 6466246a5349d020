"""Items each a title link leading its own paragraph (issue 31, note 191): a page of our own,
modelled on the fortieth held-out set's trade-magazine list (saurus-200), read through the
extension and the host in Debian Chromium from the first screen and from the whole page.

Eight free journals and guides, each in a cell of its own: a cover link, then a paragraph that
opens with the journal's linked name and goes on to say what it is. A person reads a list of
things each described; on the old main the walker took no such item for titled (its title
link sat in the paragraph, the cover link above holds no words) and the page read as an
article (eight paragraphs and an introduction)."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

DESCRIBED = "stats:5+ alike items each a linked title over its paragraph (a list)"


def test_titles_leading_their_paragraphs_are_a_list(browser: Browser, pages_url: str) -> None:
    for result in both_reads(browser,
                             pages_url + "understanding/matter_lead_title_publications.html"):
        assert result.type == "list", result.page["signals"][:8]
        assert DESCRIBED in fired(result)
