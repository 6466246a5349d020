"""The one fact every format carries when a read is missing part of the page.

A read can come back partial in many ways: a frame whose accessibility tree or walk could
not be read, a capture step that failed or ran out of its deadline, a fallback that reads
less (the AX tree to a bounded depth, the DOM tree in slices that ran out of calls), the
walker stopping at its depth limit or its element cap, a page still loading when the wait
gave up, a token budget that left parts out. Each is an :class:`IncompleteReason`; a read
with any of them carries ``incomplete: {reasons}`` (SnapshotV1: ``quality.incomplete``),
and its text formats open with one line saying so (pipeline/incomplete.py). A complete read
carries nothing.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

IncompleteKind = Literal[
    "frame_not_read", "ax_failed", "deadline", "fallback", "depth_limit", "walker_stopped",
    "step_failed", "page_loading", "budget",
]


class IncompleteReason(BaseModel):
    """One way this read is missing part of the page."""

    model_config = ConfigDict(extra="forbid")

    kind: IncompleteKind = Field(
        description="frame_not_read (a frame's tree or walk is missing), ax_failed (an "
        "accessibility tree read failed), deadline (a capture step did not answer in time), "
        "fallback (a reduced read stood in: bounded depth, slices cut short), depth_limit "
        "(the walker stopped at its depth limit), walker_stopped (the walker stopped at its "
        "element cap), step_failed (another capture step failed), page_loading (the page "
        "was still loading), budget (max_tokens left parts out)")
    step: str | None = Field(None, description="the capture step, when one failed")
    detail: str = Field(description="what is missing, in words")


class Incomplete(BaseModel):
    """Present only on a read that is missing part of the page."""

    model_config = ConfigDict(extra="forbid")

    reasons: list[IncompleteReason] = Field(min_length=1)
