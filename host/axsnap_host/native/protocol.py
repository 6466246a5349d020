"""Native-messaging framing, size limits and chunking.

The frame format (4-byte native-order length + UTF-8 JSON) comes from nativemessaging-ng:
``get_message_raw`` reads one frame from ``sys.stdin.buffer``. Frames are written here, the
header and body in one write (its ``send_message_raw`` writes them apart). It checks no sizes,
so this module adds:

- an inbound limit (64 MiB) checked on the header *before* the body is read; an oversize
  body is drained in bounded pieces so the stream stays in sync;
- clean EOF and truncated-frame detection;
- outbound frames of at most 1,000,000 bytes: larger replies are split into ``chunk``
  messages, each measured after JSON encoding, written as the reply is encoded
  (reply_stream.py: ``total`` is null on every frame of such a set but the last);
- reassembly of inbound chunk sets, with bounded pending sets and bytes.

The library reads the process's ``sys.stdin``; :class:`FrameIO` hands it a private stream for
the duration of one call, and writes to a private handle on fd 1, so fd 1 can point at stderr
(a stray ``print`` or C library write then cannot corrupt the frame stream).
"""

from __future__ import annotations

import contextlib
import json
import re
import struct
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

import nativemessaging

from axsnap_host import PROTOCOL_VERSION
from axsnap_host.models.errors import AxsnapError, ErrorCode
from axsnap_host.native.chunk_deflate import inflated_text
from axsnap_host.native.reply_stream import stream_reply
from axsnap_host.pipeline.json_text import utf8_length

MAX_INBOUND_BYTES = 64 * 1024 * 1024
MAX_OUTBOUND_FRAME_BYTES = 1_000_000
HEADER = struct.Struct("@I")  # the byte order nativemessaging (and Chrome) use: native
DRAIN_PIECE_BYTES = 1 << 20


class EndOfStream(Exception):
    """The browser closed the pipe between frames: exit cleanly."""


class TruncatedFrame(Exception):
    """The stream ended inside a frame (header or body)."""

    def __init__(self, expected: int, got: int) -> None:
        super().__init__(f"stream ended after {got} of {expected} bytes")
        self.expected = expected
        self.got = got


class FrameTooLarge(Exception):
    """A frame declared more than the inbound limit; its body was drained and dropped.

    ``head`` keeps the body's first bytes, so the error reply can name the request's id.
    """

    def __init__(self, declared: int, head: bytes = b"") -> None:
        super().__init__(f"frame of {declared} bytes exceeds {MAX_INBOUND_BYTES}")
        self.declared = declared
        self.head = head


_ID_NEAR_START = re.compile(r'^\s*\{[^{}\[\]]{0,200}?"id"\s*:\s*"([^"\\]{1,200})"')


def guess_message_id(head: str) -> str | None:
    """The ``id`` of a message that cannot be parsed, read from its first characters.

    Best effort, for routing an error reply: it only looks at a top-level ``"id"`` string
    that comes before any nested object or array (as ``JSON.stringify({v, id, type, ...})``
    writes it).
    """
    match = _ID_NEAR_START.match(head[:600])
    return match.group(1) if match else None


class _PushbackReader:
    """A binary reader over another one that can give back bytes already read."""

    def __init__(self, inner: BinaryIO) -> None:
        self._inner = inner
        self._pending = b""
        self.last_read_short = False

    def unread(self, data: bytes) -> None:
        self._pending = data + self._pending

    def read(self, size: int = -1) -> bytes:
        if size < 0:
            data = self._pending + self._inner.read()
            self._pending = b""
            return data
        head, self._pending = self._pending[:size], self._pending[size:]
        rest = self._inner.read(size - len(head)) if size > len(head) else b""
        data = head + (rest or b"")
        self.last_read_short = len(data) < size
        return data


@dataclass
class _StdinShim:
    buffer: Any


