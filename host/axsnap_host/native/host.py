"""The native host: reads requests, dispatches them, answers with results or structured errors.

One long-lived process per native port. Every failure becomes an ``error`` reply and the
host keeps serving; only EOF (or a frame truncated by EOF) ends it.
"""

from __future__ import annotations

import gc
import json
import threading
import time
import traceback
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from axsnap_host import PROTOCOL_VERSION
from axsnap_host.models.capture_checks import SHARE_TEXTS, SHARE_TEXTS_FROM_BYTES
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.models.fast_paths import fast_path
from axsnap_host.models.walker_wire import wire_stats
from axsnap_host.models.wire import (
    ActReportRequest,
    ActResolveRequest,
    CaptureAxEnd,
    CaptureDrop,
    CapturePart,
    Chunk,
    CollectStepRequest,
    ForgetTabRequest,
    PingRequest,
    Request,
    ScrubUrlsRequest,
    SnapshotRequest,
)
from axsnap_host.native.capture_stream import CaptureStreams
from axsnap_host.native.dom_snapshot_bases import DomSnapshotBases
from axsnap_host.native.log import get_logger
from axsnap_host.native.memory import BIG_READ_BYTES, gc_paused, give_back, peak_rss_kb
from axsnap_host.native.protocol import (
    MAX_INBOUND_BYTES,
    ChunkAssembler,
    EndOfStream,
    FrameIO,
    FrameTooLarge,
    TruncatedFrame,
    decode_json,
    frame_bytes,
    guess_message_id,
    reply_frames,
)
from axsnap_host.native.replies import (
    describe_validation_error,
    envelope,
    error_reply,
    message_id_of,
    ok_reply,
    shape_refusal,
)
from axsnap_host.pipeline.state import TabStates
from axsnap_host.pipeline.url_scrub import scrub_url

if TYPE_CHECKING:
    from axsnap_host.control.link import ControlLink

log = get_logger("host")

KNOWN_TYPES = ("ping", "snapshot", "forget_tab", "chunk", "control_reply", "act_resolve",
               "act_report", "collect_step", "capture_part", "capture_drop", "capture_ax_end",
               "scrub_urls")
STREAMED_KINDS = ("capture_part", "capture_drop", "capture_ax_end")  # parts get no reply
_REQUEST_ADAPTER: TypeAdapter[Any] = TypeAdapter(Request)


