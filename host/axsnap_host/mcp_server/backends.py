"""Where ``axsnap mcp`` gets its browser: the user's own, through ``axsnap serve`` (the
control API), or a headless Chromium it launches with the unpacked extension. Either way a
tool is one outside request (control/ops.py) that the extension answers as the outside role
(control.js): the same consent, policy and replies on both paths."""

from __future__ import annotations

import itertools
import threading
from typing import Any, Protocol

from axsnap_host.control.ops import BODIES, Grants, control_params, scrub_reply
from axsnap_host.mcp_server.client import ControlClient
from axsnap_host.models.errors import AxsnapError, ErrorCode


class Backend(Protocol):
    def request(self, op: str, body: dict[str, Any], client: str) -> dict[str, Any]: ...
    def close(self) -> None: ...


class ControlBackend:
    """The user's browser: every call is a control API request (consent applies; serve's
    own --allow-file-urls, --upload-dir and --allow-evaluate decide the rest)."""

    def __init__(self, control: ControlClient | None = None) -> None:
        self.control = control or ControlClient()

    def request(self, op: str, body: dict[str, Any], client: str) -> dict[str, Any]:
        if op == "tabs":
            return self.control.call("GET", "/control/tabs", client=client)
        timeout_s = float(body.get("timeout_s", 60.0)) + 15
        return self.control.call("POST", f"/control/{op}", body, client=client,
                                 timeout_s=timeout_s)

    def close(self) -> None:
        pass


class LaunchBackend:
    """Its own headless Chromium with the unpacked extension and host, started on first
    use; for CI and for people without the extension. Outside access is on for the
    launched tab and those the agent opens."""

    def __init__(self, grants: Grants | None = None, **browser_args: Any) -> None:
        self._grants = grants or Grants()
        self._browser_args = browser_args
        self._browser: Any = None
        self._ids = itertools.count(1)
        self._lock = threading.Lock()  # Selenium is not thread-safe: one call at a time

    def _started(self) -> Any:
        if self._browser is None:
            from axsnap_host.client import Browser

            browser = Browser(**self._browser_args).start()
            try:
                browser.run_in_bridge(
                    "const [tabId, done] = arguments; chrome.storage.local.set({outsideAccess: "
                    "{enabled: true, scope: 'chosen', tabs: [tabId]}}).then(() => done(true));",
                    browser.tab_id)
            except Exception:
                browser.close()
                raise
            self._browser = browser
        return self._browser

    def request(self, op: str, body: dict[str, Any], client: str) -> dict[str, Any]:
        params: dict[str, Any] = {}
        if op != "tabs":
            params, _timeout = control_params(op, BODIES[op].model_validate(body), self._grants)
        message = {"id": f"mcp-{next(self._ids)}", "op": op, "params": params,
                   "client": {"name": client, "via": "http"}}
        with self._lock:
            reply = self._started().bridge_call("control", message)
        if not isinstance(reply, dict) or not reply.get("ok"):
            error = (reply or {}).get("error") or {} if isinstance(reply, dict) else {}
            raise AxsnapError(str(error.get("code") or ErrorCode.INTERNAL),
                              str(error.get("message") or "the browser refused"),
                              str(error.get("hint") or ""))
        return scrub_reply(op, reply)

    def close(self) -> None:
        with self._lock:
            if self._browser is not None:
                self._browser.close()
                self._browser = None
