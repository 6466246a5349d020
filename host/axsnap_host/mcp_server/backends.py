"""Where ``axsnap mcp`` gets its browser: the user's own, through ``axsnap serve`` (the
control API), or a headless Chromium it launches with the unpacked extension."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Protocol

from axsnap_host.mcp_server.client import ControlClient
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.policy import check_page_url, check_upload


class Backend(Protocol):
    def tabs(self, client: str) -> dict[str, Any]: ...
    def snapshot(self, tab_id: int | None, options: dict[str, Any],
                 client: str) -> dict[str, Any]: ...
    def navigate(self, tab_id: int | None, url: str, client: str) -> dict[str, Any]: ...
    def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]: ...
    def find(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]: ...
    def wait_ready(self, tab_id: int | None, params: dict[str, Any],
                   client: str) -> dict[str, Any]: ...
    def close(self) -> None: ...


class ControlBackend:
    """The user's browser: every call is a control API request (consent applies)."""

    def __init__(self, control: ControlClient | None = None) -> None:
        self.control = control or ControlClient()

    def tabs(self, client: str) -> dict[str, Any]:
        return self.control.call("GET", "/control/tabs", client=client)

    def snapshot(self, tab_id: int | None, options: dict[str, Any],
                 client: str) -> dict[str, Any]:
        return self.control.call("POST", "/control/snapshot",
                                 {"tabId": tab_id, "options": options}, client=client)

    def navigate(self, tab_id: int | None, url: str, client: str) -> dict[str, Any]:
        return self.control.call("POST", "/control/navigate", {"tabId": tab_id, "url": url},
                                 client=client)

    def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        return self.control.call("POST", "/control/act", {"tabId": tab_id, **params},
                                 client=client)

    def find(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        return self.control.call("POST", "/control/find", {"tabId": tab_id, **params},
                                 client=client)

    def wait_ready(self, tab_id: int | None, params: dict[str, Any],
                   client: str) -> dict[str, Any]:
        return self.control.call("POST", "/control/wait_ready", {"tabId": tab_id, **params},
                                 client=client, timeout_s=140)

    def close(self) -> None:
        pass


class LaunchBackend:
    """Its own headless Chromium with the unpacked extension and host (one tab), started on
    first use; for CI and for people without the extension."""

    def __init__(self, allow_file_urls: bool = False, upload_dir: Path | None = None,
                 **browser_args: Any) -> None:
        self._allow_file_urls, self._upload_dir = allow_file_urls, upload_dir
        self._browser_args = browser_args
        self._browser: Any = None
        self._lock = threading.Lock()  # Selenium is not thread-safe: one call at a time

    def _started(self) -> Any:
        if self._browser is None:
            from axsnap_host.client import Browser

            self._browser = Browser(**self._browser_args).start()
        return self._browser

    def _check_tab(self, browser: Any, tab_id: int | None, page: bool = True) -> None:
        """The launched tab, showing a page an outside agent may read (models/policy.py:
        the extension sees this browser's requests as axsnap's own, so the check is here)."""
        if tab_id is not None and tab_id != browser.tab_id:
            raise AxsnapError(ErrorCode.TAB_NOT_FOUND, f"no tab {tab_id} in the launched browser",
                              f"the launched browser has one tab: {browser.tab_id}")
        if page:
            check_page_url(browser.run_in_target("return location.href"), self._allow_file_urls)

    def tabs(self, client: str) -> dict[str, Any]:
        with self._lock:
            browser = self._started()
            title, url = browser.run_in_target("return [document.title, location.href]")
            return {"ok": True, "scope": "launched", "tabs": [
                {"id": browser.tab_id, "windowId": 0, "active": True, "title": title, "url": url}]}

    def snapshot(self, tab_id: int | None, options: dict[str, Any],
                 client: str) -> dict[str, Any]:
        with self._lock:
            browser = self._started()
            self._check_tab(browser, tab_id)
            reply = browser.snapshot_raw(**options)
            return {**reply, "tabId": browser.tab_id}

    def navigate(self, tab_id: int | None, url: str, client: str) -> dict[str, Any]:
        check_page_url(url, self._allow_file_urls)
        with self._lock:
            browser = self._started()
            self._check_tab(browser, tab_id, page=False)
            browser.open(url)
            title = browser.run_in_target("return document.title")
            return {"ok": True, "tabId": browser.tab_id, "url": url, "title": title}

    def act(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        with self._lock:
            browser = self._started()
            self._check_tab(browser, tab_id)
            options = dict(params.get("options") or {})
            options.update(options.pop("ready", None) or {})
            value = params.get("value")
            if params["action"] == "upload":
                value = check_upload(value if isinstance(value, list) else [value or ""],
                                     self._upload_dir)
            result = browser.act(params.get("target"), params["action"], value,
                                 to=params.get("to"), **options)
            return {"ok": True, "tabId": browser.tab_id, "result": result.model_dump(mode="json")}

    def find(self, tab_id: int | None, params: dict[str, Any], client: str) -> dict[str, Any]:
        with self._lock:
            browser = self._started()
            self._check_tab(browser, tab_id)
            result = browser.find(params["query"], limit=params.get("limit", 5))
            return {"ok": True, "tabId": browser.tab_id, "result": result.model_dump(mode="json")}

    def wait_ready(self, tab_id: int | None, params: dict[str, Any],
                   client: str) -> dict[str, Any]:
        with self._lock:
            browser = self._started()
            self._check_tab(browser, tab_id)
            result = browser.wait_ready(**(params.get("options") or {}))
            return {"ok": True, "tabId": browser.tab_id, "result": result.model_dump(mode="json")}

    def close(self) -> None:
        with self._lock:
            if self._browser is not None:
                self._browser.close()
                self._browser = None
