"""One outside request, whatever carries it: its body model (what a client sends), the
control message's params the extension reads (control.js), and what the person who started
the process allowed (:class:`Grants`: file: pages, an upload folder, evaluate).

``axsnap serve`` (app.py) and ``axsnap mcp --launch`` (mcp_server/backends.py) both go
through :func:`control_params`, so the checks of models/policy.py run the same way on
either path.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from axsnap_host.control.models import (
    ActBody,
    CollectBody,
    EvaluateBody,
    FindBody,
    HistoryBody,
    NavigateBody,
    PageLogBody,
    SnapshotBody,
    TabBody,
    WaitForBody,
    WaitReadyBody,
)
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.policy import check_page_url, check_upload

BODIES: dict[str, type[BaseModel]] = {
    "snapshot": SnapshotBody, "navigate": NavigateBody, "act": ActBody, "find": FindBody,
    "wait_ready": WaitReadyBody, "scroll_and_collect": CollectBody, "history": HistoryBody,
    "tab": TabBody, "wait_for": WaitForBody, "page_log": PageLogBody, "evaluate": EvaluateBody,
}
# ops whose timeout the extension enforces itself (the reply comes a little after it)
_EXTENSION_TIMEOUT = frozenset({"navigate", "history", "tab"})


@dataclass(frozen=True)
class Grants:
    """What the person allowed the process they started, beyond web pages."""

    allow_file_urls: bool = False
    upload_dir: Path | None = None
    allow_evaluate: bool = False

    def apply(self, op: str, params: dict[str, Any]) -> dict[str, Any]:
        """``params`` checked (URLs, uploads, evaluate) with the flags the extension reads."""
        url = params.get("url")
        if op in ("navigate", "tab") and isinstance(url, str):
            check_page_url(url, self.allow_file_urls)
        if op == "act" and params.get("action") == "upload":
            value = params.get("value")
            params["value"] = check_upload(value if isinstance(value, list) else [value or ""],
                                           self.upload_dir)
            params["uploadChecked"] = True
        if op == "evaluate":
            if not self.allow_evaluate:
                raise AxsnapError(ErrorCode.NOT_ALLOWED, "evaluate is off for outside agents",
                                  "the person can allow it: --allow-evaluate")
            params["allowEvaluate"] = True
        if self.allow_file_urls:
            params["allowFileUrls"] = True
        return params


def control_params(op: str, body: BaseModel, grants: Grants) -> tuple[dict[str, Any], float]:
    """The control message's params for ``body`` and how long to wait for its reply."""
    timeout_s = float(getattr(body, "timeout_s", 15.0))
    if op == "snapshot":
        assert isinstance(body, SnapshotBody)
        params: dict[str, Any] = {"tabId": body.tabId, "options": body.options.model_dump(
            mode="json", exclude_unset=True)}
    else:
        params = body.model_dump(mode="json", exclude={"timeout_s"}, exclude_none=True)
        if op == "navigate":
            params["tabId"] = body.tabId  # type: ignore[attr-defined]
    if op in _EXTENSION_TIMEOUT:
        params["timeoutMs"] = int(timeout_s * 1000)
        timeout_s += 5
    return grants.apply(op, params), timeout_s


def scrub_reply(op: str, reply: dict[str, Any]) -> dict[str, Any]:
    """A page log's texts are the page's own words: secret-looking substrings masked (the
    host's text scrub) before they leave, on serve's path and mcp --launch's alike."""
    if op != "page_log" or not isinstance(reply.get("result"), dict):
        return reply
    from axsnap_host.pipeline.redaction import scrub_text

    result = reply["result"]
    for key in ("console", "failed_requests"):
        for entry in result.get(key) or []:
            if isinstance(entry, dict) and isinstance(entry.get("text"), str):
                entry["text"] = scrub_text(entry["text"])[0]
    return reply
