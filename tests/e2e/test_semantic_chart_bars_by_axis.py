"""Bars of a chart drawn as a table are named by the axis under them (issue 31, design note 270:
AWStats's hour and day charts numbered its bars of one value, ``img_hits_45_..._2``,
``_3``, ``_4``), through the extension and the host in Debian Chromium: a row of pictures that
shows no words is read by the row of words beside it, as a person reads a chart, so every bar
keeps one id in every read, the other chart's bars in view or not."""

from __future__ import annotations

import pytest
from semantic_reads import read

from axsnap_host.client import Browser, PageResult

pytestmark = pytest.mark.e2e

PAGE = "understanding/chart_bars_over_axis.html"


def bars(result: PageResult) -> dict[int, str]:
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements
            if e["id"].startswith(("img_hits", "img_pages"))}


def test_chart_bars_are_named_by_the_axis_under_them_in_every_read(
        browser: Browser, pages_url: str) -> None:
    whole = read(browser, pages_url + PAGE, viewport_only=False)
    every = bars(whole)
    assert len(every) == 14 and len(set(every.values())) == 14, every
    assert not [e["id"] for e in whole.elements
                if e["id"] in every.values() and e["relations"].get("alike")], every
    hits_45 = sorted(v for v in every.values() if v.startswith("img_hits_45"))
    assert len(hits_45) == 5, hits_45
    # each said by its column's axis words: the hour or the day under it
    for axis in ("8", "9", "11", "mon", "wed"):
        assert sum(v.endswith(f"_{axis}") or f"_{axis}_" in v for v in hits_45) == 1, (axis,
                                                                                        hits_45)
    # the first screen holds the hour chart only: its bars named as in the whole page
    shown = bars(read(browser))
    assert shown and {k: every[k] for k in shown} == shown, (shown, every)
    # scrolled to the day chart: named as in the whole page too
    browser.run_in_target("document.querySelector('#by-day').scrollIntoView()")
    scrolled = bars(read(browser))
    assert scrolled and {k: every[k] for k in scrolled} == scrolled, (scrolled, every)
