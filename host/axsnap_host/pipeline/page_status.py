"""Whether the tab shows the page at all, and why a DOM result is empty.

A navigation that failed leaves Chrome's error page in the tab (its document is
``chrome-error://chromewebdata/``, the tab still names the address that failed): that is
no snapshot of the site, so every format answers ``navigation_failed`` with Chrome's net
error, the same error the Python client and the CLI give for a URL they could not load.
A DOM result with no element says why (``notes``), instead of an empty list.
"""

from __future__ import annotations

import re
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.redaction import scrub_url

_NET_ERROR = re.compile(r"\bERR_[A-Z0-9_]{3,60}\b")
NET_ERROR_HINTS = {
    "ERR_NAME_NOT_RESOLVED": "the host name does not resolve (DNS): check its spelling, that "
                             "this machine is online (network, proxy, VPN), and any "
                             "host resolver rule among your Chromium arguments "
                             "(--chromium-arg, AXSNAP_CHROMIUM_ARGS)",
    "ERR_PROXY_CONNECTION_FAILED": "the proxy does not answer: check the proxy settings "
                                   "(--proxy-server among your Chromium arguments, "
                                   "HTTP(S)_PROXY)",
    "ERR_INTERNET_DISCONNECTED": "this machine is offline: check the network",
    "ERR_CONNECTION_REFUSED": "nothing accepts connections there: is the server running?",
    "ERR_UNSAFE_PORT": "Chromium refuses to load this port: serve the page on another one",
    "ERR_ADDRESS_UNREACHABLE": "the address cannot be reached from this machine",
    "ERR_CONNECTION_TIMED_OUT": "the server did not answer: check the address and network",
    "ERR_INVALID_URL": "the address is not a valid URL",
}
DEFAULT_HINT = "check the address and that the server is reachable, then retry"


def is_error_page(url: str) -> bool:
    return url.startswith("chrome-error://")


def navigation_failed(url: str, net_error: str | None) -> AxsnapError:
    """The one error for an address that did not load (``net_error``: ``ERR_...``)."""
    shown, _ = scrub_url(url)
    why = f"net::{net_error}" if net_error else "the tab shows Chrome's error page"
    return AxsnapError(ErrorCode.NAVIGATION_FAILED, f"{shown} did not load ({why})",
                       NET_ERROR_HINTS.get(net_error or "", DEFAULT_HINT))


def _net_error_in(capture: RawCapture) -> str | None:
    """Chrome's error page prints its net error (``ERR_NAME_NOT_RESOLVED``) as text."""
    texts: list[str] = []
    for frame in capture.frames[:1]:
        for node in frame.axNodes:
            if isinstance(node, dict):
                name = node.get("name")
                text = name.get("value") if isinstance(name, dict) else None
            else:  # a streamed node's row (pipeline/ax/rows.py)
                text = getattr(node, "name", None)
            if isinstance(text, str):
                texts.append(text)
    for rec in (capture.walker or {}).get("elements", []) or ():
        if isinstance(rec, dict) and isinstance(rec.get("tx"), str):
            texts.append(rec["tx"])
    for text in texts:
        found = _NET_ERROR.search(text)
        if found:
            return found.group(0)
    return None


def check_page_loaded(capture: RawCapture) -> None:
    """Raise ``navigation_failed`` when the tab's main frame shows Chrome's error page."""
    main_url = capture.frames[0].url if capture.frames else ""
    walker_url = str((capture.walker or {}).get("url") or "")
    if is_error_page(main_url) or is_error_page(walker_url):
        raise navigation_failed(capture.tab.url or main_url, _net_error_in(capture))


def depth_note(capture: RawCapture) -> str | None:
    """What a model must be told when the walker stopped at its depth limit (~256 levels):
    the elements below are in no DOM text, window outline or semantic view."""
    stats: dict[str, Any] = (capture.walker or {}).get("stats") or {}
    cut = stats.get("depth_capped")
    if not isinstance(cut, int) or isinstance(cut, bool) or cut <= 0:
        return None
    limit = stats.get("max_depth")
    levels = f"{limit}" if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0 \
        else "256"
    parts = "part" if cut == 1 else "parts"
    return (f"{cut} {parts} of the page nest deeper than {levels} levels: the elements inside "
            "them are not read and not listed here")


def empty_dom_notes(capture: RawCapture, viewport_only: bool) -> list[str]:
    """Why a DOM result lists no element (call it when it lists none)."""
    walker = capture.walker
    if walker is None:
        failures = [e.message for e in capture.errors if e.step.startswith("walker")]
        reason = failures[0] if failures else "no walker output in the capture"
        return [f"no elements: the in-page walker did not run on this page ({reason})"]
    stats: dict[str, Any] = walker.get("stats") or {}
    outside = int(stats.get("outside_window") or 0) + int(stats.get("offscreen_subtrees") or 0)
    if viewport_only and outside:
        return ["no elements in the viewport: the page's interactive elements lie outside it "
                "(scroll, or snapshot the whole page: viewport_only=false / --whole-page)"]
    visited = int(stats.get("visited") or 0)
    title = str(capture.tab.title or walker.get("title") or "")
    about = f' (title "{title[:80]}")' if title else ""
    return [f"no elements: the page has no interactive elements{about}; {visited} elements "
            "were read (an error page such as a 404, a text-only document or a data: URL "
            "holds none)"]
