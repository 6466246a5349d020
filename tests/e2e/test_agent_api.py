"""The agent API: other extensions call chrome.runtime.sendMessage(AXSNAP_ID, ...) and get
the same replies as axsnap's own pages — when the person put them on the allow-list.

One Chromium loads three unpacked extensions: axsnap, the example agent
(examples/agent-extension) and a stranger nobody allowed (tests/e2e/extensions/stranger).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from axsnap_host import EXTENSION_ID
from axsnap_host.client import Browser
from axsnap_host.models.api import (
    ActReply,
    ErrorReply,
    FindReply,
    PingHostReply,
    ResolveReply,
    SnapshotReply,
)

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
AGENT_DIR = ROOT / "examples" / "agent-extension"
STRANGER_DIR = Path(__file__).parent / "extensions" / "stranger"
AGENT_ID = "ffmggmhlffiobcicpghhjfkdfpffifmi"  # fixed by the example's manifest key
STRANGER_ID = "lkfgnmhfofhnkhnkjggcpgjfbjcccgik"
FAST = {"stabilize": {"enabled": True, "quiet_ms": 100, "max_wait_ms": 1500}}


def ask(driver: Any, message: dict[str, Any]) -> dict[str, Any]:
    """sendMessage to axsnap from the current (extension) page; the reply as a dict."""
    text = driver.execute_async_script(
        "const [id, message, done] = arguments;"
        "chrome.runtime.sendMessage(id, message).then((r) => done(JSON.stringify(r)),"
        " (e) => done(JSON.stringify({sendFailed: String(e)})));",
        EXTENSION_ID, message,
    )
    return json.loads(text)


def page_of(browser: Browser, extension_id: str, page: str, query: str = "") -> str:
    """Open an extension page in a new window; returns its handle (now current)."""
    driver = browser.driver
    driver.switch_to.new_window("window")
    driver.get(f"chrome-extension://{extension_id}/{page}{query}")
    return driver.current_window_handle


def set_allow_list(browser: Browser, ids: list[str]) -> None:
    """Through the panel's own field, as a person would."""
    driver = browser.driver
    here = driver.current_window_handle
    page_of(browser, EXTENSION_ID, "sidepanel.html", f"?tabId={browser.tab_id}")
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    driver.find_element(By.CSS_SELECTOR, "#agents summary").click()
    field = driver.find_element(By.ID, "allow-list")
    field.clear()
    field.send_keys("\n".join(ids))
    driver.find_element(By.ID, "save-allow-list").click()
    WebDriverWait(driver, 5, poll_frequency=0.05).until(
        lambda d: d.find_element(By.ID, "allow-status").text.startswith("Saved"))
    driver.close()
    driver.switch_to.window(here)


@pytest.fixture(scope="module")
def agents() -> Iterator[Browser]:
    # Browser() itself fails loudly, with the apt-get command, when Chromium is missing.
    with Browser(extra_extensions=(AGENT_DIR, STRANGER_DIR)) as browser:
        yield browser


def store_allow_list(browser: Browser, ids: list[str]) -> None:
    """Straight into axsnap's storage (the panel's field is tested above)."""
    with browser.in_target(browser.bridge_handle) as driver:
        driver.execute_async_script(
            "chrome.storage.local.set({agentAllowList: arguments[0]}).then(arguments[1])", ids)


@pytest.fixture
def allowed(agents: Browser) -> Iterator[Browser]:
    store_allow_list(agents, [AGENT_ID])
    try:
        yield agents
    finally:
        store_allow_list(agents, [])


def test_agents_are_refused_until_allowed(agents: Browser, pages_url: str) -> None:
    agents.open(pages_url + "login.html")
    driver = agents.driver
    page_of(agents, AGENT_ID, "agent.html")
    try:
        message = {"type": "snapshot", "tabId": agents.tab_id, "options": {"format": "domtext"}}
        refused = ask(driver, message)
        ErrorReply.model_validate(refused)
        assert refused["error"]["code"] == "not_allowed"
        assert AGENT_ID in refused["error"]["hint"]  # says what to put on the list
        set_allow_list(agents, [AGENT_ID])
        reply = ask(driver, message)
        SnapshotReply.model_validate(reply)
        assert reply["result"]["format"] == "domtext"
        assert '"Sign in"' in reply["result"]["domtext"]
        assert "Zq7-attr-S3CRET-pw-91x" not in json.dumps(reply)
        # the other message types too; but never redaction off
        PingHostReply.model_validate(ask(driver, {"type": "ping_host"}))
        unredacted = ask(driver, {**message, "options": {"redact": False}})
        assert unredacted["error"]["code"] == "not_allowed"
        for value in ("false", 0, "off"):  # a truthy-looking string is not a way round it
            loose = ask(driver, {**message, "options": {"redact": value}})
            assert loose["error"]["code"] == "invalid_message", loose
            assert "Zq7-attr-S3CRET-pw-91x" not in json.dumps(loose)
    finally:
        set_allow_list(agents, [])
        driver.close()
        driver.switch_to.window(agents.target_handle)


def test_a_stranger_is_refused_while_an_agent_is_allowed(allowed: Browser,
                                                        pages_url: str) -> None:
    allowed.open(pages_url + "login.html")
    driver = allowed.driver
    page_of(allowed, STRANGER_ID, "page.html")
    try:
        for message in ({"type": "snapshot", "tabId": allowed.tab_id}, {"type": "ping_host"}):
            reply = ask(driver, message)
            ErrorReply.model_validate(reply)
            assert reply["error"]["code"] == "not_allowed"
            assert STRANGER_ID in reply["error"]["message"]
    finally:
        driver.close()
        driver.switch_to.window(allowed.target_handle)


