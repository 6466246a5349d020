"""Request and reply bodies of the control API (the OpenAPI document is generated from
these). Every failure is the one error reply (``models.errors.ErrorReply``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from axsnap_host.models.act import (
    ActionName,
    ActionResult,
    ActOptions,
    CollectResult,
    FindResult,
    Readiness,
    ReadyOptions,
    TargetRef,
)
from axsnap_host.models.options import SnapshotOptions

TabId = int | None


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BrowserLink(BaseModel):
    connected: bool = Field(description="a native host (the extension's) is linked to serve")
    since: float | None = Field(None, description="when the link came up (Unix time)")
    host: str | None = Field(None, description="the host's version")


class HealthReply(BaseModel):
    ok: Literal[True] = True
    version: str
    browser: BrowserLink


class TabInfo(BaseModel):
    id: int
    windowId: int
    active: bool
    title: str = ""
    url: str = ""


class TabsReply(BaseModel):
    ok: Literal[True] = True
    scope: str = Field(description="what the person granted: active, chosen or window")
    tabs: list[TabInfo] = Field(description="the tabs this client may read (restricted "
                                "pages and tabs not granted are left out)")


class SnapshotBody(_Body):
    tabId: TabId = Field(None, ge=0, description="a tab from /control/tabs; default: the "
                         "active tab (when granted)")
    options: SnapshotOptions = Field(default_factory=SnapshotOptions)
    timeout_s: float = Field(60.0, gt=0, le=300, description="give up after this")

    @field_validator("options")
    @classmethod
    def _redacted(cls, options: SnapshotOptions) -> SnapshotOptions:
        if not options.redact:
            raise ValueError("outside clients cannot turn redaction off")
        return options


class SnapshotReplyBody(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: dict[str, Any] = Field(description="what options.format asks for: as the agent "
                                   "API's snapshot reply (schemas/api/snapshot_reply)")
    timings: dict[str, Any] = Field(default_factory=dict)
    sizes: dict[str, Any] = Field(default_factory=dict)


class NavigateBody(_Body):
    tabId: TabId = Field(None, ge=0)
    url: str = Field(min_length=1, max_length=8192, description="an http(s) URL (file: only "
                     "when serve runs with --allow-file-urls; every other scheme is refused "
                     "with restricted_page: models/policy.py)")
    timeout_s: float = Field(30.0, gt=0, le=300)


class NavigateReply(BaseModel):
    ok: Literal[True] = True
    tabId: int
    url: str
    title: str = ""


# -- acting (the act loop: models/act.py) ----------------------------------------------------


class ActBody(_Body):
    """One action with real input events, then readiness; the reply's ActionResult says what
    changed. ``target``: a DOM text index (12), an element id ("0-29"), a semantic id, or
    words ("Sign in")."""

    tabId: TabId = Field(None, ge=0)
    action: ActionName
    target: TargetRef | None = None
    value: str | list[str] | None = Field(None, description="text to type or fill, keys to "
                                          "press, the option to select, scroll direction")
    to: TargetRef | None = Field(None, description="drag: the drop target")
    options: ActOptions = Field(default_factory=ActOptions)
    timeout_s: float = Field(60.0, gt=0, le=300)


class ActReplyBody(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: ActionResult = Field(description="result.ok false: tried and refused, with why")
    timings: dict[str, Any] = Field(default_factory=dict)


class FindBody(_Body):
    tabId: TabId = Field(None, ge=0)
    query: TargetRef
    limit: int = Field(5, ge=1, le=50)
    timeout_s: float = Field(30.0, gt=0, le=300)


class FindReplyBody(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: FindResult
    timings: dict[str, Any] = Field(default_factory=dict)


class WaitReadyBody(_Body):
    tabId: TabId = Field(None, ge=0)
    options: ReadyOptions = Field(default_factory=ReadyOptions)
    timeout_s: float = Field(130.0, gt=0, le=300)


class WaitReadyReplyBody(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: Readiness
    timings: dict[str, Any] = Field(default_factory=dict)


# -- pages and tabs beyond reading and acting -------------------------------------------------


class HistoryBody(_Body):
    tabId: TabId = Field(None, ge=0)
    kind: Literal["back", "forward", "reload"]
    timeout_s: float = Field(30.0, gt=0, le=300)


class TabBody(_Body):
    """open: a new tab (granted to this client) loading ``url``; switch: focus a granted
    tab; close: close a granted tab."""

    action: Literal["open", "switch", "close"]
    tabId: TabId = Field(None, ge=0, description="switch and close: the tab")
    url: str | None = Field(None, min_length=1, max_length=8192,
                            description="open: an http(s) URL (default about:blank)")
    timeout_s: float = Field(30.0, gt=0, le=300)


class PageReply(BaseModel):
    ok: Literal[True] = True
    tabId: int
    url: str = ""
    title: str = ""


class WaitForBody(_Body):
    """Wait until ``text`` (in the page's text or title) or an element matching the CSS
    ``selector`` (rendered, not hidden) is there, or, with ``gone``, no longer there."""

    tabId: TabId = Field(None, ge=0)
    text: str | None = Field(None, min_length=1, max_length=1000)
    selector: str | None = Field(None, min_length=1, max_length=1000)
    gone: bool = False
    timeout_ms: int = Field(10_000, ge=0, le=120_000)
    timeout_s: float = Field(130.0, gt=0, le=300)


class WaitForResult(BaseModel):
    matched: bool
    waited_ms: float
    polls: int = 0


class WaitForReply(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: WaitForResult


class CollectBody(_Body):
    """Scroll the page (or the scrollable element ``target``) and collect the DOM text
    elements each window shows, merged, until ``until`` appears or the page ends."""

    tabId: TabId = Field(None, ge=0)
    target: TargetRef | None = None
    max_scrolls: int = Field(10, ge=1, le=200)
    delay_ms: int = Field(500, ge=0, le=10_000)
    until: str | None = Field(None, max_length=500)
    timeout_s: float = Field(120.0, gt=0, le=300)


class CollectReply(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: CollectResult
    timings: dict[str, Any] = Field(default_factory=dict)


class PageLogBody(_Body):
    """The page's console messages and failed requests so far (the last ``limit`` of each;
    secret-looking text and URL parameters masked)."""

    tabId: TabId = Field(None, ge=0)
    limit: int = Field(50, ge=1, le=200)
    timeout_s: float = Field(30.0, gt=0, le=300)


class ConsoleEntry(BaseModel):
    level: str
    text: str


class FailedRequest(BaseModel):
    url: str
    text: str


class PageLog(BaseModel):
    console: list[ConsoleEntry]
    failed_requests: list[FailedRequest]
    dropped: int = 0


class PageLogReply(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: PageLog


class EvaluateBody(_Body):
    """Only when the person started serve with --allow-evaluate: a JavaScript expression in
    the page's main world (a promise is awaited). Its result is NOT redacted."""

    tabId: TabId = Field(None, ge=0)
    expression: str = Field(min_length=1, max_length=20_000)
    timeout_s: float = Field(30.0, gt=0, le=300)


class EvaluateReply(BaseModel):
    ok: Literal[True] = True
    tabId: int
    result: dict[str, Any] = Field(description="{value: JSON text} or {exception: message}")
