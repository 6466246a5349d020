"""Native-messaging wire messages between the extension and the host.

Every message carries ``v`` (protocol version), ``id`` and ``type``. Replies are
``{ok: true, type: "result", result}`` or ``{ok: false, type: "error", error}``.
Frames host → browser are at most 1 MB; a larger reply travels as ``chunk`` messages whose
``data`` pieces, joined in ``seq`` order, are the JSON text of the whole reply. The host writes
them as it encodes the reply (native/reply_stream.py): ``total`` is null on each of them but
the last. Inbound chunk sets (:class:`Chunk`) name their ``total`` on every frame.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from axsnap_host.models.capture import FrameFields, RawCapture
from axsnap_host.models.errors import ErrorReply
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.models.policy import OUTSIDE_OPS

MessageId = Annotated[str, Field(min_length=1, max_length=200)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: int
    id: MessageId


class PingRequest(_Message):
    type: Literal["ping"]


class SnapshotRequest(_Message):
    type: Literal["snapshot"]
    options: SnapshotOptions = Field(default_factory=SnapshotOptions)
    capture: RawCapture
    baseline: str | None = Field(
        None, max_length=64, description="fast path act_baseline_at_read: keep this whole-page "
        "DOM read's capture under this token as the next act's baseline (the tab has none "
        "standing); the reply says ``timings.act_baseline_at_read`` when it was kept")


class ForgetTabRequest(_Message):
    """Drop the host's per-tab state (index registry, delta bases) for a closed tab."""

    type: Literal["forget_tab"]
    tabId: int


class ScrubUrlsRequest(_Message):
    """Extension → host: URLs the extension read itself (``resolve``'s ``frameUrl``), to go
    through the one URL scrubber before they leave (with the tab's secret field names)."""

    type: Literal["scrub_urls"]
    tabId: int | None = None
    urls: list[Annotated[str, Field(max_length=16_384)]] = Field(max_length=64)


class Chunk(_Message):
    type: Literal["chunk"]
    seq: int = Field(ge=0)
    total: int = Field(ge=1)
    data: str
    # "deflate": each data is the base64 of the next part of one zlib stream of the message's
    # JSON text (native/chunk_deflate.py, design note 58)
    encoding: Literal["deflate"] | None = None




class CapturePart(_Message):
    """Extension → host, no reply: one piece of a frame's AX nodes for a whole-page read,
    sent while the capture goes on. ``nodes`` are checked by capture_stream.py (a model per
    node would cost more than the pipeline), so the model here leaves them out."""

    type: Literal["capture_part"]
    stream: MessageId
    seq: int = Field(ge=0)
    frameId: str = Field(min_length=1, max_length=200)
    # A delta part (ax_stream_bases.py): ``nodes`` are those not in the base stream's nodes of
    # this frame, and ``order`` (left out of the model, as ``nodes``) every node id in order.
    base: MessageId | None = None


MAX_STREAM_FRAMES = 4096


class AxStreamFrame(FrameFields):
    """A frame as the capture knows it when its AX stream ends: what flatten reads of it
    (pipeline/ax/tree.py frame_facts). The extension sends these fields alone
    (contract.js AX_STREAM_FRAME_FIELDS)."""

    model_config = ConfigDict(extra="forbid")


class CaptureAxEnd(_Message):
    """Extension → host, no reply: the stream's last AX part was sent (``parts`` parts,
    ``nodes`` nodes), and the frames as the capture will name them. The host builds the
    AX tree then, while the renderer still computes the DOMSnapshot (stream_early.py);
    the request uses it only when its capture names the same frames and nodes (and the read
    is not exact: ``early``)."""

    type: Literal["capture_ax_end"]
    stream: MessageId
    parts: int = Field(ge=0)
    nodes: int = Field(ge=0)
    frames: list[AxStreamFrame] = Field(max_length=MAX_STREAM_FRAMES)
    # False: the read is exact (no fast path may answer it, models/fast_paths.py
    # "early_tree"), so its request would not take a tree built now: none is built
    early: bool = True


class CaptureDrop(_Message):
    """Extension → host, no reply: forget a stream's parts (its capture failed)."""

    type: Literal["capture_drop"]
    stream: MessageId


class OkReply(_Message):
    ok: Literal[True] = True
    type: Literal["result"] = "result"
    result: dict[str, Any]


class NativeErrorReply(ErrorReply):
    """The one error reply (:class:`ErrorReply`) in a native frame's envelope; ``id`` is
    None when the failing message had none that could be read."""

    v: int
    id: str | None
    type: Literal["error"] = "error"


# -- the control link: outside agents (axsnap serve) through the host to the extension -----

