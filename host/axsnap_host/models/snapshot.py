"""SnapshotV1: the versioned, pruned, redacted accessibility snapshot of one tab.

``python -m axsnap_host.models.snapshot --schema`` prints the JSON Schema published in
schemas/snapshot_v1.schema.json (a unit test keeps the two equal).

Shape (the seed's spec): ``{"snapshot_version": 1, "snapshot_id", "trace_id", "ts", "url",
"title", "viewport", "stabilization", "quality", "ax_tree": {"root_id", "nodes": [...]},
"frames"}``. ``trace_id`` is always written: the caller's, else one made for the snapshot.
A node is an object ``{"id", "role", "name", "value"?, "state"?, "children"?, "domRef"?,
"bbox"?}`` in pre-order (the first is the root, ``root_id``), plus ``isVisible`` (only
``false``), ``isClickable`` (only ``true``, of a role that does not say it) and
``suspicious``. Nothing is written that would only say a default: no empty ``state`` or
``children``, no null ``value``; ``domRef`` only when the id, ``{frame}-{backendNodeId}``,
does not say it already (the reader fills it back in). ``bbox`` is integer CSS pixels
``[x, y, width, height]``.

Coordinates: ``bbox`` is in CSS pixels of the *main frame's document* (page coordinates:
scrolling does not change them; subtract ``viewport.scrollX/Y`` for viewport coordinates).
DOMSnapshot reports each frame's layout in that frame's own document coordinates; the host
places a child frame's nodes by adding the owning <iframe>'s bounds origin and border
(its clientRect x/y) and subtracting the child document's scroll offset, frame by frame up
to the main frame (out-of-process frames too, through their ``ownerBackendNodeId``).
A document node's bbox is its frame's viewport. Iframe padding is assumed zero.

The row encoding (an extension, ``snapshot_encoding="rows"``): a node is a row ``[depth,
id, role, name, bbox, props]`` of ``ax_tree.nodes``, named once by ``ax_tree.columns``, in
pre-order (a node's parent is the nearest row above it one level up), instead of an object
that repeats its keys and lists its children's ids: fewer tokens (bench/results/tokens.md).
Trailing empty cells are left out (``[3, "0-7", "row"]``); an empty ``name`` is ``""`` and a
missing ``bbox`` ``null`` only when a later cell follows. ``props`` holds the rest: the AX
states, ``value``, ``domRef``, ``isVisible``, ``isClickable`` and ``suspicious``.

The envelope leaves out its defaults (empty ``failures``, a zero scroll, a device pixel
ratio of 1, a frame's null or empty fields and its ``ownerBackendNodeId`` when ``ownerId``
says it: :class:`FrameInfo` fills it back in). A link's ``url`` is relative to the
snapshot's ``url`` when it shares its origin (``#top``, ``/docs/a.html``); a document node
carries no ``url``. ``quality.scope`` says what was read: the window (``"viewport"``, the
default; ``quality.window`` counts what lies outside) or the whole ``"page"``.

In Python, :class:`SnapshotV1` reads either encoding into node objects;
:func:`node_records` reads a plain snapshot dict (either encoding) into records with their
depth, parent and children.
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
    model_serializer,
    model_validator,
)

from axsnap_host.models.incomplete import Incomplete
from axsnap_host.models.snapshot_rows import NODE_COLUMNS, decode_row, dom_ref_of, rows_to_nodes

SNAPSHOT_VERSION: Literal[1] = 1


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


class ActProofMiss(_Model):
    """A read asked to settle right after an act whose readiness kept its proof, that did not
    stand on it (fast path settle_after_act): why, and the counts the proof and the read's
    first page clock reading hold. Numbers and the load state only."""

    why: list[str] = Field(default_factory=list, description="document (another document), "
                           "mutations, activity (input, a control's state, a subresource, a "
                           "load step since), loading, frames (one it cannot watch), requests "
                           "(in flight), busy (a frame loading, a dialog)")
    proof_count: int | None = Field(None, description="mutation records counted at the proof")
    proof_touches: int | None = Field(None, description="activities counted at the proof")
    same_document: bool = False
    count: int | None = Field(None, description="mutation records at the read's first reading")
    touches: int | None = Field(None, description="activities at the read's first reading")
    load_state: str = ""


class StabilizationReport(_Model):
    """How the wait for a quiet page went: measured by the extension (RawCapture), published
    as is in SnapshotV1. One model for both."""

    stabilized: bool = True
    waited_ms: float = 0
    reasons: list[str] = Field(
        default_factory=list, description="why it stopped waiting late or did not wait: "
        "dom_mutations, page_unanswered (its clock gave no answer in time and no change was "
        "seen), network_pending, "
        "max_wait, disabled")
    pending_requests: int = 0
    mutations: int = 0
    source: Literal["navigation", "request"] | None = Field(
        None, description="whose quiet clock decided: the readiness content script watching the "
        "document since its navigation, or an observer installed at a request")
    observed_since_ms: float | None = Field(
        None, description="how long that clock had watched the document when the request came")
    quiet_for_ms: float | None = Field(
        None, description="how long the page had been quiet when the wait ended")
    quiet_at_start: bool | None = Field(
        None, description="the page was already quiet (for quiet_ms, no request pending) at the "
        "clock's first reading: the read waited no quiet window")
    load_state: str | None = Field(None, description="document.readyState at the last reading")
    settled_by: Literal["nothing_scheduled", "floor", "act_proof"] | None = Field(
        None, description="with stabilize.settle, the rule that proved the page settled: a settle "
        "check's (nothing_scheduled, floor), or act_proof: the last act's readiness proved this "
        "document settled and its clock saw no activity since (fast path settle_after_act)")
    act_proof_missed: ActProofMiss | None = Field(
        None, description="with stabilize.settle, when the last act's proof was kept but the "
        "read's first reading did not stand on it: why, and both readings' counts")


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
    incomplete: Incomplete | None = Field(
        None, description="present only when this read is missing part of the page: why "
        "(a frame not read, a step's deadline, a fallback, the walker's depth limit...)")


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
                               "text_indent, scaled_0, covered (under an opaque box), "
                               "aria_label, tiny_image (the alt of an image under 6 px), "
                               "tiny_field (the placeholder of a field under 20 px wide)")
    match: str = Field(description="the words that read like an instruction")


def node_records(snapshot: dict[str, Any]) -> list[dict[str, Any]]:
    """The nodes of a SnapshotV1 dict (either encoding) as records: ``depth``, ``id``,
    ``role``, ``name`` (``""`` when none), ``state`` (``{}`` when none), ``parent`` (None
    for the root), ``children`` (ids) and ``domRef`` (from the id when it says it), plus
    ``bbox``, ``value``, ``isVisible``, ``isClickable`` and ``suspicious`` when the node
    has them."""
    tree = snapshot["ax_tree"]
    if "columns" in tree:
        _, nodes = rows_to_nodes(tree["nodes"])
    else:
        nodes = tree["nodes"]
    by_id = {node["id"]: node for node in nodes}
    records: list[dict[str, Any]] = []
    depth_of: dict[str, int] = {}
    parent_of: dict[str, str] = {}
    for node in nodes:
        for child in node.get("children") or ():
            parent_of[child] = node["id"]
    for node in nodes:
        parent = parent_of.get(node["id"])
        depth = depth_of[parent] + 1 if parent in depth_of else 0
        depth_of[node["id"]] = depth
        record = {"depth": depth, "name": "", "state": {}, **node,
                  "children": list(node.get("children") or ()), "parent": parent}
        if "domRef" not in record and (ref := dom_ref_of(node["id"])) is not None:
            record["domRef"] = ref
        records.append(record)
    del by_id
    return records


class AXNodeV1(_Model):
    """One node (``{"id", "role", "name", "value"?, "state"?, "children"?, "domRef"?,
    "bbox"?}``). Validation reads an object, or a row of the row encoding; dumping writes
    the object, defaults left out."""

    id: str = Field(description="{frameOrdinal}-{backendDOMNodeId}, or {frameOrdinal}-ax{axNodeId}")
    role: str = Field(description="AX role")
    name: str = Field("", description="accessible name, \"\" when none")
    value: str | None = None
    state: dict[str, StateValue] = Field(
        default_factory=dict, description="AX states (checked, selected, expanded, level, url, "
        "...), defaults left out")
    children: list[str] = Field(default_factory=list, description="the children's ids")
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

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, data: Any) -> Any:
        if isinstance(data, list | tuple):
            record = decode_row(data)
            record.pop("depth", None)
            return record
        return data

    @property
    def dom_ref(self) -> DomRef | None:
        """The node's DOM node: ``domRef``, else what its id says."""
        if self.domRef is not None:
            return self.domRef
        ref = dom_ref_of(self.id)
        return DomRef(**ref) if ref is not None else None

    @model_serializer(mode="wrap")
    def _without_defaults(self, handler: Any) -> dict[str, Any]:
        data = handler(self)
        return {k: v for k, v in data.items()
                if k in ("id", "role", "name") or v not in (None, {}, [])}


