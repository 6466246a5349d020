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


def both_reads(browser: Browser, url: str) -> Iterator[PageResult]:
    """The semantic view of ``url`` from the first screen, then from the whole page."""
    for viewport_only in (True, False):
        yield read(browser, url, viewport_only=viewport_only)


def fired(result: PageResult) -> dict[str, float]:
    """The signals that fired, by name, with their weights."""
    return {s["signal"]: s["weight"] for s in result.page["signals"]}
