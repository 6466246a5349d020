"""Token budget (``max_tokens``): drop the least useful outline lines first, and say so.

Each line gets a priority: controls above everything else (on-screen ones highest), then,
for the rest, on-screen above off-screen and, within each, headings > frames > named
containers > named images and cells > text (deeper text lower) > structure > decoration.
A line must stay while any line below it stays, so its effective priority is the highest
in its subtree. Lines are taken by effective priority, then document order, while their
tokens fit; what is left becomes marker lines (pipeline/elision.py). The cost of each
line is counted in advance; the result is then counted whole, exactly, and the take is
shrunk until it fits (markers cost tokens too).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from axsnap_host.pipeline.outline.elision import elide
from axsnap_host.pipeline.outline.lines import OutlineLine
from axsnap_host.pipeline.outline.text import INDENT, indent, join_lines
from axsnap_host.pipeline.tokens import count_lines, count_tokens

_KIND_RANK = {
    "decorative": 0.0, "marker": 1.0, "structure": 1.0, "text": 2.0, "cell": 3.0,
    "image": 3.0, "container": 4.0, "document": 5.0, "heading": 6.0,
}
ONSCREEN_BONUS = 10.0
INTERACTIVE_RANK = 20.0
TOP_RANK = 1e9
_MAX_ROUNDS = 12
_PLURAL = {"text": "text", "StaticText": "text", "checkbox": "checkboxes",
           "listitem": "list items", "LabelText": "labels", "MenuListPopup": "popups",
           "contentinfo": "footers", "banner": "headers", "complementary": "asides",
           "RootWebArea": "documents", "Iframe": "frames", "…": "elided parts"}


def priority(line: OutlineLine) -> float:
    """A line's own priority: higher stays longer."""
    if line.parent < 0:
        return TOP_RANK
    if line.kind == "interactive":
        return INTERACTIVE_RANK + (ONSCREEN_BONUS if line.onscreen else 0.0)
    rank = _KIND_RANK.get(line.kind, 1.0)
    if line.kind == "text":
        rank -= min(line.depth, 50) / 100  # deep text goes first
    return rank + (ONSCREEN_BONUS if line.onscreen else 0.0)


def take_order(lines: Sequence[OutlineLine]) -> list[int]:
    """Line indices in the order they are kept: by effective priority, then document
    order. Every line comes after its parent."""
    effective = [priority(line) for line in lines]
    for i in range(len(lines) - 1, -1, -1):
        parent = lines[i].parent
        if parent >= 0 and effective[i] > effective[parent]:
            effective[parent] = effective[i]
    return sorted(range(len(lines)), key=lambda i: (-effective[i], i))


def describe(dropped: list[OutlineLine]) -> str:
    """``offscreen rows; 12 controls``: where the dropped lines were, what their top lines
    were, and how many controls went with them."""
    if not dropped:
        return ""
    onscreen = sum(1 for line in dropped if line.onscreen)
    where = ("onscreen" if onscreen == len(dropped) else
             "offscreen" if onscreen == 0 else "partly offscreen")
    top_depth = min(line.depth for line in dropped)
    roles = Counter(line.role for line in dropped if line.depth == top_depth)
    what = ", ".join(_plural(role) for role, _n in roles.most_common(2))
    controls = sum(1 for line in dropped if line.kind == "interactive")
    text = f"{where} {what}"
    if controls:
        text += f"; {controls} control" + ("" if controls == 1 else "s")
    return text


def _plural(role: str) -> str:
    if role in _PLURAL:
        return _PLURAL[role]
    role = role.split(", ")[-1]
    return role + ("es" if role.endswith(("s", "x", "ch")) else "s")


def fit_budget(lines: list[OutlineLine], max_tokens: int) -> tuple[list[OutlineLine],
                                                                     dict[str, Any]]:
    """Lines whose text fits ``max_tokens`` cl100k tokens, with markers for the rest; and a
    report ``{max_tokens, tokens_before, tokens, elided, fits}``."""
    text = join_lines(lines)
    before = count_tokens(text)
    report: dict[str, Any] = {"max_tokens": max_tokens, "tokens_before": before,
                              "tokens": before, "elided": 0, "fits": before <= max_tokens}
    if before <= max_tokens or not lines:
        return lines, report
    order = take_order(lines)
    costs = count_lines([f"{indent(line.depth)}{line.text}" for line in lines])
    cumulative = list(accumulate(costs[i] for i in order))

    def marker_cost(text: str) -> int:
        return count_tokens(f"{INDENT * 4}{text}\n")

    def attempt(take: int) -> tuple[list[OutlineLine], int, int]:
        keep = [False] * len(lines)
        for i in order[:take]:
            keep[i] = True
        out, dropped = elide(lines, keep, describe, costs, marker_cost)
        return out, dropped, count_tokens(join_lines(out))

    # First guess from the per-line costs; then shrink by the overshoot (markers cost
    # tokens) until one fits, and bisect between the best fit and the first miss.
    take = max(1, bisect_right(cumulative, max_tokens))
    fit_take, miss_take = 0, len(lines) + 1
    best: tuple[list[OutlineLine], int, int] | None = None
    for _round in range(_MAX_ROUNDS):
        tried = attempt(take)
        if tried[2] <= max_tokens or take == 1:
            best, fit_take = tried, take
        else:
            miss_take = take
        if miss_take - fit_take <= 1 or (take == 1 and best is not None):
            break
        if best is None:  # no fit yet: aim below by the overshoot
            target = cumulative[take - 1] - (tried[2] - max_tokens) - max(4, max_tokens // 200)
            take = max(1, min(bisect_right(cumulative, target), miss_take - 1))
        else:
            take = (fit_take + miss_take) // 2
    if best is None:
        best = attempt(1)
    out, dropped, tokens = best
    report.update(tokens=tokens, elided=dropped, fits=tokens <= max_tokens)
    return out, report