class AXTree(_Model):
    root_id: str | None = Field(description="the first node's id (None: no node kept)")
    nodes: list[AXNodeV1] = Field(description="nodes in pre-order; the first is the root")

    @model_validator(mode="before")
    @classmethod
    def _from_rows(cls, data: Any) -> Any:
        """The row encoding (``columns`` + rows) read as node objects."""
        if not isinstance(data, dict) or "columns" not in data:
            return data
        if list(data["columns"]) != list(NODE_COLUMNS):
            raise ValueError(f"columns must be {list(NODE_COLUMNS)}")
        rows = data.get("nodes")
        if not isinstance(rows, list):
            raise ValueError("nodes must be a list of rows")
        for at, row in enumerate(rows):
            _check_row(row, rows[at - 1][0] if at else -1)
        root, nodes = rows_to_nodes(rows)
        return {"root_id": data.get("root_id", root), "nodes": nodes}


def _check_row(row: Any, depth_before: int) -> None:
    """A row's cells as the row encoding has them (the node's fields are the model's)."""
    if not isinstance(row, list) or not 3 <= len(row) <= len(NODE_COLUMNS):
        raise ValueError(f"a row is [depth, id, role, name?, bbox?, props?]: {row!r:.80}")
    depth = row[0]
    if type(depth) is not int or not 0 <= depth <= depth_before + 1:
        raise ValueError(f"row depth {depth!r} after {depth_before}: pre-order, the root at 0")
    if len(row) > 4 and row[4] is not None and not isinstance(row[4], list):
        raise ValueError(f"a row's bbox is [x, y, width, height] or null: {row[4]!r:.40}")
    if len(row) > 5 and not isinstance(row[5], dict):
        raise ValueError("a row's props is an object")


