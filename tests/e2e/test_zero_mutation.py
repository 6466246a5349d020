"""Capture never mutates the page, on every path: the outline (plain, and compact with a CSS
focus the extension resolves in the page), Set-of-Mark, resolve, SnapshotV1 and DOM text.

tests/pages/untouched/index.html records every mutation of its document, its open shadow
root and its same-origin frame with MutationObservers; before and after each path the test
also compares the page's full state (markup, shadow markup, form values, checked and
selected states, scroll offsets, focus, selection) and its global names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from axsnap_host.client import Browser, OutlineResult

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}

PAGE_STATE = """
const docs = [document, document.getElementById('frame').contentDocument];
const out = [];
const walk = (root, where) => {
  for (const el of root.querySelectorAll('*')) {
    const at = `${where} ${el.id || el.nodeName}`;
    if (el.shadowRoot) {
      out.push(`${at} shadow ${el.shadowRoot.innerHTML}`);
      walk(el.shadowRoot, `${where}>shadow`);
    }
    if ('value' in el && typeof el.value === 'string') out.push(`${at} value=${el.value}`);
    if ('checked' in el) out.push(`${at} checked=${el.checked}`);
    if ('selectedIndex' in el) out.push(`${at} selected=${el.selectedIndex}`);
    if (el.scrollTop || el.scrollLeft) out.push(`${at} scroll=${el.scrollLeft},${el.scrollTop}`);
  }
};
docs.forEach((doc, i) => {
  out.push(`doc${i} ${doc.documentElement.outerHTML}`);
  walk(doc, `doc${i}`);
  const view = doc.defaultView;
  out.push(`doc${i} window scroll=${view.scrollX},${view.scrollY}`);
  out.push(`doc${i} focus=${doc.activeElement?.id || doc.activeElement?.nodeName}`);
  out.push(`doc${i} selection=${view.getSelection()?.toString()}`);
});
return out;
"""
NEW_GLOBALS = """
const before = new Set(window.__baseline);
return Object.getOwnPropertyNames(window).filter((n) => !before.has(n));
"""


def outline_paths(browser: Browser) -> None:
    browser.snapshot(format="outline", **FAST)
    browser.snapshot(format="outline", compact=True, focus="#login", filter="interactive",
                     max_tokens=200, **FAST)


def som_path(browser: Browser) -> None:
    som = browser.snapshot(format="som", **FAST)
    assert som.som_png  # the screenshot was taken: the path really ran


def resolve_path(browser: Browser) -> None:
    outline = browser.snapshot(format="outline", **FAST)
    assert isinstance(outline, OutlineResult)
    wanted = {"button: Sign in", "button: Pay", "button: Shadow button", "textbox: Email"}
    ids = [line.split("]")[0].strip(" [") for line in outline.combinedTree.splitlines()
           if line.split("] ", 1)[-1] in wanted]
    assert len(ids) == 4, outline.combinedTree
    for element_id in ids:
        assert browser.resolve(element_id, outline.combinedXpathMap[element_id])["consistent"]


def other_paths(browser: Browser) -> None:
    browser.snapshot(format="snapshot", **FAST)
    browser.snapshot(format="domtext", viewport_only=False, **FAST)


PATHS: dict[str, Callable[[Browser], None]] = {
    "outline": outline_paths, "som": som_path, "resolve": resolve_path,
    "snapshot+domtext": other_paths,
}


@pytest.mark.parametrize("path", list(PATHS))
def test_the_capture_path_changes_nothing_in_the_page(browser: Browser, pages_url: str,
                                                      path: str) -> None:
    browser.open(pages_url + "untouched/index.html")
    driver = browser.driver  # on the target tab
    driver.execute_script("""
      document.getElementById('pw').value = 'typed-S3CRET';   // a value typed, not an attribute
      document.getElementById('list').scrollTop = 40;
      document.getElementById('user').focus();
    """)
    driver.execute_script("return 1;")  # chromedriver leaves a global of its own at first
    driver.execute_script(
        "window.__baseline = [...Object.getOwnPropertyNames(window), '__baseline'];")
    before: list[Any] = driver.execute_script(PAGE_STATE)
    assert any("scroll=0,40" in part for part in before) and any("focus=user" in p for p in before)

    PATHS[path](browser)

    assert driver.execute_script("return window.__mutations") == []
    assert driver.execute_script(PAGE_STATE) == before
    assert driver.execute_script(NEW_GLOBALS) == []


# Built-ins a page-world script could wrap to watch the page: each must still be the
# browser's own function (axsnap runs nothing in the page's world before its scripts).
NATIVE_BUILTINS = """
const native = (fn) => typeof fn === 'function'
  && Function.prototype.toString.call(fn).includes('[native code]');
const probes = {
  'HTMLElement.prototype.attachInternals': HTMLElement.prototype.attachInternals,
  'Element.prototype.attachShadow': Element.prototype.attachShadow,
  'EventTarget.prototype.addEventListener': EventTarget.prototype.addEventListener,
  'CustomElementRegistry.prototype.define': CustomElementRegistry.prototype.define,
  'window.alert': window.alert,
  'History.prototype.pushState': History.prototype.pushState,
};
return Object.entries(probes).filter(([, fn]) => !native(fn)).map(([name]) => name);
"""


def test_the_page_world_keeps_the_browsers_own_builtins(browser: Browser,
                                                         pages_url: str) -> None:
    """No content script of the page's own world: a wrapped built-in is a change to the page
    (its scripts can see it) and tells the page axsnap is there."""
    browser.open(pages_url + "untouched/index.html")
    assert browser.driver.execute_script(NATIVE_BUILTINS) == []
    other_paths(browser)  # and a read adds none
    assert browser.driver.execute_script(NATIVE_BUILTINS) == []
