"""The MCP tools over a backend (the user's browser through ``axsnap serve``, or a launched
Chromium). Tool errors are ``code: message (hint)`` texts marked as errors; nothing taken
from the page is ever part of one."""

from __future__ import annotations

import base64
import contextlib
import functools
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.types import Image
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import ToolAnnotations
from pydantic import Field, ValidationError

from axsnap_host import __version__
from axsnap_host.control.ops import Grants
from axsnap_host.mcp_server.backends import Backend
from axsnap_host.mcp_server.render import (
    act_text,
    collect_text,
    crop_to_mark,
    find_text,
    page_log_text,
    ready_text,
    snapshot_text,
    tabs_text,
    wait_for_text,
)
from axsnap_host.models.act import ActionName, ReadyOptions
from axsnap_host.models.errors import AxsnapError
from axsnap_host.pipeline.url_scrub import scrub_url_fields, scrub_urls_in_text

INSTRUCTIONS = """\
axsnap shows you a tab of a real browser as text made for you: an outline of the page where
every control carries an element id in brackets, e.g. `[0-29] button: Sign in`.
Element ids are `<frame>-<node>` numbers that axsnap assigns; they stay the same for the
element's life in the tab, across reads. They are NOT DOM ids, CSS selectors, XPaths or
HTML attributes: you will not find them in the page's source, and you must not build
selectors from them. Use them only with these tools (focus, act, find).
Read with `snapshot` (compact by default); read again with delta=true to get only what
changed. Secrets (passwords, one-time codes, card numbers) are always masked."""

TabArg = Annotated[int | None, Field(
    description="a tab id from `tabs`; omit for the shared tab")]
TargetArg = Annotated[str | int | None, Field(
    description="an outline element id (\"0-29\"; axsnap's, not a DOM id or selector), a "
    "DOM text index (12) or words (\"Sign in\")")]


def _client_name(ctx: Context | None) -> str:
    """The MCP client's own name (clientInfo), shown to the person in the side panel."""
    try:
        info = ctx.request_context.session.client_params.client_info  # type: ignore[union-attr]
        name = f"{info.name} (MCP)"
    except AttributeError:
        name = "MCP client"
    return name[:80]