@contextlib.contextmanager
def _swapped(name: str, replacement: Any) -> Iterator[None]:
    saved = getattr(sys, name)
    setattr(sys, name, replacement)
    try:
        yield
    finally:
        setattr(sys, name, saved)


class FrameIO:
    """Reads and writes native-messaging frames on private binary streams."""

    def __init__(self, inbound: BinaryIO, outbound: BinaryIO) -> None:
        self._reader = _PushbackReader(inbound)
        self._outbound = outbound
        self._write_lock = threading.Lock()  # the control link's thread writes too
        # ms from the last frame's header to its last byte: the request's way through the
        # browser once it began (a big request is written while it is read)
        self.last_body_ms: float | None = None
        self.last_body_bytes: int | None = None  # the last frame's declared size: its UTF-8

    def read_frame(self) -> str:
        """Return the next frame's text.

        Raises EndOfStream, TruncatedFrame, FrameTooLarge (stream still in sync) or
        UnicodeDecodeError (frame consumed, stream in sync).
        """
        header = self._reader.read(HEADER.size)
        if not header:
            raise EndOfStream
        if len(header) < HEADER.size:
            raise TruncatedFrame(HEADER.size, len(header))
        (declared,) = HEADER.unpack(header)
        if declared > MAX_INBOUND_BYTES:
            head = self._drain(declared)
            raise FrameTooLarge(declared, head)
        self._reader.unread(header)
        body_started = time.perf_counter()
        try:
            with _swapped("stdin", _StdinShim(self._reader)):
                text = nativemessaging.get_message_raw()
        except UnicodeDecodeError:
            if self._reader.last_read_short:
                raise TruncatedFrame(declared, -1) from None
            raise
        if self._reader.last_read_short:
            raise TruncatedFrame(declared, -1)
        self.last_body_ms = (time.perf_counter() - body_started) * 1000
        self.last_body_bytes = declared
        return text or ""

    @property
    def last_body(self) -> tuple[float | None, int | None]:
        """The last frame's read: (ms, UTF-8 bytes), as Host.handle_text takes them."""
        return self.last_body_ms, self.last_body_bytes

    def _drain(self, declared: int) -> bytes:
        """Read and drop a frame body in bounded pieces; returns its first bytes."""
        remaining = declared
        head = b""
        while remaining:
            piece = self._reader.read(min(DRAIN_PIECE_BYTES, remaining))
            if len(piece) == 0:
                raise TruncatedFrame(declared, declared - remaining)
            if len(head) < 600:
                head += piece[: 600 - len(head)]
            remaining -= len(piece)
        return head

    def write_frame(self, text: str) -> int:
        """Write one frame; returns its body size. Refuses bodies over the outbound limit.

        The header and the body go in one write (one system call, however large the body):
        written apart (as nativemessaging's ``send_message_raw`` does), a body larger than
        the stream's buffer went in a second call, after the browser had been woken for a
        header alone. The text is encoded once."""
        body = text.encode("utf-8")
        size = len(body)
        if size > MAX_OUTBOUND_FRAME_BYTES:
            raise ValueError(f"outbound frame of {size} bytes exceeds {MAX_OUTBOUND_FRAME_BYTES}")
        frame = HEADER.pack(size) + body
        del body
        with self._write_lock:
            self._outbound.write(frame)
            self._outbound.flush()
        return size


# --- encoding and chunking -------------------------------------------------------------


