"""Snapshot options: one object travels caller → extension → host.

The extension reads the capture options (stabilization, scope); the host reads the
processing options (format, pruning, redaction). Python keyword arguments of
``Browser.snapshot`` and CLI flags use the same names.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# "som" is the DOM channel with vision forced on: DOM text, elements and the SoM image.
SnapshotFormat = Literal["snapshot", "domtext", "elements", "som", "outline"]
DOM_FORMATS = frozenset({"domtext", "elements", "som"})
ScreenshotFormat = Literal["png", "jpeg"]


class StabilizeOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enabled: bool = True
    quiet_ms: int = Field(500, ge=0, le=60_000, description="DOM must be mutation-free this long")
    max_wait_ms: int = Field(5_000, ge=0, le=120_000, description="capture anyway after this")
    max_pending_requests: int = Field(2, ge=0, le=1_000)


class SnapshotOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: SnapshotFormat = "snapshot"
    pruned: bool = Field(True, description="thin tree; False keeps every unignored AX node")
    redact: bool = Field(True, description="mask secrets in every output")
    stabilize: StabilizeOptions = Field(default_factory=StabilizeOptions)
    include_ax: bool | None = Field(
        None,
        description="capture the full accessibility tree; default: yes for 'snapshot', no for "
        "the DOM channel formats, whose names and roles come from the walker (the AX tree "
        "costs seconds on large pages)",
    )
    viewport_only: bool = Field(True, description="DOM channel: only elements in the viewport")
    viewport_expand_px: int = Field(0, ge=0, description="DOM channel: grow the viewport window")
    vision: bool = Field(
        False,
        description="DOM channel: also take a screenshot and return the Set-of-Mark image "
        "(always on for format 'som')",
    )
    screenshot_format: ScreenshotFormat = Field("png", description="vision: image format")
    screenshot_quality: int = Field(80, ge=0, le=100, description="vision: JPEG quality")
    screenshot_timeout_ms: int = Field(
        3000, ge=100, le=30_000, description="vision: give up on the screenshot after this"
    )
    focus: str | None = Field(
        None,
        max_length=2000,
        description="outline: only this subtree — an element id ('0-29'), an XPath from the "
        "outline's map, or a CSS selector (resolved in the main frame by the extension)",
    )
    trace_id: str | None = Field(None, max_length=200)

    @property
    def wants_vision(self) -> bool:
        """The reply carries a ``vision`` part: format "som", or a DOM format with vision."""
        return self.format == "som" or (self.vision and self.format in DOM_FORMATS)
