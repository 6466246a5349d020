"""The side panel, driven like a person would: opened as a normal extension page with
?tabId=N (sidePanel.open needs a user gesture that WebDriver cannot give), bound to the
target tab, clicked, typed into, reloaded."""

from __future__ import annotations

import json
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from axsnap_host import EXTENSION_ID
from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PANEL = f"chrome-extension://{EXTENSION_ID}/sidepanel.html"
FAST = {"stabilize": {"enabled": True, "quiet_ms": 100, "max_wait_ms": 1500}}
SECRET = "Zq7-attr-S3CRET-pw-91x"  # the password field's value on login.html
OTP = "731905"  # the one-time code on panel/secrets.html


def storage(driver: Any, script: str, *args: Any) -> Any:
    """Run ``script`` (with ``done`` to call) on the current extension page."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];" + script, *args
    )


def open_panel(browser: Browser, tab_id: int | None = None) -> None:
    """Load the panel in the current window and wait until it has read its storage."""
    driver = browser.driver
    driver.get(f"{PANEL}?tabId={browser.tab_id if tab_id is None else tab_id}")
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "1"
    )


def goto_target(browser: Browser, url: str) -> None:
    with browser.in_target() as driver:
        driver.get(url)


def snapshot(driver: Any, timeout: float = 60) -> str:
    """Click "Snapshot this tab" and wait for the run to end; returns the status line."""
    button = driver.find_element(By.ID, "snapshot")
    assert button.text == "Snapshot this tab"
    button.click()
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "snapshot").get_attribute("aria-busy") is None
        and not d.find_element(By.ID, "spinner").is_displayed()
    )
    return driver.find_element(By.ID, "status").text


def show_tab(driver: Any, name: str) -> None:
    driver.find_element(By.ID, f"tab-{name}").click()
    assert driver.find_element(By.ID, f"panel-{name}").is_displayed()


def open_options(driver: Any) -> None:
    details = driver.find_element(By.ID, "options-panel")
    if details.get_attribute("open") is None:
        details.find_element(By.TAG_NAME, "summary").click()


@pytest.fixture
def panel(browser: Browser) -> Iterator[Browser]:
    """The panel for the target tab in its own window, with fast stabilization; its stored
    options, allow-list and history are wiped afterwards (the browser is shared)."""
    driver = browser.driver
    driver.switch_to.new_window("window")
    driver.get(PANEL)
    storage(driver, "chrome.storage.local.set({panelOptions: arguments[0]}).then(done)", FAST)
    open_panel(browser)
    try:
        yield browser
    finally:
        storage(driver, "Promise.all([chrome.storage.local.clear(), chrome.storage.session"
                ".remove('history')]).then(() => done())")
        driver.close()
        driver.switch_to.window(browser.target_handle)


def _finished_download(folder: Path, pattern: str, timeout_s: float = 10) -> Path:
    """The one file matching ``pattern`` once Chromium has finished writing it: the name can
    show up before the last bytes do, so wait until it reads as a whole ZIP archive."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = list(folder.glob(pattern))
        if len(found) == 1 and zipfile.is_zipfile(found[0]):
            return found[0]
        if time.monotonic() > deadline:
            names = sorted(p.name for p in folder.iterdir())
            raise AssertionError(f"no finished {pattern} in {names}")
        time.sleep(0.1)


