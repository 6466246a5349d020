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

Version 3 (this one) keeps version 2's information in fewer tokens: a node is a row
``[depth, id, role, name, bbox, props]`` of ``ax_tree.nodes``, named once by
``ax_tree.columns``, in pre-order (the first row is the root, at depth 0; a node's parent is
the nearest row above it one level up), instead of an object that repeats its keys and lists
its children's ids. Trailing empty cells are left out (``[3, "0-7", "row"]``); an empty
``name`` is ``""`` and a missing ``bbox`` ``null`` only when a later cell follows. ``props``
holds the rest, defaults left out: the AX states (``checked``, ``level``, ``url``, ...,
version 2's ``state``), ``value``, ``domRef``, ``isVisible``, ``isClickable`` and
``suspicious``. The envelope leaves out its defaults too (a null ``trace_id``, empty
``failures``, a zero scroll, a device pixel ratio of 1, a frame's null or empty fields and
its ``ownerBackendNodeId`` when ``ownerId`` says it: :class:`FrameInfo` fills it back in).

Version 2 left out a node's defaults (an empty name, state or children list; ``domRef``
when its id, ``{frame}-{backendNodeId}``, already says it; ``isVisible`` unless false;
``isClickable`` unless true of a role that is not a control already) and wrote ``bbox`` as
``[x, y, width, height]`` in integer CSS pixels; both still hold. A link's ``url`` is
relative to the snapshot's ``url`` when it shares its origin (``#top``, ``/docs/a.html``); a
document node carries no ``url`` (``url`` and ``frames`` say it). ``quality.scope`` says what
was read: the window (``"viewport"``, the default: the viewport grown by
``viewport_expand_px``; ``quality.window`` counts what lies outside) or the whole ``"page"``.

In Python, :class:`AXNodeV1` reads a row into named fields and writes it back as a row;
:func:`node_records` does the same for a plain snapshot dict.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    TypeAdapter,
    field_validator,
    model_serializer,
    model_validator,
)

SNAPSHOT_VERSION = "3"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


Pixels = int | float  # whole CSS pixels are written as integers


class Viewport(_Model):
    width: Pixels = 0
    height: Pixels = 0
    scrollX: Pixels = 0
    scrollY: Pixels = 0
    devicePixelRatio: float = 1.0
    contentWidth: Pixels = 0
    contentHeight: Pixels = 0


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


NODE_COLUMNS = ("depth", "id", "role", "name", "bbox", "props")
# props keys that are not AX states (everything else in props is one).
_NODE_FIELDS = ("value", "domRef", "isVisible", "isClickable", "suspicious")


def decode_row(row: Any) -> dict[str, Any]:
    """A node row as named fields (``state`` gathers the AX states of ``props``); anything
    that is not a row is returned as is, for the model to refuse."""
    if not isinstance(row, list | tuple) or not 3 <= len(row) <= len(NODE_COLUMNS):
        return row if isinstance(row, dict) else {"row": row}
    record: dict[str, Any] = {"depth": row[0], "id": row[1], "role": row[2]}
    if len(row) > 3:
        record["name"] = row[3]
    if len(row) > 4:
        record["bbox"] = row[4]
    props = row[5] if len(row) > 5 else {}
    if not isinstance(props, dict):
        record["props"] = props
        return record
    record.update((k, props[k]) for k in _NODE_FIELDS if k in props)
    state = {k: v for k, v in props.items() if k not in _NODE_FIELDS}
    if state:
        record["state"] = state
    return record


