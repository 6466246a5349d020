"""Structured errors shared by the host, the extension and the clients.

Every failure that reaches a caller is an :class:`ErrorInfo` with a stable ``code``, a
human ``message`` and a ``hint`` that says what to do about it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict


class ErrorCode(StrEnum):
    # protocol (host side)
    MALFORMED_JSON = "malformed_json"
    INVALID_MESSAGE = "invalid_message"
    UNSUPPORTED_VERSION = "unsupported_version"
    UNKNOWN_TYPE = "unknown_type"
    FRAME_TOO_LARGE = "frame_too_large"
    TRUNCATED_FRAME = "truncated_frame"
    BAD_CHUNK = "bad_chunk"
    INTERNAL = "internal_error"
    # capture (extension side)
    RESTRICTED_PAGE = "restricted_page"
    DEBUGGER_BUSY = "debugger_busy"
    TAB_NOT_FOUND = "tab_not_found"
    PAGE_NAVIGATED = "page_navigated"
    CAPTURE_FAILED = "capture_failed"
    REQUEST_TOO_LARGE = "request_too_large"
    STALE_ELEMENT = "stale_element"
    # the service worker stopped (Chrome stops idle workers) before it answered: retry
    WORKER_STOPPED = "worker_stopped"
    # host process (extension side)
    HOST_NOT_FOUND = "host_not_found"
    HOST_FORBIDDEN = "host_forbidden"
    HOST_EXITED = "host_exited"
    HOST_TIMEOUT = "host_timeout"
    # acting (resolver: host; executor: extension)
    NOT_FOUND = "not_found"
    AMBIGUOUS_TARGET = "ambiguous_target"
    OCCLUDED = "occluded"
    NOT_ACTIONABLE = "not_actionable"
    ACTION_FAILED = "action_failed"
    # clients
    NOT_ALLOWED = "not_allowed"
    TIMEOUT = "timeout"
    # batch runs (axsnap batch)
    NAVIGATION_FAILED = "navigation_failed"  # DNS, refused connection, ...: a net:: error page
    BROWSER_DIED = "browser_died"  # the WebDriver session went away; the browser is replaced
    # control API (axsnap serve) and its consent (extension side)
    UNAUTHORIZED = "unauthorized"
    ORIGIN_REFUSED = "origin_refused"
    BAD_HOST = "bad_host"
    BODY_TOO_LARGE = "body_too_large"
    BROWSER_NOT_CONNECTED = "browser_not_connected"
    SERVE_RUNNING = "serve_running"
    ACCESS_OFF = "access_off"
    TAB_NOT_GRANTED = "tab_not_granted"


class ErrorInfo(BaseModel):
    code: str
    message: str
    hint: str = ""


class ErrorReply(BaseModel):
    """Any request can fail this way, to any caller: ``not_allowed``, ``restricted_page``,
    ``host_not_found`` (the hint holds the install command), ``debugger_busy``,
    ``page_navigated``, ... The host's native frames carry the same reply inside their
    envelope (``models.wire.NativeErrorReply``)."""

    model_config = ConfigDict(extra="forbid")

    ok: Literal[False]
    error: ErrorInfo


class AxsnapError(Exception):
    """An error with a code, a message and a hint, raised by the host pipeline and clients."""

    def __init__(self, code: str, message: str, hint: str = "") -> None:
        super().__init__(f"{code}: {message}" + (f" ({hint})" if hint else ""))
        self.code = str(code)
        self.message = message
        self.hint = hint

    def info(self) -> ErrorInfo:
        return ErrorInfo(code=self.code, message=self.message, hint=self.hint)
