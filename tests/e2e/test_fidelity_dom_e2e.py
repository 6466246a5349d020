"""DOM text and ``elements`` keep the controls an agent needs (issue 17): regression pages
under tests/pages/fidelity/ and the ``miniwob`` package's task pages."""

from __future__ import annotations

from typing import Any

import pytest
from miniwob_tasks import start_task

from axsnap_host.client import Browser, DomResult

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 150, "max_wait_ms": 4000}}


def dom(browser: Browser, url: str | None = None, **options: Any) -> DomResult:
    result = browser.snapshot(url, format="domtext", **FAST, **options)
    assert isinstance(result, DomResult)
    return result



def lines(result: DomResult) -> list[str]:
    return result.domtext.split("Interactive Elements:\n", 1)[1].splitlines()


def test_miniwob_login_user_lines_show_the_ids(browser: Browser, miniwob_url: str) -> None:
    start_task(browser, miniwob_url, "login-user")
    shown = lines(dom(browser))
    assert any(line.startswith("[1] <input> id=\"username\"") for line in shown), shown
    assert any('<input> id="password" type="password"' in line for line in shown), shown


@pytest.fixture(scope="module")
def controls(browser: Browser, pages_url: str) -> dict[str, DomResult]:
    """tests/pages/fidelity/dom_controls.html read in the viewport and as a whole page."""
    page = dom(browser, pages_url + "fidelity/dom_controls.html")
    whole = dom(browser, None, viewport_only=False)
    return {"viewport": page, "whole": whole}


def by_text(result: DomResult) -> dict[str, dict[str, Any]]:
    return {e["text"] or e.get("hint") or e["name"]: e for e in result.elements}


def test_select_lists_its_options(controls: dict[str, DomResult]) -> None:
    select = next(e for e in controls["viewport"].elements if e["tagName"] == "select")
    assert select["options"][:3] == ["Albania", "Algeria", "Andorra"]
    assert len(select["options"]) == 12 and select["optionsMore"] == 3
    line = next(x for x in lines(controls["viewport"]) if "<select>" in x)
    assert 'options=["Albania", "Algeria"' in line and "… +3 more]" in line


def test_suggestions_and_tree_items_are_elements_without_hidden_text(
    controls: dict[str, DomResult],
) -> None:
    found = by_text(controls["viewport"])
    for name in ("Bahamas", "Bahrain", "Bangladesh", "Kanesha", "Sergio", "Vanda"):
        assert name in found, (name, controls["viewport"].domtext)
    text = controls["viewport"].domtext
    assert "Hidden land" not in text and "Secret child" not in text
    assert "BahamasBahrain" not in text and "Bahamas Bahrain" not in text


def test_sibling_controls_are_separate(controls: dict[str, DomResult]) -> None:
    found = by_text(controls["viewport"])
    assert found["Reply"]["tagName"] == "span" and found["Forward"]["tagName"] == "span"
    assert "Reply Forward" not in controls["viewport"].domtext


def test_listener_only_icons_are_found(controls: dict[str, DomResult]) -> None:
    """Delegated: the listener is on the tweet, the icons are spans with a CSS image."""
    found = by_text(controls["viewport"])
    assert found["reply"]["reasons"] == ["delegated"] and found["reply"]["tagName"] == "span"
    assert found["Like"]["reasons"] == ["delegated"]


def test_icon_only_controls_get_a_name_hint(controls: dict[str, DomResult]) -> None:
    found = by_text(controls["viewport"])
    trash, settings = found["trash"], found["settings"]  # an icon class, an image file name
    assert trash["tagName"] == "button" and trash["name"] == trash["hint"] == "trash"
    assert settings["tagName"] == "a" and settings["hint"] == "settings"
    center = trash["center"]
    line = f'<button> id="trash" hint="trash" @({center["x"]},{center["y"]})'
    assert any(x.endswith(line) for x in lines(controls["viewport"])), line


def test_inline_svg_style_is_not_button_text(controls: dict[str, DomResult]) -> None:
    save = next(e for e in controls["viewport"].elements if e["attributes"].get("id") == "save")
    assert save["text"] == "Save"


def test_partly_covered_element_is_kept_with_a_visible_point(
    browser: Browser, controls: dict[str, DomResult]
) -> None:
    covered = by_text(controls["viewport"])["Partly covered"]
    assert covered["partlyCovered"] is True
    x, y = covered["center"]["x"], covered["center"]["y"]
    hit = browser.run_in_target(
        "return document.elementFromPoint(arguments[0], arguments[1]).id", x, y)
    assert hit == "covered"


def test_scroll_box_is_marked_and_whole_page_reaches_below_its_fold(
    controls: dict[str, DomResult],
) -> None:
    viewport, whole = by_text(controls["viewport"]), by_text(controls["whole"])
    box = next(e for e in controls["viewport"].elements if e["attributes"].get("id") == "box")
    assert box["scrollable"] is True and box["reasons"] == ["scroll"]
    assert "Row 1" in viewport and "Row 6" not in viewport
    assert all(f"Row {n}" in whole for n in range(1, 7))
    assert whole["Row 6"].get("clipped") is True


def test_miniwob_choose_list_shows_every_option(browser: Browser, miniwob_url: str) -> None:
    start_task(browser, miniwob_url, "choose-list")
    options = browser.run_in_target(
        "return [...document.querySelectorAll('#options option')].map(o => o.textContent)")
    select = next(e for e in dom(browser).elements if e["tagName"] == "select")
    assert select["options"] == options[:12] and select.get("optionsMore", 0) == max(
        0, len(options) - 12)


def test_miniwob_autocomplete_suggestions_are_elements(
    browser: Browser, miniwob_url: str
) -> None:
    start_task(browser, miniwob_url, "use-autocomplete")
    browser.run_in_target("$('#tags').val('B'); $('#tags').autocomplete('search', 'B');")
    result = dom(browser)
    names = [e["text"] for e in result.elements if e["tagName"] == "li"]
    assert names[:3] == ["Bahamas", "Bahrain", "Bangladesh"], result.domtext
    assert "BahamasBahrain" not in result.domtext


def test_miniwob_email_reply_and_forward_are_two_elements(
    browser: Browser, miniwob_url: str
) -> None:
    start_task(browser, miniwob_url, "email-inbox")
    browser.run_in_target("$('.email-thread').first().click();")
    found = by_text(dom(browser))
    assert "Reply" in found and "Forward" in found
    assert found["Reply"]["reasons"] == ["clickable"]
    assert "star" in found and "delete" in found  # icon-only controls, named by image


def test_miniwob_social_media_icons_are_elements(browser: Browser, miniwob_url: str) -> None:
    start_task(browser, miniwob_url, "social-media")
    result = dom(browser)
    hints = [e.get("hint") for e in result.elements]
    for action in ("reply", "retweet", "like"):
        assert hints.count(action) >= 2, result.domtext
