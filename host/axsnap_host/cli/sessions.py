"""``axsnap open URL -s NAME``, ``close -s NAME``, ``sessions``, and what ``snapshot -s NAME``
and ``act -s NAME`` do in a session. Results go to stdout; ``--out DIR`` writes files
(``--out -`` is stdout too)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from axsnap_host.cli.launch import add_launch_flags, launch_options
from axsnap_host.client.outputs import emit
from axsnap_host.sessions.client import call, close_session, list_sessions, open_session

DEFAULT_SESSION = "default"


def _note(message: str) -> None:
    print(f"axsnap: {message}", file=sys.stderr, flush=True)


def cmd_open(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    record = open_session(args.session, args.target, headless=not args.headed,
                          **launch_options(args))
    print(f"{record['name']}\t{record['url']}\tpid {record['pid']}")
    _note(f"session {record['name']!r} open in {time.perf_counter() - started:.1f} s; "
          f"axsnap snapshot -s {record['name']} reads it, axsnap close -s {record['name']} "
          "ends it")
    return 0


def cmd_close(args: argparse.Namespace) -> int:
    if close_session(args.session):
        _note(f"session {args.session!r} closed")
        return 0
    _note(f"no open session {args.session!r}")
    return 1


def cmd_sessions(args: argparse.Namespace) -> int:
    live, pruned = list_sessions()
    for record in pruned:
        _note(f"pruned session {record.name!r}: its process (pid {record.pid}) is gone")
    if args.json:
        print(json.dumps([r.public() for r in live], indent=2))
        return 0
    for record in live:
        since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(record.started))
        print(f"{record.name}\tpid {record.pid}\tsince {since}\t{record.url}")
    if not live:
        _note("no open sessions")
    return 0


def snapshot_in_session(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """``axsnap snapshot [URL] -s NAME``: read the session's tab (after loading URL)."""
    params: dict[str, Any] = {"options": {**options, "format": args.format}}
    if args.target:
        params["url"] = _url(args.target)
    reply = call(args.session, "snapshot", params)["reply"]
    for path in emit(reply["result"], args.out):
        _note(f"wrote {path}")
    return 0


def _url(target: str) -> str:
    """A URL the session's browser can load (local files: only at ``open``)."""
    from axsnap_host.client.urls import check_url

    check_url(target)
    return target


def add_session_flag(parser: argparse.ArgumentParser, required: bool = False) -> None:
    parser.add_argument("-s", "--session", default=None if not required else DEFAULT_SESSION,
                        metavar="NAME",
                        help="use the named session's browser (axsnap open URL -s NAME)"
                        if not required else f"the session's name (default {DEFAULT_SESSION})")


def add_commands(sub: Any) -> None:
    opened = sub.add_parser("open", help="open URL in a named session: one background browser "
                            "kept for snapshot/act -s NAME until close -s NAME")
    opened.add_argument("target", metavar="URL_OR_FILE")
    add_session_flag(opened, required=True)
    opened.add_argument("--headed", action="store_true", help="show the browser (needs a display)")
    add_launch_flags(opened)
    opened.set_defaults(func=cmd_open)

    close = sub.add_parser("close", help="end a named session (its browser quits)")
    add_session_flag(close, required=True)
    close.set_defaults(func=cmd_close)

    listed = sub.add_parser("sessions", help="list open sessions; prune those whose process "
                            "died")
    listed.add_argument("--json", action="store_true", help="as JSON")
    listed.set_defaults(func=cmd_sessions)