class Host:
    """Dispatches decoded messages; owns per-tab state and pending inbound chunk sets."""

    def __init__(self, control_link: ControlLink | None = None) -> None:
        self.control_link = control_link  # serve's requests; the extension's replies go here
        self.chunks = ChunkAssembler()
        self.streams = CaptureStreams()  # whole-page reads' AX parts, ahead of their request
        self.dom_snapshot_bases = DomSnapshotBases()  # the last whole-page reads' DOMSnapshots
        # every per-tab store: a tab's share goes with its TabState (forget_tab, eviction)
        self.tabs = TabStates(stores=(self.dom_snapshot_bases, self.streams.ax_bases))
        self._retained: list[Any] = []
        self._big = False  # the last message was a big read: give its memory back
        # run_message_loop() sets both. hold_gc: the cyclic collector stays paused from a
        # message's arrival until release(), after its replies are sent (a collection in
        # handle_text over its millions of new objects: 25-40 ms on a 20k-element read).
        # replies_written: the replies are only encoded and sent, never read
        self.hold_gc = self.replies_written = False
        self._gc_held = False
        self._read_ms: float | None = None  # the message's frame read (handle_text)

    def release(self) -> None:
        """Drop the last message's parsed data. Called after its replies are sent: freeing
        a 30 MB capture's millions of objects takes a noticeable fraction of a second, and
        the reply should not wait for it. After a big read, what the tabs keep is packed and
        the freed memory goes back (give_back): the next read starts from the same footprint."""
        self._retained.clear()
        if self._gc_held:
            self._gc_held = False
            gc.enable()
        if self._big:
            self._big = False
            self.tabs.pack_kept()  # their objects' arenas can be freed (kept_pack.py)
            give_back()
        self.tabs.pack_registries_due()  # a big index update's, in a smaller read (registry.py)

    # -- entry points ------------------------------------------------------------------

    def handle_text(self, text: str, read_ms: float | None = None,
                    read_bytes: int | None = None) -> list[dict[str, Any]]:
        """Handle one message's JSON text (its frame: ``read_ms``, ``read_bytes``); its replies."""
        started = time.perf_counter()
        self._read_ms = read_ms
        if self.hold_gc and gc.isenabled():
            gc.disable()  # until release()
            self._gc_held = True
        with gc_paused():
            try:
                raw = decode_json(text)
            except (ValueError, RecursionError) as exc:
                log.info("malformed json (%d bytes, %s)", len(text), type(exc).__name__)
                if isinstance(exc, RecursionError):
                    problem = "message nests too deeply to parse"
                elif isinstance(exc, json.JSONDecodeError):
                    problem = f"message is not valid JSON at character {exc.pos}"
                else:
                    problem = f"message is not valid JSON: {exc}"
                return [error_reply(guess_message_id(text), ErrorCode.MALFORMED_JSON, problem,
                                    "send one UTF-8 JSON object per frame")]
            self._retained.append(raw)
            size = frame_bytes(text) if read_bytes is None else read_bytes  # no whole copy
            del text  # a whole-page request's text (tens of MB): not held through the pipeline
            return self.handle_message(raw, started, raw_size=size)

    def handle_message(
        self, raw: Any, started: float | None = None, raw_size: int = 0
    ) -> list[dict[str, Any]]:
        started = time.perf_counter() if started is None else started
        if not isinstance(raw, dict):
            return [
                error_reply(
                    None,
                    ErrorCode.INVALID_MESSAGE,
                    f"message must be a JSON object, got {type(raw).__name__}",
                    "send {v, id, type, ...}",
                )
            ]
        message_id = message_id_of(raw)
        version = raw.get("v")
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            shown = "missing" if "v" not in raw else f"{type(version).__name__} {version!r}"[:40]
            return [
                error_reply(
                    message_id,
                    ErrorCode.UNSUPPORTED_VERSION,
                    f"protocol version {shown} is not supported",
                    f"this host speaks protocol v={PROTOCOL_VERSION}; update the extension or host",
                )
            ]
        kind = raw.get("type")
        if kind not in KNOWN_TYPES:
            shown = repr(kind)[:40] if isinstance(kind, str) else type(kind).__name__
            return [
                error_reply(
                    message_id,
                    ErrorCode.UNKNOWN_TYPE,
                    f"unknown message type {shown}",
                    "known types: " + ", ".join(KNOWN_TYPES),
                )
            ]
        if kind == "control_reply":
            return self._on_control_reply(raw, message_id)
        try:
            if kind == "capture_part":  # no reply: a problem fails the stream's request
                part = CapturePart.model_validate(envelope(raw))
                self.streams.add(part.stream, part.seq, part.frameId, raw.get("nodes"), raw_size,
                                 base=part.base, order=raw.get("order"))
                return []
            if kind == "capture_drop":
                self.streams.drop(CaptureDrop.model_validate(raw).stream)
                return []
            if kind == "capture_ax_end":  # no reply: the AX tree is built now, ahead
                end = CaptureAxEnd.model_validate(raw)
                self.streams.end(end.stream, end.parts, end.nodes, end.frames, early=end.early)
                return []
            if kind == "chunk":
                return self._on_chunk(Chunk.model_validate(raw))
            request = _REQUEST_ADAPTER.validate_python(raw, context={
                SHARE_TEXTS: raw_size >= SHARE_TEXTS_FROM_BYTES})
            self._retained.append(request)
        except ValidationError as exc:
            log.info("invalid %s message id=%s: %d errors", kind, message_id, exc.error_count())
            return [
                error_reply(
                    message_id,
                    ErrorCode.INVALID_MESSAGE,
                    describe_validation_error(exc),
                    "check the message against axsnap_host.models.wire",
                )
            ]
        except Exception as exc:  # fits its model, not what the host can read: refused by name
            log.error("unreadable %s message id=%s (%s)", kind, message_id, type(exc).__name__)
            why = f"the {kind} message could not be read ({type(exc).__name__})"
            if kind in STREAMED_KINDS:  # no reply: its stream's request is refused instead
                self.streams.fail(str(raw.get("stream") or ""), why)
                return []
            return [error_reply(message_id, ErrorCode.INVALID_MESSAGE, why,
                                "check the message against axsnap_host.models.wire")]
        return [self.dispatch(request, started, parse_ms=_ms_since(started), raw_size=raw_size)]

    # -- dispatch ----------------------------------------------------------------------

    def dispatch(
        self, request: Any, started: float, parse_ms: float = 0.0, raw_size: int = 0
    ) -> dict[str, Any]:
        try:
            if isinstance(request, PingRequest):
                return ok_reply(
                    request.id, {"pong": True, "protocol": PROTOCOL_VERSION, "host": _version()}
                )
            if isinstance(request, ForgetTabRequest):
                # the tab's state and raw page data (the DOMSnapshot and AX bases) go at once
                forgotten = self.tabs.forget(request.tabId)
                log.info("forget_tab id=%s tab=%s known=%s", request.id, request.tabId, forgotten)
                return ok_reply(request.id, {"forgotten": forgotten})
            if isinstance(request, SnapshotRequest):
                return self._snapshot(request, started, parse_ms, raw_size)
            if isinstance(request, ScrubUrlsRequest):
                state = self.tabs.peek(request.tabId)
                names = state.secret_names if state is not None else frozenset()
                return ok_reply(request.id, {"urls": [scrub_url(u, names)[0]
                                                      for u in request.urls]})
            if isinstance(request, ActResolveRequest | ActReportRequest | CollectStepRequest):
                return self._act(request, started)
        except AxsnapError as exc:
            log.warning("request id=%s failed: %s", request.id, exc.code)
            return error_reply(request.id, exc.code, exc.message, exc.hint)
        except Exception as exc:
            # Frames only: an exception's message may quote page content (a KeyError on a
            # value, a decode error on a string), so it never reaches the log.
            log.error(
                "internal error on request id=%s (%s)\n%s",
                request.id,
                type(exc).__name__,
                "".join(traceback.format_tb(exc.__traceback__)).rstrip(),
            )
            return shape_refusal(request, exc) or error_reply(
                request.id,
                ErrorCode.INTERNAL,
                f"the host failed while processing the request ({type(exc).__name__})",
                "the host keeps serving; see the host log (--log-file) and report the bug",
            )
        return error_reply(request.id, ErrorCode.UNKNOWN_TYPE, "unhandled request type")

    def _snapshot(
        self, request: SnapshotRequest, started: float, parse_ms: float, raw_size: int
    ) -> dict[str, Any]:
        from axsnap_host.act.baseline_at_read import baseline_after_read
        from axsnap_host.models.dom_columns import compact_capture
        from axsnap_host.pipeline.ax.build import HOST_OWNED, drop_dom_snapshot
        from axsnap_host.pipeline.run import process

        cpu_started = time.process_time()
        request.capture.derived[HOST_OWNED] = True  # parsed here: the pipeline may free parts
        state = self.tabs.get(request.capture.tab.id)
        # the AX nodes sent ahead in parts (and the tree built at their end, unless exact)
        streamed = self.streams.fill(request.capture,
                                     early_allowed=fast_path(request.options, "early_tree"))
        reused = self.dom_snapshot_bases.fill(request.capture)  # DOMSnapshot columns left out
        compact_capture(request.capture)  # its number columns as arrays (dom_columns.py)
        held = state.elements_held  # (a DOM format rebuilds them; packed ones stay so)
        result = process(request, state, for_reply=self.replies_written)
        # the act's baseline across this read, or kept from it: the reply says which
        if said := baseline_after_read(state, held, request):
            result.setdefault("timings", {})[said] = 1
        kept = self.dom_snapshot_bases.keep(request.capture)
        if not kept:  # read: not held while the reply is encoded and sent
            drop_dom_snapshot(request.capture)
        timings = result.setdefault("timings", {})
        timings["parse_ms"] = round(parse_ms, 3)
        if self._read_ms is not None:  # the request's frame through the pipe (run_message_loop)
            timings["request_read_ms"] = round(self._read_ms, 3)
        timings["host_ms"] = round(_ms_since(started), 3)
        # CPU of the steps after the parse (every thread): far below their wall time, the
        # host waited for a core (a loaded machine), not for its own work
        timings["steps_cpu_ms"] = round((time.process_time() - cpu_started) * 1000, 3)
        stats = result.setdefault("stats", {})
        stats["request_bytes"] = raw_size
        stats.update(wire_stats(request.capture.walker))  # a lean walk, compact AX rows
        if streamed is not None:
            stats["ax_stream"] = streamed
        if reused is not None or kept:  # the extension keeps what the host kept
            stats["dom_base"] = {"kept": kept, **{k: n for k, n in (reused or {}).items() if n}}
        self._big = raw_size + (streamed or {}).get("bytes", 0) >= BIG_READ_BYTES
        stats["host_peak_rss_kb"] = peak_rss_kb()
        log.info("snapshot id=%s tab=%s format=%s bytes=%d parse_ms=%.1f host_ms=%.1f",
                 request.id, request.capture.tab.id, request.options.format, raw_size,
                 parse_ms, timings["host_ms"])
        return ok_reply(request.id, result)

    def _on_control_reply(self, raw: dict[str, Any],
                          message_id: str | None) -> list[dict[str, Any]]:
        """The extension's answer to a control request: passed to serve, nothing sent back."""
        reply = raw.get("reply")
        if message_id is None or not isinstance(reply, dict):
            return [error_reply(message_id, ErrorCode.INVALID_MESSAGE,
                                "control_reply needs an id and a reply object",
                                "answer {v, id, type: 'control', ...} with {v, id, type: "
                                "'control_reply', reply: {ok, ...}}")]
        if self.control_link is not None:
            self.control_link.deliver(message_id, reply)
        return []

    def _act(self, request: Any, started: float) -> dict[str, Any]:
        """Acting steps (act/): resolve a target, report an action, merge a collection."""
        from axsnap_host.act.collect import collect_step
        from axsnap_host.act.report import act_report
        from axsnap_host.act.service import act_resolve

        tab_id = request.capture.tab.id if request.capture is not None else request.tabId
        state = self.tabs.get(tab_id)
        # what the step replaces (a report's capture, its records) is freed after the reply
        self._retained.append((state.act_baseline, state.elements))
        if isinstance(request, ActResolveRequest):
            result = act_resolve(request, state)
        elif isinstance(request, ActReportRequest):
            result = act_report(request, state)
        else:
            result = collect_step(request, state)
        # type and timing only: targets and values may be page text or secrets
        log.info("%s id=%s tab=%s host_ms=%.1f", request.type, request.id, tab_id,
                 _ms_since(started))
        return ok_reply(request.id, result)

    def _on_chunk(self, chunk: Chunk) -> list[dict[str, Any]]:
        try:
            whole = self.chunks.add(chunk.id, chunk.seq, chunk.total, chunk.data, chunk.encoding)
        except AxsnapError as exc:
            log.info("bad chunk set id=%s: %s", chunk.id, exc.code)
            return [error_reply(chunk.id, exc.code, exc.message, exc.hint)]
        replies = [
            error_reply(
                evicted,
                ErrorCode.BAD_CHUNK,
                "incomplete chunk set dropped: too many chunk sets pending",
                "send one chunk set at a time, all of its chunks in a row",
            )
            for evicted in self.chunks.take_evicted()
        ]
        if whole is None:
            return replies
        started = time.perf_counter()
        try:
            inner = decode_json(whole)
        except (ValueError, RecursionError):
            replies.append(
                error_reply(
                    chunk.id,
                    ErrorCode.BAD_CHUNK,
                    "joined chunk data is not valid JSON",
                    "chunk data pieces, joined in seq order, must be one JSON message",
                )
            )
            return replies
        if isinstance(inner, dict) and inner.get("type") == "chunk":
            replies.append(
                error_reply(chunk.id, ErrorCode.BAD_CHUNK, "a chunk set may not carry a chunk")
            )
            return replies
        size, whole = self.chunks.last_size, ""  # the joined text is not held through the pipeline
        return [*replies, *self.handle_message(inner, started, raw_size=size)]


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0


