"""Two controls whose names differ only by the sign of a number are told apart by it, never
numbered (issue 31, design note 306), through the extension and the host in Debian Chromium,
on a printer's temperature tab as OctoPrint draws it
(tests/pages/understanding/signed_number_buttons.html): each heater's row holds "-1°C" and
"+1°C" buttons. Ids dropped the sign with the punctuation, so the row's two buttons read as
twins with nothing that differs and took a counter (``btn_fine_adjust_1_c_near_tool_in_form``
and ``..._2``; OctoPrint's pages of the seventy-seventh held-out set). A person says "minus
one" and "plus one"; a date's and a time zone's dashes and pluses stay breaks between words."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/signed_number_buttons.html"


def _buttons(elements: list[dict[str, object]]) -> list[str]:
    return [str(e["id"]) for e in elements if e["type"] == "button"]


def test_a_signed_steps_buttons_are_said_by_their_sign(browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    ids = _buttons(whole.elements)
    assert len(ids) == 6 and len(set(ids)) == 6, ids
    steps = [i for i in ids if "fine_adjust" in i]
    assert [("minus_1_c" in i, "plus_1_c" in i) for i in steps] == [
        (True, False), (False, True), (True, False), (False, True)], ids
    assert any("tool" in i for i in steps[:2]) and any("bed" in i for i in steps[2:]), steps
    zooms = [i for i in ids if "zoom" in i]
    assert zooms == ["btn_zoom_minus_10", "btn_zoom_plus_10"], ids
    # no twin left to a counter (a bare trailing number after the sign's words)
    assert not any(e.get("relations", {}).get("alike") for e in whole.elements
                   if e["type"] == "button"), whole.elements
    # (the window's read of the same page: the same ids)
    assert set(_buttons(read(browser).elements)) == set(ids)
