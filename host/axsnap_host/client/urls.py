"""Addresses a person types: checked before the browser loads them, and a load that failed
named in one line (``navigation_failed: http://x/ did not load (net::ERR_...)``).

Chromium would "load" ``http://exa mple.com/`` as ``exa%20mple.com`` and show its error
page for an address it cannot reach; chromedriver answers with a stack trace for others.
Every case ends in the same structured error the host gives for a tab that shows Chrome's
error page (pipeline/page_status.py).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.page_status import navigation_failed
from axsnap_host.pipeline.url_scrub import scrub_url

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})
SCRIPT_SCHEMES = frozenset({"javascript", "vbscript"})
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
    shown = scrub_url(url)[0] if isinstance(url, str) else url
    return AxsnapError(ErrorCode.NAVIGATION_FAILED, f"{shown!r} is not a valid URL: {why}", HINT)


def check_url(url: str) -> None:
    """Raise ``navigation_failed`` for an address no browser can load."""
    if not isinstance(url, str) or not url.strip():
        raise invalid_url(str(url), "it is empty")
    if url != url.strip():
        raise invalid_url(url, "it starts or ends with white space")
    if not _SCHEME.match(url):
        raise invalid_url(url, "it does not start with a scheme such as http:// or https://")
    if url.split(":", 1)[0].strip().lower() in SCRIPT_SCHEMES:
        raise AxsnapError(ErrorCode.NOT_ALLOWED, "a javascript: URL runs script in the page; "
                          "open() loads pages", "load an http(s) URL; run script with "
                          "browser.driver.execute_script")
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


def load_url(driver: Any, url: str, page_load_timeout_s: float) -> None:
    """``driver.get(url)`` and wait for the load; every failure an AxsnapError: not a URL,
    ``javascript:``, a timeout, a net:: error page, a dialog the page keeps open, or anything
    else chromedriver refuses (the WebDriver message in one line)."""
    from selenium.common.exceptions import (
        InvalidArgumentException,
        TimeoutException,
        UnexpectedAlertPresentException,
        WebDriverException,
    )

    check_url(url)
    shown = scrub_url(url)[0]
    for attempt in (1, 2):
        try:
            try:
                driver.get(url)
            except UnexpectedAlertPresentException:
                if attempt == 1:  # the last page's dialog: chromedriver dismissed it
                    continue
                raise
            net_error = driver.execute_script(ERROR_PAGE_SCRIPT)
        except TimeoutException as err:
            raise AxsnapError(ErrorCode.TIMEOUT, f"{shown} did not load within "
                              f"{page_load_timeout_s} s", "check the URL") from err
        except InvalidArgumentException:
            raise invalid_url(url, "Chromium cannot load it") from None
        except UnexpectedAlertPresentException as err:
            text = scrub_url(str(getattr(err, "alert_text", "") or ""))[0][:200]
            raise AxsnapError(
                ErrorCode.NAVIGATION_FAILED,
                f"{shown}: the page opened a JavaScript dialog while loading ({text!r})",
                "answer it (browser.driver.switch_to.alert) or act on the page with "
                "browser.act, which answers dialogs") from None
        except WebDriverException as err:
            message = str(getattr(err, "msg", "") or err)
            net_error = net_error_of(message)
            if net_error is None:
                first = scrub_url(message.strip().splitlines()[0] if message.strip() else "")
                raise AxsnapError(ErrorCode.NAVIGATION_FAILED,
                                  f"{shown} did not load: {first[0][:300]}", HINT) from None
            raise navigation_failed(url, net_error) from None
        if net_error:
            raise navigation_failed(url, str(net_error))
        return


def net_error_of(message: str) -> str | None:
    """``ERR_NAME_NOT_RESOLVED`` from chromedriver's ``unknown error: net::ERR_...``."""
    found = _NET_ERROR.search(message or "")
    return found.group(1) if found else None


__all__ = ["ERROR_PAGE_SCRIPT", "check_url", "invalid_url", "load_url", "navigation_failed",
           "net_error_of"]
