"""The capture after an act reads its layout in the walk's own evaluate (fast path
act_layout_in_walk, design note 86) instead of ``Page.getLayoutMetrics``: the in-page read
(extension/lib/act/layout_in_walk.js ``LAYOUT_IN_PAGE``) against DevTools' answer, on live
pages where the two could part.

The pages (tests/pages/act/layout_metrics/): a document scrolled both ways, one with
``scroll-behavior: smooth``, a body whose overflow is hidden, a body shorter than the window,
quirks mode, a body that is the scroller, a hidden scroll bar, a scroll bar always shown; and
three whose scroll origin is not the top left (a right to left root, a right to left body,
vertical lines), where the in-page read must decline. Each is read at several scroll positions
(fractional ones asked), under browser zoom and emulated device scale factors too. Wherever the
in-page read answers, each of the host's values (cssLayoutViewport's pageX, pageY, clientWidth,
clientHeight; cssContentSize) must equal DevTools' exactly; where the zoom is not 1 it must
decline (DevTools' integer rect then differs from the page's own numbers). The act's own
commands are counted in tests/e2e/test_act_commands_e2e.py.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser_cdp import BrowserCDP

from axsnap_host.client import Browser

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["tall", "smooth", "hidden", "short", "quirks", "scroller", "no_scrollbar",
         "always_scroll"]
# the scroll origin is not the top left: DevTools counts from the left edge, the page from its
# origin; the in-page read declines
OTHER_ORIGIN = ["rtl", "body_rtl", "vertical"]
# (left, top) asked of the root scroller and of the body (the scroller of scroller.html)
SCROLLS = [(0, 0), (33.3, 123.4), (-41.7, 77.77), (100000, 100000), (-100000, 0.5)]
ZOOMS = [1.0, 1.1, 0.9, 1.25]
DEVICE_SCALES = [1.5, 2.0]
VIEWPORT = ["pageX", "pageY", "clientWidth", "clientHeight"]
CONTENT = ["x", "y", "width", "height"]
# the scroll asked, then five frames in a row without a change (a smooth scroll has ended)
SCROLL = """(async (left, top) => {
  window.scrollTo({ left, top });
  if (document.body) document.body.scrollTo({ left, top });
  let last = null;
  for (let still = 0; still < 5;) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = `${scrollX},${scrollY},${document.body?.scrollLeft},${document.body?.scrollTop}`;
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
})"""


def _export(module: str, name: str) -> str:
    script = f"import {{ {name} }} from './{module}'; process.stdout.write({name});"
    return subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


LAYOUT_IN_PAGE = _export("extension/lib/act/layout_in_walk.js", "LAYOUT_IN_PAGE")


@dataclass
class Tally:
    compared: int = 0
    declined: int = 0
    answered_at: set[str] = field(default_factory=set)
    wrong: list[str] = field(default_factory=list)


def _read(cdp: BrowserCDP, browser: Browser, url: str, where: str, tally: Tally,
          scale: float | None = None) -> None:
    browser.open(url)
    session = cdp.call("Target.attachToTarget", {"targetId": browser.target_handle,
                                                 "flatten": True})["sessionId"]

    def call(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return cdp.call(method, params, session=session)

    try:
        if scale is not None:
            call("Emulation.setDeviceMetricsOverride", {"width": 0, "height": 0,
                                                        "deviceScaleFactor": scale,
                                                        "mobile": False})
        frame = call("Page.getFrameTree")["frameTree"]["frame"]["id"]
        world = call("Page.createIsolatedWorld", {"frameId": frame,
                                                  "worldName": "axsnap-test-layout"})
        for left, top in SCROLLS:
            moved = call("Runtime.evaluate", {"expression": f"{SCROLL}({left}, {top})",
                                              "awaitPromise": True, "returnByValue": True})
            assert "exceptionDetails" not in moved, moved
            got = call("Runtime.evaluate", {"expression": LAYOUT_IN_PAGE, "returnByValue": True,
                                            "contextId": world["executionContextId"]})
            assert "exceptionDetails" not in got, got
            theirs = call("Page.getLayoutMetrics")
            value = got["result"].get("value")
            name = f"{where} at {moved['result']['value']}"
            if value is None:
                tally.declined += 1
                continue
            ours = json.loads(value)
            tally.compared += 1
            tally.answered_at.add(where)
            for part, keys in (("cssLayoutViewport", VIEWPORT), ("cssContentSize", CONTENT)):
                mine = {k: ours[part][k] for k in keys}
                devtools = {k: theirs[part][k] for k in keys}
                if mine != devtools:
                    tally.wrong.append(f"{name}: {part} {mine} vs DevTools {devtools}")
    finally:
        if scale is not None:
            call("Emulation.clearDeviceMetricsOverride")
        cdp.call("Target.detachFromTarget", {"sessionId": session})


def test_the_walk_s_layout_equals_devtools_layout_metrics(
        browser: Browser, pages_url: str) -> None:
    cdp = BrowserCDP(browser)
    by_condition: dict[str, Tally] = {}
    try:
        for zoom in ZOOMS:
            tally = by_condition[f"zoom {zoom}"] = Tally()
            for page in PAGES + OTHER_ORIGIN:
                url = f"{pages_url}act/layout_metrics/{page}.html"
                browser.open(url)
                cdp.set_zoom(pages_url, zoom)
                _read(cdp, browser, url, f"{page} zoom {zoom}", tally)
        cdp.set_zoom(pages_url, 1.0)
        for scale in DEVICE_SCALES:
            tally = by_condition[f"device scale {scale}"] = Tally()
            for page in PAGES + OTHER_ORIGIN:
                _read(cdp, browser, f"{pages_url}act/layout_metrics/{page}.html",
                      f"{page} device scale {scale}", tally, scale)
    finally:
        cdp.set_zoom(pages_url, 0)  # the default zoom again, for the next tests
        cdp.close()
    for name, tally in by_condition.items():
        print(f"\n{name}: compared {tally.compared}, declined {tally.declined}")
    wrong = [w for tally in by_condition.values() for w in tally.wrong]
    assert not wrong, "\n".join(wrong)
    # at a zoom of 1 every page whose scroll origin is the top left is read in the page, at
    # every position: the fast path pays
    plain = by_condition["zoom 1.0"]
    assert plain.compared == len(PAGES) * len(SCROLLS), plain
    assert plain.answered_at == {f"{page} zoom 1.0" for page in PAGES}, plain
    # any other zoom or scale, any other scroll origin: declined (DevTools is asked)
    assert all(t.compared == 0 and t.declined == len(PAGES + OTHER_ORIGIN) * len(SCROLLS)
               for name, t in by_condition.items() if name != "zoom 1.0"), by_condition
    assert plain.declined == len(OTHER_ORIGIN) * len(SCROLLS), plain
