"""The page tally reaches into shadow trees (issue 31; extension/lib/walker/src/tally_roots.js),
through the extension and the host in Debian Chromium, on a tide station's dashboard built of
web components (tests/pages/understanding/web_component_dashboard.html): three panels, each a
custom element whose heading and chart canvas live in its shadow tree, the last one's tree
closed. The tally, the whole document's shape the page type is read from, asked the
document's own queries, which never enter a shadow tree: it counted no chart, and the page
read as unknown. Dask's dashboard (Bokeh, the ninety-eighth held-out set) drew every chart
this way and read as a list."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser

pytestmark = pytest.mark.e2e

PAGE = "understanding/web_component_dashboard.html"


@pytest.mark.parametrize("viewport_only", [True, False])
def test_charts_drawn_in_shadow_trees_make_a_dashboard(
        browser: Browser, pages_url: str, viewport_only: bool) -> None:
    result = read(browser, pages_url + PAGE, viewport_only=viewport_only)
    signals = [s["signal"] for s in result.page.get("signals", []) if s["type"] == "dashboard"]
    assert result.type == "dashboard", (result.type, result.page.get("signals"))
    # three charts: the two open trees' and the closed one's (asked of chrome.dom)
    assert "stats:3+ charts" in signals, signals
