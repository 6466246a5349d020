"""The MCP tools over a backend (the user's browser through ``axsnap serve``, or a launched
Chromium). Tool errors are ``code: message (hint)`` texts marked as errors; nothing taken
from the page is ever part of one."""

from __future__ import annotations

import base64
import contextlib
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.types import Image
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import Field

from axsnap_host import __version__
from axsnap_host.mcp_server.backends import Backend
from axsnap_host.mcp_server.render import act_text, find_text, ready_text, snapshot_text, tabs_text
from axsnap_host.models.act import ActionName
from axsnap_host.models.errors import AxsnapError
from axsnap_host.models.policy import check_page_url
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
    description="a tab id from the `tabs` tool; omit for the active (shared) tab")]
TargetArg = Annotated[str | int | None, Field(
    description="the element: an element id from the outline such as \"0-29\" (as a "
    "string), a DOM text index such as 12 (a number), or words such as \"Sign in\"")]


def _client_name(ctx: Context | None) -> str:
    """The MCP client's own name (clientInfo), shown to the person in the side panel."""
    try:
        info = ctx.request_context.session.client_params.client_info  # type: ignore[union-attr]
        name = f"{info.name} (MCP)"
    except AttributeError:
        name = "MCP client"
    return name[:80]


async def _call(fn: Callable[..., dict[str, Any]], *args: Any,
                scrub: bool = True) -> dict[str, Any]:
    """``fn(*args)`` on a thread; every URL in its reply through the one scrubber (``scrub``
    False: a snapshot, the host's output, scrubbed already)."""
    try:
        reply = await anyio.to_thread.run_sync(functools.partial(fn, *args))
    except AxsnapError as err:
        message = scrub_urls_in_text(err.message)[0]
        raise ToolError(f"{err.code}: {message}" + (f" ({err.hint})" if err.hint else "")) \
            from None
    return scrub_url_fields(reply) if scrub else reply


