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
    HIT_TEST_FAILED = "hit_test_failed"  # neither DevTools nor the page answered the hit test
    PRESS_MISSED = "press_missed"  # the press went elsewhere: the page changed after the check
    NOT_ACTIONABLE = "not_actionable"
    ACTION_FAILED = "action_failed"
    DIALOG_STORM = "dialog_storm"  # the page kept opening JavaScript dialogs past the bound
    DIALOG_OPEN = "dialog_open"  # a JavaScript dialog blocks the tab: nothing can be read
    PAGE_BUSY = "page_busy"  # the page does not answer (a dialog or a script that runs on)
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
    # sessions (axsnap open -s NAME)
    SESSION_OPEN = "session_open"
    ACCESS_OFF = "access_off"
    TAB_NOT_GRANTED = "tab_not_granted"


# What each code means to the caller who meets it (the reference page lists them).
ERROR_MEANINGS: dict[ErrorCode, str] = {
    ErrorCode.MALFORMED_JSON: "the host could not parse a message as JSON; it keeps serving",
    ErrorCode.INVALID_MESSAGE: "a message or an option does not fit its model (a wrong type, "
    "an unknown field, an option the format does not use)",
    ErrorCode.UNSUPPORTED_VERSION: "the message's protocol version is not one the host speaks",
    ErrorCode.UNKNOWN_TYPE: "the message's type names no request",
    ErrorCode.FRAME_TOO_LARGE: "a native frame is over the protocol's size limit",
    ErrorCode.TRUNCATED_FRAME: "a native frame ended before its announced length",
    ErrorCode.BAD_CHUNK: "a streamed part (chunk, AX part, base delta) does not fit what came "
    "before it; the capture is refused, not guessed",
    ErrorCode.INTERNAL: "a bug in the host; the message names it and the host keeps serving",
    ErrorCode.RESTRICTED_PAGE: "the browser does not let extensions read this page (chrome://, "
    "the Web Store, another extension's pages)",
    ErrorCode.DEBUGGER_BUSY: "another axsnap session holds the tab's debugger and could not be "
    "freed",
    ErrorCode.TAB_NOT_FOUND: "no tab has that id or window handle",
    ErrorCode.PAGE_NAVIGATED: "the tab navigated while it was being captured: read it again",
    ErrorCode.CAPTURE_FAILED: "a capture step failed in the browser; the message says which",
    ErrorCode.REQUEST_TOO_LARGE: "the request is over the extension's size limit",
    ErrorCode.STALE_ELEMENT: "the id names a node that is gone or was re-rendered, or a "
    "semantic id no semantic read of the tab named (never taken as words; the nearest named "
    "ids are listed): nothing was acted on; read again and use the new id",
    ErrorCode.WORKER_STOPPED: "Chrome stopped axsnap's service worker before it answered: retry",
    ErrorCode.HOST_NOT_FOUND: "the native host is not registered for this browser; the hint "
    "holds the install command",
    ErrorCode.HOST_FORBIDDEN: "the host's manifest does not allow this extension",
    ErrorCode.HOST_EXITED: "the native host process ended while a request was open",
    ErrorCode.HOST_TIMEOUT: "the native host did not answer within the request's deadline",
    ErrorCode.NOT_FOUND: "no element matches the target well enough; the nearest are listed",
    ErrorCode.AMBIGUOUS_TARGET: "several elements match the target about equally; the "
    "candidates are listed",
    ErrorCode.OCCLUDED: "another element covers the target's click point; the cover is named",
    ErrorCode.HIT_TEST_FAILED: "the hit test at the click point did not answer (the frame's "
    "session gone, a frame removed or navigated, a document not laid out), in DevTools nor "
    "in the page: nothing was clicked; read the page again",
    ErrorCode.PRESS_MISSED: "the press went to another element than the target: the page "
    "changed between the last hit test (clear) and the press; the page took that press, "
    "what took it is named: read the page again",
    ErrorCode.NOT_ACTIONABLE: "the target cannot take this action (disabled, read-only, not "
    "editable)",
    ErrorCode.ACTION_FAILED: "the action was tried and the browser refused or failed it",
    ErrorCode.DIALOG_STORM: "the page kept opening JavaScript dialogs: an act answered its "
    "bound of them and stopped, naming the next one (left open)",
    ErrorCode.DIALOG_OPEN: "a JavaScript dialog axsnap saw open blocks the tab: no read or act "
    "can run until it is answered (the error names it)",
    ErrorCode.PAGE_BUSY: "the page answered no command in time: a JavaScript dialog is open on "
    "it or a page script runs without end",
    ErrorCode.NOT_ALLOWED: "the caller may not ask this (an extension not on the allow-list, a "
    "content script, redact: false from an agent)",
    ErrorCode.TIMEOUT: "the caller's deadline passed; the browser serves the next request",
    ErrorCode.NAVIGATION_FAILED: "the page did not load (DNS, a refused connection: a net:: "
    "error page)",
    ErrorCode.BROWSER_DIED: "the WebDriver session went away; a batch replaces the browser",
    ErrorCode.UNAUTHORIZED: "control API: no or a wrong bearer token",
    ErrorCode.ORIGIN_REFUSED: "control API: the request came from a web page (an Origin or "
    "cross-site Sec-Fetch-Site header)",
    ErrorCode.BAD_HOST: "control API: the Host header is not 127.0.0.1/localhost with this port",
    ErrorCode.BODY_TOO_LARGE: "control API: the body is over 64 KiB",
    ErrorCode.BROWSER_NOT_CONNECTED: "control API: no browser has linked to axsnap serve yet",
    ErrorCode.SERVE_RUNNING: "axsnap serve is already running for this install",
    ErrorCode.SESSION_OPEN: "axsnap open: a session by that name is open already (use it with "
    "-s NAME, or axsnap close -s NAME first)",
    ErrorCode.ACCESS_OFF: "Outside access is off in the side panel",
    ErrorCode.TAB_NOT_GRANTED: "the tab is not among those shared in the side panel",
}


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
