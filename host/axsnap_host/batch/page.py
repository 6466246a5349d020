"""One page through the real path: load it in the browser's target tab, snapshot it in each
format, write the outputs into a staging folder; timings and sizes for the result line."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from axsnap_host.client import Browser
from axsnap_host.client.outputs import write_outputs
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.options import one_read_options
from axsnap_host.pipeline.url_scrub import scrub_url

# Chromium shows a chrome-error:// page (with its net error) when a load fails after DNS.
NET_ERROR_SCRIPT = """
if (!document.URL.startsWith('chrome-error://')) return null;
const data = (window.loadTimeData && window.loadTimeData.data_) || {};
const code = (data.summary && data.summary.errorCode) || data.errorCode || '';
return String(code || 'net error page');
"""
PERMANENT_NET_ERRORS = ("ERR_NAME_NOT_RESOLVED", "ERR_INVALID_URL", "ERR_UNKNOWN_URL_SCHEME")


def ms_since(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def open_page(browser: Browser, url: str) -> None:
    """Load ``url``; a net:: failure becomes ``navigation_failed``, a slow load ``timeout``."""
    from selenium.common.exceptions import WebDriverException

    try:
        browser.open(url)
    except WebDriverException as err:
        found = re.search(r"net::(ERR_[A-Z_]+)", str(err.msg or err))
        if not found:
            raise
        raise AxsnapError(ErrorCode.NAVIGATION_FAILED,
                          f"{scrub_url(url)[0]}: net::{found.group(1)}",
                          "check the URL and that the machine can reach it") from err
    failure = browser.run_in_target(NET_ERROR_SCRIPT)
    if failure:
        raise AxsnapError(ErrorCode.NAVIGATION_FAILED, f"{scrub_url(url)[0]}: {failure}",
                          "check the URL and that the server is up")


def is_permanent(err: AxsnapError) -> bool:
    """Errors a retry cannot fix."""
    if err.code == ErrorCode.NAVIGATION_FAILED:
        return any(name in err.message for name in PERMANENT_NET_ERRORS)
    return err.code in (ErrorCode.RESTRICTED_PAGE, ErrorCode.NOT_ALLOWED,
                        ErrorCode.REQUEST_TOO_LARGE)


def capture_page(browser: Browser, url: str, per_format: dict[str, dict[str, Any]],
                 staged: Path) -> tuple[dict[str, Any], dict[str, int], list[str]]:
    """Load and snapshot ``url`` into ``staged``; return (timings ms, sizes bytes, files)."""
    timings: dict[str, Any] = {}
    started = time.perf_counter()
    open_page(browser, url)
    timings["open_ms"] = ms_since(started)
    snapshot_ms = write_ms = 0.0
    host: dict[str, Any] = {}
    # the whole page in several formats: one capture rendered in each (also_formats)
    together = one_read_options(per_format)
    reads = {"+".join(per_format): together} if together is not None else per_format
    for fmt, options in reads.items():
        step = time.perf_counter()
        reply = browser.snapshot_raw(**options)
        snapshot_ms += ms_since(step)
        host[fmt] = {key: value for key, value in (reply.get("timings") or {}).items()
                     if isinstance(value, int | float)}
        step = time.perf_counter()
        write_outputs(reply["result"], staged)
        write_ms += ms_since(step)
    timings.update(snapshot_ms=round(snapshot_ms, 1), write_ms=round(write_ms, 1),
                   extension_ms=host)
    sizes = {path.name: path.stat().st_size for path in sorted(staged.iterdir())}
    sizes["total"] = sum(sizes.values())
    return timings, sizes, sorted(p.name for p in staged.iterdir())