def node_records(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    """The nodes of a SnapshotV1 dict as records: ``depth``, ``id``, ``role``, ``name``
    (``""`` when none), ``state`` (``{}`` when none), ``parent`` (None for the root) and
    ``children`` (ids), plus ``bbox``, ``value``, ``domRef``, ``isVisible``, ``isClickable``
    and ``suspicious`` when the row has them."""
    records: list[dict[str, Any]] = []
    path: list[dict[str, Any]] = []  # the ancestors of the next row, by depth
    for row in snapshot["ax_tree"]["nodes"]:
        record = {"name": "", "state": {}, **decode_row(row), "children": []}
        del path[record["depth"]:]
        record["parent"] = path[-1]["id"] if path else None
        if path:
            path[-1]["children"].append(record["id"])
        path.append(record)
        records.append(record)
    return records


class AXNodeV1(_Model):
    """One node. On the wire a row ``[depth, id, role, name, bbox, props]`` (see the module
    docstring); in Python its named fields. Validation reads a row, dumping writes one."""

    depth: int = Field(ge=0, description="0 for the root; a child is one deeper")
    id: str = Field(description="{frameOrdinal}-{backendDOMNodeId}, or {frameOrdinal}-ax{axNodeId}")
    role: str
    name: str = ""
    bbox: BBox | None = Field(
        None, min_length=4, max_length=4,
        description="[x, y, width, height], integer CSS px, page coordinates",
    )
    value: str | None = None
    state: dict[str, StateValue] = Field(default_factory=dict)
    domRef: DomRef | None = Field(
        None, description="only when the id is not {frame}-{backendNodeId} (which says it)"
    )
    isVisible: Literal[False] | None = Field(None, description="present (false) only when hidden")
    isClickable: Literal[True] | None = Field(
        None, description="present only for a node that acts though its role does not say so"
    )
    suspicious: HiddenInstruction | None = Field(
        None, description="set when the node's text is a hidden instruction (its name then "
        "ends with [suspicious: hidden_instruction (...)])")

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, data: Any) -> Any:
        return decode_row(data)

    @model_serializer(mode="plain")
    def _to_row(self) -> list[Any]:
        props: dict[str, Any] = {} if self.value is None else {"value": self.value}
        props.update(self.state)
        if self.domRef is not None:
            props["domRef"] = self.domRef.model_dump()
        if self.isVisible is not None:
            props["isVisible"] = self.isVisible
        if self.isClickable is not None:
            props["isClickable"] = self.isClickable
        if self.suspicious is not None:
            props["suspicious"] = self.suspicious.model_dump()
        row: list[Any] = [self.depth, self.id, self.role, self.name, self.bbox, props]
        while len(row) > 3 and row[-1] in ("", None, {}):
            row.pop()
        return row

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: Any, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        state = handler(TypeAdapter(StateValue).core_schema)
        props = {
            "type": "object",
            "description": "the AX states (checked, level, url, ...) and value, domRef, "
            "isVisible, isClickable, suspicious; defaults left out",
            "properties": {
                "value": {"type": "string"},
                "domRef": handler(DomRef.__pydantic_core_schema__),
                "isVisible": {"const": False},
                "isClickable": {"const": True},
                "suspicious": handler(HiddenInstruction.__pydantic_core_schema__),
            },
            "additionalProperties": state,
        }
        return {
            "title": "AXNodeV1",
            "description": "[depth, id, role, name, bbox, props]; trailing empty cells left out",
            "type": "array",
            "minItems": 3,
            "maxItems": len(NODE_COLUMNS),
            "prefixItems": [
                {"type": "integer", "minimum": 0, "description": "0 for the root"},
                {"type": "string", "description": "{frameOrdinal}-{backendDOMNodeId}, or "
                 "{frameOrdinal}-ax{axNodeId}"},
                {"type": "string", "description": "AX role"},
                {"type": "string", "description": "accessible name, \"\" when none"},
                {"anyOf": [{"type": "array", "items": {"type": "integer"}, "minItems": 4,
                            "maxItems": 4}, {"type": "null"}],
                 "description": "[x, y, width, height], integer CSS px, page coordinates"},
                props,
            ],
            "items": False,
        }


class AXTree(_Model):
    columns: list[str] = Field(
        default_factory=lambda: list(NODE_COLUMNS),
        description="what each cell of a node row holds",
    )
    nodes: list[AXNodeV1] = Field(description="node rows in pre-order; the first is the root")

    @field_validator("columns")
    @classmethod
    def _same_columns(cls, columns: list[str]) -> list[str]:
        """Rows are positional: another column list would be another shape."""
        if tuple(columns) != NODE_COLUMNS:
            raise ValueError(f"columns must be {list(NODE_COLUMNS)}")
        return columns


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

    @model_validator(mode="after")
    def _owner_from_id(self) -> FrameInfo:
        """Version 3 leaves ``ownerBackendNodeId`` out when ``ownerId`` says it."""
        if self.ownerBackendNodeId is None and self.ownerId:
            _, _, backend = self.ownerId.rpartition("-")
            if backend.isdigit():
                self.ownerBackendNodeId = int(backend)
        return self


class SnapshotV1(_Model):
    snapshot_version: Literal["3"] = SNAPSHOT_VERSION
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
