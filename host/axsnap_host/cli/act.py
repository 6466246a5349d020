"""``axsnap act URL --do 'click "Sign in"' --do 'fill "Email" ada@example.com' --out DIR``:
a short script of steps, each followed by a snapshot.

A step is ``ACTION TARGET [VALUE]`` in shell quoting: the target is words (``"Sign in"``),
a DOM text index (``12``) or an element id (``0-29``). ``press`` and ``scroll`` take a
value alone (``press Enter``, ``scroll down``) or a target and a value; ``drag`` takes two
targets; ``select`` and ``upload`` take several values (``select "Toppings" Cheese Olives``:
exactly those options of a ``<select multiple>`` end selected; ``upload "Files" a.txt b.txt``).
Each step writes ``DIR/NN-ACTION/``: ``action.json`` (the ActionResult) and the snapshot's
outputs. The run stops at the first refused step (``--keep-going`` goes on); the exit code is 1
when a step was refused.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from axsnap_host.models.act import ACTIONS, HISTORY_ACTIONS, TARGETLESS
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.url_scrub import scrub_urls_in_text
from axsnap_host.render.act_changes import change_lines, readiness_words, target_lines


@dataclass(frozen=True)
class Step:
    action: str
    target: str | int | dict[str, str] | None
    value: str | list[str] | None = None
    to: str | int | None = None

    def describe(self) -> str:
        value = ", ".join(self.value) if isinstance(self.value, list) else self.value
        shown = "•••" if self.action in ("type", "fill") and value else (value or "")
        parts = [self.action, repr(self.target) if self.target is not None else "",
                 f"→ {self.to!r}" if self.to is not None else "", shown]
        return " ".join(p for p in parts if p)


RELATIONS = ("near", "in", "inside", "within")
# Actions whose value may be several words, each its own item: the options of a
# ``<select multiple>`` to end selected, the files of an upload.
LIST_VALUED = ("select", "upload")


def _target(text: str) -> str | int:
    return int(text) if text.isdigit() else text


def parse_step(text: str) -> Step:
    """One ``--do`` step; ``invalid_message`` for a step that does not parse."""
    try:
        words = shlex.split(text)
    except ValueError as err:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r}: {err}",
                          "quote targets with spaces: click \"Sign in\"") from err
    if not words or words[0] not in ACTIONS:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r} names no action",
                          "start each step with one of: " + ", ".join(ACTIONS))
    action, args = words[0], words[1:]
    if action in HISTORY_ACTIONS:
        if args:
            raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r}: {action} takes "
                              "nothing after it", "back, forward or reload alone")
        return Step(action, None, None)
    many = action in LIST_VALUED
    if (len(args) in (3, 4) or (many and len(args) > 4)) and args[1].lower() in RELATIONS:
        # click "Reply" near "Kanesha" / fill "Comment" in "@jolie" hello
        key = "near" if args[1].lower() == "near" else "inside"
        return Step(action, {"query": args[0], key: args[2]}, _value(args[3:]))
    if action in TARGETLESS and len(args) == 1:
        return Step(action, None, args[0])
    if action == "drag":
        if len(args) != 2:
            raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r}: drag FROM TO",
                              'drag "Handle" "Drop zone"')
        return Step(action, _target(args[0]), None, _target(args[1]))
    if not args or (len(args) > 2 and not many):
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r}: {action} TARGET [VALUE]",
                          'fill "Email" ada@example.com')
    return Step(action, _target(args[0]), _value(args[1:]))


def _value(words: list[str]) -> str | list[str] | None:
    """No value, one value, or (select, upload) a list of them."""
    if not words:
        return None
    return words[0] if len(words) == 1 else list(words)


def _progress(message: str) -> None:
    print(f"axsnap: {scrub_urls_in_text(message)[0]}", file=sys.stderr, flush=True)


def step_options(args: argparse.Namespace) -> dict[str, Any]:
    """The act options the command line gives every step (ActOptions and readiness)."""
    options: dict[str, Any] = {}
    if getattr(args, "force", False):
        options["force"] = True
    if getattr(args, "no_settle", False):
        options["settle"] = False
    for name in ("timeout_ms", "quiet_ms", "max_wait_ms", "max_pending_requests", "dialog"):
        value = getattr(args, name, None)
        if value is not None:
            options[name] = value
    return options


def cmd_act(args: argparse.Namespace) -> int:
    steps = [parse_step(s) for s in args.do]  # a bad step fails before a browser starts
    options = step_options(args)
    wire = [{"action": s.action, "target": s.target, "value": s.value, "to": s.to,
             **({"options": options} if options else {})} for s in steps]
    if args.session:
        from axsnap_host.sessions.client import call

        if args.target:
            call(args.session, "navigate", {"url": args.target})
        done = call(args.session, "act", {"steps": wire, "options": {"format": args.format},
                                          "keep_going": args.keep_going,
                                          "follow_tabs": args.follow_tabs})["steps"]
        return report_steps(steps, done, args.out)
    if not args.target:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, "act needs a URL or a file",
                          "axsnap act URL_OR_FILE --do STEP, or -s NAME for an open session")
    from axsnap_host.cli.launch import launch_options
    from axsnap_host.client import Browser
    from axsnap_host.client.acting import run_steps
    from axsnap_host.client.file_server import url_for

    with url_for(args.target) as url, \
            Browser(headless=not args.headed, **launch_options(args)) as browser:
        browser.open(url)
        done = run_steps(browser, wire, {"format": args.format}, args.keep_going,
                         follow_tabs=args.follow_tabs)
    return report_steps(steps, done, args.out)


MAX_DOM_LINES = 10


def step_change_lines(changes: dict[str, Any]) -> list[str]:
    """What an act's report says changed, beyond its counts (all of it already scrubbed by
    the host): dialogs, in-page dialogs opened and closed, messages that appeared, texts that
    changed, forms submitted, a URL moved within the page, the first DOM text lines."""
    lines = change_lines(changes, arrow="->")
    if changes.get("same_document"):
        lines.append(f"URL changed within the page: {changes.get('url')}")
    dom = (changes.get("dom") or {}).get("lines") or []
    lines += [f"  {line}" for line in dom[:MAX_DOM_LINES]]
    if len(dom) > MAX_DOM_LINES:
        lines.append(f"  ... {len(dom) - MAX_DOM_LINES} more (action.json has them all)")
    return lines


def report_steps(steps: list[Step], done: list[dict[str, Any]], out: str | None) -> int:
    """What each step did (stderr), and the read after it: on stdout (``out`` None or "-"),
    else in ``out/NN-ACTION/`` (``action.json`` and the read's files). 1 when a step was
    refused."""
    from axsnap_host.client.outputs import emit

    to_stdout = out is None or out == "-"
    refused = False
    for n, (step, entry) in enumerate(zip(steps, done, strict=False), 1):
        result = entry["result"]
        error = result.get("error") or {}
        status = "ok" if result.get("ok") else \
            f"refused [{error.get('code')}]: {error.get('message')}"
        lines = [f"{n}. {step.describe()}: {status}"]
        changes = result.get("changes")
        if result.get("ok") and changes:
            dom = changes.get("dom") or {}
            ready = readiness_words(result.get("readiness")) or "ready after 0 ms"
            lines.append(f"   changed {len(dom.get('changed') or [])}, added "
                         f"{len(dom.get('added') or [])}, removed {len(dom.get('removed') or [])}"
                         f"; navigated={changes.get('navigated')}; {ready}")
            lines += [f"   {line}" for line in target_lines(result) + step_change_lines(changes)]
            lines += [f"   opened tab {tab.get('tabId')} · {tab.get('url')}"
                      for tab in result.get("opened_tabs") or []]
        if not result.get("ok") and error.get("candidates"):
            lines.append("   candidates: " + json.dumps(error["candidates"], ensure_ascii=False))
        print("\n".join(lines), file=sys.stderr if to_stdout else sys.stdout, flush=True)
        refused = refused or not result.get("ok")
        folder = None if to_stdout else Path(str(out)) / f"{n:02d}-{step.action}"
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "action.json").write_text(json.dumps(result, indent=2) + "\n",
                                                encoding="utf-8")
        written = emit(entry["reply"]["result"], folder)
        if folder is not None:
            _progress(f"wrote {folder / 'action.json'} and {len(written)} outputs")
    return 1 if refused else 0


def add_command(sub: Any, formats: tuple[str, ...]) -> None:
    act = sub.add_parser("act", help="do a few steps on a page (click, fill, select, ...) and "
                         "snapshot after each")
    act.add_argument("target", metavar="URL_OR_FILE", nargs="?",
                     help="what to load (with -s: optional, loaded in the session's tab)")
    act.add_argument("--do", action="append", required=True, metavar="STEP",
                     help="ACTION TARGET [VALUE], e.g. 'click \"Sign in\"' (repeat)")
    act.add_argument("--out", default=None, metavar="DIR",
                     help="one folder per step in DIR (default: each read on stdout, as '-')")
    act.add_argument("--format", choices=formats, default="domtext",
                     help="the snapshot taken after each step")
    act.add_argument("--keep-going", action="store_true", help="go on after a refused step")
    act.add_argument("--follow-tabs", action="store_true",
                     help="after a step that opens a tab or popup, act in the tab it opened")
    act.add_argument("--force", action="store_true",
                     help="skip the occlusion hit-test (click even where something covers)")
    act.add_argument("--timeout-ms", type=int, default=None, metavar="MS",
                     help="each step's own deadline (default: max-wait-ms + 20 s)")
    act.add_argument("--quiet-ms", type=int, default=None, metavar="MS",
                     help="readiness: quiet this long after a step (default 500)")
    act.add_argument("--max-wait-ms", type=int, default=None, metavar="MS",
                     help="readiness: wait at most this long (default 10000)")
    act.add_argument("--max-pending-requests", type=int, default=None, metavar="N",
                     help="readiness: requests that may still be in flight (default 2)")
    act.add_argument("--no-settle", action="store_true",
                     help="readiness: always wait the quiet window (default: end as soon as the "
                     "page is settled)")
    act.add_argument("--dialog", choices=("accept", "dismiss"), default=None,
                     help="answer JavaScript dialogs a step opens (default dismiss)")
    act.add_argument("--headed", action="store_true", help="show the browser")
    from axsnap_host.cli.launch import add_launch_flags
    from axsnap_host.cli.sessions import add_session_flag

    add_session_flag(act)
    add_launch_flags(act)
    act.set_defaults(func=cmd_act)