def test_one_click_renders_every_output(panel: Browser, pages_url: str, tmp_path: Path) -> None:
    goto_target(panel, pages_url + "login.html")
    driver = panel.driver
    status = snapshot(driver)
    assert status.startswith("Done in"), status
    assert driver.find_element(By.ID, "error").is_displayed() is False
    stages = driver.find_element(By.ID, "stages").text
    for word in ("Stabilizing", "Capturing", "Processing"):
        assert word in stages
    assert " ms" in stages
    counts = driver.find_element(By.ID, "counts").text
    assert "nodes kept" in counts and "elements" in counts and "outline lines" in counts

    # JSON: the SnapshotV1 tree, with search that opens the way to each match
    tree = driver.find_element(By.ID, "tree").text
    assert "ax_tree" in tree and "quality" in tree
    search = driver.find_element(By.ID, "json-search")
    search.send_keys("Sign in")
    WebDriverWait(driver, 5, poll_frequency=0.05).until(
        lambda d: "match" in d.find_element(By.ID, "json-matches").text)
    marked = driver.find_elements(By.CSS_SELECTOR, "#tree .match")
    assert marked and all(m.is_displayed() for m in marked)
    assert "Sign in" in marked[0].text
    search.send_keys(Keys.ENTER)
    assert driver.find_elements(By.CSS_SELECTOR, "#tree .current")
    driver.find_element(By.ID, "raw").click()
    raw = driver.find_element(By.ID, "rawjson").text
    assert '"snapshot_version": 1,' in raw
    assert SECRET not in raw

    # DOM text and the Set-of-Mark image, tied together by hovering
    show_tab(driver, "dom")
    domtext = driver.find_element(By.ID, "domtext").text
    assert "[1]" in domtext and "Interactive Elements" in domtext
    image = driver.find_element(By.ID, "som-image")
    WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", image) > 0)
    boxes = driver.find_elements(By.CSS_SELECTOR, "#som-stage .som-box")
    assert boxes
    index = boxes[0].get_attribute("data-index")
    ActionChains(driver).move_to_element(boxes[0]).perform()
    linked = driver.find_elements(By.CSS_SELECTOR, "#domtext .line.linked")
    assert [line.get_attribute("data-index") for line in linked] == [index]
    line = driver.find_element(By.CSS_SELECTOR, f'#domtext .line[data-index="{index}"]')
    assert line.text.startswith(f"[{index}]")
    ActionChains(driver).move_to_element(line).perform()
    assert "linked" in boxes[0].get_attribute("class")
    width = image.size["width"]
    driver.find_element(By.ID, "zoom-in").click()
    assert image.size["width"] > width * 1.3
    driver.find_element(By.ID, "zoom-fit").click()

    # the hybrid outline, and Copy puts exactly it on the clipboard
    show_tab(driver, "outline")
    outline = driver.find_element(By.ID, "outline").text
    assert "RootWebArea" in outline and "button: Sign in" in outline
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": f"chrome-extension://{EXTENSION_ID}",
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    driver.find_element(By.ID, "copy-outline").click()
    WebDriverWait(driver, 5, poll_frequency=0.05).until(
        lambda d: "Copied the outline" in d.find_element(By.ID, "status").text)
    pasted = driver.execute_async_script(
        "navigator.clipboard.readText().then(arguments[0], (e) => arguments[0]('failed: ' + e))")
    assert pasted.strip() == outline.strip()

    # everything in one ZIP, which Python can read
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(tmp_path)})
    driver.find_element(By.ID, "download-all").click()
    archive = _finished_download(tmp_path, "axsnap-127.0.0.1-*.zip")
    with zipfile.ZipFile(archive) as z:
        assert z.testzip() is None
        names = set(z.namelist())
        assert {"snapshot.json", "dom.txt", "elements.json", "som.png", "outline.txt",
                "run.json"} <= names
        assert z.read("som.png")[:8] == b"\x89PNG\r\n\x1a\n"
        assert json.loads(z.read("snapshot.json"))["snapshot_version"] == 1
        assert all(SECRET.encode() not in z.read(n) for n in names)


def test_the_page_view_shows_type_intents_regions_and_content(panel: Browser,
                                                             pages_url: str) -> None:
    goto_target(panel, pages_url + "semantic/p08.html")
    driver = panel.driver
    storage(driver, "chrome.storage.local.set({panelOptions: arguments[0]}).then(done)",
            {**FAST, "format": "semantic"})
    open_panel(panel)
    assert snapshot(driver).startswith("Done in")
    show_tab(driver, "page")
    view = driver.find_element(By.ID, "page-view").text
    assert view.splitlines()[0].startswith("login score ")
    assert "log in" in view and "btn_sign_in" in view
    for heading in ("What you can do here", "Regions", "Content by attention"):
        assert heading in view
    assert "Sign in" in driver.find_element(By.CSS_SELECTOR, "#page-view ol").text
    assert "page" in driver.find_element(By.ID, "counts").text


