"""The extension's message API: what a page of axsnap, or an agent extension on the side
panel's allow-list, sends with ``chrome.runtime.sendMessage`` and what it gets back.

Requests are ``{type: "snapshot" | "resolve" | "act" | "find" | "wait_ready" |
"scroll_and_collect" | "ping_host", ...}`` (the acting messages are in ``models/act.py``);
every reply is ``{ok: true, result, timings, ...}`` or
``{ok: false, error: {code, message, hint}}``. The side panel also asks over a port
(``chrome.runtime.connect({name: "axsnap-request"})``): it posts one request and hears
``progress`` events, then one ``reply`` wrapping the same reply.

``python -m axsnap_host.models.api --write schemas/api`` writes one JSON Schema per message
and reply (a unit test keeps the files equal to these models; the end-to-end tests check
real replies against them).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from axsnap_host.models.act import (
    ActionResult,
    ActMessage,
    CollectMessage,
    CollectResult,
    FindMessage,
    FindResult,
    Readiness,
    WaitReadyMessage,
)
from axsnap_host.models.errors import ErrorReply
from axsnap_host.models.incomplete import Incomplete
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.models.result import SnapshotResult
from axsnap_host.models.wire import ControlMessage, ControlReplyMessage, ControlStatusMessage

# -- requests ---------------------------------------------------------------------------


class _Open(BaseModel):
    """A reply part that may grow fields: unknown ones are kept, not refused."""

    model_config = ConfigDict(extra="allow")


class _Target(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tabId: int | None = Field(None, ge=0, description="chrome.tabs id; default: the active tab")
    targetId: str | None = Field(
        None, min_length=1, description="a CDP target id (a Selenium window handle) instead"
    )


class SnapshotMessage(_Target):
    """Snapshot a tab. Agents (other extensions) may not send ``redact: false``."""

    type: Literal["snapshot"]
    options: SnapshotOptions = Field(default_factory=SnapshotOptions)


class ResolveMessage(_Target):
    """Locators of an outline element id on the live page, each checked."""

    type: Literal["resolve"]
    elementId: str = Field(pattern=r"^\d+-(axw)?\d+$",
                           description="'{frameOrdinal}-{backendNodeId}', or a node of a "
                           "whole-page read from the walk '{frameOrdinal}-axw{w}'")
    xpath: str | None = Field(None, pattern=r"^/", description="check this XPath too")


class PingHostMessage(BaseModel):
    """Start the native host (if needed) and check that it answers."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["ping_host"]


# -- reply parts ------------------------------------------------------------------------


class Sizes(BaseModel):
    model_config = ConfigDict(extra="forbid")

    capture_bytes: int = Field(description="the RawCapture sent to the host")
    reply_bytes: int = Field(description="the host's reply, reassembled")
    reply_chunks: int = Field(description="native-messaging frames the reply took")


class KeptAnswer(_Open):
    """The read was answered from the last answer with the same options: the page provably
    did not change since that read (extension/lib/reuse/answer_cache.js); nothing was captured."""

    since: str = Field(description="when the cached answer's read was made (ISO 8601, UTC)")
    age_ms: float = Field(description="how long ago that was")
    reads: int = Field(description="reads this answer served, this one included")
    prepared: bool = Field(
        False, description="made by a preparation (lib/reuse/prepare.js), not a read")


class SnapshotTimings(_Open):
    """Milliseconds. ``host_ms`` is the host's own time, ``transfer_ms`` the rest of the round
    trip; ``capture_steps`` are the capture's steps (frame tree, AX, DOMSnapshot, ...)."""

    attach_ms: float
    stabilize_ms: float
    capture_ms: float
    host_ms: float
    transfer_ms: float
    total_ms: float
    capture_steps: dict[str, float] = Field(default_factory=dict)
    kept_answer: KeptAnswer | None = Field(
        None, description="a cached answer: capture_ms, host_ms and transfer_ms are 0")


class Timings(_Open):
    total_ms: float


class SomMark(_Open):
    """One numbered box: ``box`` and ``label`` are image pixels (x0, y0, x1, y1; exclusive)."""

    index: int = Field(description="the element's DOM text index")
    kind: str
    colour: str
    box: list[int] = Field(min_length=4, max_length=4)
    label: list[int] = Field(min_length=4, max_length=4)
    anchor: str
    clipped: bool


class SomLegend(_Open):
    width: int = Field(description="image pixels")
    height: int
    device_pixel_ratio: float
    palette: dict[str, str]
    mask_colour: str
    masks: list[list[int]] = Field(description="painted-over rects (redacted fields)")
    marks: list[SomMark]
    skipped: list[dict[str, Any]] = Field(description="{index, reason} of boxes not drawn")
    incomplete: Incomplete | None = Field(
        None, description="present when the read behind the image is missing part of the page")


class VisionImage(_Open):
    ok: Literal[True]
    format: Literal["png", "jpeg"]
    image: str = Field(description="base64 of the Set-of-Mark image")
    legend: SomLegend
    timings: dict[str, float] = Field(default_factory=dict)
    screenshot_ms: float | None = None


class VisionMissing(_Open):
    """No image (the screenshot failed or timed out); the DOM text is served anyway."""

    ok: Literal[False]
    reason: str


