"""The act's box and hit test read in the lookup's page call (fast path act_point_in_page,
design note 86) against the exact path's DevTools reads, on live pages.

For every element of the top document (open and closed shadow roots included) of each page of
the layout corpus (tests/pages/act_layouts/) and of a few real corpus pages, the in-page
function the act runs (extension/lib/act/point_in_page.js ``POINT_IN_PAGE``) and the exact
path's reads (``DOM.getContentQuads``, ``Page.getLayoutMetrics``, then
``DOM.getNodeForLocation`` at the same point and geometry.js ``REACHES`` on what it names) are
both asked, on the page as it loads and again with each element the load left out of view
scrolled into view. Each must give the same boxes and viewport, and no point the in-page read
says reaches its element may be one DevTools finds covered: the act takes the in-page hit only
when it reaches, and asks DevTools otherwise. Every disagreement is listed. The act's own
commands are counted in tests/e2e/test_act_commands_e2e.py.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from browser_cdp import BrowserCDP

from axsnap_host.client import Browser

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = ROOT / "tests" / "pages" / "act_layouts"
LAYOUT_PAGES = sorted({c[0] for c in json.loads((LAYOUTS / "cases.json").read_text())["cases"]})
CORPUS_PAGES = [
    "act/baseline/inbox.html", "act/form.html", "act/words.html", "dom/shadow.html",
    "understanding/cart_stepper_quantities.html", "understanding/dashboard_tasks_checkboxes.html",
    "understanding/bug_report_topbar_search.html", "understanding/account_billing_menu.html",
]
ACTABLE = {"a", "button", "input", "select", "textarea", "label", "summary", "li", "span", "div",
           "svg", "img", "td", "details", "option"}
HIT = {"includeUserAgentShadowDOM": False, "ignorePointerEventsNone": True}


def _export(module: str, name: str) -> str:
    script = f"import {{ {name} }} from './{module}'; process.stdout.write({name});"
    return subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


POINT_IN_PAGE = _export("extension/lib/act/point_in_page.js", "POINT_IN_PAGE")
REACHES = _export("extension/lib/act/geometry.js", "REACHES")


@dataclass
class Tally:
    compared: int = 0
    hit_tested: int = 0
    both_reach: int = 0
    declined: list[str] = field(default_factory=list)  # in-page no, DevTools yes: asked again
    left: list[str] = field(default_factory=list)  # no in-page answer (an inline box): exact path
    wrong: list[str] = field(default_factory=list)  # any disagreement that would change a verdict


def _bounds(quad: list[float]) -> tuple[float, float, float, float]:
    xs, ys = quad[0::2], quad[1::2]
    return min(xs), min(ys), max(xs), max(ys)


class Page:
    """The test's own DevTools session on the tab, with an isolated world of its top frame."""

    def __init__(self, cdp: BrowserCDP, browser: Browser) -> None:
        self.cdp = cdp
        self.session = cdp.call("Target.attachToTarget", {"targetId": browser.target_handle,
                                                          "flatten": True})["sessionId"]
        self.frame = self.call("Page.getFrameTree")["frameTree"]["frame"]["id"]
        self.context = self.call("Page.createIsolatedWorld", {
            "frameId": self.frame, "worldName": "axsnap-test-point"})["executionContextId"]

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.cdp.call(method, params, session=self.session)

    def close(self) -> None:
        self.cdp.call("Target.detachFromTarget", {"sessionId": self.session})

    def elements(self) -> list[tuple[int, str]]:
        """(backendNodeId, label) of the top document's elements, shadow roots pierced,
        frames' documents left out."""
        root = self.call("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
        found: list[tuple[int, str]] = []

        def walk(node: dict[str, Any]) -> None:
            name = str(node.get("localName", ""))
            if node.get("nodeType") == 1 and name in ACTABLE:
                attrs = node.get("attributes", [])
                named = dict(zip(attrs[0::2], attrs[1::2], strict=False))
                found.append((int(node["backendNodeId"]), f"{name}#{named.get('id', '')}"))
            if "contentDocument" in node:
                return
            for child in [*node.get("shadowRoots", []), *node.get("children", [])]:
                if child.get("shadowRootType") != "user-agent":
                    walk(child)

        walk(root)
        return found

    def object_of(self, backend: int) -> str | None:
        try:
            got = self.call("DOM.resolveNode", {"backendNodeId": backend,
                                                "executionContextId": self.context})
        except RuntimeError:
            return None
        return str(got["object"]["objectId"])

    def in_page(self, target: str) -> dict[str, Any] | None:
        got = self.call("Runtime.callFunctionOn", {"objectId": target, "returnByValue": True,
                                                   "functionDeclaration": POINT_IN_PAGE})
        assert "exceptionDetails" not in got, got
        value = got["result"].get("value")
        return value if isinstance(value, dict) else None

    def devtools_reaches(self, backend: int, target: str, x: int, y: int) -> bool | None:
        """The exact path's verdict at (x, y): True (the node, inside it, its label), False
        (covered), None (nothing there: the click decides)."""
        try:
            hit = self.call("DOM.getNodeForLocation", {"x": x, "y": y, **HIT})
        except RuntimeError:
            return None
        if hit["backendNodeId"] == backend:
            return True
        if hit.get("frameId") and hit["frameId"] != self.frame:
            return False
        other = self.object_of(int(hit["backendNodeId"]))
        if other is None:
            return False
        got = self.call("Runtime.callFunctionOn", {
            "objectId": target, "functionDeclaration": REACHES, "returnByValue": True,
            "arguments": [{"objectId": other}]})
        return got["result"].get("value") is True

    def compare(self, backend: int, label: str, where: str, tally: Tally) -> bool:
        """Both answers for one element; False when the in-page read found it out of view."""
        target = self.object_of(backend)
        if target is None:
            return True
        mine = self.in_page(target)
        try:
            quads = self.call("DOM.getContentQuads", {"backendNodeId": backend})["quads"]
        except RuntimeError:
            quads = []
        vp = self.call("Page.getLayoutMetrics")["cssLayoutViewport"]
        viewport = {"width": vp["clientWidth"], "height": vp["clientHeight"],
                    "pageX": vp["pageX"], "pageY": vp["pageY"]}
        name = f"{where} {label}"
        if mine is None:
            tally.left.append(name)
            return True
        tally.compared += 1
        for key in ("width", "height"):
            if mine["viewport"][key] != viewport[key]:
                tally.wrong.append(f"{name}: viewport {mine['viewport']} vs {viewport}")
        for key in ("pageX", "pageY"):
            if abs(mine["viewport"][key] - viewport[key]) > 0.01:
                tally.wrong.append(f"{name}: scroll {mine['viewport']} vs {viewport}")
        theirs = [_bounds(q) for q in quads]
        ours = [_bounds(q) for q in mine["quads"]]
        # an empty rect (a line break's box) is in neither's largest part: only sized ones count
        sized = [b for b in theirs if b[2] - b[0] >= 1 and b[3] - b[1] >= 1]
        ours_sized = [b for b in ours if b[2] - b[0] >= 1 and b[3] - b[1] >= 1]
        if len(sized) != len(ours_sized) or any(
                abs(a - b) > 0.02 for q, r in zip(sized, ours_sized, strict=False)
                for a, b in zip(q, r, strict=True)):
            tally.wrong.append(f"{name}: boxes {ours_sized} vs {sized}")
        hit = mine.get("hit")
        if not hit:
            return False
        tally.hit_tested += 1
        verdict = self.devtools_reaches(backend, target, hit["x"], hit["y"])
        if hit["reaches"] and verdict is False:
            tally.wrong.append(f"{name}: in-page reaches, DevTools covered at {hit}")
        elif hit["reaches"]:
            tally.both_reach += 1
        elif verdict is True:
            tally.declined.append(name)
        return True


@pytest.fixture
def page_cdp(browser: Browser) -> Iterator[BrowserCDP]:
    cdp = BrowserCDP(browser)
    try:
        yield cdp
    finally:
        cdp.close()


def _run(browser: Browser, cdp: BrowserCDP, url: str, where: str, tally: Tally) -> None:
    browser.open(url)
    page = Page(cdp, browser)
    try:
        out_of_view = [(b, label) for b, label in page.elements()
                       if not page.compare(b, label, where, tally)]
        for backend, label in out_of_view:
            try:
                page.call("DOM.scrollIntoViewIfNeeded", {"backendNodeId": backend})
            except RuntimeError:
                continue  # no box to scroll to
            page.compare(backend, label, f"{where} (scrolled)", tally)
    finally:
        page.close()


def test_in_page_box_and_hit_equal_devtools_on_the_layout_corpus_and_real_pages(
        browser: Browser, pages_url: str, cross_site_url: str, page_cdp: BrowserCDP) -> None:
    tally = Tally()
    for name in LAYOUT_PAGES:
        _run(browser, page_cdp, f"{pages_url}act_layouts/{name}?x={cross_site_url}", name, tally)
    for name in CORPUS_PAGES:
        _run(browser, page_cdp, f"{pages_url}{name}", name, tally)
    print(f"\ncompared {tally.compared}, hit-tested {tally.hit_tested}, both reach "
          f"{tally.both_reach}, declined {len(tally.declined)}: {tally.declined}; left to the "
          f"exact path {len(tally.left)}: {tally.left}")
    assert not tally.wrong, "\n".join(tally.wrong)
    assert tally.both_reach > 50, tally