def test_options_persist_across_a_reload(panel: Browser) -> None:
    driver = panel.driver
    open_options(driver)
    Select(driver.find_element(By.ID, "format")).select_by_value("outline")
    driver.find_element(By.ID, "compact").click()
    tokens = driver.find_element(By.ID, "max-tokens")
    tokens.send_keys("2000", Keys.TAB)
    quiet = driver.find_element(By.ID, "quiet-ms")
    quiet.clear()
    quiet.send_keys("250", Keys.TAB)
    WebDriverWait(driver, 5, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "options-status").text == "Saved.")
    driver.refresh()
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert Select(driver.find_element(By.ID, "format")).first_selected_option.get_attribute(
        "value") == "outline"
    assert driver.find_element(By.ID, "compact").is_selected()
    assert driver.find_element(By.ID, "max-tokens").get_attribute("value") == "2000"
    assert driver.find_element(By.ID, "quiet-ms").get_attribute("value") == "250"
    assert "outline · compact · ≤2000 tokens · redacted" in driver.find_element(
        By.ID, "options-summary").text
    # the stored object uses the host's option names
    stored = storage(driver, "chrome.storage.local.get('panelOptions')"
                             ".then((r) => done(r.panelOptions))")
    assert stored["format"] == "outline" and stored["compact"] is True
    assert stored["max_tokens"] == 2000 and stored["stabilize"]["quiet_ms"] == 250


def test_turning_redaction_off_asks_and_marks_every_output(panel: Browser,
                                                            pages_url: str) -> None:
    goto_target(panel, pages_url + "panel/secrets.html")
    driver = panel.driver
    open_options(driver)
    Select(driver.find_element(By.ID, "format")).select_by_value("domtext")
    assert snapshot(driver).startswith("Done")
    assert OTP not in driver.find_element(By.ID, "domtext").get_attribute("textContent")
    assert not driver.find_element(By.ID, "unredacted-badge").is_displayed()
    redact = driver.find_element(By.ID, "redact")
    redact.click()
    dialog = driver.find_element(By.ID, "redact-dialog")
    assert dialog.is_displayed()
    driver.find_element(By.ID, "redact-keep").click()
    assert not dialog.is_displayed() and redact.is_selected()
    assert not driver.find_element(By.ID, "redaction-off").is_displayed()

    redact.click()
    driver.find_element(By.ID, "redact-off").click()
    assert not redact.is_selected()
    assert driver.find_element(By.ID, "redaction-off").is_displayed()
    assert snapshot(driver).startswith("Done")
    assert driver.find_element(By.ID, "unredacted-badge").is_displayed()
    assert "OFF" in driver.find_element(By.ID, "counts").text
    for tab in ("json", "dom", "outline", "delta"):  # every view says so
        show_tab(driver, tab)
        assert driver.find_element(By.CSS_SELECTOR, f"#panel-{tab} .unredacted-note").is_displayed()
    show_tab(driver, "dom")
    assert OTP in driver.find_element(By.ID, "domtext").text
    assert "UNREDACTED" in driver.find_element(By.ID, "history-list").text


def test_a_restricted_tab_gets_a_human_error(panel: Browser) -> None:
    goto_target(panel, "chrome://version")
    driver = panel.driver
    snapshot(driver)
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        ec.visibility_of_element_located((By.ID, "error")))
    assert driver.find_element(By.ID, "error-title").text == "This page cannot be captured"
    assert driver.find_element(By.ID, "error-code").text == "restricted_page"
    assert "regular web page" in driver.find_element(By.ID, "error-hint").text
    assert not driver.find_element(By.ID, "error-command").is_displayed()
    text = driver.find_element(By.ID, "error").text
    assert "Error:" not in text and " at " not in text  # no stack trace
    assert driver.find_element(By.ID, "summary").is_displayed() is False
    assert "failed" in driver.find_element(By.ID, "history-list").text


def click_in_target(browser: Browser, element_id: str) -> None:
    with browser.in_target() as driver:
        driver.find_element(By.ID, element_id).click()


