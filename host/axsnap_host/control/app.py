"""The control API: FastAPI routes over the hub, behind the guard (token, Host, Origin,
body size). Errors are ``{ok: false, error: {code, message, hint}}`` with an HTTP status
that says the same; no error carries anything taken from the page."""

from __future__ import annotations

import re
import time
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from axsnap_host import __version__
from axsnap_host.control.guard import MAX_BODY_BYTES, Guard, allowed_hosts
from axsnap_host.control.hub import Hub
from axsnap_host.control.models import (
    ActBody,
    ActReplyBody,
    BrowserLink,
    CollectBody,
    CollectReply,
    EvaluateBody,
    EvaluateReply,
    FindBody,
    FindReplyBody,
    HealthReply,
    HistoryBody,
    NavigateBody,
    NavigateReply,
    PageLogBody,
    PageLogReply,
    PageReply,
    SnapshotBody,
    SnapshotReplyBody,
    TabBody,
    TabsReply,
    WaitForBody,
    WaitForReply,
    WaitReadyBody,
    WaitReadyReplyBody,
)
from axsnap_host.control.ops import Grants, control_params, scrub_reply
from axsnap_host.models.errors import AxsnapError, ErrorCode, ErrorInfo, ErrorReply
from axsnap_host.pipeline.url_scrub import scrub_url_fields

STATUS: dict[str, int] = {
    ErrorCode.INVALID_MESSAGE: 422, ErrorCode.BROWSER_NOT_CONNECTED: 503,
    ErrorCode.ACCESS_OFF: 403, ErrorCode.TAB_NOT_GRANTED: 403, ErrorCode.RESTRICTED_PAGE: 403,
    ErrorCode.NOT_ALLOWED: 403, ErrorCode.TAB_NOT_FOUND: 404, ErrorCode.TIMEOUT: 504,
    ErrorCode.HOST_TIMEOUT: 504, ErrorCode.STALE_ELEMENT: 409, ErrorCode.PAGE_NAVIGATED: 409,
    ErrorCode.DEBUGGER_BUSY: 409, ErrorCode.INTERNAL: 500,
}
_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorReply} for status in (401, 403, 404, 409, 413, 421, 422, 503, 504)
}
_CLIENT_NAME = re.compile(r"[^A-Za-z0-9 ._/()+-]")


def error_response(status: int, info: ErrorInfo) -> JSONResponse:
    return JSONResponse({"ok": False, "error": info.model_dump()}, status_code=status,
                        headers={"cache-control": "no-store"})


def client_of(request: Request) -> dict[str, str]:
    """Who asks, as the client says (shown in the side panel; printable, short)."""
    name = request.headers.get("x-axsnap-client") or request.headers.get("user-agent") or "?"
    return {"name": _CLIENT_NAME.sub("", name)[:80] or "?", "via": "http"}