def _import_pipeline() -> None:
    """Import every module a snapshot request uses (about 0.1–0.2 s of first-use cost)."""
    import importlib

    for name in ("pipeline.run", "pipeline.outline.build", "pipeline.delta.reply",
                 "pipeline.dom.vision", "pipeline.ax.window_index"):
        importlib.import_module(f"axsnap_host.{name}")


_warm_up_started = False


def _warm_up_once() -> None:
    """Start, once per process, loading the token counter (~1 s: not on the first outline's
    clock) and the pipeline's imports (not on the first snapshot's), each on a thread so pings
    answer at once. A later loop in the same process (the tests run hundreds) finds them
    started."""
    global _warm_up_started
    if _warm_up_started:
        return
    _warm_up_started = True
    from axsnap_host.pipeline.tokens import warm_up

    warm_up()
    threading.Thread(target=_import_pipeline, name="pipeline-imports", daemon=True).start()


def _version() -> str:
    from axsnap_host import __version__

    return __version__


def run_message_loop(frames: FrameIO, host: Host | None = None) -> int:
    """Read and answer messages until EOF; returns the exit code (0: EOF or truncation)."""
    host = host or Host()
    host.hold_gc = host.replies_written = True  # the collector runs after each reply is sent
    log.info("host started (protocol v%d, inbound limit %d bytes)", PROTOCOL_VERSION,
             MAX_INBOUND_BYTES)
    _warm_up_once()
    while True:
        try:
            # read and handed over in one expression: no name here keeps the frame's text
            replies = host.handle_text(frames.read_frame(), *frames.last_body)
        except EndOfStream:
            log.info("stdin closed; exiting")
            return 0
        except TruncatedFrame as exc:
            log.warning("stream ended inside a frame (%s); exiting", exc)
            return 0
        except FrameTooLarge as exc:
            log.warning("frame too large: %d bytes declared; drained", exc.declared)
            replies = [
                error_reply(
                    guess_message_id(exc.head.decode("utf-8", "ignore")),
                    ErrorCode.FRAME_TOO_LARGE,
                    f"message of {exc.declared} bytes exceeds the {MAX_INBOUND_BYTES}-byte limit",
                    "send large captures as chunk messages or reduce the capture",
                )
            ]
        except UnicodeDecodeError:
            replies = [error_reply(None, ErrorCode.MALFORMED_JSON, "message is not valid UTF-8",
                                   "encode messages as UTF-8 JSON")]
        while replies:  # each let go once written (a loop name held one through the next read)
            send_reply(frames, replies.pop(0))
        del replies
        host.release()


def send_reply(frames: FrameIO, reply: dict[str, Any]) -> None:
    """Write one message (chunked when large); safe from the control link's thread too."""
    total = count = 0
    started, cpu = time.perf_counter(), time.process_time()  # the way back past host_ms
    for piece in reply_frames(reply.get("id"), reply):  # each made as it is written
        total += frames.write_frame(piece)
        count += 1
    if count > 1 or total > 1 << 18:  # a deflated chunk set may be one frame
        log.info("reply id=%s sent as %d chunks (%d bytes) in %.1f ms, cpu %.1f ms", reply.get(
            "id"), count, total, _ms_since(started), (time.process_time() - cpu) * 1000)
