"""Shape the outline's line records for the reply: filter, compact, depth, text, budget.

The order matters: the interactive filter and compact decide which lines exist, the depth
limit cuts what remains, the text is rendered (compact lines show value and state), and
the token budget elides last, on the text the model will actually read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.ax.tree import FlatNode, FlatTree
from axsnap_host.pipeline.ax.window_index import DomFacts
from axsnap_host.pipeline.outline.budget import fit_budget
from axsnap_host.pipeline.outline.compact import Seam, compact, cut_depth, filter_interactive
from axsnap_host.pipeline.outline.lines import OutlineLine
from axsnap_host.pipeline.outline.text import line_text


@dataclass
class Shaped:
    lines: list[OutlineLine]
    stats: dict[str, int] = field(default_factory=dict)
    budget: dict[str, Any] | None = None


def shape_lines(
    lines: list[OutlineLine],
    options: SnapshotOptions,
    mark_onscreen: Callable[[list[OutlineLine]], None],
    seam: Seam | None = None,
) -> Shaped:
    """Apply ``filter``, ``compact``, ``depth`` and ``max_tokens`` and render the text."""
    stats: dict[str, int] = {}
    before = len(lines)
    if options.filter == "interactive":
        lines = filter_interactive(lines)
        stats["filtered"] = before - len(lines)
    if options.compact:
        count = len(lines)
        lines = compact(lines, seam)
        stats["compacted"] = count - len(lines)
    if options.depth is not None:
        lines, cut = cut_depth(lines, options.depth)
        stats["depth_cut"] = cut
    for line in lines:
        line.text = line_text(line, detail=options.compact)
    budget = None
    if options.max_tokens is not None:
        stats["lines_before_budget"] = len(lines)
        mark_onscreen(lines)
        lines, budget = fit_budget(lines, options.max_tokens)
    return Shaped(lines, stats, budget)


def is_collapsed(node: FlatNode) -> bool:
    """The node says ``expanded: false`` (its state keeps that false: flatten's
    node_state)."""
    return node.state.get("expanded") is False


def mark_onscreen(lines: list[OutlineLine], tree: FlatTree, dom: DomFacts,
                  capture: RawCapture) -> None:
    """Set ``onscreen``: the node's box meets the viewport. A node without a box (text
    runs, AX-only nodes) takes its parent line's answer."""
    layout = capture.layout or {}
    viewport = layout.get("cssLayoutViewport") or layout.get("layoutViewport") or {}
    left = float(viewport.get("pageX") or 0)
    top = float(viewport.get("pageY") or 0)
    width = float(viewport.get("clientWidth") or 0)
    height = float(viewport.get("clientHeight") or 0)
    if width <= 0 or height <= 0:
        return  # no layout metrics: everything counts as on screen
    for line in lines:
        node = tree.nodes.get(line.key)
        box = dom.box(node.backend_id, node.frame_id) if node is not None else None
        bounds = box[0] if box is not None else None
        if bounds is None or (bounds[2] <= 0 and bounds[3] <= 0):
            line.onscreen = lines[line.parent].onscreen if line.parent >= 0 else True
            continue
        x, y, w, h = bounds
        line.onscreen = x < left + width and x + w > left and y < top + height and y + h > top
