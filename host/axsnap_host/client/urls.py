"""Addresses a person types: checked before the browser loads them, and a load that failed
named in one line (``navigation_failed: http://x/ did not load (net::ERR_...)``).

Chromium would "load" ``http://exa mple.com/`` as ``exa%20mple.com`` and show its error
page for an address it cannot reach; chromedriver answers with a stack trace for others.
Every case ends in the same structured error the host gives for a tab that shows Chrome's
error page (pipeline/page_status.py).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.page_status import navigation_failed

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})
_HOST_CHARS = re.compile(r"^[A-Za-z0-9._~%!$&'()*+,;=\[\]:-]+$")
_NET_ERROR = re.compile(r"net::(ERR_[A-Z0-9_]+)")
HINT = "type the whole address, e.g. https://example.com/page (or a path to a local file)"

# Run in the tab after a load: the net error of Chrome's error page, or null.
ERROR_PAGE_SCRIPT = (
    "if (location.protocol !== 'chrome-error:') return null;"
    "const m = /ERR_[A-Z0-9_]+/.exec(document.body ? document.body.innerText : '');"
    "return m ? m[0] : 'ERR_FAILED';"
)


def invalid_url(url: str, why: str) -> AxsnapError:
    return AxsnapError(ErrorCode.NAVIGATION_FAILED, f"{url!r} is not a valid URL: {why}", HINT)


def check_url(url: str) -> None:
    """Raise ``navigation_failed`` for an address no browser can load."""
    if not isinstance(url, str) or not url.strip():
        raise invalid_url(str(url), "it is empty")
    if url != url.strip():
        raise invalid_url(url, "it starts or ends with white space")
    if not _SCHEME.match(url):
        raise invalid_url(url, "it does not start with a scheme such as http:// or https://")
    try:
        parts = urlsplit(url)
        port = parts.port if parts.scheme.lower() in NETWORK_SCHEMES else None
    except ValueError as err:
        raise invalid_url(url, str(err)) from None
    if parts.scheme.lower() in NETWORK_SCHEMES:
        host = parts.netloc.rsplit("@", 1)[-1]
        if not parts.hostname or not host:
            raise invalid_url(url, "it names no host")
        if not _HOST_CHARS.match(host):
            why = "a space" if any(c.isspace() for c in host) else "characters a host cannot"
            raise invalid_url(url, f"its host {host!r} holds {why}")
        if port == 0:
            raise invalid_url(url, "port 0 is not a port")


def net_error_of(message: str) -> str | None:
    """``ERR_NAME_NOT_RESOLVED`` from chromedriver's ``unknown error: net::ERR_...``."""
    found = _NET_ERROR.search(message or "")
    return found.group(1) if found else None


__all__ = ["ERROR_PAGE_SCRIPT", "check_url", "invalid_url", "navigation_failed", "net_error_of"]
