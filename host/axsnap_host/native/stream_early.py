"""A streamed read's AX-only work, done when its AX stream ends instead of after its request.

On a repeated whole-page read the AX nodes reach the host within ~0.1 s (the extension's
AX cache), and the request follows only when the renderer has computed the DOMSnapshot,
~0.5 s later on the 20k bench page: the host waited for it, then did all its work. The
extension now says when the last AX part of a stream was sent (``capture_ax_end``, with the
frames as the capture will name them), and the host builds the AX tree (flatten) right
then, while it would wait anyway, and what the next steps read of its nodes alone (the
hidden-instruction matches of their names, prune's interest: ``FlatTree.ahead``); the
request's pipeline takes the tree (pipeline/ax/tree.py ``flat_tree``) instead of
flattening, and each step its part.

The tree is used only when it is the one the request's capture would give: the request's
frames have the same facts (what flatten reads of a frame) and every frame holds the very
node list the tree was built from (a part after the end drops the early work). Otherwise
the request flattens its own capture, so the output is the same either way. The tree lives on its
stream: a failed, dropped or evicted stream takes it along, and a request takes it once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.ax.instructions import MATCHES, instruction_matches
from axsnap_host.pipeline.ax.prune import INTEREST, prune_interest
from axsnap_host.pipeline.ax.tree import (
    EARLY_TREE,
    FlatTree,
    FrameFacts,
    flatten_frames,
    frame_facts,
    same_facts,
)

# Above this many streamed nodes the tree is not built ahead: it would hold a second form
# of the nodes beside the stream's rows (the late path builds it after the rows are taken).
MAX_EARLY_NODES = 400_000
EXACT_READ = "exact read"  # why an exact read's request takes no early tree


@dataclass(slots=True)
class EarlyWork:
    """What was built from a stream's AX nodes before its request came."""

    facts: list[FrameFacts]
    lists: list[list[Any]]  # each frame's node list, as the tree was built from it
    tree: FlatTree
    ms: float


def early_problem(frames: list[Any], nodes_of: dict[str, list[Any]]) -> str | None:
    """Why a tree of ``frames`` (AxStreamFrame) and the stream's nodes cannot be the
    request's tree, or None."""
    ids = [frame_facts(frame).frame_id for frame in frames]
    if len(set(ids)) != len(ids):
        return "a frame is named twice"
    if not set(nodes_of) <= set(ids):
        return "nodes of a frame the end does not name"
    return None


def build_early(frames: list[Any], nodes_of: dict[str, list[Any]]) -> EarlyWork | str:
    """Flatten ``frames`` (AxStreamFrame) with the stream's nodes; a reason when it cannot be
    the request's tree (then nothing is built)."""
    problem = early_problem(frames, nodes_of)
    if problem is not None:
        return problem
    facts = [frame_facts(frame) for frame in frames]
    ids = [fact.frame_id for fact in facts]
    started = time.perf_counter()
    lists = [nodes_of.get(frame_id, []) for frame_id in ids]
    tree = flatten_frames(facts, lists)
    # what the steps after flatten read of the nodes alone, for them to take (FlatTree.ahead)
    tree.ahead[MATCHES] = instruction_matches(tree)
    tree.ahead[INTEREST] = prune_interest(tree)
    return EarlyWork(facts, lists, tree, round((time.perf_counter() - started) * 1000, 3))


def take_early(early: EarlyWork, capture: RawCapture) -> str | None:
    """Hand the early tree to ``capture``'s pipeline when it is the tree the capture gives
    (its frames filled from the stream already); else the reason it is not."""
    frames = capture.frames
    if not same_facts(early.facts, [frame_facts(frame) for frame in frames]):
        return "the request's frames differ"
    for frame, built_from in zip(frames, early.lists, strict=True):
        if frame.axNodes is not built_from and (frame.axNodes or built_from):
            return "the request's nodes differ"
    capture.derived[EARLY_TREE] = early.tree
    return None
