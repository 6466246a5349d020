"""Acting end to end: Browser.act/find/wait_ready/scroll_and_collect in real Chromium.

Every action kind runs on tests/pages/act/form.html and is checked on the page itself
(Selenium reads the DOM after the action), not only on axsnap's own report.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from axsnap_host.client import ActionRefused, Browser
from axsnap_host.models.act import ActionResult
from axsnap_host.models.api import ActReply, CollectReply, FindReply, WaitReadyReply

SECRET = "Tr0ub4dor-act-S3CRET-77"


def page_text(browser: Browser, element_id: str) -> str:
    return browser.run_in_target(f"return document.getElementById('{element_id}').textContent")


def value_of(browser: Browser, element_id: str) -> object:
    return browser.run_in_target(
        f"const el = document.getElementById('{element_id}'); "
        "return el.type === 'checkbox' ? el.checked : el.value")


@pytest.fixture
def form(browser: Browser, pages_url: str) -> Browser:
    browser.open(f"{pages_url}act/form.html")
    return browser


def test_fill_and_type_put_text_in_the_field(form: Browser) -> None:
    result = form.act("Email", "fill", "ada@example.com")
    assert result.ok, result.error
    assert result.target and result.target.tag == "input"
    assert value_of(form, "email") == "ada@example.com"
    assert result.changes and result.changes.value == "ada@example.com"
    assert result.target.index in result.changes.dom.changed
    assert result.changes.focus and result.changes.focus.id == result.target.id
    again = form.act("Email", "fill", "bob@example.com")  # fill replaces
    assert again.ok and value_of(form, "email") == "bob@example.com"
    typed = form.act("Comments", "type", " and more")  # type appends
    assert typed.ok and value_of(form, "notes") == "first line and more"


def test_password_typed_is_in_no_reply_log_or_image(form: Browser) -> None:
    result = form.act("Password", "fill", SECRET)
    assert result.ok, result.error
    assert value_of(form, "pw") == SECRET  # it was typed
    assert result.changes and result.changes.value == "[redacted:filled]"
    replies = [result.model_dump_json()]
    for fmt in ("domtext", "elements", "outline", "snapshot"):
        replies.append(json.dumps(form.snapshot_raw(format=fmt)))
    som = form.snapshot_raw(format="som")
    replies.append(json.dumps(som))
    replies.append(form.find("Password").model_dump_json())
    for reply in replies:
        assert SECRET not in reply
    assert form.host_log_path is not None
    assert SECRET not in Path(form.host_log_path).read_text(encoding="utf-8", errors="replace")
    # The image: the password field's box is painted over.
    legend = som["result"]["vision"]["legend"]
    field = next(e for e in som["result"]["elements"] if e.get("secret"))
    assert field["attributes"].get("id") == "pw"
    masks = legend["masks"]
    dpr = legend["device_pixel_ratio"]
    cx, cy = field["center"]["x"] * dpr, field["center"]["y"] * dpr
    assert any(m[0] <= cx <= m[2] and m[1] <= cy <= m[3] for m in masks), masks


def test_clicks_double_right_and_hover(form: Browser) -> None:
    assert form.act("Double me", "double_click").ok
    assert page_text(form, "dbl") == "double clicked"
    assert form.act("Context here", "right_click").ok
    assert page_text(form, "ctx") == "context menu"
    assert form.act("Hover target", "hover").ok
    assert page_text(form, "hovered") == "hovered"
    clicked = form.act("Send form", "click")
    assert clicked.ok and clicked.target and clicked.target.role == "button"
    assert page_text(form, "log").startswith("submitted")


def test_select_native_and_aria_listbox(form: Browser) -> None:
    native = form.act("Country", "select", "Germany")
    assert native.ok, native.error
    assert value_of(form, "country") == "de"
    assert native.method == "keyboard"
    by_value = form.act("Country", "select", "pe")
    assert by_value.ok and value_of(form, "country") == "pe"
    disabled = form.act("Country", "select", "Japan")
    assert not disabled.ok and disabled.error and disabled.error.code == "not_actionable"
    aria = form.act("Flavour", "select", "Chocolate")
    assert aria.ok, aria.error
    assert page_text(form, "log") == "flavour Chocolate"


def test_check_uncheck_press_submit(form: Browser) -> None:
    assert form.act("Remember me", "check").ok
    assert value_of(form, "remember") is True
    assert form.act("Remember me", "check").method == "already"
    assert form.act("Remember me", "uncheck").ok
    assert value_of(form, "remember") is False
    form.act("Email", "fill", "keys@example.com")
    pressed = form.act("Email", "press", "Control+A Backspace")
    assert pressed.ok and value_of(form, "email") == ""
    form.act("Email", "type", "sub@example.com")
    submitted = form.act("Email", "submit")
    assert submitted.ok, submitted.error
    assert page_text(form, "log") == "submitted sub@example.com"


def test_scroll_upload_drag_focus(form: Browser, tmp_path: Path) -> None:
    assert form.run_in_target("return scrollY") == 0
    scrolled = form.act(None, "scroll", "down")
    assert scrolled.ok, scrolled.error
    assert form.run_in_target("return scrollY") > 0
    assert form.act(None, "scroll", "top").ok
    assert form.run_in_target("return scrollY") == 0
    upload = tmp_path / "notes.txt"
    upload.write_text("hello")
    assert form.act("Attachment", "upload", str(upload)).ok
    assert page_text(form, "log") == "file notes.txt"
    dragged = form.act("Drag handle", "drag", to="Drop zone")
    assert dragged.ok, dragged.error
    assert page_text(form, "log") == "dropped"
    focused = form.act("Comments", "focus")
    assert focused.ok and form.run_in_target("return document.activeElement.id") == "notes"


def test_disabled_and_read_only_fields_are_refused(form: Browser) -> None:
    locked = form.act("Locked code", "fill", "x")
    assert not locked.ok and locked.error and locked.error.code == "not_actionable"
    assert "disabled" in locked.error.message
    assert value_of(form, "locked") == "L-1"
    ro = form.act("Reference", "fill", "x")
    assert not ro.ok and ro.error and "read-only" in ro.error.message
    with pytest.raises(ActionRefused) as caught:
        form.act("Locked code", "fill", "x", raise_on_error=True)
    assert caught.value.code == "not_actionable"


def test_occluded_button_names_its_cover(form: Browser) -> None:
    outline = form.snapshot(format="outline")
    line = next(ln for ln in outline.combinedTree.splitlines() if "Hidden action" in ln)
    element_id = line.strip().split("]")[0].lstrip("[")
    result = form.act(element_id, "click")
    assert not result.ok and result.error and result.error.code == "occluded"
    assert result.error.cover is not None
    assert "Cookie banner" in result.error.cover.label
    assert page_text(form, "log") != "covered clicked"
    forced = form.act(element_id, "click", force=True)  # the click lands on the banner
    assert forced.ok and page_text(form, "log") != "covered clicked"


def test_a_partly_covered_button_is_clicked_where_it_shows(form: Browser) -> None:
    result = form.act("Half hidden", "click")
    assert result.ok, result.error
    assert page_text(form, "log") == "half clicked"


def test_stale_id_after_a_rerender_is_refused(form: Browser) -> None:
    dom = form.snapshot(format="elements", viewport_only=False)
    remove = next(e for e in dom.elements if e["name"] == "Remove item")
    old_id = f"{remove['frame']}-{remove['backendNodeId']}"
    assert form.act(old_id, "click").ok  # alive: acts
    assert form.act("Refresh list", "click").ok  # the list re-renders its button
    stale = form.act(old_id, "click")
    assert not stale.ok and stale.error and stale.error.code == "stale_element"
    form.run_in_target("document.getElementById('log').textContent = ''")
    assert form.act(old_id, "click").error.code == "stale_element"
    assert page_text(form, "log") == ""  # nothing else was clicked


def test_ambiguous_and_unknown_queries_are_refused(form: Browser) -> None:
    result = form.act("Delete", "click")
    assert not result.ok and result.error and result.error.code == "ambiguous_target"
    candidates = result.error.candidates
    assert len(candidates) == 2
    assert {c.label for c in candidates} == {"Delete"}
    assert all(c.id and c.index and c.role == "button" and c.score == 1.0 for c in candidates)
    assert page_text(form, "log") == ""
    by_index = form.act(candidates[1].index, "click")  # naming one of them works
    assert by_index.ok and page_text(form, "log") == "delete B"
    missing = form.act("Launch the rocket", "click")
    assert not missing.ok and missing.error and missing.error.code == "not_found"
    found = form.find("the email field")
    assert found.decision == "unique" and found.matches[0].tag == "input"


def test_shadow_root_controls(form: Browser) -> None:
    assert form.act("Shadow button", "click").ok
    assert page_text(form, "log") == "shadow clicked"
    filled = form.act("Shadow field", "fill", "deep")
    assert filled.ok and filled.changes and filled.changes.value == "deep"


def test_cross_site_frame(browser: Browser, pages_url: str, cross_site_url: str) -> None:
    browser.open(f"{pages_url}act/frame.html?src={cross_site_url}act/inner.html")
    clicked = browser.act("Frame button", "click")
    assert clicked.ok, clicked.error
    assert clicked.target and clicked.target.id and clicked.target.id.startswith("1-")
    filled = browser.act("Frame field", "fill", "over the border")
    assert filled.ok and filled.changes and filled.changes.value == "over the border"
    with browser.in_target() as driver:
        driver.switch_to.frame(driver.find_element("tag name", "iframe"))
        try:
            assert driver.find_element("id", "out").text == "frame clicked"
            assert driver.find_element("id", "fin").get_attribute("value") == "over the border"
        finally:
            driver.switch_to.default_content()


def test_readiness_waits_for_the_fetches_a_click_starts(form: Browser) -> None:
    reply = form.request({"type": "act", "targetId": form.target_handle, "action": "click",
                          "target": "Load more data"})
    ActReply.model_validate(reply)  # the schema's shape
    result = ActionResult.model_validate(reply["result"])
    assert result.ok and result.readiness and result.readiness.ready
    assert result.readiness.waited_ms >= 700  # three requests of 800 ms were in flight
    assert page_text(form, "loaded") == "loaded slow,slow,slow"  # done before act returned


def test_dialog_is_answered_and_reported(form: Browser) -> None:
    result = form.act("Ask me", "click")
    assert result.ok and result.changes
    assert [d.model_dump() for d in result.changes.dialogs_opened] == [
        {"type": "confirm", "message": "Really?", "handled": "dismissed"}]
    assert page_text(form, "answer") == "no"
    assert form.act("Ask me", "click", dialog="accept").ok
    assert page_text(form, "answer") == "yes"


def test_wait_ready_and_find_replies_match_their_schemas(form: Browser) -> None:
    reply = form.request({"type": "wait_ready", "targetId": form.target_handle})
    WaitReadyReply.model_validate(reply)
    assert reply["result"]["ready"] is True and reply["result"]["load"] == "complete"
    found = form.request({"type": "find", "targetId": form.target_handle, "query": "Delete"})
    FindReply.model_validate(found)
    assert found["result"]["decision"] == "ambiguous"
    bad = form.request({"type": "act", "targetId": form.target_handle, "action": "explode",
                        "target": "x"})
    assert bad["ok"] is False and bad["error"]["code"] == "invalid_message"


def test_scroll_and_collect_an_infinite_list(browser: Browser, pages_url: str) -> None:
    browser.open(f"{pages_url}act/list.html")
    first = browser.snapshot(format="elements")
    reply = browser.request({"type": "scroll_and_collect", "targetId": browser.target_handle,
                             "max_scrolls": 40, "delay_ms": 300})
    CollectReply.model_validate(reply)
    result = reply["result"]
    names = [e["name"] for e in result["elements"]]
    assert names == [f"Post {n}" for n in range(1, 61)]  # all of them, once each, in order
    indices = [e["index"] for e in result["elements"]]
    assert len(set(indices)) == len(indices) == result["total"] == 60
    assert result["stopped"] == "end_of_page"
    assert sum(s["added"] for s in result["steps"]) == 60 - len(first.elements)
    assert any(b["height"] > a["height"] for a, b in zip(result["steps"], result["steps"][1:],
                                                          strict=False))
    assert "[1] <a>" in result["domtext"] or "Post 1" in result["domtext"]
    browser.open(f"{pages_url}act/list.html")
    early = browser.scroll_and_collect(max_scrolls=40, delay_ms=100, until="Post 20")
    assert early.stopped == "until_matched"


def test_axsnap_act_command_runs_steps_and_snapshots_after_each(tmp_path: Path) -> None:
    from axsnap_host.cli.main import main

    page = Path(__file__).resolve().parents[1] / "pages" / "act" / "form.html"
    out = tmp_path / "run"
    code = main(["act", str(page), "--do", 'fill "Email" ada@example.com',
                 "--do", f'fill "Password" {SECRET}', "--do", 'click "Send form"',
                 "--out", str(out)])
    assert code == 0
    folders = sorted(p.name for p in out.iterdir())
    assert folders == ["01-fill", "02-fill", "03-click"]
    last = ActionResult.model_validate_json((out / "03-click" / "action.json").read_text())
    assert last.ok and last.target and last.target.label == "Send form"
    assert 'value="ada@example.com"' in (out / "03-click" / "dom.txt").read_text()
    for path in out.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
    refused = main(["act", str(page), "--do", 'fill "Locked code" x', "--out", str(out)])
    assert refused == 1


def test_the_side_panel_act_box_takes_one_step_in_words(form: Browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from axsnap_host import EXTENSION_ID

    driver = form.driver
    driver.switch_to.new_window("window")
    try:
        driver.get(f"chrome-extension://{EXTENSION_ID}/sidepanel.html?tabId={form.tab_id}")
        wait = WebDriverWait(driver, 30, poll_frequency=0.05)
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        driver.find_element(By.CSS_SELECTOR, "#act summary").click()
        step = driver.find_element(By.ID, "act-step")
        step.send_keys('fill "Email" panel@example.com')
        driver.find_element(By.ID, "act-run").click()
        wait.until(lambda d: d.find_element(By.ID, "act-result").get_attribute("data-ok"))
        shown = driver.find_element(By.ID, "act-result").text
        assert driver.find_element(By.ID, "act-result").get_attribute("data-ok") == "1", shown
        assert "fill" in shown and "value: panel@example.com" in shown
        step.clear()
        step.send_keys('click "Delete"')
        driver.execute_script("document.getElementById('act-result').removeAttribute('data-ok')")
        driver.find_element(By.ID, "act-run").click()
        wait.until(lambda d: d.find_element(By.ID, "act-result").get_attribute("data-ok"))
        assert "ambiguous_target" in driver.find_element(By.ID, "act-result").text
    finally:
        driver.close()
        driver.switch_to.window(form.target_handle)  # back where Browser.driver rests
    assert value_of(form, "email") == "panel@example.com"
