"""A checkbox its author hid from assistive technology (``aria-hidden``), pressed through its
label to show or hide a block by a style rule (pdoc's "View Source" toggles under each class
of an API page), keeps a state for the styles only: it is no setting turned on and off, so a
documentation page of such toggles is no settings page (issue 31, design note 298: the
seventieth held-out set's pdoc-01 read as settings from "3+ switches" and "toggles"). The
toggles stay listed, each a control a person presses, named "View Source" as its label's
generated box shows (note 301). Through the extension and the host in
Debian Chromium."""

from __future__ import annotations

import pytest
from semantic_reads import both_reads, fired

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

SWITCHES = "form:3+ switches, half the fields or more (settings turned on and off)"


def test_an_api_page_of_view_source_toggles_is_no_settings_page(
        browser: Browser, pages_url: str) -> None:
    page = pages_url + "understanding/docs_view_source_toggles.html"
    for result in both_reads(browser, page):
        assert result.type == "article", result.page["signals"][:8]
        assert SWITCHES not in fired(result), result.page["signals"][:8]
        # each named by the words its label's generated box shows, "View Source" (note 301),
        # and told apart by the class it sits under
        toggles = [e["id"] for e in result.elements if e["label"] == "View Source"]
        assert len(toggles) >= 4 and "checkbox_view_source_near_class_tool" in toggles, [
            (e["id"], e["type"], e["label"]) for e in result.elements]
