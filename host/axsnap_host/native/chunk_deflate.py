"""A large reply's text deflated on its way to the browser (design note 58).

Chromium reads a native host's frames a few KB at a time, parses each frame's JSON into its
own values, and hands them to the worker, which turns them into V8 strings: the reply's way
back cost 1-2 s of wall for 4.4 MB on rustdoc's ``simd`` page at load 10, where the host's
own CPU for the same frames was 0.2 s (bench/results/walker_wire.md §6). That cost follows
the bytes. A reply's JSON text escaped into frame strings is 1.3x its size; deflated (zlib,
level 1) and in base64 it is 0.15-0.2x, for about the CPU the escaping took.

The extension sends its requests as messages (Chromium writes their JSON once: design note
127); the host still reads chunk sets, deflated or not, as the protocol allows.

The frames of a deflated set carry, in ``data``, base64 pieces of one zlib stream: the
stream is cut wherever a frame is full (``seq`` order is the stream's order), and the
extension inflates the pieces as they come (extension/lib/native/chunks.js). A piece is
ASCII, so its frame's size is known without escaping it.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterable, Iterator
from typing import Any

ENCODING_FIELD = "encoding"  # on a chunk frame whose data is a deflated piece
DEFLATE = "deflate"  # zlib's format (RFC 1950): DecompressionStream("deflate")
LEVEL = 1  # the fastest: 5.9x fewer bytes than the text on a 100k page's JSON, 70 ms CPU
_ENCODE_CHARS = 1 << 18  # a text's characters made UTF-8 at once (code points: any cut is whole)


def chunk_contract() -> dict[str, Any]:
    """What the extension's chunk assembler needs to know (contract.js ``CHUNK_ENCODING``)."""
    return {"FIELD": ENCODING_FIELD, "DEFLATE": DEFLATE}


def deflated_pieces(texts: Iterable[str | bytes | memoryview], piece_bytes: int,
                    first_bytes: int | None = None) -> Iterator[bytes]:
    """The zlib stream of ``texts`` joined (UTF-8; a bytes-like text is UTF-8 already), cut
    into pieces, each given as soon as it is full: the first of ``first_bytes``, each next
    twice the one before up to ``piece_bytes`` (the browser has the first frame early, while
    the host still encodes the rest: a 4.4 MB reply deflates into one frame otherwise, sent
    only once all of it is encoded). UnicodeEncodeError (a ValueError) for a text that has
    no UTF-8 form. The stream's cuts are at fixed offsets: the same bytes however the texts
    are pieced."""
    deflater = zlib.compressobj(LEVEL)
    held = bytearray()
    size = min(piece_bytes, first_bytes or piece_bytes)
    for text in texts:
        for data in _utf8_slices(text):
            held += deflater.compress(data)
            while len(held) >= size:
                yield bytes(held[:size])
                del held[:size]
                size = min(piece_bytes, size * 2)
    held += deflater.flush()
    while held:
        yield bytes(held[:size])
        del held[:size]
        size = min(piece_bytes, size * 2)


def _utf8_slices(text: str | bytes | memoryview) -> Iterator[bytes | memoryview]:
    """A text's UTF-8 a slice at a time (a page's text is one piece, reply_stream.py)."""
    if isinstance(text, str):  # code points: any cut is whole
        for at in range(0, len(text), _ENCODE_CHARS):
            yield text[at:at + _ENCODE_CHARS].encode("utf-8")
        return
    view = memoryview(text)
    for at in range(0, len(view), _ENCODE_CHARS):
        yield view[at:at + _ENCODE_CHARS]


def piece_data(piece: bytes) -> str:
    """A deflated piece as a frame's ``data``."""
    return base64.b64encode(piece).decode("ascii")


def inflated_text(datas: Iterable[str], max_bytes: int = 1 << 30) -> str:
    """The text a deflated set's ``data`` pieces (in ``seq`` order) carry. ValueError for
    pieces that are not base64 of one whole zlib stream of UTF-8, or that inflate to more
    than ``max_bytes`` (a stream of a few KB can stand for GBs: never inflated past it)."""
    inflater = zlib.decompressobj()
    out = bytearray()
    try:
        for data in datas:
            out += inflater.decompress(base64.b64decode(data, validate=True),
                                       max_bytes + 1 - len(out))
            if len(out) > max_bytes or inflater.unconsumed_tail:
                raise ValueError(f"the deflated stream holds more than {max_bytes} bytes")
        out += inflater.flush()
    except (zlib.error, binascii.Error) as exc:
        raise ValueError(f"not a deflated stream: {exc}") from None
    if not inflater.eof or inflater.unused_data:
        raise ValueError("the deflated stream is cut short or followed by more")
    return out.decode("utf-8")


def frames_text(frames: Iterable[dict[str, Any]]) -> str:
    """The JSON text a chunk set's frames (parsed, in ``seq`` order) carry, deflated or not."""
    frames = list(frames)
    if frames and frames[0].get(ENCODING_FIELD) == DEFLATE:
        return inflated_text(frame["data"] for frame in frames)
    return "".join(frame["data"] for frame in frames)
