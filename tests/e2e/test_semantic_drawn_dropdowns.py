"""A drop-down a script draws over a hidden <select> (select2: a `combobox` that is no input,
holding a read-only `textbox` that shows the pick) is one choice to pick, a select: not two
text fields beside the select it stands for (issue 31, design note 294: the sixty-sixth
held-out set's jz-02, a Django admin changelist under jazzmin whose five select2 drop-downs
counted as fifteen fields to fill, read as a long form). Through the extension and the host
in Debian Chromium, from the first screen and the whole page."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser
from axsnap_host.semantic.long_forms import LONG_FORM_SIGNAL

pytestmark = pytest.mark.e2e


def test_a_changelist_under_drawn_dropdowns_is_a_list(browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/changelist_drawn_dropdowns.html"
    for result in both_reads(browser, page):
        assert result.type == "list", result.page["signals"][:8]
        assert LONG_FORM_SIGNAL not in fired(result)