def test_an_allowed_agent_acts_through_axsnap(allowed: Browser, pages_url: str) -> None:
    """The ``act`` and ``find`` messages from another extension: resolved and executed by
    axsnap, refused for a stranger."""
    allowed.open(pages_url + "agent/index.html")
    driver = allowed.driver
    message = {"type": "act", "tabId": allowed.tab_id, "action": "click", "target": "Count me"}
    page_of(allowed, STRANGER_ID, "page.html")
    try:
        refused = ask(driver, message)
        assert refused["error"]["code"] == "not_allowed"
    finally:
        driver.close()
        driver.switch_to.window(allowed.target_handle)
    page_of(allowed, AGENT_ID, "agent.html")
    try:
        reply = ask(driver, message)
        ActReply.model_validate(reply)
        assert reply["result"]["ok"] is True, reply["result"]
        assert reply["result"]["target"]["label"] == "Count me"
        found = ask(driver, {"type": "find", "tabId": allowed.tab_id, "query": "Count me"})
        FindReply.model_validate(found)
        assert found["result"]["decision"] == "unique"
    finally:
        driver.close()
        driver.switch_to.window(allowed.target_handle)  # back where Browser.driver rests
    assert driver.find_element(By.ID, "clicks").text == "1"


def _index_of(domtext: str, needle: str) -> str:
    for line in domtext.splitlines():
        if needle in line and line.startswith("["):
            return line[1 : line.index("]")]
    raise AssertionError(f"{needle!r} not in the DOM text:\n{domtext}")


def test_the_example_agent_snapshots_picks_and_acts(allowed: Browser, pages_url: str) -> None:
    allowed.open(pages_url + "agent/index.html")
    driver = allowed.driver
    page_of(allowed, AGENT_ID, "agent.html", f"?tabId={allowed.tab_id}")
    wait = WebDriverWait(driver, 30, poll_frequency=0.05)
    try:
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")

        def snapshot() -> str:
            driver.find_element(By.ID, "snapshot").click()
            wait.until(lambda d: "elements in" in d.find_element(By.ID, "status").text)
            return driver.find_element(By.ID, "domtext").text

        def act(index: str, action: str, text: str = "") -> None:
            before = len(driver.find_elements(By.CSS_SELECTOR, "#log li"))
            field = driver.find_element(By.ID, "index")
            field.clear()
            field.send_keys(index)
            Select(driver.find_element(By.ID, "action")).select_by_value(action)
            driver.find_element(By.ID, "text").clear()
            driver.find_element(By.ID, "text").send_keys(text)
            driver.find_element(By.ID, "act").click()
            wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log li")) > before
                       or d.find_element(By.ID, "error").is_displayed())
            assert not driver.find_element(By.ID, "error").is_displayed(), \
                driver.find_element(By.ID, "error").text
            wait.until(lambda d: "elements in" in d.find_element(By.ID, "status").text)

        domtext = snapshot()
        act(_index_of(domtext, '"Count me"'), "click")
        act(_index_of(domtext, "<input>"), "type", "Ada")
        act(_index_of(domtext, '"Frame button"'), "click")  # inside a same-origin iframe
        act(_index_of(domtext, '"Shadow button"'), "click")  # inside an open shadow root
        log = driver.find_element(By.ID, "log").text
        assert "clicked <button>" in log and "typed into <input>" in log

        driver.find_element(By.ID, "index").clear()
        driver.find_element(By.ID, "index").send_keys("999")
        driver.find_element(By.ID, "act").click()
        wait.until(lambda d: d.find_element(By.ID, "error").is_displayed())
        assert "no element [999]" in driver.find_element(By.ID, "error").text
    finally:
        driver.close()
        driver.switch_to.window(allowed.target_handle)  # back where Browser.driver rests
    assert driver.find_element(By.ID, "clicks").text == "1"
    assert driver.find_element(By.ID, "echo").text == "Ada"
    assert driver.find_element(By.ID, "frame-clicks").text == "1"
    assert driver.title == "shadow clicked"


def test_redact_is_a_boolean_and_an_unredacted_reply_says_so(browser: Browser,
                                                             pages_url: str) -> None:
    browser.open(pages_url + "login.html")
    target = {"type": "snapshot", "targetId": browser.target_handle}
    for value in ("false", 0, "0", "no", None):
        reply = browser.request({**target, "options": {"format": "domtext", "redact": value}})
        assert ErrorReply.model_validate(reply).error.code == "invalid_message"
        assert "options.redact must be a boolean" in reply["error"]["message"]
    for redact in (True, False):
        options = {"format": "domtext", "redact": redact, **FAST}
        reply = browser.request({**target, "options": options})
        assert SnapshotReply.model_validate(reply).result.redacted is redact


def test_replies_match_the_published_schemas(browser: Browser, pages_url: str) -> None:
    """Real replies of every message type validate against the models behind schemas/api."""
    browser.open(pages_url + "frames.html")
    for fmt in ("snapshot", "domtext", "som", "outline"):
        reply = browser.snapshot_raw(format=fmt, **FAST)
        SnapshotReply.model_validate(reply)
    outline = browser.snapshot_raw(format="outline", **FAST)["result"]
    element_id, xpath = next(iter(outline["combinedXpathMap"].items()))
    resolved = browser.request({"type": "resolve", "elementId": element_id, "xpath": xpath,
                                "targetId": browser.target_handle})
    assert ResolveReply.model_validate(resolved).result.consistent
    PingHostReply.model_validate(browser.request({"type": "ping_host"}))
    browser.open("chrome://version")
    failed = browser.request({"type": "snapshot", "targetId": browser.target_handle})
    assert ErrorReply.model_validate(failed).error.code == "restricted_page"
    browser.open("about:blank")
