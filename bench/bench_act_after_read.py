"""The act after a read (issue 32, fast path act_id_lookup): an agent reads the page, then acts
on an element that read named. Two worktrees' builds compared by turns in one run (each turn
runs the old build then the new one, or the reverse, in its own Chromium), on the inbox page
bench_act_pace.py uses (bench/pages/act_pace/inbox.html: 40 rows re-rendered on every change):

- ``domtext+index``: a DOM text read (the host's elements rebuilt: no kept act baseline), then
  a click on a row's "Select" checkbox by the read's index;
- ``outline+id``: an outline read after a text the page changed (the last act's baseline no
  longer stands), then a click by the outline's element id;
- ``domtext+words``: a DOM text read, then a click by the checkbox's words (its label quoted):
  words resolve on the capture before (no lookup);
- ``changed+words``: the page's title changed after the last act (no DOM element: a DOM
  text read still carries the act's baseline, note 109), a DOM text read, then a click by
  words: the act's check of that baseline fails and the act captures the page before its
  input (what words after a read cost with no act baseline standing, note 152);
- ``whole+words``, ``outlinepage+words``: the page with an archive 30,000 px down (``?far``:
  longer than an act's window), a whole-page read (DOM text with ``viewport_only: false``; an
  outline page read with the DOM text beside it), then a click by words (act40: the act's
  baseline stands across a read wider than its window).
- ``wholefirst+words``: the page's title changed after the last act (no act baseline can
  stand), a whole-page DOM text read (``viewport_only: false``) of the inbox (inside an act's
  window), then a click by words: the act's baseline kept at the read (fast path
  act_baseline_at_read, note 199) resolves it with no capture before the input; a build
  without that fast path captures the act's window first.
- ``wholefirstlong+words``: the same on the page with its archive 30,000 px down (``?far``:
  longer than an act's window): the read's walk cut to the act's window by the walker's marks
  is kept (note 211); a build without that cut keeps nothing at the read and captures first.
- ``semantic+script-id``: five buttons named in Chinese added to the inbox, the page's title
  changed (no baseline stands), a semantic read, then a click by the read's id of one
  (``btn_登录``): an id in another script, which the extension asked no lookup for before
  note 169 (its ASCII copy of the host's patterns).

Reported per turn and build: the median act latency as the client waits for it (``act_ms``)
and the act's own timings (resolve, capture before, input, readiness, after), the share of
acts that looked their target up (``timings.id_lookup``), resolved on a kept baseline, captured
before their input; and the median wall time of the read before each act (``read_ms``, with
the loop's own change of the page, when it makes one).

    nice .venv/bin/python bench/bench_act_after_read.py --old /work/wt/base --new . --turns 4
    (one build alone: python bench/bench_act_after_read.py --one --acts 12; two extensions on
    one host: --old . --new . --old-extension <old>/extension --new-extension ./extension)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
SUBJECTS = ["Quarterly report #1", "Invoice 2291 #2", "Re: the parser bug #3",
            "Password policy update #4", "Build is green again #5"]
KEYS = ("resolve_ms", "capture_before_ms", "host_resolve_ms", "watch_ms", "before_wait_ms",
        "action_ms", "ready_ms", "after_ms", "exact_resolve_ms", "total_ms")
LOOPS = ("domtext+index", "outline+id", "domtext+words", "changed+words", "whole+words",
         "outlinepage+words", "semantic+script-id", "wholefirst+words", "wholefirstlong+words")
SHARES = ("looked_up", "on_baseline", "at_once", "captured")  # of the acts, as percentages
SCRIPT_LABELS = ("登录", "保存", "删除", "发送", "归档")
ADD_SCRIPT_BUTTONS = ("const bar = document.createElement('div'); bar.id = 'script-bar';"
                      " for (const name of %s) { const b = document.createElement('button');"
                      " b.textContent = name; bar.append(b); } document.body.prepend(bar);")
WIDE_READS: dict[str, dict[str, Any]] = {
    "whole+words": {"format": "domtext", "viewport_only": False},
    "outlinepage+words": {"format": "outline", "scope": "page", "viewport_only": False,
                          "also_formats": ["domtext"]},
}


def one_build(acts: int, warmup: int, loops: tuple[str, ...] = LOOPS) -> dict[str, Any]:
    """Run both loops with the build this Python imports; return their samples."""
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    out: dict[str, Any] = {}
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        for loop in loops:
            far = loop in WIDE_READS or loop == "wholefirstlong+words"
            browser.open(base + "act_pace/inbox.html" + ("?far" if far else ""))
            if loop == "semantic+script-id":
                browser.run_in_target(ADD_SCRIPT_BUTTONS % json.dumps(SCRIPT_LABELS))
            samples: list[dict[str, Any]] = []
            for i in range(acts + warmup):
                label = f"Select {SUBJECTS[i % 5]}"
                target: int | str
                read_started = time.perf_counter()  # (the read's wall time: read_ms)
                if loop in ("wholefirst+words", "wholefirstlong+words"):
                    browser.run_in_target(f"document.title = 'Inbox {i}'")  # no baseline stands
                    browser.snapshot_raw(format="domtext", viewport_only=False)
                    target = f'"{label}"'
                elif loop in WIDE_READS:
                    browser.snapshot_raw(**WIDE_READS[loop])  # rebuilds them, past the window
                    target = f'"{label}"'
                elif loop in ("domtext+words", "changed+words"):
                    if loop == "changed+words":
                        browser.run_in_target(f"document.title = 'Inbox {i}'")  # baseline fails
                    browser.snapshot(format="domtext")  # the read rebuilds the host's elements
                    target = f'"{label}"'
                elif loop == "semantic+script-id":
                    browser.run_in_target(f"document.title = 'Inbox {i}'")  # no baseline stands
                    read = browser.snapshot(format="semantic")
                    target = f"btn_{SCRIPT_LABELS[i % 5]}"
                    ids = [e["id"] for e in read.elements]
                    if target not in ids:
                        raise SystemExit(f"{loop}: no {target} among {ids[:20]}")
                elif loop == "domtext+index":
                    dom = browser.snapshot(format="domtext")
                    line = next(x for x in dom.domtext.splitlines() if f'"{label}"' in x)
                    target = int(re.match(r"\s*\[(\d+)\]", line).group(1))  # type: ignore[union-attr]
                else:
                    browser.run_in_target(f"document.title = 'Inbox {i}'")  # no baseline stands
                    outline = browser.snapshot(format="outline")
                    line = next(x for x in outline.combinedTree.splitlines()
                                if x.endswith(label))
                    target = re.search(r"\[(\d+-\d+)\]", line).group(1)  # type: ignore[union-attr]
                t = time.perf_counter()
                read_ms = (t - read_started) * 1000
                result = browser.act(target, "click")
                act_ms = (time.perf_counter() - t) * 1000
                if not result.ok:
                    raise SystemExit(f"{loop}: {result.error}")
                if i >= warmup:
                    samples.append({"act_ms": act_ms, "read_ms": read_ms, **result.timings})
            out[loop] = samples
    return out


def medians(samples: list[dict[str, Any]]) -> dict[str, float]:
    row = {"act_ms": statistics.median(s["act_ms"] for s in samples)}
    reads = [s["read_ms"] for s in samples if "read_ms" in s]
    if reads:  # the read before each act (with the page's own change, when the loop makes one)
        row["read_ms"] = statistics.median(reads)
    for key in KEYS:
        got = [s[key] for s in samples if isinstance(s.get(key), int | float)]
        if got:
            row[key] = statistics.median(got)
    row["looked_up"] = sum(1 for s in samples if s.get("id_lookup")) / len(samples)
    row["on_baseline"] = sum(1 for s in samples if s.get("baseline_kept")) / len(samples)
    row["at_once"] = sum(1 for s in samples if s.get("capture_at_once")) / len(samples)
    row["captured"] = sum(1 for s in samples if "capture_before_ms" in s) / len(samples)
    return row


def run_build(tree: Path, acts: int, warmup: int, loops: tuple[str, ...],
              extension: Path | None = None) -> dict[str, Any]:
    python = tree / ".venv" / "bin" / "python"
    env = dict(os.environ, AXSNAP_EXTENSION_DIR=str(extension)) if extension else None
    done = subprocess.run([str(python), str(Path(__file__).resolve()), "--one", "--acts",
                           str(acts), "--warmup", str(warmup), "--loops", ",".join(loops)],
                          capture_output=True, text=True,
                          cwd=tree, check=True, env=env)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", type=Path, help="worktree of the old build (its .venv)")
    parser.add_argument("--new", type=Path, default=BENCH.parent)
    parser.add_argument("--old-extension", type=Path,
                        help="the old build's unpacked extension (AXSNAP_EXTENSION_DIR), when "
                        "the two builds differ only there")
    parser.add_argument("--new-extension", type=Path)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--acts", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--one", action="store_true", help="run this build once, print JSON")
    parser.add_argument("--loops", default=",".join(LOOPS),
                        help="comma-separated, of: " + ", ".join(LOOPS))
    args = parser.parse_args(argv)
    loops = tuple(x for x in args.loops.split(",") if x)
    if any(x not in LOOPS for x in loops):
        parser.error(f"--loops: each of {', '.join(LOOPS)}")
    if args.one:
        print(json.dumps(one_build(args.acts, args.warmup, loops)))
        return 0
    if args.old is None:
        parser.error("--old is needed (or --one)")
    for turn in range(args.turns):
        order = [("old", args.old, args.old_extension), ("new", args.new, args.new_extension)]
        if turn % 2:
            order.reverse()
        for name, tree, extension in order:
            load = Path("/proc/loadavg").read_text().split()[0]
            got = run_build(tree.resolve(), args.acts, args.warmup, loops, extension)
            for loop, samples in got.items():
                row = medians(samples)
                cells = " ".join(f"{k}={v:.0%}" if k in SHARES else f"{k}={v:.1f}"
                                 for k, v in row.items())
                print(f"turn {turn + 1} {name:3} load {load:>5} {loop:14} {cells}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
