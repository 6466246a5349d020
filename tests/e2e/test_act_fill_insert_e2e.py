"""A fill's text goes in as one Input.insertText where no script can tell it from typing (fast
path fill_insert_text, issue 32's pace): an <input> or <textarea> of the top frame, a value with
no line break, no listener for keys, input, composition or the selection on the field's event
path. Anywhere a listener would see the keys it is typed key by key, and the reply says which
rule decided (``typed_by``). A fill inserted at once gives the same report as the exact act's
fill typed key by key.

Page: tests/pages/act/fill/insert.html.
"""

from __future__ import annotations

from typing import Any

from act_results import comparable

from axsnap_host.client import Browser

PAGE = "act/fill/insert.html"


def _value(browser: Browser, element_id: str) -> str:
    return str(browser.run_in_target(f"return document.getElementById('{element_id}').value"))


def test_a_plain_field_takes_its_text_in_one_insert(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}{PAGE}")
    result = browser.act("Plain name", "fill", "Ada Lovelace")
    assert result.ok, result.error
    assert result.method == "insert_text" and result.typed_by == "insert_text_no_listeners", \
        (result.method, result.typed_by)
    assert _value(browser, "plain") == "Ada Lovelace"  # the old value replaced
    appended = browser.act("Plain notes", "type", "first")
    assert appended.ok and appended.typed_by == "insert_text_no_listeners", appended.typed_by
    again = browser.act("Plain notes", "type", " second")
    assert again.ok and _value(browser, "notes") == "first second"


def test_a_field_whose_keys_are_listened_to_is_typed_key_by_key(browser: Browser,
                                                                pages_url: str) -> None:
    browser.open(f"{pages_url}{PAGE}")
    keyed = browser.act("Keyed name", "fill", "Grace")
    assert keyed.ok and keyed.method == "keyboard" and keyed.typed_by == "keys_listened", \
        (keyed.method, keyed.typed_by)
    assert browser.run_in_target("return document.getElementById('keys').textContent") \
        == "keys 7"  # Control+A (two key downs) and five letters
    # an input listener on an ancestor sees one input event per character
    counted = browser.act("Counted name", "fill", "Hopper")
    assert counted.ok and counted.typed_by == "keys_listened", counted.typed_by
    assert browser.run_in_target("return document.getElementById('inputs').textContent") \
        == "inputs 6"
    assert _value(browser, "counted") == "Hopper"


def test_a_line_break_and_an_exact_act_are_typed(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}{PAGE}")
    lines = browser.act("Plain notes", "fill", "one\ntwo")
    assert lines.ok and lines.typed_by == "line_break", lines.typed_by
    assert _value(browser, "notes") == "one\ntwo"
    exact = browser.act("Plain name", "fill", "Ada", exact=True)
    assert exact.ok and exact.method == "keyboard" and exact.typed_by == "exact", exact.typed_by


def _fills(browser: Browser, pages_url: str, exact: bool) -> list[Any]:
    browser.open(f"{pages_url}{PAGE}")
    out = []
    for target, action, value in [("Plain name", "fill", "Ada 0"), ("Plain notes", "type", "x y"),
                                  ("Keyed name", "fill", "Grace"), ("Plain name", "fill", "")]:
        result = browser.act(target, action, value, exact=exact)
        assert result.ok, result.error
        out.append((comparable(result, also_without=("method", "typed_by")), result.typed_by))
    return out


def test_a_fill_inserted_at_once_reports_as_the_exact_fill(browser: Browser,
                                                          pages_url: str) -> None:
    exact = _fills(browser, pages_url, exact=True)
    fast = _fills(browser, pages_url, exact=False)
    assert any(by == "insert_text_no_listeners" for _, by in fast), "no fill was inserted"
    for n, ((want, _), (got, by)) in enumerate(zip(exact, fast, strict=True)):
        assert got == want, f"fill {n} (typed by {by}) differs from the exact fill"


def test_an_inserted_fill_s_caret_chord_acts_as_the_whole_chord(browser: Browser,
                                                               pages_url: str) -> None:
    """Where no script sees keys the caret's chord goes without its modifier's own key events
    (Control held in the key's mask, fill.js): Control+A still selects every line of a textarea
    and Control+End still reaches its last line, as the exact act's whole chord does."""
    for exact in (True, False):
        browser.open(f"{pages_url}{PAGE}")
        browser.run_in_target("const t = document.getElementById('notes');"
                              " t.value = 'one\\ntwo\\nthree'; t.setSelectionRange(0, 0); return 1")
        appended = browser.act("Plain notes", "type", " four", exact=exact)
        assert appended.ok, appended.error
        assert appended.typed_by == ("exact" if exact else "insert_text_no_listeners")
        assert _value(browser, "notes") == "one\ntwo\nthree four", exact  # the end of the last line
        browser.run_in_target("document.getElementById('notes').setSelectionRange(4, 4); return 1")
        replaced = browser.act("Plain notes", "fill", "five", exact=exact)
        assert replaced.ok and _value(browser, "notes") == "five", exact  # every line selected


# The page's main thread held in turns of 400 ms, longer than the content script's clock may
# take to answer (lib/session/page_clock.js PAGE_CLOCK_TIMEOUT_MS, 250 ms): a read that comes
# meanwhile installs its own quiet-clock observer, whose key and input listener stays on the
# document. Between turns the page runs what waits (the read's DevTools commands).
HOLD_THE_PAGE = ("window.__hold = true; const turn = () => { if (!window.__hold) return;"
                 " const end = performance.now() + 400; while (performance.now() < end) {}"
                 " setTimeout(turn, 0); }; setTimeout(turn, 0); return true;")


def test_a_fill_after_a_read_of_a_busy_page_is_still_inserted(browser: Browser,
                                                               pages_url: str) -> None:
    """axsnap's own observer (lib/session/stabilize.js, installed when the page was too busy
    to answer the read) is not a listener of the page: before it was told apart, a fill right
    after such a read was typed key by key (seen in CI at load 20)."""
    source = None
    for _ in range(4):  # a read whose clock was answered between two turns: hold it again
        browser.open(f"{pages_url}{PAGE}")
        browser.run_in_target(HOLD_THE_PAGE)
        try:
            source = browser.snapshot_raw()["result"]["snapshot"]["stabilization"]["source"]
        finally:
            browser.run_in_target("window.__hold = false; return true;")
        if source == "request":
            break
    assert source == "request", "no read ever found the page too busy to answer its clock"
    result = browser.act("Plain name", "fill", "Ada Lovelace")
    assert result.ok, result.error
    assert result.typed_by == "insert_text_no_listeners", (result.method, result.typed_by)
    assert _value(browser, "plain") == "Ada Lovelace"
