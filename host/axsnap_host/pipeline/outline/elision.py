"""Elision: drop outline lines and say so, with a marker line where they were.

A marker stands for a run of dropped sibling subtrees: ``… 143 nodes elided (offscreen
links)``, at their place and depth, so the numbers of all markers add up to the lines
dropped. The depth limit and the token budget both elide through here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

from axsnap_host.pipeline.outline.lines import OutlineLine

MARKER = "…"
Describe = Callable[[list[OutlineLine]], str]


def marker_text(count: int, reason: str) -> str:
    noun = "node" if count == 1 else "nodes"
    return f"{MARKER} {count} {noun} elided ({reason})" if reason else \
        f"{MARKER} {count} {noun} elided"


def elide(lines: Sequence[OutlineLine], keep: Sequence[bool], describe: Describe,
          costs: Sequence[int] | None = None,
          marker_cost: Callable[[str], int] | None = None) -> tuple[list[OutlineLine], int]:
    """The kept lines with markers for the rest; and how many lines were dropped.

    ``keep`` must hold every ancestor of a kept line (then kept lines keep their depth).
    Existing markers inside a dropped run are folded into the new marker's count. With
    ``costs`` (tokens per line) and ``marker_cost``, a run that costs no more than its
    marker would is kept instead: eliding it would not save anything.
    """
    out: list[OutlineLine] = []
    run: list[int] = []  # indices of the open run's lines (tops and their subtrees)
    run_parent = -2
    dropped = 0

    def flush() -> None:
        nonlocal run, run_parent, dropped
        if run:
            top = lines[run[0]]
            count = sum(lines[i].elided or 1 for i in run)
            text = marker_text(count, describe([lines[i] for i in run
                                                if not lines[i].is_marker]))
            if costs is not None and marker_cost is not None and \
                    sum(costs[i] for i in run) <= marker_cost(text):
                out.extend(lines[i] for i in run)
                dropped -= count
            else:
                out.append(OutlineLine(
                    key=MARKER + top.key.lstrip(MARKER), depth=top.depth, role=MARKER,
                    name="", kind="marker", ref=False, onscreen=top.onscreen, elided=count,
                    text=text))
        run, run_parent = [], -2

    for i, line in enumerate(lines):
        if keep[i]:
            flush()
            out.append(line)
            continue
        dropped += line.elided or 1
        parent = line.parent
        if parent >= 0 and not keep[parent]:
            run.append(i)  # inside a dropped subtree
            continue
        if parent != run_parent:
            flush()
        run_parent = parent
        run.append(i)
    flush()
    return reparent(out), dropped


def reparent(lines: list[OutlineLine]) -> list[OutlineLine]:
    """Copies of the lines with each parent index set from the depths (after lines were
    inserted). The input records are left alone: the budget elides the same ones again."""
    out: list[OutlineLine] = []
    stack: list[int] = []
    for i, line in enumerate(lines):
        while stack and out[stack[-1]].depth >= line.depth:
            stack.pop()
        out.append(copy.copy(line))
        out[i].parent = stack[-1] if stack else -1
        stack.append(i)
    return out
