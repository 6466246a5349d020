"""SnapshotV1: the versioned, pruned, redacted accessibility snapshot of one tab.

``python -m axsnap_host.models.snapshot --schema`` prints the JSON Schema published in
schemas/snapshot_v1.schema.json (a unit test keeps the two equal).

Coordinates: ``bbox`` is in CSS pixels of the *main frame's document* (page coordinates:
scrolling does not change them; subtract ``viewport.scrollX/Y`` for viewport coordinates).
DOMSnapshot reports each frame's layout in that frame's own document coordinates; the host
places a child frame's nodes by adding the owning <iframe>'s bounds origin and border
(its clientRect x/y) and subtracting the child document's scroll offset, frame by frame up
to the main frame (out-of-process frames too, through their ``ownerBackendNodeId``).
A document node's bbox is its frame's viewport. Iframe padding is assumed zero.

Version 2 (this one) keeps version 1's meaning in fewer tokens: a node leaves out what it
would say by default (an empty name, state or children list; ``domRef`` when its id,
``{frame}-{backendNodeId}``, already says it; ``isVisible`` unless false; ``isClickable``
unless true of a role that is not a control already), and ``bbox`` is ``[x, y, width,
height]`` in integer CSS pixels. A link's ``state.url`` is relative to the snapshot's
``url`` when it shares its origin (``#top``, ``/docs/a.html``); a document node carries no
``state.url`` (``url`` and ``frames`` say it). ``quality.scope`` says what was read: the window
(``"viewport"``, the default: the viewport grown by ``viewport_expand_px``; ``quality.window``
counts what lies outside) or the whole ``"page"``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SNAPSHOT_VERSION = "2"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Viewport(_Model):
    width: float = 0
    height: float = 0
    scrollX: float = 0
    scrollY: float = 0
    devicePixelRatio: float = 1.0
    contentWidth: float = 0
    contentHeight: float = 0


class StabilizationReport(_Model):
    """How the wait for a quiet page went: measured by the extension (RawCapture), published
    as is in SnapshotV1. One model for both."""

    stabilized: bool = True
    waited_ms: float = 0
    reasons: list[str] = Field(default_factory=list)
    pending_requests: int = 0
    mutations: int = 0
    source: Literal["navigation", "request"] | None = Field(
        None, description="whose quiet clock decided: the readiness content script watching the "
        "document since its navigation, or an observer installed at a request")
    observed_since_ms: float | None = Field(
        None, description="how long that clock had watched the document when the request came")
    quiet_for_ms: float | None = Field(
        None, description="how long the page had been quiet when the wait ended")
    load_state: str | None = Field(None, description="document.readyState at the last reading")


class Failure(_Model):
    """One thing that could not be captured or processed (a frame, a step)."""

    step: str
    frame: str | None = Field(None, description="frameId when the failure concerns one frame")
    reason: str


class WindowReport(_Model):
    """What a window-scoped read left out (``quality.scope == "viewport"``)."""

    elements_total: int | None = Field(None, description="elements of the main document")
    elements_in_window: int = Field(description="elements walked inside the window")
    elements_outside: int | None = Field(None, description="elements outside it, not read")
    subtrees_skipped: int = Field(0, description="subtrees wholly outside the window")


class Quality(_Model):
    pruned: bool
    nodes_total: int = Field(description="unignored AX nodes in the capture, all frames")
    nodes_kept: int
    nodes_pruned: int
    redacted: int = Field(description="values and text pieces masked by redaction")
    frames_captured: int
    frames_failed: int
    failures: list[Failure] = Field(default_factory=list)
    scope: Literal["viewport", "page"] = Field(
        "page", description="what was read: the window (viewport + margin) or the whole page"
    )
    window: WindowReport | None = None
    ax_source: str | None = Field(
        None, description="whole-page reads: how the main frame's AX tree was read — "
        "'cache+N changed' (the tab's cached tree, N nodes read again), 'full', or "
        "'full: why' when the cache could not serve the read")


class DomRef(_Model):
    backendNodeId: int
    frame: int = Field(description="frame ordinal: 0 = main frame, then frame-tree pre-order")


BBox = list[int]


StateValue = bool | int | float | str


class HiddenInstruction(_Model):
    """Text a person cannot see that reads like an instruction to a model."""

    kind: Literal["hidden_instruction"]
    reasons: list[str] = Field(description="how it is hidden: opacity_0, off_screen, clipped, "
                               "tiny_box, zero_size, font_size_0, same_color, transparent_text, "
                               "text_indent")
    match: str = Field(description="the words that read like an instruction")


class AXNodeV1(_Model):
    id: str = Field(description="{frameOrdinal}-{backendDOMNodeId}, or {frameOrdinal}-ax{axNodeId}")
    role: str
    name: str = ""
    value: str | None = None
    state: dict[str, StateValue] = Field(default_factory=dict)
    children: list[str] = Field(default_factory=list)
    domRef: DomRef | None = Field(
        None, description="only when the id is not {frame}-{backendNodeId} (which says it)"
    )
    bbox: BBox | None = Field(
        None, min_length=4, max_length=4,
        description="[x, y, width, height], integer CSS px, page coordinates",
    )
    isVisible: Literal[False] | None = Field(None, description="present (false) only when hidden")
    isClickable: Literal[True] | None = Field(
        None, description="present only for a node that acts though its role does not say so"
    )
    suspicious: HiddenInstruction | None = Field(
        None, description="set when the node's text is a hidden instruction (its name then "
        "ends with [suspicious: hidden_instruction (...)])")


class AXTree(_Model):
    root_id: str | None
    nodes: list[AXNodeV1]


class FrameInfo(_Model):
    ordinal: int
    frameId: str
    parentFrameId: str | None = None
    url: str = ""
    name: str = ""
    captured: bool
    error: str | None = None
    ownerBackendNodeId: int | None = None
    ownerId: str | None = Field(None, description="id of the <iframe> node in ax_tree, if kept")
    nodes: int = Field(0, description="unignored AX nodes captured in this frame")


class SnapshotV1(_Model):
    snapshot_version: Literal["2"] = SNAPSHOT_VERSION
    snapshot_id: str = Field(pattern=r"^ax_[0-9a-f]{32}$")
    trace_id: str | None = None
    ts: str = Field(description="ISO-8601 UTC capture-processing time")
    url: str
    title: str
    viewport: Viewport
    stabilization: StabilizationReport
    quality: Quality
    ax_tree: AXTree
    frames: list[FrameInfo]


def snapshot_schema() -> dict[str, Any]:
    schema = SnapshotV1.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://axsnap.dev/schemas/snapshot_v1.schema.json"
    return schema


def snapshot_schema_text() -> str:
    """The schema file's exact text (sorted keys, two-space indent, trailing newline)."""
    return json.dumps(snapshot_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["--schema"]:
        print("usage: python -m axsnap_host.models.snapshot --schema", file=sys.stderr)
        return 2
    sys.stdout.write(snapshot_schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