def _row_schema(handler: GetJsonSchemaHandler) -> dict[str, Any]:
    """The JSON Schema of one row of the row encoding."""
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
        "title": "AXNodeRow",
        "description": "the row encoding: [depth, id, role, name, bbox, props]; trailing "
        "empty cells left out",
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


class AXTreeRows(_Model):
    """The row encoding of ``ax_tree`` (``snapshot_encoding="rows"``, an extension)."""

    columns: list[str] = Field(description="what each cell of a node row holds")
    root_id: str | None = None
    nodes: list[Any] = Field(description="node rows in pre-order; the first is the root")

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: Any, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        return {
            "title": "AXTreeRows",
            "description": cls.__doc__,
            "type": "object",
            "additionalProperties": False,
            "required": ["columns", "nodes"],
            "properties": {
                "columns": {"const": list(NODE_COLUMNS),
                            "description": "what each cell of a node row holds"},
                "root_id": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "nodes": {"type": "array", "items": _row_schema(handler),
                          "description": "node rows in pre-order; the first is the root"},
            },
        }


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
    snapshot_version: Literal[1] = SNAPSHOT_VERSION
    snapshot_id: str = Field(pattern=r"^ax_[0-9a-f]{32}$")
    trace_id: str = Field(description="the caller's trace id, else one made for this snapshot")
    ts: str = Field(description="ISO-8601 UTC capture-processing time")
    url: str
    title: str
    viewport: Viewport
    stabilization: StabilizationReport
    quality: Quality
    ax_tree: AXTree = Field(description="node objects; or, with snapshot_encoding=\"rows\" "
                            "(an extension), AXTreeRows")
    frames: list[FrameInfo]


def snapshot_schema() -> dict[str, Any]:
    schema = SnapshotV1.model_json_schema()
    rows = TypeAdapter(AXTreeRows).json_schema(ref_template="#/$defs/{model}")
    schema["$defs"].update(rows.pop("$defs", {}))
    schema["$defs"]["AXTreeRows"] = rows
    tree = schema["properties"]["ax_tree"]
    description = tree.pop("description", None)
    schema["properties"]["ax_tree"] = {
        "anyOf": [{"$ref": "#/$defs/AXTree"}, {"$ref": "#/$defs/AXTreeRows"}],
        **({"description": description} if description else {})}
    if "snapshot_version" not in schema["required"]:
        schema["required"].insert(0, "snapshot_version")
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