def test_delta_after_a_second_outline_of_the_same_tab(panel: Browser, pages_url: str) -> None:
    goto_target(panel, pages_url + "panel/delta.html")
    driver = panel.driver
    open_options(driver)
    Select(driver.find_element(By.ID, "format")).select_by_value("outline")
    driver.find_element(By.ID, "delta").click()
    assert snapshot(driver).startswith("Done")
    show_tab(driver, "delta")  # the first read has nothing to compare with
    first = driver.find_element(By.ID, "delta-state").text
    assert first.startswith("No delta"), first
    assert not driver.find_element(By.ID, "delta-block").is_displayed()

    click_in_target(panel, "add")  # the page changes: one more list item
    assert snapshot(driver).startswith("Done")
    run = storage(driver, "chrome.storage.session.get('history').then((r) => done(r.history[0]))")
    assert run["options"]["compression"] == "delta"
    delta = run["parts"]["outline"]["result"].get("delta")
    assert isinstance(delta, dict), "the host sent no delta part"
    if not delta.get("applied"):  # the host fell back to a full outline: a plain state
        assert driver.find_element(By.ID, "delta-state").text.startswith("No delta")
        return
    assert driver.find_element(By.ID, "delta-block").is_displayed()
    rows = driver.find_elements(By.CSS_SELECTOR, "#delta-list li")
    assert len(rows) == len(delta["changes"]) > 0
    listed = driver.find_element(By.ID, "delta-list").text
    assert "Item 2" in listed
    assert any("added" in r.get_attribute("class") for r in rows)
    counts = driver.find_element(By.ID, "delta-counts").text
    assert f"{delta['counts']['added']} added" in counts
    # the reply held only the changes: the outline view shows the outline they make
    show_tab(driver, "outline")
    assert "hash checked" in driver.find_element(By.ID, "outline-note").text
    assert "Item 2" in driver.find_element(By.ID, "outline").text


def test_history_brings_back_an_earlier_snapshot(panel: Browser, pages_url: str) -> None:
    driver = panel.driver
    open_options(driver)
    Select(driver.find_element(By.ID, "format")).select_by_value("domtext")
    goto_target(panel, pages_url + "login.html")
    snapshot(driver)
    goto_target(panel, pages_url + "frames.html")
    snapshot(driver)
    entries = driver.find_elements(By.CSS_SELECTOR, "#history-list button")
    assert len(entries) == 2
    assert "frames" in driver.find_element(By.ID, "domtext").get_attribute("textContent")
    entries[1].click()  # the older one: login.html
    show_tab(driver, "dom")
    assert "login.html" in driver.find_element(By.ID, "domtext").text
    driver.refresh()  # kept in chrome.storage.session
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#history-list button")) == 2


def test_the_panel_works_from_the_keyboard(panel: Browser, pages_url: str) -> None:
    goto_target(panel, pages_url + "login.html")
    driver = panel.driver
    storage(driver, "chrome.storage.local.set({panelOptions: arguments[0]}).then(done)",
            {**FAST, "format": "domtext"})
    open_panel(panel)
    active = lambda: driver.switch_to.active_element.get_attribute("id")  # noqa: E731
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(5):  # the first stops: the primary button comes early
        if active() == "snapshot":
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert active() == "snapshot"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "status").text.startswith("Done"))
    assert active() == "snapshot", "the focus stays on the button during and after the run"
    driver.find_element(By.ID, "tab-json").send_keys(Keys.ARROW_RIGHT)
    assert active() == "tab-dom"
    assert driver.find_element(By.ID, "panel-dom").is_displayed()
    driver.switch_to.active_element.send_keys(Keys.END)
    assert active() == "tab-delta"
    assert driver.find_element(By.ID, "tab-delta").get_attribute("aria-selected") == "true"


def _act_in_panel(driver: Any, step: str) -> str:
    """Type ``step`` into the panel's Act box, run it, and return what the box shows once
    it is done (the button enabled again and the result no longer "Acting…")."""
    details = driver.find_element(By.ID, "act")
    if details.get_attribute("open") is None:
        details.find_element(By.TAG_NAME, "summary").click()
    box = driver.find_element(By.ID, "act-step")
    box.clear()
    box.send_keys(step)
    driver.find_element(By.ID, "act-run").click()
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "act-run").is_enabled()
        and d.find_element(By.ID, "act-result").text not in ("", "Acting…"))
    return str(driver.find_element(By.ID, "act-result").text)