def encode_json(message: Any) -> str:
    """Compact, strict JSON whose UTF-8 encoding is valid (lone surrogates fall back to
    escapes). NaN and Infinity are not JSON: ValueError."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        utf8_length(text)
    except UnicodeEncodeError:
        text = json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return text


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


class _SharedNumbers(dict[str, Any]):
    """One object per number text while one message is parsed (the first ``_MAX_SHARED``
    distinct ones): a DOMSnapshot repeats its boxes' coordinates and sizes and its string
    indices over 100k rows, each a new int or float object otherwise (about 10 MB of the
    100k bench page's request)."""

    def __init__(self, convert: Any) -> None:
        super().__init__()
        self._convert = convert

    def __missing__(self, text: str) -> Any:
        value = self._convert(text)
        if len(self) < _MAX_SHARED:
            self[text] = value
        return value


_MAX_SHARED = 65536
_SHARE_NUMBERS_FROM = 1 << 20  # characters: a small message is parsed the plain way
# What repeats its numbers over 100k rows: a DOMSnapshot (its columns) and a frame's AX nodes
# (a capture part's, or a capture's frames': a walk's frames hold none). In JSON text
# `"key":` is always a key (a quote inside a string is escaped), so a message without these
# holds neither.
_REPEATING_NUMBERS = ('"dom_snapshot":{', '"nodes":[{', '"axNodes":[{')
# characters: a message without them (a whole-page walk's records and rows) shares its
# numbers from this size on. The parser's call per number doubles a parse (rust-primitive-
# u8's 6.5 MB SnapshotV1 request: 74 -> 142 ms CPU; rustdoc Wrapping's 14.7 MiB: 207-211 ->
# 316-338) and saves a few MB of the read's peak: worth it only near the host's 400 MB
# bound, which the generated 100k page's reads of the tree formats reach (16.5-17.2 MiB
# requests; all three: 385 MB shared, 394 plain). A read under this size peaks far below
# it (Wrapping's SnapshotV1 229 MB, the 100k page's DOM text's 9.6 MiB 284): design notes
# 92, 121.
_SHARE_WALK_NUMBERS_FROM = 16 << 20


def _shares_numbers(text: str) -> bool:
    """Whether a message's numbers are parsed one object each (a substring search at C speed;
    a page's text that spells a key only costs the shared parse)."""
    if len(text) < _SHARE_NUMBERS_FROM:
        return False
    return len(text) >= _SHARE_WALK_NUMBERS_FROM or any(key in text
                                                        for key in _REPEATING_NUMBERS)


def decode_json(text: str) -> Any:
    """Strict JSON: NaN, Infinity and -Infinity (which Python's parser takes) are refused
    (json.JSONDecodeError or ValueError), so no capture brings a non-finite number in.
    A large message's numbers are shared (_SharedNumbers): the same values, fewer objects:
    one of 1 MB or more that holds a DOMSnapshot or AX nodes, any other from 16 MiB on."""
    if not _shares_numbers(text):
        return json.loads(text, parse_constant=_not_json)
    return json.loads(text, parse_constant=_not_json,
                      parse_int=_SharedNumbers(int).__getitem__,
                      parse_float=_SharedNumbers(float).__getitem__)


def utf8_size(text: str) -> int:
    return utf8_length(text)


_COUNT_SLICE = 1 << 20


def frame_bytes(text: str) -> int:
    """The UTF-8 bytes of a frame's text (a lone surrogate as the 3 bytes "surrogatepass"
    writes), a slice at a time: no whole encoded copy beside the text and what it parsed
    into (a whole-page request's is tens of MB). The serving loop has the frame's declared
    size; this counts a text handed over without it (``Host.handle_text``)."""
    if text.isascii():
        return len(text)
    return sum(len(text[at:at + _COUNT_SLICE].encode("utf-8", "surrogatepass"))
               for at in range(0, len(text), _COUNT_SLICE))


def frames_for_reply(message_id: str | None, reply: dict[str, Any]) -> list[str]:
    """The frames that carry one reply: itself when it fits, else chunk frames. A reply that
    would hold a non-finite number is replaced by a structured error (never invalid JSON)."""
    return list(reply_frames(message_id, reply))


def reply_frames(message_id: str | None, reply: dict[str, Any]) -> Iterator[str]:
    """:func:`frames_for_reply`, one frame at a time, each made as the reply is encoded and
    written before the next (reply_stream.py: no whole text of a large reply). A number JSON
    cannot carry found after frames went out: the error reply follows them (the extension
    drops the unfinished chunk set when its id is answered)."""
    try:
        yield from stream_reply(message_id, reply, MAX_OUTBOUND_FRAME_BYTES)
    except ValueError:
        yield encode_json({
            "v": PROTOCOL_VERSION, "id": message_id, "ok": False,
            "error": {"code": ErrorCode.INVALID_MESSAGE.value,
                      "message": "the result would hold a number JSON cannot carry (NaN or "
                                 "Infinity), computed from the capture's numbers",
                      "hint": "send finite numbers (boxes, scroll offsets, sizes) in the capture"},
        })


# --- inbound chunk sets ------------------------------------------------------------------


@dataclass
class _ChunkSet:
    total: int
    encoding: str | None = None  # "deflate": the pieces are one zlib stream's (chunk_deflate)
    pieces: dict[int, str] = field(default_factory=dict)
    size: int = 0


class ChunkAssembler:
    """Collects inbound ``chunk`` messages per id; returns the whole text when complete.

    Bad sets raise AxsnapError(bad_chunk) and are dropped. Pending sets and pending bytes
    are bounded: starting a set beyond ``max_sets`` evicts the oldest one (reported back
    through :meth:`take_evicted`).
    """

    def __init__(
        self,
        max_sets: int = 4,
        max_bytes: int = MAX_INBOUND_BYTES,
        max_total: int = 1024,
    ) -> None:
        self._sets: OrderedDict[str, _ChunkSet] = OrderedDict()
        self._max_sets = max_sets
        self._max_bytes = max_bytes
        self._max_total = max_total
        self._evicted: list[str] = []
        self.last_size = 0  # UTF-8 bytes of the message the last set made whole

    @property
    def pending_ids(self) -> list[str]:
        return list(self._sets)

    def take_evicted(self) -> list[str]:
        evicted, self._evicted = self._evicted, []
        return evicted

    def pending_bytes(self) -> int:
        return sum(s.size for s in self._sets.values())

    def add(self, message_id: str, seq: int, total: int, data: str,
            encoding: str | None = None) -> str | None:
        def bad(message: str) -> AxsnapError:
            self._sets.pop(message_id, None)
            return AxsnapError(
                ErrorCode.BAD_CHUNK,
                message,
                "resend the whole message as a new chunk set (seq 0..total-1, same total)",
            )

        if total > self._max_total:
            raise bad(f"chunk set declares {total} chunks; at most {self._max_total}")
        if seq >= total:
            raise bad(f"chunk seq {seq} is outside 0..{total - 1}")
        chunk_set = self._sets.get(message_id)
        if chunk_set is None:
            chunk_set = _ChunkSet(total=total, encoding=encoding)
            self._sets[message_id] = chunk_set
            while len(self._sets) > self._max_sets:
                oldest, _ = self._sets.popitem(last=False)
                self._evicted.append(oldest)
        elif chunk_set.total != total:
            raise bad(f"chunk total changed from {chunk_set.total} to {total}")
        elif chunk_set.encoding != encoding:
            raise bad(f"chunk encoding changed from {chunk_set.encoding} to {encoding}")
        if seq in chunk_set.pieces:
            raise bad(f"chunk seq {seq} received twice")
        chunk_set.pieces[seq] = data
        chunk_set.size += len(data.encode("utf-8", "surrogatepass"))  # bytes, not characters
        if self.pending_bytes() > self._max_bytes:
            raise bad(f"chunk sets exceed {self._max_bytes} pending bytes")
        if len(chunk_set.pieces) < total:
            return None
        del self._sets[message_id]
        self.last_size = chunk_set.size
        pieces = (chunk_set.pieces.pop(i) for i in range(total))
        if encoding is None:
            return "".join(pieces)
        try:
            text = inflated_text(pieces, self._max_bytes)
        except ValueError as exc:
            raise bad(f"joined chunk data is not a deflated message: {exc}") from None
        self.last_size = len(text.encode("utf-8", "surrogatepass"))  # the message's, inflated
        return text

    def drop(self, message_id: str) -> None:
        self._sets.pop(message_id, None)
