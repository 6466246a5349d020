"""Twins alike in all else, each named by its own id or test id, are said by those names, not
numbered (issue 31, design note 278: Verdaccio's three nameless header icon buttons were
``btn_near_login``, ``_2``, ``_3``), through the extension and the host in Debian Chromium:
the same ids in the whole page's read and the first screen's; a pair with no name of its own
is numbered as before."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/nameless_header_buttons.html"


def test_nameless_twins_are_said_by_their_own_names(browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    nameless = [e["id"] for e in whole.elements if e.get("type") == "button" and not e.get("label")]
    assert len(nameless) == 5, [(e["id"], e.get("label")) for e in whole.elements]
    header, footer = nameless[:3], nameless[3:]
    assert [i.rsplit("_", 1)[-1] for i in header] == ["settings", "info", "light"], header
    assert header[1].endswith("registry_info"), header
    # (no name of its own: the last resort numbers them, as before)
    assert footer[1].endswith("_2") and not footer[0].endswith("_2"), footer
    first = [e["id"] for e in read(browser).elements
             if e.get("type") == "button" and not e.get("label")]
    assert first[:3] == header, (first, header)