def build_server(backend: Backend, allow_file_urls: bool = False) -> MCPServer:
    server: MCPServer = MCPServer("axsnap", instructions=INSTRUCTIONS, version=__version__)

    def tool(description: str) -> Callable[[Any], Any]:
        # text (and image) content only: a structured copy would double the context
        return server.tool(description=description, structured_output=False)

    @tool("List the browser tabs you may read: id, title, URL, which one "
                 "is active. The person chooses them in the axsnap side panel; pages of the "
                 "browser itself are never listed.")
    async def tabs(ctx: Context) -> str:
        return tabs_text(await _call(backend.tabs, _client_name(ctx)))

    @tool(
        "Read a tab. format 'outline' (default): one line per meaningful node, controls as "
        "`[0-29] button: Sign in` where `0-29` is an axsnap element id (not a DOM id, "
        "selector or attribute: use it only with these tools). compact=true keeps only "
        "lines that say something, with values and states. delta=true: on a repeated read "
        "of the same tab, only what changed since your last read (added, removed, changed "
        "lines, placed in context); it falls back to the full outline and says why. "
        "max_tokens: a cl100k budget, least useful lines cut first, marker lines say what "
        "went. focus: only the subtree of an element id. format 'domtext': `[5] <button> "
        "\"Sign in\"` lines whose [index] numbers are the screenshot's boxes. format "
        "'snapshot': the full SnapshotV1 JSON (large): ax_tree.nodes are objects {id, role, "
        "name, value?, state?, children? (ids), domRef?, bbox? [x, y, w, h]} in document "
        "order, the first is ax_tree.root_id.")
    async def snapshot(
        ctx: Context,
        tab_id: TabArg = None,
        format: Literal["outline", "domtext", "snapshot"] = "outline",
        compact: Annotated[bool, Field(description="outline only")] = True,
        delta: Annotated[bool, Field(description="only what changed since the last read "
                                     "(outline and domtext)")] = False,
        max_tokens: Annotated[int | None, Field(ge=100, description="outline only")] = None,
        focus: Annotated[str | None, Field(description="outline only: an element id such as "
                                           "0-29 (or an XPath / CSS selector)")] = None,
    ) -> str:
        options: dict[str, Any] = {"format": format}
        if format == "outline":
            options["compact"] = compact
            if max_tokens is not None:
                options["max_tokens"] = max_tokens
            if focus:
                options["focus"] = focus
        if delta and format != "snapshot":
            options["compression"] = "delta"
        reply = await _call(backend.snapshot, tab_id, options, _client_name(ctx), scrub=False)
        return snapshot_text(reply)

    @tool("A screenshot of the tab's viewport with a numbered box on each "
                 "interactive element (Set-of-Mark), and the DOM text whose [index] numbers "
                 "are the boxes. Secret fields are masked in the image.")
    async def screenshot(ctx: Context, tab_id: TabArg = None) -> list[Any]:
        reply = await _call(backend.snapshot, tab_id, {"format": "som"}, _client_name(ctx),
                            scrub=False)
        vision = (reply.get("result") or {}).get("vision") or {}
        if not vision.get("ok"):
            raise ToolError(f"capture_failed: no screenshot ({vision.get('reason', 'unknown')})")
        image = Image(data=base64.b64decode(vision["image"]), format=vision.get("format", "png"))
        return [image, snapshot_text(reply)]

    @tool("Load an http(s) URL in a tab (the active shared tab by "
                 "default) and wait until it has loaded.")
    async def navigate(ctx: Context, url: str, tab_id: TabArg = None) -> str:
        await _call(check_page_url, url, allow_file_urls)
        reply = await _call(backend.navigate, tab_id, url, _client_name(ctx))
        return f"tab {reply.get('tabId')} loaded {reply.get('url')} · {reply.get('title')}"

    @tool("Do one action in the tab with real input events, then wait until the page is "
          "ready: click, double_click, right_click, hover, focus, type, fill, press, select, "
          "check, uncheck, scroll, submit, upload, drag. target: an element id from the "
          "outline (\"0-29\"), a DOM text index (12) or words (\"Sign in\"); ids are "
          "axsnap's, not DOM ids or selectors. value: the text to type or fill, the keys to "
          "press (\"Enter\"), the option to select, the scroll direction (down, up, top, "
          "bottom). It says what changed, or why it refused (stale_element: read the page "
          "again; ambiguous_target: pick one of the candidates by id).")
    async def act(
        ctx: Context,
        action: ActionName,
        target: TargetArg = None,
        value: Annotated[str | list[str] | None, Field(description="see above")] = None,
        to: Annotated[str | int | None, Field(description="drag: the drop target")] = None,
        tab_id: TabArg = None,
    ) -> str:
        params = {k: v for k, v in (("action", action), ("target", target), ("value", value),
                                    ("to", to)) if v is not None}
        return act_text(await _call(backend.act, tab_id, params, _client_name(ctx)))

    @tool("Which elements a target names, best first, without acting: an element id, a DOM "
          "text index or words. Says whether it is unique, ambiguous or not found.")
    async def find(ctx: Context, query: str | int, tab_id: TabArg = None,
                   limit: Annotated[int, Field(ge=1, le=50)] = 5) -> str:
        reply = await _call(backend.find, tab_id, {"query": query, "limit": limit},
                            _client_name(ctx))
        return find_text(reply)

    @tool("Wait until the tab is quiet (no DOM changes or input for quiet_ms, few requests "
          "in flight) and loaded, at most max_wait_ms; says what it saw.")
    async def wait_ready(
        ctx: Context, tab_id: TabArg = None,
        quiet_ms: Annotated[int, Field(ge=0, le=60_000)] = 500,
        max_wait_ms: Annotated[int, Field(ge=0, le=120_000)] = 10_000,
    ) -> str:
        params = {"options": {"quiet_ms": quiet_ms, "max_wait_ms": max_wait_ms}}
        return ready_text(await _call(backend.wait_ready, tab_id, params, _client_name(ctx)))

    return server


def run(transport: Literal["stdio", "http"] = "stdio", launch: bool = False,
        port: int = 8766, token_file: Path | None = None, allow_file_urls: bool = False,
        upload_dir: Path | None = None, browser_args: dict[str, Any] | None = None) -> int:
    """``browser_args``: the launched Browser's chromium, chromedriver, extra_args. SIGTERM
    ends it as Ctrl-C does: the launched browser quits (no Chromium or chromedriver left)."""
    from axsnap_host.control.paths import interrupted_by_sigterm
    from axsnap_host.mcp_server.backends import ControlBackend, LaunchBackend

    backend: Backend = (LaunchBackend(allow_file_urls=allow_file_urls, upload_dir=upload_dir,
                                      **(browser_args or {}))
                        if launch else ControlBackend())
    server = build_server(backend, allow_file_urls=allow_file_urls)
    with contextlib.suppress(KeyboardInterrupt), interrupted_by_sigterm():
        try:
            if transport == "stdio":
                server.run("stdio")
            else:
                serve_http(server, port, token_file)
        finally:
            backend.close()
    return 0


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