async def _call(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return await anyio.to_thread.run_sync(functools.partial(fn, *args))
    except AxsnapError as err:
        message = scrub_urls_in_text(err.message)[0]
        raise ToolError(f"{err.code}: {message}" + (f" ({err.hint})" if err.hint else "")) \
            from None
    except ValidationError as err:
        problems = err.errors()
        where = ".".join(str(p) for p in problems[0]["loc"]) if problems else ""
        message = problems[0]["msg"] if problems else "invalid"
        raise ToolError(f"invalid_message: {where}: {message}") from None


def _tab(tab_id: int | None) -> dict[str, Any]:
    return {} if tab_id is None else {"tabId": tab_id}


def _annotations(read_only: bool, destructive: bool = False) -> ToolAnnotations:
    # the title is the tool's own (Tool.title); openWorldHint's default (true) is ours
    return ToolAnnotations(read_only_hint=read_only,
                           destructive_hint=None if read_only else destructive)


def lean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """An input schema as short as it can say the same: no generated titles, an optional
    argument as its type alone (not ``anyOf [type, null]`` with ``default: null``). Paid on
    every turn of every agent (bench/mcp_schema_tokens.py)."""
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
        branches = prop.get("anyOf")
        if branches and prop.get("default", 0) is None:
            kept = [b for b in branches if b.get("type") != "null"]
            prop.pop("anyOf")
            prop.pop("default")
            if len(kept) == 1:
                prop.update(kept[0])
            else:
                prop["anyOf"] = kept
    return schema


HISTORY = ("back", "forward", "reload")


def build_server(backend: Backend, allow_evaluate: bool = False) -> MCPServer:
    server: MCPServer = MCPServer("axsnap", instructions=INSTRUCTIONS, version=__version__)

    def tool(title: str, description: str, read_only: bool,
             destructive: bool = False) -> Callable[[Any], Any]:
        # text (and image) content only: a structured copy would double the context
        return server.tool(description=description, structured_output=False, title=title,
                           annotations=_annotations(read_only, destructive))

    async def ask(ctx: Context, op: str, body: dict[str, Any]) -> dict[str, Any]:
        reply: dict[str, Any] = await _call(backend.request, op, body, _client_name(ctx))
        # every URL through the one scrubber (a snapshot is the host's, scrubbed already)
        return reply if op == "snapshot" else scrub_url_fields(reply)

    @tool("Tabs", "The tabs you may use: id, title, URL, which is active. The person shares "
          "them in the axsnap side panel.", read_only=True)
    async def tabs(ctx: Context) -> str:
        return tabs_text(await ask(ctx, "tabs", {}))

    @tool("Open, switch or close a tab", "open a new tab at url (it is yours to use), "
          "switch to a tab (focus it) or close one.", read_only=False, destructive=True)
    async def tab(ctx: Context, action: Literal["open", "switch", "close"],
                  url: str | None = None, tab_id: TabArg = None) -> str:
        body = {"action": action, **_tab(tab_id), **({"url": url} if url else {})}
        reply = await ask(ctx, "tab", body)
        done = {"open": "opened", "switch": "switched to", "close": "closed"}[action]
        return f"{done} tab {reply.get('tabId')} · {reply.get('url')} · {reply.get('title')}"

    @tool("Read the page",
          "Read a tab. format outline (default): a line per meaningful node, controls as "
          "`[0-29] button: Sign in` (0-29: an axsnap element id, not a DOM id or selector). "
          "semantic: the page's regions, forms, lists and actions. domtext: `[5] <button> "
          "\"Sign in\"` lines, [5] = the screenshot's boxes. snapshot: SnapshotV1 JSON "
          "(large; ax_tree.nodes objects {id, role, name, value?, state?, children? (ids), "
          "domRef?, bbox?}). delta: only "
          "what changed since your last read. page: the whole page, not just the viewport "
          "(\"more below\"), cut to max_tokens.", read_only=True)
    async def snapshot(
        ctx: Context,
        tab_id: TabArg = None,
        format: Literal["outline", "semantic", "domtext", "snapshot"] = "outline",
        compact: Annotated[bool, Field(description="outline: lines that say something")] = True,
        delta: bool = False,
        page: bool = False,
        max_tokens: Annotated[int | None, Field(ge=100)] = None,
        focus: Annotated[str | None, Field(description="outline: an element id's subtree")
                         ] = None,
    ) -> str:
        options: dict[str, Any] = {"format": "semantic_text" if format == "semantic" else format}
        if format == "outline":
            options["compact"] = compact
            if focus:
                options["focus"] = focus
        if max_tokens is not None and format in ("outline", "semantic"):
            options["max_tokens"] = max_tokens
        if page:
            if format in ("outline", "snapshot"):
                options["scope"] = "page"
            else:
                options["viewport_only"] = False
        if delta and format in ("outline", "domtext"):
            options["compression"] = "delta"
        return snapshot_text(await ask(ctx, "snapshot", {**_tab(tab_id), "options": options}))

    @tool("Screenshot", "The viewport with a numbered box on each interactive element "
          "(Set-of-Mark) and the DOM text whose [index] numbers are the boxes; target: one "
          "element's box only. Secret fields are masked.", read_only=True)
    async def screenshot(ctx: Context, tab_id: TabArg = None,
                         target: Annotated[int | None, Field(
                             description="a DOM text index")] = None) -> list[Any]:
        reply = await ask(ctx, "snapshot", {**_tab(tab_id), "options": {"format": "som"}})
        vision = (reply.get("result") or {}).get("vision") or {}
        if not vision.get("ok"):
            raise ToolError(f"capture_failed: no screenshot ({vision.get('reason', 'unknown')})")
        data = base64.b64decode(vision["image"])
        fmt = vision.get("format", "png")
        if target is not None:
            data = await _call(crop_to_mark, data, vision.get("legend") or {}, target, fmt)
        return [Image(data=data, format=fmt), snapshot_text(reply)]

    @tool("Navigate", "Load a URL in the tab and wait until it has loaded; url \"back\", "
          "\"forward\" or \"reload\" moves in the tab's history.", read_only=False)
    async def navigate(ctx: Context, url: str, tab_id: TabArg = None) -> str:
        if url in HISTORY:
            reply = await ask(ctx, "history", {**_tab(tab_id), "kind": url})
        else:
            reply = await ask(ctx, "navigate", {**_tab(tab_id), "url": url})
        return f"tab {reply.get('tabId')} loaded {reply.get('url')} · {reply.get('title')}"

    @tool("Act", "One action with real input events, then wait until the page is ready. "
          "value: text to type or fill, keys (\"Enter\"), the option, the scroll direction, "
          "or files to upload (from the folder the person allowed). dialog: the answer to a "
          "JavaScript dialog it opens; force: skip the cover check; timeout_ms: the act's "
          "deadline. Says what changed or why it refused (stale_element: read again; "
          "ambiguous_target: pick a candidate's id).", read_only=False, destructive=True)
    async def act(
        ctx: Context,
        action: ActionName,
        target: TargetArg = None,
        value: str | list[str] | None = None,
        to: Annotated[str | int | None, Field(description="drag: the drop target")] = None,
        dialog: Literal["accept", "dismiss"] | None = None,
        force: bool = False,
        timeout_ms: Annotated[int | None, Field(ge=100, le=600_000)] = None,
        ready: Annotated[dict[str, Any] | None, Field(
            description="quiet_ms, max_wait_ms, max_pending_requests, settle")] = None,
        tab_id: TabArg = None,
    ) -> str:
        body: dict[str, Any] = {k: v for k, v in (("action", action), ("target", target),
                                                  ("value", value), ("to", to))
                                if v is not None}
        if ready is not None:
            try:
                ready = ReadyOptions.model_validate(ready).model_dump(exclude_unset=True)
            except ValidationError as err:
                raise ToolError(f"invalid_message: ready: {err.errors()[0]['msg']}") from None
        options = {k: v for k, v in (("dialog", dialog), ("force", force or None),
                                     ("timeout_ms", timeout_ms), ("ready", ready or None))
                   if v is not None}
        if options:
            body["options"] = options
        return act_text(await ask(ctx, "act", {**_tab(tab_id), **body}))

    @tool("Find", "Which elements a target names, best first, without acting: unique, "
          "ambiguous or not found.", read_only=True)
    async def find(ctx: Context, query: str | int, tab_id: TabArg = None,
                   limit: Annotated[int, Field(ge=1, le=50)] = 5) -> str:
        return find_text(await ask(ctx, "find", {**_tab(tab_id), "query": query,
                                                 "limit": limit}))

    @tool("Wait until ready", "Wait until the tab is loaded and quiet for quiet_ms, at "
          "most max_wait_ms.", read_only=True)
    async def wait_ready(
        ctx: Context, tab_id: TabArg = None,
        quiet_ms: Annotated[int, Field(ge=0, le=60_000)] = 500,
        max_wait_ms: Annotated[int, Field(ge=0, le=120_000)] = 10_000,
    ) -> str:
        body = {**_tab(tab_id), "options": {"quiet_ms": quiet_ms, "max_wait_ms": max_wait_ms}}
        return ready_text(await ask(ctx, "wait_ready", body))

    @tool("Wait for text or element", "Wait until text (or a CSS selector's element) is on "
          "the page, or with gone=true until it is not, at most timeout_ms.", read_only=True)
    async def wait_for(
        ctx: Context, text: str | None = None, selector: str | None = None,
        gone: bool = False, timeout_ms: Annotated[int, Field(ge=0, le=120_000)] = 10_000,
        tab_id: TabArg = None,
    ) -> str:
        body = {**_tab(tab_id), "gone": gone, "timeout_ms": timeout_ms,
                **({"text": text} if text is not None else {}),
                **({"selector": selector} if selector is not None else {})}
        return wait_for_text(await ask(ctx, "wait_for", body), text or selector or "", gone)

    @tool("Scroll and collect", "Scroll (the page or the element target) and collect the "
          "elements each window shows, until the text until appears or the page ends.",
          read_only=False)
    async def scroll_and_collect(
        ctx: Context, max_scrolls: Annotated[int, Field(ge=1, le=200)] = 10,
        until: str | None = None, target: TargetArg = None, tab_id: TabArg = None,
    ) -> str:
        body = {**_tab(tab_id), "max_scrolls": max_scrolls,
                **({"until": until} if until else {}),
                **({"target": target} if target is not None else {})}
        return collect_text(await ask(ctx, "scroll_and_collect", body))

    @tool("Console and failed requests", "The page's console messages (logs, warnings, "
          "errors) and the requests that failed, the last limit of each.", read_only=True)
    async def page_log(ctx: Context, limit: Annotated[int, Field(ge=1, le=200)] = 30,
                       tab_id: TabArg = None) -> str:
        return page_log_text(await ask(ctx, "page_log", {**_tab(tab_id), "limit": limit}))

    if allow_evaluate:
        @tool("Evaluate JavaScript", "Run a JavaScript expression in the page and return "
              "its JSON value. Not redacted: the person allowed it.", read_only=False,
              destructive=True)
        async def evaluate(ctx: Context, expression: str, tab_id: TabArg = None) -> str:
            reply = await ask(ctx, "evaluate", {**_tab(tab_id), "expression": expression})
            result = reply.get("result") or {}
            if "exception" in result:
                raise ToolError(f"page_exception: {result['exception']}")
            return str(result.get("value"))

    for registered in server._tool_manager.list_tools():  # what tools/list sends
        registered.parameters = lean_schema(registered.parameters)
    return server


def run(transport: Literal["stdio", "http"] = "stdio", launch: bool = False,
        port: int = 8766, token_file: Path | None = None, grants: Grants | None = None,
        browser_args: dict[str, Any] | None = None) -> int:
    """``browser_args``: the launched Browser's chromium, chromedriver, extra_args. SIGTERM
    ends it as Ctrl-C does: the launched browser quits (no Chromium or chromedriver left)."""
    from axsnap_host.control.paths import interrupted_by_sigterm
    from axsnap_host.mcp_server.backends import ControlBackend, LaunchBackend

    grants = grants or Grants()
    backend: Backend = (LaunchBackend(grants, **(browser_args or {})) if launch
                        else ControlBackend())
    server = build_server(backend, allow_evaluate=grants.allow_evaluate)
    with contextlib.suppress(KeyboardInterrupt), interrupted_by_sigterm():
        try:
            if transport == "stdio":
                with ended_by_sigterm(backend):
                    server.run("stdio")
            else:
                serve_http(server, port, token_file)
        finally:
            backend.close()
    return 0


@contextlib.contextmanager
def ended_by_sigterm(backend: Backend) -> Iterator[None]:
    """stdio: SIGTERM quits the launched browser and ends the process at once. (The SDK reads
    stdin in a worker thread that only returns when the client closes stdin, and the event
    loop waits for it on the way out, so an interrupt alone would hang until then.)"""
    def end(_signum: int, _frame: object) -> None:
        backend.close()
        os._exit(0)

    previous = signal.signal(signal.SIGTERM, end)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def serve_http(server: MCPServer, port: int, token_file: Path | None = None) -> None:
    """Streamable HTTP on 127.0.0.1:``port``: only local programs holding the token."""
    import uvicorn

    from axsnap_host.mcp_server.http import BearerGuard, mcp_token

    token = mcp_token(token_file)
    # This port can act in the browser: never a web page (the SDK's own localhost default
    # would let pages on 127.0.0.1 call it), never a program without the token.
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_origins=[],
        allowed_hosts=[f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"])
    app = BearerGuard(server.streamable_http_app(transport_security=security), token)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False,
                server_header=False)