def create_app(hub: Hub, token: str, port: int, max_body: int = MAX_BODY_BYTES,
               grants: Grants | None = None) -> Any:
    """The ASGI app (the guard around FastAPI) for a server bound to 127.0.0.1:``port``.
    ``grants``: what the person who started serve allowed (file: pages, an upload folder,
    evaluate; models/policy.py), checked here and heard by the extension with each request."""
    grants = grants or Grants()
    api = FastAPI(title="axsnap control API", version=__version__, docs_url=None,
                  redoc_url=None, openapi_url=None,
                  description="The user's own browser, through the axsnap extension and its "
                  "native host. Every request needs `Authorization: Bearer <token>`.")

    async def ask(request: Request, op: str, params: dict[str, Any],
                  timeout_s: float) -> dict[str, Any]:
        reply = await hub.request(op, params, client_of(request), timeout_s)
        if op != "snapshot":  # tabs, navigate, act...: URLs the extension read from Chrome
            reply = scrub_url_fields(scrub_reply(op, reply))  # (a snapshot: the host's own)
        if not reply.get("ok"):
            error = found if isinstance(found := reply.get("error"), dict) else {}
            raise AxsnapError(str(error.get("code") or ErrorCode.INTERNAL),
                              str(error.get("message") or "the browser refused"),
                              str(error.get("hint") or ""))
        return reply

    @api.exception_handler(AxsnapError)
    async def _axsnap_error(_request: Request, exc: AxsnapError) -> JSONResponse:
        return error_response(STATUS.get(exc.code, 502), exc.info())

    @api.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for item in exc.errors()[:3]:
            where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "body"
            message = str(item.get("msg", "invalid")).removeprefix("Value error, ")
            parts.append(f"{where}: {message}")
        return error_response(422, ErrorInfo(code=ErrorCode.INVALID_MESSAGE,
                                             message="; ".join(parts)[:600],
                                             hint="see GET /control/openapi.json"))

    @api.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = (ErrorCode.UNKNOWN_TYPE if exc.status_code in (404, 405)
                else ErrorCode.INVALID_MESSAGE)
        return error_response(exc.status_code, ErrorInfo(
            code=code, message=f"no such endpoint or method ({exc.status_code})",
            hint="see GET /control/openapi.json"))

    @api.get("/control/health", response_model=HealthReply, responses=_ERRORS)
    async def health() -> HealthReply:
        link = hub.current
        return HealthReply(version=__version__, browser=BrowserLink(
            connected=link is not None, since=link.since if link else None,
            host=str(link.hello.get("host")) if link else None))

    @api.get("/control/tabs", response_model=TabsReply, responses=_ERRORS)
    async def tabs(request: Request) -> dict[str, Any]:
        return await ask(request, "tabs", {}, 15.0)

    async def run(request: Request, op: str, body: Any) -> dict[str, Any]:
        params, timeout_s = control_params(op, body, grants)
        return await ask(request, op, params, timeout_s)

    @api.post("/control/snapshot", response_model=SnapshotReplyBody, responses=_ERRORS)
    async def snapshot(request: Request, body: SnapshotBody) -> dict[str, Any]:
        """Capture a tab: every format and option of the agent API (focus, compact,
        compression "delta", max_tokens ...). Redaction cannot be turned off from here."""
        started = time.perf_counter()
        reply = await run(request, "snapshot", body)
        reply.setdefault("timings", {})["control_ms"] = round(
            (time.perf_counter() - started) * 1000, 1)
        return reply

    @api.post("/control/navigate", response_model=NavigateReply, responses=_ERRORS)
    async def navigate(request: Request, body: NavigateBody) -> dict[str, Any]:
        """Load an http(s) URL in a granted tab and wait for it to finish loading."""
        return await run(request, "navigate", body)

    @api.post("/control/history", response_model=PageReply, responses=_ERRORS)
    async def history(request: Request, body: HistoryBody) -> dict[str, Any]:
        """Go back, forward or reload a granted tab and wait for it to finish loading."""
        return await run(request, "history", body)

    @api.post("/control/tab", response_model=PageReply, responses=_ERRORS)
    async def tab(request: Request, body: TabBody) -> dict[str, Any]:
        """Open a tab (granted to this client), focus a granted tab, or close one."""
        return await run(request, "tab", body)

    @api.post("/control/act", response_model=ActReplyBody, responses=_ERRORS)
    async def act(request: Request, body: ActBody) -> dict[str, Any]:
        """Do one action in a granted tab with real input events (click, type, fill, press,
        select, check, scroll, ...) and wait until the page is ready. A refused action
        (stale_element, ambiguous_target, occluded, ...) is a served reply with
        ``result.ok: false`` and why. ``upload`` takes files from the folder the person
        chose (serve --upload-dir) only."""
        return await run(request, "act", body)

    @api.post("/control/find", response_model=FindReplyBody, responses=_ERRORS)
    async def find(request: Request, body: FindBody) -> dict[str, Any]:
        """The resolver alone: the elements a query names, best first, and its decision."""
        return await run(request, "find", body)

    @api.post("/control/wait_ready", response_model=WaitReadyReplyBody, responses=_ERRORS)
    async def wait_ready(request: Request, body: WaitReadyBody) -> dict[str, Any]:
        """Wait until the tab is quiet and loaded; the reply says what it saw."""
        return await run(request, "wait_ready", body)

    @api.post("/control/wait_for", response_model=WaitForReply, responses=_ERRORS)
    async def wait_for(request: Request, body: WaitForBody) -> dict[str, Any]:
        """Wait until a text or an element is there (or, with gone, no longer there)."""
        return await run(request, "wait_for", body)

    @api.post("/control/scroll_and_collect", response_model=CollectReply, responses=_ERRORS)
    async def scroll_and_collect(request: Request, body: CollectBody) -> dict[str, Any]:
        """Scroll and collect the DOM text elements every window shows."""
        return await run(request, "scroll_and_collect", body)

    @api.post("/control/page_log", response_model=PageLogReply, responses=_ERRORS)
    async def page_log(request: Request, body: PageLogBody) -> dict[str, Any]:
        """The page's console messages and failed requests so far."""
        return await run(request, "page_log", body)

    @api.post("/control/evaluate", response_model=EvaluateReply, responses=_ERRORS)
    async def evaluate(request: Request, body: EvaluateBody) -> dict[str, Any]:
        """Only with serve --allow-evaluate: a JavaScript expression in the page (its
        result is not redacted)."""
        return await run(request, "evaluate", body)

    @api.get("/control/openapi.json", include_in_schema=False)
    async def openapi() -> dict[str, Any]:
        return with_security(api.openapi())

    api.state.hub = hub
    return Guard(api, token, allowed_hosts(port), max_body)


def with_security(document: dict[str, Any]) -> dict[str, Any]:
    """Say in the document what the guard enforces: a bearer token on every request."""
    document.setdefault("components", {})["securitySchemes"] = {
        "bearer": {"type": "http", "scheme": "bearer",
                   "description": "the install's token (`axsnap serve --print-token-path`)"}}
    document["security"] = [{"bearer": []}]
    return document


def openapi_document() -> dict[str, Any]:
    """The control API's OpenAPI document (no server needed): ``schemas/control/openapi.json``."""
    guarded = create_app(Hub(), token="unused", port=0)
    return with_security(guarded.app.openapi())
