"""RawCapture: what the extension sends the host for one snapshot.

The extension captures and never decides, so the heavy parts are raw Chrome DevTools
Protocol results kept as plain dicts (validating 100k AX nodes as models would cost more
than the rest of the pipeline); the host's pipeline reads them defensively.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationInfo,
    field_validator,
    model_validator,
)

from axsnap_host.models.capture_checks import (
    check_dom_snapshot,
    check_finite,
    check_walker,
    share_record_strings,
    share_style_rows,
    shares_record_texts,
)
from axsnap_host.models.snapshot import StabilizationReport
from axsnap_host.models.walker_wire import check_listed, walker_from_wire

CAPTURE_VERSION = 1

# The computed styles the extension asks DOMSnapshot.captureSnapshot for, in this order
# (the extension reads them from the generated contract.js). Each is computed and sent for
# every layout node (100k+ on a big page): only what a host step reads (``cursor`` is the
# walker's, read in the page, not from here). Readers find a column by its name in the
# capture's ``dom_snapshot_styles``, so captures recorded with more styles read the same.
DOM_SNAPSHOT_STYLES = (
    "display",
    "visibility",
    "opacity",
    "pointer-events",
    "overflow-x",
    "overflow-y",
    "position",
    # What a person can see of a text: hidden-instruction flags, pipeline/hidden.py.
    "color",
    "background-color",
    "font-size",
    "clip",
    "clip-path",
    "text-indent",
    "filter",
    "transform",
)


class TabInfo(BaseModel):
    id: int | None = None
    url: str = ""
    title: str = ""


class FrameFields(BaseModel):
    """One frame of ``Page.getFrameTree`` as the AX steps read it, and whether its AX tree
    was captured. Shared by the capture's frames and the frames a capture stream's end
    names (models/wire.py CaptureAxEnd): the same fields, validated the same way."""

    frameId: str
    parentFrameId: str | None = None
    # the backendNodeId of the <iframe> owning this frame, in the parent's document; kept as
    # sent (readers use it only when it is an int: an early tree built on ``True`` must not
    # stand for a capture that says 1)
    ownerBackendNodeId: Any = None
    url: str = ""
    name: str = ""
    captured: bool = False
    error: str | None = None


class AxRow(NamedTuple):
    """One AX node as the host keeps it (a streamed part's nodes become rows as they
    arrive: pipeline/ax/rows.py makes them) and flatten reads it. ``role`` is "generic" when
    the node says none; ``name``/``value``/``state`` are the computed fields of a node
    flatten keeps (an unignored node of a kept role), else "", None, None; ``state`` is None
    when empty."""

    node_id: str
    parent_id: str | None
    ignored: bool
    role: str
    children: tuple[str, ...]
    backend: int | None
    name: str
    value: str | None
    state: dict[str, Any] | None


class FrameAX(FrameFields):
    """One frame of ``Page.getFrameTree`` with the AX tree captured for it."""

    model_config = ConfigDict(extra="allow")

    # CDP AXNode dicts as the extension sent them, or, for a streamed whole-page read, the
    # host's AxRow rows filled in from the parts: every reader takes both shapes.
    axNodes: list[Any] = Field(default_factory=list)

    @model_validator(mode="after")
    def _own_snapshot_shape(self) -> FrameAX:
        snapshot = (self.model_extra or {}).get("dom_snapshot")
        if isinstance(snapshot, dict):  # an out-of-process frame's own DOMSnapshot
            check_dom_snapshot(snapshot, f"frames[{self.frameId}].dom_snapshot")
            share_style_rows(snapshot)
        return self


class AxStreamRef(BaseModel):
    """The AX nodes of a whole-page read sent ahead in ``capture_part`` messages
    (host: capture_stream.py): the stream's id, how many parts and nodes it holds."""

    id: str = Field(min_length=1, max_length=200)
    parts: int = Field(ge=0)
    nodes: int = Field(ge=0)


class DomSnapshotBaseRef(BaseModel):
    """The DOMSnapshot columns a capture left out because they equal those of the base
    the host kept (host: dom_snapshot_bases.py): (document index, "nodes" | "layout", column); and
    ``patches``: columns sent as the cells that differ from the base's, (document index,
    part, column, indices, values); ``strings``: [prefix, suffix], how many strings of the
    base's table the capture's ``strings`` (then only the middle) leaves out at its head
    and at its tail."""

    id: str = Field(min_length=1, max_length=200)
    columns: list[tuple[int, Literal["nodes", "layout"], str]] = Field(max_length=400)
    patches: list[tuple[int, Literal["nodes", "layout"], str, list[int], list[Any]]] = Field(
        default_factory=list, max_length=400)
    strings: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] | None = None


class CaptureError(BaseModel):
    step: str
    message: str


class RawCapture(BaseModel):
    model_config = ConfigDict(extra="allow")

    capture_version: int = CAPTURE_VERSION
    tab: TabInfo = Field(default_factory=TabInfo)
    frames: list[FrameAX] = Field(default_factory=list, description="main frame first")
    dom_snapshot: dict[str, Any] | None = None
    dom_snapshot_styles: list[str] = Field(default_factory=lambda: list(DOM_SNAPSHOT_STYLES))
    layout: dict[str, Any] = Field(default_factory=dict, description="Page.getLayoutMetrics")
    device_pixel_ratio: float = Field(1.0, gt=0, le=64, allow_inf_nan=False)
    stabilization: StabilizationReport = Field(default_factory=StabilizationReport)
    timings: dict[str, float] = Field(default_factory=dict)
    errors: list[CaptureError] = Field(default_factory=list)
    walker: dict[str, Any] | None = Field(None, description="in-page walker output (DOM channel)")
    screenshot: dict[str, Any] | None = None
    ax_stream: AxStreamRef | None = Field(
        None, description="frames' axNodes sent ahead in parts: the host fills them in")
    dom_snapshot_key: str | None = Field(
        None, min_length=1, max_length=200,
        description="names this DOMSnapshot, for the host to keep as the next read's base")
    dom_snapshot_base: DomSnapshotBaseRef | None = Field(
        None, description="columns left out of dom_snapshot: the host fills them in")
    _derived: dict[str, Any] = PrivateAttr(default_factory=dict)

    @field_validator("walker", mode="before")
    @classmethod
    def _walker_from_wire(cls, walker: Any) -> Any:
        # the records as rows under key tables (models/walker_wire.py): back to records
        return walker_from_wire(walker)

    @field_validator("walker")
    @classmethod
    def _walker_shape(cls, walker: dict[str, Any] | None,
                      info: ValidationInfo) -> dict[str, Any] | None:
        if walker is not None:
            check_walker(walker)
            check_listed(walker)
            if shares_record_texts(info.context):
                share_record_strings(walker)
        return walker

    @field_validator("layout")
    @classmethod
    def _layout_finite(cls, layout: dict[str, Any]) -> dict[str, Any]:
        check_finite(layout, "layout")
        return layout

    @field_validator("dom_snapshot")
    @classmethod
    def _dom_snapshot_shape(cls, snapshot: dict[str, Any] | None) -> dict[str, Any] | None:
        if snapshot is not None:
            check_dom_snapshot(snapshot)
            share_style_rows(snapshot)
        return snapshot

    @property
    def derived(self) -> dict[str, Any]:
        """Facts the host derives from this capture once and shares between outputs (the
        redaction decisions: pipeline/secrets.py). Never sent, never validated."""
        return self._derived