class OutlineFrame(_Open):
    ordinal: int
    frameId: str | None = None
    parentOrdinal: int | None = None
    url: str = ""
    origin: str = ""
    status: str = Field(description="'captured', or 'restricted' with a reason")
    reason: str | None = None


class ReplyResult(SnapshotResult):
    """The host's result. Which fields are set depends on ``format``: ``snapshot`` (the
    SnapshotV1), ``domtext``/``elements``/``som`` (``domtext``, ``elements``, ``indices``; and
    ``vision`` for ``som`` or ``vision: true``), ``outline`` (``combinedTree`` and its maps,
    ``frames``). Outline and DOM results name themselves (``snapshot_id``, ``hash``) and
    carry ``delta`` with ``compression: "delta"``."""

    vision: VisionImage | VisionMissing | None = None
    combinedTree: str | None = None
    combinedXpathMap: dict[str, str] | None = None
    combinedUrlMap: dict[str, str] | None = None
    frames: list[OutlineFrame] | None = None
    notes: list[str] | None = Field(
        None, description="DOM results with no element: why the list is empty")
    snapshot_id: str | None = Field(
        None, description="outline and DOM text: this snapshot's name; a later delta names "
        "its base by it"
    )
    hash: str | None = Field(
        None, description="outline and DOM text: 'sha256:…' of the snapshot parts")
    delta: dict[str, Any] | None = Field(
        None,
        description="outline or DOM text with compression 'delta': {applied: true, "
        "base_snapshot_id, counts, changes, edits, …} in place of the snapshot parts, or "
        "{applied: false, reason} next to the full output (see host/axsnap_host/pipeline/delta/)",
    )


class ResolveResult(_Open):
    elementId: str
    frameOrdinal: int
    frameId: str
    frameUrl: str
    backendNodeId: int
    tag: str
    xpath: str | None = Field(description="frame-prefixed XPath of the live node")
    xpathMatches: bool
    css: str = Field(description="within the element's document; ' >>> ' enters a shadow root; "
                           "a text node's (tag '#text') names the element holding it")
    cssMatches: bool
    givenXpath: str | None = None
    givenXpathMatches: bool | None = None
    consistent: bool = Field(description="every locator finds this very node")


class PingResult(_Open):
    pong: Literal[True]
    protocol: int
    host: str = Field(description="the host package version")


# -- replies ----------------------------------------------------------------------------


class SnapshotReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: ReplyResult
    timings: SnapshotTimings
    sizes: Sizes


class ResolveReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: ResolveResult
    timings: Timings


class ActReply(BaseModel):
    """The action was tried: ``result.ok`` says whether it happened, ``result.error`` why not."""

    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: ActionResult
    timings: Timings


class FindReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: FindResult
    timings: Timings


class WaitReadyReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: Readiness
    timings: Timings


class CollectReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: CollectResult
    timings: Timings


class PingHostReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: Literal[True]
    result: PingResult
    timings: Timings


class ProgressEvent(BaseModel):
    """Port only: one stage of a snapshot started or ended; during a whole-page capture,
    how far its AX nodes have gone to the host (state 'progress')."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["progress"]
    stage: Literal["attach", "stabilize", "capture", "process"]
    state: Literal["start", "end", "progress"]
    ms: float | None = Field(None, description="the stage's time, on 'end'")
    parts: int | None = Field(None, ge=0, description="on 'progress': AX parts sent so far")
    nodes: int | None = Field(None, ge=0, description="on 'progress': AX nodes sent so far")


class PortReply(BaseModel):
    """Port only: the last message, wrapping the same reply sendMessage would give."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["reply"]
    reply: (SnapshotReply | ResolveReply | ActReply | FindReply | WaitReadyReply | CollectReply
            | PingHostReply | ErrorReply)


# -- schemas ----------------------------------------------------------------------------

SCHEMAS: dict[str, type[BaseModel]] = {
    "snapshot_message": SnapshotMessage,
    "snapshot_reply": SnapshotReply,
    "resolve_message": ResolveMessage,
    "resolve_reply": ResolveReply,
    "act_message": ActMessage,
    "act_reply": ActReply,
    "find_message": FindMessage,
    "find_reply": FindReply,
    "wait_ready_message": WaitReadyMessage,
    "wait_ready_reply": WaitReadyReply,
    "scroll_and_collect_message": CollectMessage,
    "scroll_and_collect_reply": CollectReply,
    "ping_host_message": PingHostMessage,
    "ping_host_reply": PingHostReply,
    "error_reply": ErrorReply,
    "progress_event": ProgressEvent,
    "port_reply": PortReply,
    # native port, host ↔ extension: requests of outside agents (axsnap serve)
    "control_message": ControlMessage,
    "control_reply_message": ControlReplyMessage,
    "control_status_message": ControlStatusMessage,
}


def schema_text(name: str) -> str:
    """The schema file's exact text (sorted keys, two-space indent, trailing newline)."""
    schema = SCHEMAS[name].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://axsnap.dev/schemas/api/{name}.schema.json"
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in SCHEMAS:
        path = folder / f"{name}.schema.json"
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "--write":
        print("usage: python -m axsnap_host.models.api --write schemas/api", file=sys.stderr)
        return 2
    for path in write_schemas(Path(args[1])):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
