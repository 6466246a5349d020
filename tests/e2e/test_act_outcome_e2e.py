"""False failures (issue 32): the outcome of check/uncheck is read from the live page after
the page answered, not from a node the page replaced, and a failure never suggests the
action that would undo the requested state."""

from __future__ import annotations

from axsnap_host.client import Browser


def checked(browser: Browser, mail: str) -> str:
    return str(browser.run_in_target(
        f"return document.querySelector('[aria-label=\"Select {mail}\"]')"
        ".getAttribute('aria-checked')"))


def test_check_on_a_row_the_app_re_renders(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/outcome/rerender.html")
    result = browser.act("Select Quarterly report", "check")
    assert result.ok, result.error
    assert checked(browser, "Quarterly report") == "true"
    assert browser.run_in_target("return document.getElementById('count').textContent") == \
        "1 selected"
    late = browser.act("Select Your invoice", "check")  # re-rendered 150 ms after the click
    assert late.ok, late.error
    assert checked(browser, "Your invoice") == "true"
    off = browser.act("Select Quarterly report", "uncheck")
    assert off.ok, off.error
    assert checked(browser, "Quarterly report") == "false"
    assert browser.run_in_target("return document.getElementById('count').textContent") == \
        "1 selected"


def test_a_box_the_page_keeps_is_a_failure_that_suggests_no_click(browser: Browser,
                                                                  pages_url: str) -> None:
    """The other half of the issue's false failure: when the page truly keeps the box as it
    was, the act fails saying what the page shows, and its hint never suggests the action
    ("try click") that would toggle it again."""
    browser.open(f"{pages_url}act/outcome/refuses.html")
    for name, action, shows in (("Locked by your admin", "check", "unchecked"),
                                ("Always on", "uncheck", "checked")):
        result = browser.act(name, action)
        assert not result.ok and result.error and result.error.code == "action_failed", result
        assert f"the page shows it {shows}" in result.error.message
        assert "click" not in result.error.hint.replace("a second click would", ""), \
            result.error.hint
        assert "Read the page" in result.error.hint
