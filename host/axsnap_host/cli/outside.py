"""``axsnap serve`` and ``axsnap mcp``: the subcommands for outside agents."""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import Any


def cmd_serve(args: argparse.Namespace) -> int:
    from axsnap_host.control.paths import token_path

    if args.print_token_path:
        print(token_path())
        return 0
    from axsnap_host.control.server import run

    code = run(args.port, grants=grants_of(args))
    end_now(code)
    return code


def end_now(code: int) -> None:
    """The process ends here, once serve's own cleanup has run (runtime files removed, link
    socket and port closed): its output flushed, without the interpreter's teardown of every
    imported module. That teardown was most of a stop's CPU (70-110 ms against ~5), and a
    niced serve on a loaded machine waited seconds for it after SIGTERM."""
    import os
    import sys

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def cmd_mcp(args: argparse.Namespace) -> int:
    from axsnap_host.cli.launch import launch_options
    from axsnap_host.control.paths import token_path

    if args.print_token_path:
        print(args.token_file or token_path())
        return 0
    from axsnap_host.mcp_server.server import run

    return run("http" if args.http else "stdio", launch=args.launch, port=args.port,
               token_file=args.token_file, grants=grants_of(args),
               browser_args=launch_options(args))


def grants_of(args: argparse.Namespace) -> Any:
    from axsnap_host.control.ops import Grants

    return Grants(allow_file_urls=args.allow_file_urls, upload_dir=args.upload_dir,
                  allow_evaluate=args.allow_evaluate)


def add_grants(parser: argparse.ArgumentParser, where: str = "") -> None:
    """What the person lets outside agents do beyond reading and acting in web pages."""
    parser.add_argument("--allow-file-urls", action="store_true",
                        help="let agents load and read file: pages" + where + " (default: "
                        "http(s) pages only)")
    parser.add_argument("--upload-dir", type=Path, default=None, metavar="DIR",
                        help="let agents upload files from this folder only" + where +
                        " (default: no uploads)")
    parser.add_argument("--allow-evaluate", action="store_true",
                        help="let agents run JavaScript in the page" + where + " (its "
                        "results are NOT redacted; default: off)")


def add_commands(sub: Any) -> None:
    from axsnap_host.cli.launch import add_launch_flags
    from axsnap_host.control.server import DEFAULT_PORT

    serve = sub.add_parser("serve", help="the local control API for outside agents "
                           "(127.0.0.1; the browser links in when Outside access is on)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"TCP port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free port)")
    serve.add_argument("--print-token-path", action="store_true",
                       help="print where the bearer token is kept and exit")
    add_grants(serve)
    serve.set_defaults(func=cmd_serve)

    mcp = sub.add_parser("mcp", help="an MCP server (stdio) over your browser, through "
                         "`axsnap serve`; --launch: over its own headless Chromium")
    mcp.add_argument("--launch", action="store_true",
                     help="launch headless Chromium with the extension instead of using "
                     "your browser")
    mcp.add_argument("--http", action="store_true",
                     help="serve MCP over streamable HTTP on 127.0.0.1 instead of stdio")
    mcp.add_argument("--port", type=int, default=8766, help="--http port (default 8766)")
    mcp.add_argument("--token-file", type=Path, default=None,
                     help="--http: the bearer token clients must send, in this file (made, "
                     "mode 0600, when missing); default: the install's token, as serve's")
    mcp.add_argument("--print-token-path", action="store_true",
                     help="print where the --http bearer token is kept and exit")
    add_grants(mcp, " (--launch; with serve, serve's own)")
    add_launch_flags(mcp)  # --launch's browser
    mcp.set_defaults(func=cmd_mcp)
