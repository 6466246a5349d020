"""`select` with several options on a <select multiple> (issue 32: MiniWoB's click-scroll-list
"Select Guam, Nata from the scroll list"): exactly those options end up selected, with one
change event, the options below the list's fold included; a list on a single select and an
option that is missing or disabled are refused, naming it."""

from __future__ import annotations

from pathlib import Path

from axsnap_host.client import Browser
from axsnap_host.models.act import ActionResult


def _selected(browser: Browser) -> list[str]:
    return list(browser.run_in_target(
        "return Array.from(document.getElementById('list').selectedOptions, o => o.text)"))


def test_several_options_are_selected_exactly(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/select/multiple.html")
    result = browser.act("Countries", "select", ["Guam", "Nata"])
    assert result.ok, result.error
    assert _selected(browser) == ["Guam", "Nata"]
    texts = [m.text for m in (result.changes.messages if result.changes else [])]
    assert any("Chosen: Guam, Nata (1 change)" in t for t in texts), texts
    # another set replaces it (what a person's click without Ctrl does), by value or label
    again = browser.act("Countries", "select", ["Bangladesh", "Illa", "Chad"])
    assert again.ok, again.error
    assert _selected(browser) == ["Bangladesh", "Chad", "Illa"]
    # the same set again changes nothing
    same = browser.act("Countries", "select", ["Chad", "Illa", "Bangladesh"])
    assert same.ok and same.method == "already", (same.method, same.error)


def test_a_missing_or_disabled_option_and_a_list_on_a_single_select_are_refused(
        browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/select/multiple.html")
    missing = browser.act("Countries", "select", ["Guam", "Atlantis"])
    assert not missing.ok and missing.error and missing.error.code == "not_found"
    assert "Atlantis" in missing.error.message
    disabled = browser.act("Countries", "select", ["Guam", "Oman"])
    assert not disabled.ok and disabled.error and disabled.error.code == "not_actionable"
    assert _selected(browser) == [], "a refused select selects nothing"
    single = browser.act("One", "select", ["Red", "Green"])
    assert not single.ok and single.error and single.error.code == "invalid_message"
    one = browser.act("One", "select", ["Green"])
    assert one.ok, one.error
    assert browser.run_in_target("return document.getElementById('one').value") == "Green"


def test_the_command_line_selects_several_options(tmp_path: Path) -> None:
    """`axsnap act --do 'select "Countries" Guam Nata'`: each word after the target is one
    option, as a list from Python."""
    from axsnap_host.cli.main import main

    page = Path(__file__).resolve().parents[1] / "pages" / "act" / "select" / "multiple.html"
    out = tmp_path / "run"
    code = main(["act", str(page), "--do", 'select "Countries" Guam Nata', "--out", str(out)])
    assert code == 0
    result = ActionResult.model_validate_json((out / "01-select" / "action.json").read_text())
    assert result.ok, result.error
    texts = [m.text for m in (result.changes.messages if result.changes else [])]
    assert any("Chosen: Guam, Nata (1 change)" in t for t in texts), texts
