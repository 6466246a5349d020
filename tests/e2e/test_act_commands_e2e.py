"""The DevTools commands an act sends (issue 32's pace, note 83): every command costs the
browser and the page's renderer CPU and, under load, a wait for a core. An act whose page did
not change since the last act's report (its kept baseline stands) looks its target up on what
its baseline check read in the same act: the frames it just read (no frame tree read again, no
auto-attach again) and the top document's world its check's evaluate answered in (no world
made). Counted through the test's own trace: ``chrome.debugger.sendCommand`` wrapped in the
extension's service worker (the worker calls it through that object), not through the
product's timings. An exact act looks up as before; every act does what it was asked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from browser_cdp import BrowserCDP

from axsnap_host.client import Browser
from axsnap_host.models.act import ActionResult

# The worker's commands from now on, by method, in the order sent (`__axsnapTestCommands`);
# the press watch's call (lib/act/press_watch.js: its listener marked axsnap's own, put on
# beside the move) as PRESS_WATCH: it belongs to the press, not to what comes before it.
PRESS_WATCH = "press watch"
TRACE = """(() => {
  globalThis.__axsnapTestCommands = [];
  if (!globalThis.__axsnapTestWrapped) {
    globalThis.__axsnapTestWrapped = true;
    const send = chrome.debugger.sendCommand.bind(chrome.debugger);
    chrome.debugger.sendCommand = (target, method, params, ...rest) => {
      const watch = method === 'Runtime.callFunctionOn'
        && String(params?.functionDeclaration ?? '').includes('axsnap:own-listener');
      globalThis.__axsnapTestCommands?.push(watch ? 'press watch' : method);
      return send(target, method, params, ...rest);
    };
  }
  return true;
})()"""
TAKE = """(() => {
  const got = globalThis.__axsnapTestCommands;
  globalThis.__axsnapTestCommands = null;
  return got;
})()"""
Traced = Callable[[Callable[[], ActionResult]], tuple[ActionResult, list[str]]]

# every act here is counted from a new document: the worker's preparation of that document (a
# read once it settles, conftest ``unprepared``) would add its own commands to the count when it
# runs beside the act (on a loaded machine: a second walk and an AX tree in a CI run)
pytestmark = pytest.mark.usefixtures("unprepared")


@pytest.fixture
def traced(browser: Browser) -> Iterator[Traced]:
    """Run an act and return it with the commands the worker sent for it before its first
    input (an input event, a focus, the press watch put on beside the move)."""
    cdp = BrowserCDP(browser)

    def run(act: Callable[[], ActionResult]) -> tuple[ActionResult, list[str]]:
        worker = cdp.worker_target()
        assert worker is not None, "the extension's service worker is not running"
        assert cdp.evaluate_in(worker, TRACE) is True
        result = act()
        commands = cdp.evaluate_in(worker, TAKE)
        assert isinstance(commands, list), "the worker was restarted during the act"
        first_input = next((i for i, m in enumerate(commands)
                            if m.startswith("Input.") or m in ("DOM.focus", PRESS_WATCH)),
                           len(commands))
        return result, commands[:first_input]

    try:
        yield run
    finally:
        cdp.close()


def _checked(browser: Browser, label: str) -> bool:
    return bool(browser.run_in_target(
        f"return document.querySelector('[aria-label={json.dumps(label)}]').checked"))


def test_a_click_on_a_kept_baseline_reads_no_frame_tree_and_makes_no_world(
        browser: Browser, pages_url: str, traced: Traced) -> None:
    browser.open(f"{pages_url}act/baseline/inbox.html")
    first, before = traced(lambda: browser.act("Select Quarterly report", "click"))
    assert first.ok, first.error
    assert "baseline_kept" not in first.timings  # nothing kept yet: a capture, a world made
    assert "Page.createIsolatedWorld" in before, before
    second, before = traced(lambda: browser.act("Select Invoice 2291", "click"))
    assert second.ok, second.error
    assert second.timings.get("baseline_kept") == 1, second.timings
    # the baseline check's frame read is the only one; the lookup makes no world
    assert before.count("Page.getFrameTree") == 1, before
    assert before.count("Target.setAutoAttach") == 1, before
    assert "Page.createIsolatedWorld" not in before, before
    assert before.count("DOM.resolveNode") == 1, before
    assert before.count("Runtime.callFunctionOn") == 1, before
    assert _checked(browser, "Select Invoice 2291") and _checked(browser, "Select Quarterly report")
    # exact: every fast path off, the page read and the target looked up as always
    exact, before = traced(lambda: browser.act("Select Design review", "click", exact=True))
    assert exact.ok, exact.error
    assert "baseline_kept" not in exact.timings
    assert "Page.createIsolatedWorld" in before and before.count("Page.getFrameTree") >= 2, before
    assert _checked(browser, "Select Design review")


def test_a_fill_on_a_kept_baseline_reads_no_frame_tree_and_makes_no_world(
        browser: Browser, pages_url: str, traced: Traced) -> None:
    browser.open(f"{pages_url}act/fill_log.html")
    assert browser.act("Name", "fill", "Ada").ok
    second, before = traced(lambda: browser.act("Name", "fill", "Grace"))
    assert second.ok, second.error
    assert second.timings.get("baseline_kept") == 1, second.timings
    assert before.count("Page.getFrameTree") == 1, before
    assert "Page.createIsolatedWorld" not in before, before
    assert browser.run_in_target("return document.getElementById('name').value") == "Grace"


def test_a_frame_s_target_on_the_check_s_frames_is_found_in_its_own_frame(
        browser: Browser, pages_url: str, traced: Traced) -> None:
    # a same-site frame: the check's frames number it; its node is looked for in its own world
    browser.open(f"{pages_url}act/frame.html?src={pages_url}act/inner.html")
    assert browser.act("Frame field", "fill", "one").ok
    second, before = traced(lambda: browser.act("Frame button", "click"))
    assert second.ok, second.error
    assert second.target and second.target.id and second.target.id.startswith("1-"), second.target
    if second.timings.get("baseline_kept") == 1:
        assert before.count("Page.getFrameTree") == 1, before
    with browser.in_target() as driver:
        driver.switch_to.frame(driver.find_element("tag name", "iframe"))
        try:
            assert driver.find_element("id", "out").text == "frame clicked"
        finally:
            driver.switch_to.default_content()


BOX_AND_HIT = {"DOM.getContentQuads", "Page.getLayoutMetrics", "DOM.getNodeForLocation"}


def test_a_click_reads_its_box_and_hit_in_the_lookup_s_page_call(
        browser: Browser, pages_url: str, traced: Traced) -> None:
    # fast path act_point_in_page (note 86): a top document's target's box and hit test ride
    # the lookup's one page call; no DevTools box, viewport or hit command before the input
    browser.open(f"{pages_url}act/baseline/inbox.html")
    assert browser.act("Select Quarterly report", "click").ok
    kept, before = traced(lambda: browser.act("Select Invoice 2291", "click"))
    assert kept.ok, kept.error
    assert kept.timings.get("baseline_kept") == 1, kept.timings
    assert not BOX_AND_HIT & set(before), before
    assert before.count("Runtime.callFunctionOn") == 1, before
    assert before.count("DOM.resolveNode") == 1, before
    # the first act on a page (no baseline: its capture reads the layout metrics) neither
    browser.open(f"{pages_url}act/baseline/inbox.html")
    first, before = traced(lambda: browser.act("Select Design review", "click"))
    assert first.ok, first.error
    assert not {"DOM.getContentQuads", "DOM.getNodeForLocation"} & set(before), before
    # exact: DevTools' three reads, as before
    exact, before = traced(lambda: browser.act("Select Quarterly report", "click", exact=True))
    assert exact.ok, exact.error
    assert {"DOM.getContentQuads", "DOM.getNodeForLocation"} <= set(before), before
    assert before.count("Page.getLayoutMetrics") >= 1, before
    assert [_checked(browser, label) for label in
            ("Select Invoice 2291", "Select Design review", "Select Quarterly report")] == [
        False, True, True]


def test_a_framed_target_reads_its_box_and_hit_of_devtools(
        browser: Browser, pages_url: str, traced: Traced) -> None:
    # a frame's node keeps the exact path (its frame's offset and the top document's covers)
    browser.open(f"{pages_url}act/frame.html?src={pages_url}act/inner.html")
    assert browser.act("Frame field", "fill", "one").ok
    result, before = traced(lambda: browser.act("Frame button", "click"))
    assert result.ok, result.error
    assert {"DOM.getContentQuads", "DOM.getNodeForLocation"} <= set(before), before


# Every command of the act with its expression's head (`__axsnapTestSent`), in order.
TRACE_ALL = """(() => {
  globalThis.__axsnapTestSent = [];
  if (!globalThis.__axsnapTestWrappedAll) {
    globalThis.__axsnapTestWrappedAll = true;
    const send = chrome.debugger.sendCommand.bind(chrome.debugger);
    chrome.debugger.sendCommand = (target, method, params, ...rest) => {
      globalThis.__axsnapTestSent?.push([method, String(params?.expression ?? '')]);
      return send(target, method, params, ...rest);
    };
  }
  return true;
})()"""
TAKE_ALL = """(() => {
  const got = globalThis.__axsnapTestSent;
  globalThis.__axsnapTestSent = null;
  return got;
})()"""


def _after_input(browser: Browser, act: Callable[[], ActionResult]
                 ) -> tuple[ActionResult, list[list[str]]]:
    cdp = BrowserCDP(browser)
    try:
        worker = cdp.worker_target()
        assert worker is not None, "the extension's service worker is not running"
        assert cdp.evaluate_in(worker, TRACE_ALL) is True
        result = act()
        sent = cdp.evaluate_in(worker, TAKE_ALL)
    finally:
        cdp.close()
    assert isinstance(sent, list), "the worker was restarted during the act"
    last_input = max(i for i, (method, _) in enumerate(sent) if method.startswith("Input."))
    return result, sent[last_input + 1:]


def test_the_capture_after_reads_focus_and_modals_in_the_walk_s_evaluate(
        browser: Browser, pages_url: str) -> None:
    # note 86: the focus and the modals after the act ride the walk's evaluate (fast path
    # act_listable_ids: the walk's elements go along), no evaluate of their own
    browser.open(f"{pages_url}act/baseline/inbox.html")
    assert browser.act("Select Quarterly report", "click").ok
    result, after = _after_input(browser, lambda: browser.act("Sync later", "click"))
    assert result.ok, result.error
    assert result.timings.get("baseline_kept") == 1, result.timings
    evaluates = [expression for method, expression in after if method == "Runtime.evaluate"]
    # the walk with its proof (a readiness check may read the proof alone too)
    walks = [e for e in evaluates if "__axsnapAnswerWatch" in e and "__axsnapWalk_" in e]
    # (two when the early capture did not stand, a change while readiness ran: walked again)
    assert walks and all("document.activeElement" in w for w in walks), evaluates
    assert not [e for e in evaluates if e not in walks and "document.activeElement" in e], evaluates
    # what they read: the button the click focused
    assert result.changes and result.changes.focus and result.target
    assert result.changes.focus.id == result.target.id, (result.changes.focus, result.target)
    # exact: read on their own, as before
    exact, after = _after_input(browser, lambda: browser.act("Sync later", "click", exact=True))
    assert exact.ok, exact.error
    evaluates = [expression for method, expression in after if method == "Runtime.evaluate"]
    assert [e for e in evaluates if "document.activeElement" in e
            and "__axsnapWalk_" not in e], evaluates


def test_the_capture_after_reads_its_layout_in_the_walk_s_evaluate(
        browser: Browser, pages_url: str) -> None:
    # note 86: the capture after the act reads the layout viewport and the content size in the
    # walk's evaluate (fast path act_layout_in_walk): no Page.getLayoutMetrics after the input
    browser.open(f"{pages_url}act/baseline/inbox.html")
    assert browser.act("Select Quarterly report", "click").ok
    result, after = _after_input(browser, lambda: browser.act("Sync later", "click"))
    assert result.ok, result.error
    methods = [method for method, _ in after]
    assert "Page.getLayoutMetrics" not in methods, methods
    walks = [e for method, e in after if method == "Runtime.evaluate" and "__axsnapWalk_" in e]
    assert walks and all("document.scrollingElement" in w for w in walks), methods
    # exact: asked of DevTools, as before
    exact, after = _after_input(browser, lambda: browser.act("Sync later", "click", exact=True))
    assert exact.ok, exact.error
    assert "Page.getLayoutMetrics" in [method for method, _ in after], after


def test_a_first_act_looks_up_on_its_capture_s_frames(
        browser: Browser, pages_url: str, traced: Traced) -> None:
    # note 86: with no baseline the act captures the page (its frames read once) and the
    # lookup numbers that capture's frames, the ones the host resolved the id on
    browser.open(f"{pages_url}act/baseline/inbox.html")
    first, before = traced(lambda: browser.act("Select Quarterly report", "click"))
    assert first.ok, first.error
    assert "baseline_kept" not in first.timings
    # the capture's frames (one auto-attach), then the lookup: a world, the node, its check
    assert before.count("Target.setAutoAttach") == 1, " ".join(before)
    assert before[-3:] == ["Page.createIsolatedWorld", "DOM.resolveNode",
                           "Runtime.callFunctionOn"], " ".join(before)
    # a same-site frame's target: numbered on the capture's frames, found in its own frame
    browser.open(f"{pages_url}act/frame.html?src={pages_url}act/inner.html")
    framed, before = traced(lambda: browser.act("Frame button", "click"))
    assert framed.ok, framed.error
    assert framed.target and framed.target.id and framed.target.id.startswith("1-"), framed.target
    assert before.count("Target.setAutoAttach") == 1, " ".join(before)
    # exact: the frames read again for the lookup, as before
    browser.open(f"{pages_url}act/baseline/inbox.html")
    exact, before = traced(lambda: browser.act("Select Invoice 2291", "click", exact=True))
    assert exact.ok, exact.error
    assert before.count("Target.setAutoAttach") == 2, " ".join(before)
    assert _checked(browser, "Select Invoice 2291")


def test_the_capture_after_releases_no_empty_object_group(
        browser: Browser, pages_url: str) -> None:
    # note 135: the capture after an act on a kept baseline takes its listable elements in the
    # walk's own evaluate (released once: its group) and finds every click-listener node among
    # its records: the ids step put nothing in its own group and sends no release for it
    browser.open(f"{pages_url}act/baseline/inbox.html")
    assert browser.act("Select Quarterly report", "click").ok
    result, after = _after_input(browser, lambda: browser.act("Select Invoice 2291", "click"))
    assert result.ok, result.error
    assert result.timings.get("baseline_kept") == 1, result.timings
    assert result.timings.get("after_listable_ids") == 1, result.timings
    methods = [method for method, _ in after]
    # one release a walk, its elements' group (an early capture that did not stand, a change
    # while readiness ran, is walked again after readiness: its own group, its own release)
    walks = [e for method, e in after if method == "Runtime.evaluate" and "__axsnapWalk_" in e]
    assert walks and methods.count("Runtime.releaseObjectGroup") == len(walks), methods
    # what it read: the box the click ticked, and its row's state in the report
    assert _checked(browser, "Select Invoice 2291")
    assert result.changes is not None and result.changes.dom.changed, result.changes
