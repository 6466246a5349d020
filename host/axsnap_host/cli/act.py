"""``axsnap act URL --do 'click "Sign in"' --do 'fill "Email" ada@example.com' --out DIR``:
a short script of steps, each followed by a snapshot.

A step is ``ACTION TARGET [VALUE]`` in shell quoting: the target is words (``"Sign in"``),
a DOM text index (``12``) or an element id (``0-29``). ``press`` and ``scroll`` take a
value alone (``press Enter``, ``scroll down``) or a target and a value; ``drag`` takes two
targets. Each step writes ``DIR/NN-ACTION/``: ``action.json`` (the ActionResult) and the
snapshot's outputs. The run stops at the first refused step (``--keep-going`` goes on);
the exit code is 1 when a step was refused.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from axsnap_host.models.act import ACTIONS, TARGETLESS
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.pipeline.url_scrub import scrub_urls_in_text


@dataclass(frozen=True)
class Step:
    action: str
    target: str | int | dict[str, str] | None
    value: str | None = None
    to: str | int | None = None

    def describe(self) -> str:
        shown = "•••" if self.action in ("type", "fill") and self.value else (self.value or "")
        parts = [self.action, repr(self.target) if self.target is not None else "",
                 f"→ {self.to!r}" if self.to is not None else "", shown]
        return " ".join(p for p in parts if p)


RELATIONS = ("near", "in", "inside", "within")


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
    if len(args) in (3, 4) and args[1].lower() in RELATIONS:
        # click "Reply" near "Kanesha" / fill "Comment" in "@jolie" hello
        key = "near" if args[1].lower() == "near" else "inside"
        return Step(action, {"query": args[0], key: args[2]}, args[3] if len(args) == 4 else None)
    if action in TARGETLESS and len(args) == 1:
        return Step(action, None, args[0])
    if action == "drag":
        if len(args) != 2:
            raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r}: drag FROM TO",
                              'drag "Handle" "Drop zone"')
        return Step(action, _target(args[0]), None, _target(args[1]))
    if not args or len(args) > 2:
        raise AxsnapError(ErrorCode.INVALID_MESSAGE, f"step {text!r}: {action} TARGET [VALUE]",
                          'fill "Email" ada@example.com')
    return Step(action, _target(args[0]), args[1] if len(args) == 2 else None)


def _progress(message: str) -> None:
    print(f"axsnap: {scrub_urls_in_text(message)[0]}", file=sys.stderr, flush=True)


def cmd_act(args: argparse.Namespace) -> int:
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import url_for
    from axsnap_host.client.outputs import write_outputs

    steps = [parse_step(s) for s in args.do]  # a bad step fails before a browser starts
    out = Path(args.out)
    refused = False
    with url_for(args.target) as url, Browser(headless=not args.headed) as browser:
        browser.open(url)
        for n, step in enumerate(steps, 1):
            result = browser.act(step.target, step.action, step.value, to=step.to)
            folder = out / f"{n:02d}-{step.action}"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "action.json").write_text(result.model_dump_json(indent=2) + "\n",
                                                encoding="utf-8")
            reply = browser.snapshot_raw(format=args.format)
            written = write_outputs(reply["result"], folder)
            status = "ok" if result.ok else f"refused [{result.error.code}]: {result.error.message}"
            print(f"{n}. {step.describe()}: {status}")
            if result.ok and result.changes is not None:
                dom = result.changes.dom
                print(f"   changed {len(dom.changed)}, added {len(dom.added)}, removed "
                      f"{len(dom.removed)}; navigated={result.changes.navigated}; ready in "
                      f"{result.readiness.waited_ms if result.readiness else 0:.0f} ms")
            _progress(f"wrote {folder / 'action.json'} and {len(written)} outputs")
            if not result.ok:
                refused = True
                if result.error and result.error.candidates:
                    print("   candidates: " + json.dumps(
                        [c.model_dump() for c in result.error.candidates], ensure_ascii=False))
                if not args.keep_going:
                    break
    return 1 if refused else 0


def add_command(sub: Any, formats: tuple[str, ...]) -> None:
    act = sub.add_parser("act", help="do a few steps on a page (click, fill, select, ...) and "
                         "snapshot after each")
    act.add_argument("target", metavar="URL_OR_FILE")
    act.add_argument("--do", action="append", required=True, metavar="STEP",
                     help="ACTION TARGET [VALUE], e.g. 'click \"Sign in\"' (repeat)")
    act.add_argument("--out", default="axsnap-out/act", help="one folder per step in here")
    act.add_argument("--format", choices=formats, default="domtext",
                     help="the snapshot taken after each step")
    act.add_argument("--keep-going", action="store_true", help="go on after a refused step")
    act.add_argument("--headed", action="store_true", help="show the browser")
    act.set_defaults(func=cmd_act)
