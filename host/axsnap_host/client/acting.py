"""Acting on the target tab: ``Browser.act``, ``find``, ``wait_ready``, ``scroll_and_collect``.

Each is one message to the extension (the same ``act``/``find``/... messages an agent
extension sends; schemas in ``schemas/api/``). A refused action is not an exception: the
ActionResult says ``ok: false`` and why (``stale_element``, ``ambiguous_target`` with
candidates, ``occluded`` with the cover, ...); ``raise_on_error=True`` turns that into an
:class:`ActionRefused`. Requests that cannot be served at all (no tab, no host) raise
AxsnapError as snapshots do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axsnap_host.models.act import (
    ACT_TIMEOUT_MARGIN_MS,
    ActError,
    ActionResult,
    ActOptions,
    CollectResult,
    FindResult,
    OpenedTab,
    Readiness,
    ReadyOptions,
    TargetRef,
)
from axsnap_host.models.errors import AxsnapError, ErrorCode

# How long before the client's own timeout the act's deadline falls (the reply's way back).
CLIENT_MARGIN_MS = 5_000

# A target as a caller writes it: words, an index, an id, or a relational target as a model
# or a plain dict ({"query": "Reply", "near": "Kanesha"}).
Target = TargetRef | dict[str, str]


class ActionRefused(AxsnapError):
    """An action the page refused (the ActionResult is on ``.result``)."""

    def __init__(self, result: ActionResult) -> None:
        error = result.error or ActError(code=ErrorCode.ACTION_FAILED, message="failed")
        super().__init__(error.code, error.message, error.hint)
        self.result = result


def act_options(options: dict[str, Any]) -> dict[str, Any]:
    """Keyword options as ActOptions (``quiet_ms=...`` etc. go into ``ready``)."""
    ready = {k: options.pop(k) for k in list(options) if k in ReadyOptions.model_fields}
    if ready:
        options["ready"] = {**options.get("ready", {}), **ready}
    try:
        return ActOptions.model_validate(options).model_dump(mode="json", exclude_unset=True)
    except ValueError as err:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"bad act options: {err}",
                          "see axsnap_host.models.act.ActOptions") from err


class ActingMixin:
    """Methods of :class:`~axsnap_host.client.browser.Browser` that act on the tab."""

    target_handle: str | None
    _tab_id: int | None

    @property
    def driver(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def bridge_call(self, name: str, *args: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    def request(self, message: dict[str, Any]) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def _checked(self, reply: dict[str, Any]) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def _tab_message(self, kind: str, handle: str | None, **fields: Any) -> dict[str, Any]:
        message = {"type": kind, "targetId": handle or self.target_handle}
        message.update({k: v for k, v in fields.items() if v is not None})
        return self._checked(self.request(message))

    def act(self, target: Target | None, action: str, value: str | list[str] | None = None,
            *, to: Target | None = None, handle: str | None = None,
            raise_on_error: bool = False, **options: Any) -> ActionResult:
        """Do ``action`` on ``target`` (an index, an element id, a semantic id or words) and
        wait until the page is ready. ``options``: ActOptions (``dialog``, ``force``,
        ``wait``, ``delta_y``) and readiness (``quiet_ms``, ``max_wait_ms``,
        ``max_pending_requests``)."""
        if action == "upload":
            missing_files(value)
        options = dict(options)
        if getattr(self, "exact", False) is True:
            options.setdefault("exact", True)  # Browser(exact=True): every fast path off
        client_s = getattr(self, "timeout_s", None)
        if "timeout_ms" not in options and isinstance(client_s, int | float):
            # the act's own deadline answers before this client gives up on the reply
            max_wait = options.get("max_wait_ms", ReadyOptions.model_fields["max_wait_ms"].default)
            usual = int(max_wait) + ACT_TIMEOUT_MARGIN_MS
            client_ms = int(client_s * 1000) - CLIENT_MARGIN_MS
            if client_ms < usual:
                options["timeout_ms"] = max(1000, client_ms)
        reply = self._tab_message("act", handle, action=action, target=target, value=value,
                                  to=to, options=act_options(options))
        result = ActionResult.model_validate(reply["result"])
        if raise_on_error and not result.ok:
            raise ActionRefused(result)
        return result

    def follow(self, tab: OpenedTab | str | int) -> str:
        """Act and read in another tab from now on: an :class:`OpenedTab` an act reported
        (``result.opened_tabs``), a target id (window handle) or a chrome.tabs id. Returns
        the target id followed until now (``follow`` it to come back)."""
        previous = self.target_handle or ""
        handle = tab.targetId if isinstance(tab, OpenedTab) else \
            tab if isinstance(tab, str) else None
        tab_id = tab.tabId if isinstance(tab, OpenedTab) else \
            tab if isinstance(tab, int) else None
        if handle is None:
            handle = next((str(t["id"]) for t in self.bridge_call("targets")
                           if t.get("tabId") == tab_id and t.get("type", "page") == "page"), None)
        if handle is None:
            raise AxsnapError(ErrorCode.TAB_NOT_FOUND, f"no tab {tab_id} to follow",
                              "it may have been closed; list the tabs again")
        self.driver.switch_to.window(handle)  # the driver rests on the target tab
        self.target_handle = handle
        self._tab_id = tab_id
        return previous

    def find(self, query: Target, *, limit: int = 5, handle: str | None = None) -> FindResult:
        """The resolver alone: the elements ``query`` names, best first, and its decision."""
        reply = self._tab_message("find", handle, query=query, limit=limit)
        return FindResult.model_validate(reply["result"])

    def wait_ready(self, *, handle: str | None = None, **options: Any) -> Readiness:
        """Wait until the tab is quiet (``quiet_ms``, ``max_pending_requests``, capped at
        ``max_wait_ms``) and loaded; the Readiness says what it saw."""
        ready = ReadyOptions.model_validate(options).model_dump(exclude_unset=True)
        reply = self._tab_message("wait_ready", handle, options=ready)
        return Readiness.model_validate(reply["result"])

    def scroll_and_collect(self, max_scrolls: int = 10, delay_ms: int = 500,
                           until: str | None = None, *, target: Target | None = None,
                           handle: str | None = None) -> CollectResult:
        """Scroll the page (or the scrollable element ``target``) up to ``max_scrolls``
        times, collecting the DOM text elements each window shows (merged by index, no
        duplicates); stops early at the end of the page or once ``until`` is seen."""
        reply = self._tab_message("scroll_and_collect", handle, max_scrolls=max_scrolls,
                                  delay_ms=delay_ms, until=until, target=target)
        return CollectResult.model_validate(reply["result"])


def missing_files(value: str | list[str] | None) -> None:
    """Refuse an upload of paths that are not files here: Chromium would take them and
    show the page a ``C:\\fakepath\\`` name with nothing behind it."""
    paths = value if isinstance(value, list) else [value]
    for path in paths:
        if not isinstance(path, str) or not Path(path).is_file():
            raise AxsnapError(ErrorCode.INVALID_MESSAGE, "upload: no such file",
                              "give the paths of existing files")


def run_steps(browser: Any, steps: list[dict[str, Any]], read: dict[str, Any] | None,
              keep_going: bool = False, follow_tabs: bool = False) -> list[dict[str, Any]]:
    """Each step (``{action, target, value, to, options?}``) with ``browser.act``, then a
    read of the tab with the options ``read`` (None: no read): ``[{step, result, reply}]``,
    as JSON. Stops after a refused step unless ``keep_going``. ``follow_tabs``: after a step
    that opened a tab or popup, the next steps act in (and read) the last one it opened."""
    done: list[dict[str, Any]] = []
    for step in steps:
        result = browser.act(step.get("target"), step["action"], step.get("value"),
                             to=step.get("to"), **dict(step.get("options") or {}))
        if follow_tabs and result.opened_tabs:
            browser.follow(result.opened_tabs[-1])
        entry: dict[str, Any] = {"step": step, "result": result.model_dump(mode="json")}
        if read is not None:
            entry["reply"] = browser.snapshot_raw(**read)
        done.append(entry)
        if not result.ok and not keep_going:
            break
    return done