ControlOp = Literal[OUTSIDE_OPS]  # type: ignore[valid-type]  # models/policy.py
CONTROL_OPS: tuple[str, ...] = OUTSIDE_OPS


class ControlClient(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field("?", max_length=80, description="as the client names itself")
    via: Literal["http"] = "http"


class ControlMessage(_Message):
    """Host → extension: a request from an outside agent, to check against the person's
    consent and answer with a ``control_reply`` of the same id."""

    type: Literal["control"]
    op: ControlOp
    params: dict[str, Any] = Field(default_factory=dict)
    client: ControlClient = Field(default_factory=ControlClient)


class ControlReplyMessage(_Message):
    """Extension → host: the answer to a ``control`` message (``{ok: true, ...}`` as the
    agent API's replies, or ``{ok: false, error}``); the host passes it to serve."""

    type: Literal["control_reply"]
    reply: dict[str, Any]


class ControlStatusMessage(_Message):
    """Host → extension: the control link to ``axsnap serve`` came up or went down."""

    type: Literal["control_status"]
    linked: bool


class ActResolveRequest(_Message):
    """Act/find, step 1: the caller's ``act``/``find``/``scroll_and_collect`` message as it
    came (validated here, against models/act.py: one contract), and a fresh capture of the
    tab (DOM channel, whole page). The host resolves the target (and ``to``) — ids on the
    capture the caller last saw, words on this one — and answers ``{message (normalized),
    target, to, error, url, title}``, or a FindResult for ``find``."""

    type: Literal["act_resolve"]
    message: dict[str, Any]
    options: SnapshotOptions = Field(default_factory=SnapshotOptions)
    capture: RawCapture | None = Field(
        None, description="the fresh capture; none with ``baseline``")
    tabId: int | None = Field(None, description="the tab, when no capture names it")
    baseline: str | None = Field(
        None, max_length=64, description="fast path act_baseline: resolve on the capture the "
        "last act's report kept under this token (the page provably unchanged since); the "
        "host answers ``baseline_gone`` when it no longer holds it")
    lookup: bool = Field(
        False, description="fast path act_id_lookup: with no capture, resolve an index, an "
        "element id or a semantic id of the last semantic read on the tab's kept elements (a "
        "lookup, nothing changed; with ``baseline``, when it is gone); ``lookup_missed`` when "
        "the target needs the page (words) or the lookup refuses it")


class ActReportRequest(_Message):
    """Act, step 2: what the extension did and saw; the host writes the ActionResult (with a
    capture taken after the action, when there is one)."""

    type: Literal["act_report"]
    tabId: int | None = None
    action: str
    target: dict[str, Any] | None = None
    options: SnapshotOptions = Field(default_factory=SnapshotOptions)
    capture: RawCapture | None = None
    before: dict[str, Any] = Field(default_factory=dict)
    focus: dict[str, Any] | None = None
    dialogs: list[dict[str, Any]] = Field(default_factory=list)
    modals: list[str] | None = Field(None, description="the in-page dialogs shown after the "
                                     "action, by name (before: in ``before.modals``)")
    readiness: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    method: str | None = None
    typed_by: str | None = Field(None, max_length=40, description="a fill's text: the rule "
                                 "that chose one insertText or key by key (ActionResult)")
    timings: dict[str, float] = Field(default_factory=dict)
    activity: dict[str, Any] = Field(
        default_factory=dict, description="what the action set going: {requests: {started, "
        "finished, failed, pending, first: [{method, url, type, status}]}, same_document, "
        "submits: [{form, method, action, prevented}]} (URLs unscrubbed: the host scrubs them)")
    opened_tabs: list[dict[str, Any]] = Field(
        default_factory=list, description="the tabs and popups the action opened: "
        "{tabId, url (unscrubbed: the host scrubs it), targetId}")
    baseline: str | None = Field(
        None, max_length=64, description="fast path act_baseline: keep this report's capture "
        "under this token as the next act's baseline")


class CollectStepRequest(_Message):
    """Scroll-and-collect: one capture after one scroll, merged into ``collection``."""

    type: Literal["collect_step"]
    tabId: int | None = None
    collection: str = Field(min_length=1, max_length=100)
    step: int = Field(ge=0)
    message: dict[str, Any] | None = Field(None, description="step 0: the caller's message")
    until: str | None = None
    options: SnapshotOptions = Field(default_factory=SnapshotOptions)
    capture: RawCapture | None = None
    scroll: dict[str, float] = Field(default_factory=dict)
    finish: str | None = Field(None, description="the stop reason: answer with the whole "
                               "collection")


Request = Annotated[
    PingRequest | SnapshotRequest | ForgetTabRequest | ActResolveRequest | ActReportRequest
    | CollectStepRequest | ScrubUrlsRequest,
    Field(discriminator="type"),
]
