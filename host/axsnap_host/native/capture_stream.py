"""Capture streams: a whole-page read's AX nodes, received in parts before its request.

The extension sends each frame's AX nodes as ``capture_part`` messages while the capture
goes on (``extension/lib/ax/ax_stream.js``), then the snapshot request whose capture names the
stream (``capture.ax_stream``). Each part is parsed as it arrives (one native frame of a
few MB, not one 50 MB message at the end) and its nodes are kept in a compact form; the
request takes them. No part gets a reply: a problem is kept on the stream and reported to
the request that takes it.

A stream's main frame may come as a delta on an earlier stream's (``ax_stream_bases.py``): the
host keeps the main frame's nodes of each filled stream as a base.

``capture_ax_end`` says the stream's last part was sent: the host builds the AX tree then,
before the request comes (``stream_early.py``); a part after the end drops that work.

Bounds: at most ``max_streams`` streams pending (a new one evicts the oldest), and per
stream at most ``max_parts`` parts, ``max_nodes`` nodes and ``max_bytes`` bytes of part
messages; past a bound the stream's nodes are dropped at once and its request fails with
``bad_chunk``. So the host holds one part's message text and at most the bounded nodes.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.capture import AxRow, RawCapture
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.native.ax_stream_bases import AxStreamBaseGone, AxStreamBases
from axsnap_host.native.log import get_logger
from axsnap_host.native.stream_early import (
    EXACT_READ,
    MAX_EARLY_NODES,
    EarlyWork,
    build_early,
    early_problem,
    take_early,
)
from axsnap_host.pipeline.ax.rows import RowMaker

log = get_logger("stream")

MAX_STREAMS = 2
MAX_PARTS = 4096
MAX_NODES = 4_000_000
MAX_BYTES = 1024 * 1024 * 1024
_HINT = "retry the snapshot; the extension sends a fresh stream with each capture"


@dataclass(slots=True)
class _Stream:
    frames: dict[str, list[AxRow]] = field(default_factory=dict)
    rows: RowMaker = field(default_factory=RowMaker)  # what the stream's rows share
    parts: int = 0
    nodes: int = 0
    bytes: int = 0
    problem: str | None = None
    bases: set[str] = field(default_factory=set)  # the base streams its deltas were read on
    early: EarlyWork | None = None  # built when the stream ended (capture_ax_end)
    early_note: str | None = None  # why nothing was built, or it was dropped


class CaptureStreams:
    """The pending capture streams of one host process."""

    def __init__(self, *, max_streams: int = MAX_STREAMS, max_parts: int = MAX_PARTS,
                 max_nodes: int = MAX_NODES, max_bytes: int = MAX_BYTES) -> None:
        self._streams: OrderedDict[str, _Stream] = OrderedDict()
        self.ax_bases = AxStreamBases()
        self.max_streams = max_streams
        self.max_parts = max_parts
        self.max_nodes = max_nodes
        self.max_bytes = max_bytes

    @property
    def pending(self) -> list[str]:
        return list(self._streams)

    def held_nodes(self) -> int:
        """The AX nodes kept now, over every pending stream."""
        return sum(len(nodes) for stream in self._streams.values()
                   for nodes in stream.frames.values())

    def add(self, stream_id: str, seq: int, frame_id: str, nodes: Any, size: int,
            *, base: str | None = None, order: Any = None) -> None:
        """Keep one part's nodes (or the reason the stream can no longer be used); with
        ``base``, the part is a delta: ``nodes`` on the base's, in ``order``."""
        stream = self._streams.get(stream_id)
        if stream is None:
            if seq != 0:  # its start was evicted or sent to another host
                stream = self._open(stream_id)
                self._fail(stream, f"part {seq} arrived without parts 0..{seq - 1}")
                return
            stream = self._open(stream_id)
        if stream.problem is not None:
            return
        if seq != stream.parts:
            self._fail(stream, f"part {seq} arrived where part {stream.parts} was due")
            return
        if stream.early is not None or stream.early_note == EXACT_READ:  # (would be) built
            # from nodes this part adds to
            stream.early, stream.early_note = None, "a part came after the end"
        if not isinstance(nodes, list) or not all(isinstance(n, dict) for n in nodes):
            self._fail(stream, f"part {seq}: nodes must be a list of objects")
            return
        if base is not None and (not isinstance(order, list) or frame_id in stream.frames):
            self._fail(stream, f"part {seq}: a delta part needs the order of a frame's nodes")
            return
        if base is None:
            self.ax_bases.drop_frame(frame_id)  # read whole again: its old nodes can go now
        stream.parts += 1
        stream.nodes += len(nodes) if base is None else len(order)
        stream.bytes += size
        if stream.parts > self.max_parts or stream.nodes > self.max_nodes \
                or stream.bytes > self.max_bytes:
            self._fail(stream, f"the stream passed the host's bounds ({self.max_parts} parts, "
                               f"{self.max_nodes} nodes, {self.max_bytes} bytes)")
            return
        # one compact row a node (flatten's per-node work, done while later parts travel);
        # the part's parsed dicts are freed once its message is handled
        try:
            rows = stream.rows.rows(nodes)
            if base is not None:
                rows = self.ax_bases.rebuild(base, frame_id, rows, order)
        except AxStreamBaseGone as exc:
            self._fail(stream, str(exc))
            return
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            # a node that does not fit the AX node shape (a property whose name is a list):
            # the stream fails, its request is refused by name, the host serves on
            self._fail(stream, f"part {seq}: a node does not fit the AX node shape "
                               f"({type(exc).__name__})")
            return
        if base is not None:
            stream.bases.add(base)
        stream.frames.setdefault(frame_id, []).extend(rows)

    def fail(self, stream_id: str, reason: str) -> None:
        """Fail a stream by id (a part the host could not read): its request is refused."""
        stream = self._streams.get(stream_id)
        if stream is not None and stream.problem is None:
            self._fail(stream, reason)

    def end(self, stream_id: str, parts: int, nodes: int, frames: list[Any],
            *, early: bool = True) -> None:
        """The stream's last part was sent: build its AX tree now (stream_early.py), when
        the stream holds what the end says (else the request will fail, or flatten) and
        the read may take it (``early`` False: an exact read, whose request flattens its
        own: the tree would be built and dropped, a whole flatten of the page wasted)."""
        stream = self._streams.get(stream_id)
        if stream is None or stream.problem is not None:
            log.info("capture stream end for a stream not held (%s)", stream_id[:80])
            return
        stream.early = None
        if (stream.parts, stream.nodes) != (parts, nodes):
            stream.early_note = f"the end says {parts} parts, {nodes} nodes"
        elif stream.nodes > MAX_EARLY_NODES:
            stream.early_note = f"more than {MAX_EARLY_NODES} nodes"
        elif not early:  # the note the request's fill would give the tree, unbuilt
            stream.early_note = early_problem(frames, stream.frames) or EXACT_READ
        else:
            built = build_early(frames, stream.frames)
            stream.early, stream.early_note = (None, built) if isinstance(built, str) \
                else (built, None)

    def drop(self, stream_id: str) -> bool:
        return self._streams.pop(stream_id, None) is not None

    def fill(self, capture: RawCapture, *, early_allowed: bool = True) -> dict[str, int] | None:
        """Put the stream's nodes into the capture's frames; AxsnapError(bad_chunk) when the
        stream is unknown, failed or not the one the capture describes. ``early_allowed`` False (an
        exact read): the tree built at the stream's end is not used."""
        ref = capture.ax_stream
        if ref is None:
            return None
        stream = self._streams.pop(ref.id, None)
        if stream is None:
            raise AxsnapError(ErrorCode.BAD_CHUNK,
                              f"capture stream {ref.id[:80]!r} is unknown to this host "
                              "(evicted by newer streams, or sent to a host that exited)",
                              _HINT)
        if stream.problem is not None:
            raise AxsnapError(ErrorCode.BAD_CHUNK, f"capture stream failed: {stream.problem}",
                              _HINT)
        if (stream.parts, stream.nodes) != (ref.parts, ref.nodes):
            raise AxsnapError(ErrorCode.BAD_CHUNK,
                              f"capture stream incomplete: {stream.parts} of {ref.parts} parts, "
                              f"{stream.nodes} of {ref.nodes} nodes", _HINT)
        known = {frame.frameId for frame in capture.frames}
        stray = [frame_id for frame_id in stream.frames if frame_id not in known]
        if stray:
            raise AxsnapError(ErrorCode.BAD_CHUNK,
                              f"capture stream holds nodes of {len(stray)} frame(s) the "
                              "capture does not list", _HINT)
        streamed: dict[str, list[AxRow]] = {}
        for frame in capture.frames:
            nodes = stream.frames.pop(frame.frameId, None)
            if nodes is not None:
                frame.axNodes = streamed[frame.frameId] = nodes
        early: dict[str, Any] = {}
        if stream.early is not None and not early_allowed:
            early = {"early_unused": EXACT_READ}
        elif stream.early is not None:
            note = take_early(stream.early, capture)
            early = {"early_ms": stream.early.ms} if note is None else {"early_unused": note}
        elif stream.early_note is not None:
            early = {"early_unused": stream.early_note}
        main = capture.frames[0] if capture.frames else None
        rows = streamed.get(main.frameId) if main is not None else None
        if main is not None and main.parentFrameId is None and rows:
            # the next read's base: only rows this stream filled in, never node dicts
            self.ax_bases.keep(ref.id, main.frameId, rows, capture.tab.id)
            self.ax_bases.drop_frame(main.frameId, keep=ref.id)
        return {"parts": stream.parts, "nodes": stream.nodes, "bytes": stream.bytes,
                **({"delta": True} if stream.bases else {}), **early}

    def _open(self, stream_id: str) -> _Stream:
        stream = self._streams[stream_id] = _Stream()
        while len(self._streams) > self.max_streams:
            evicted, _ = self._streams.popitem(last=False)
            log.info("capture stream %s evicted (more than %d pending)", evicted[:80],
                     self.max_streams)
        return stream

    @staticmethod
    def _fail(stream: _Stream, problem: str) -> None:
        stream.problem = problem
        stream.frames.clear()  # the nodes are of no use any more: free them now
        stream.early = None
        log.info("capture stream failed: %s", problem)
