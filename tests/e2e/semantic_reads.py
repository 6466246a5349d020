"""Reads the semantic page-type e2e tests share: a page's semantic view after a short quiet
window, from the first screen and from the whole page, and the signals that fired."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from axsnap_host.client import Browser, PageResult

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def read(browser: Browser, url: str | None = None, **options: Any) -> PageResult:
    """The semantic view of ``url`` (None: of the page the browser shows now)."""
    result = browser.snapshot(url, format="semantic", **FAST, **options)
    assert isinstance(result, PageResult)
    return result


def before_and_after_a_scroll(browser: Browser, url: str) -> tuple[PageResult, PageResult]:
    """The default read of ``url`` and the default read after scrolling one screen down."""
    first = read(browser, url)
    browser.run_in_target("window.scrollTo(0, window.innerHeight)")
    return first, read(browser)


def placed(result: PageResult) -> list[tuple[str, str]]:
    """Each element's id and region, to say what a read placed where."""
    return [(e["id"], e.get("region", "")) for e in result.elements]


def both_reads(browser: Browser, url: str) -> Iterator[PageResult]:
    """The semantic view of ``url`` from the first screen, then from the whole page."""
    for viewport_only in (True, False):
        yield read(browser, url, viewport_only=viewport_only)


def fired(result: PageResult) -> dict[str, float]:
    """The signals that fired, by name, with their weights."""
    return {s["signal"]: s["weight"] for s in result.page["signals"]}


def signals_of_kind(browser: Browser, pages_url: str, page: str,
                    kind: str) -> list[dict[str, float]]:
    """Each read's fired signals of ``understanding/<page>`` (first screen, whole page), after
    checking it read ``kind``."""
    out = []
    for result in both_reads(browser, pages_url + "understanding/" + page):
        assert result.type == kind, (page, result.page["signals"][:8])
        out.append(fired(result))
    return out


def ids_by_node(result: PageResult) -> dict[int, str]:
    """Each element's semantic id by its node (backendNodeId)."""
    return {e["handle"]["backendNodeId"]: e["id"] for e in result.elements}


def ids_stay(browser: Browser, first: PageResult, whole: PageResult, add_above: str) -> PageResult:
    """Check every element keeps the id the whole page gives it: in ``first`` (the first
    screen), after a scroll to the end and after the script ``add_above`` inserts elements
    above; returns the whole page read after the insertion."""
    shown, everything = ids_by_node(first), ids_by_node(whole)
    assert shown and {k: everything[k] for k in shown} == shown, (shown, everything)
    browser.run_in_target("window.scrollTo(0, document.body.scrollHeight)")
    scrolled = ids_by_node(read(browser))
    assert {k: everything[k] for k in scrolled} == scrolled, scrolled
    browser.run_in_target(add_above)
    after = read(browser, viewport_only=False)
    assert {k: v for k, v in ids_by_node(after).items() if k in everything} == everything
    return after