def test_the_act_box_takes_the_act_options(panel: Browser, pages_url: str) -> None:
    """The panel's Act box parses `axsnap act`'s options after the step and they reach the
    act end to end (issue 32): --no-settle keeps the quiet window (the reply says it ended
    it), --quiet-ms and --timeout-ms are taken; a bad option is refused by the parser, with
    its sentence, and nothing is done to the page."""
    goto_target(panel, pages_url + "act/settle/settle.html")
    driver = panel.driver
    open_panel(panel)
    said = _act_in_panel(driver, 'click "Quick" --no-settle --quiet-ms 150 --timeout-ms 20000')
    assert "done" in said and "(quiet_window)" in said, said
    with panel.in_target() as target:
        assert target.execute_script("return document.getElementById('out').textContent") \
            == "Quick done"
        target.execute_script("document.getElementById('out').textContent = ''")
    said = _act_in_panel(driver, 'click "Quick" --quiet-ms lots')
    assert said == "--quiet-ms takes a whole number of milliseconds (or requests)", said
    said = _act_in_panel(driver, 'click "Quick" --fast')
    assert said.startswith("Unknown option --fast"), said
    with panel.in_target() as target:
        assert target.execute_script(
            "return document.getElementById('out').textContent") == "", "a refused step ran"
    said = _act_in_panel(driver, 'click "Quick" --force')
    assert "done" in said and "(settled)" in said, said


def test_the_panel_itself_snapshots_cleanly(panel: Browser, pages_url: str) -> None:
    """Every control of the panel (with a result on screen) has a name in axsnap's own
    accessibility snapshot of it."""
    driver = panel.driver
    panel_window = driver.current_window_handle
    driver.switch_to.new_window("window")
    other = driver.current_window_handle
    driver.get(pages_url + "login.html")
    other_tab = panel.tab_id_for(other)
    driver.switch_to.window(panel.target_handle)
    open_panel(panel, other_tab)  # the panel in the target tab, bound to the other tab
    roles = {"button", "checkbox", "combobox", "textbox", "spinbutton", "tab", "searchbox",
             "radio", "link", "slider", "listbox"}
    try:
        assert snapshot(driver).startswith("Done")
        open_options(driver)
        driver.find_element(By.CSS_SELECTOR, "#agents summary").click()
        controls = []
        for tab in ("json", "dom", "outline"):  # a hidden tab panel is out of the AX tree
            show_tab(driver, tab)
            snap = panel.snapshot(pruned=False, **FAST)
            assert snap.quality.frames_failed == 0
            controls += [n for n in snap.ax_tree.nodes if n.role in roles]
        unnamed = [(n.role, n.id) for n in controls if not n.name.strip()]
        assert not unnamed
        names = {n.name for n in controls}
        for expected in ("Snapshot this tab", "Output", "DOM text covers", "Redact secrets",
                         "Search JSON", "Document", "Copy JSON", "Token budget for the outline",
                         "Quiet for (ms)", "Allowed extension IDs, one per line", "JSON",
                         "DOM text", "Outline", "Delta", "Zoom in", "Zoom out",
                         "Download image", "Copy outline", "Download all (ZIP)"):
            assert expected in names, (expected, sorted(names))
        assert any(n.role == "button" and "— Sign in —" in n.name for n in controls), "history"
    finally:
        driver.get("about:blank")
        driver.switch_to.window(other)
        driver.close()
        driver.switch_to.window(panel_window)


def test_unregistered_host_shows_the_install_command(fresh_browser_factory: type[Browser],
                                                     pages_url: str) -> None:
    with fresh_browser_factory(register_host=False) as browser:
        browser.open(pages_url + "login.html")
        driver = browser.driver
        driver.switch_to.new_window("window")
        driver.get(PANEL)
        storage(driver, "chrome.storage.local.set({panelOptions: arguments[0]}).then(done)",
                {**FAST, "format": "snapshot"})
        open_panel(browser)
        snapshot(driver)
        assert driver.find_element(By.ID, "error").is_displayed()
        assert driver.find_element(By.ID, "error-title").text == "The axsnap host is not installed"
        command = driver.find_element(By.ID, "install-command").text
        assert command == "axsnap install-host"
        assert driver.find_element(By.ID, "copy-command").is_displayed()
        assert driver.find_element(By.ID, "error-code").text == "host_not_found"
