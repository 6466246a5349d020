"""Frames on the control link: the native-messaging framing (4-byte native-order length +
UTF-8 JSON), over a Unix socket, blocking (the host's link thread) or asyncio (serve)."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

from axsnap_host.native.protocol import HEADER, encode_json

MAX_LINK_FRAME_BYTES = 64 * 1024 * 1024


class LinkClosed(Exception):
    """The other end closed the link (between or inside frames)."""


class LinkFrameTooLarge(Exception):
    """A frame declared more than the link allows; the link is closed, not resynchronized."""


def pack(message: dict[str, Any]) -> bytes:
    body = encode_json(message).encode("utf-8")
    if len(body) > MAX_LINK_FRAME_BYTES:
        raise LinkFrameTooLarge(f"frame of {len(body)} bytes exceeds {MAX_LINK_FRAME_BYTES}")
    return HEADER.pack(len(body)) + body


def _decode(body: bytes) -> dict[str, Any]:
    message = json.loads(body.decode("utf-8"))
    if not isinstance(message, dict):
        raise ValueError("link frame is not a JSON object")
    return message


def _declared(header: bytes) -> int:
    (size,) = HEADER.unpack(header)
    if size > MAX_LINK_FRAME_BYTES:
        raise LinkFrameTooLarge(f"frame of {size} bytes declared")
    return size


def _recv_exactly(sock: socket.socket, size: int) -> bytes:
    parts, got = [], 0
    while got < size:
        piece = sock.recv(min(size - got, 1 << 20))
        if not piece:
            raise LinkClosed
        parts.append(piece)
        got += len(piece)
    return b"".join(parts)


def read_frame(sock: socket.socket) -> dict[str, Any]:
    """One message from a blocking socket. Raises LinkClosed, LinkFrameTooLarge, ValueError."""
    size = _declared(_recv_exactly(sock, HEADER.size))
    return _decode(_recv_exactly(sock, size))


async def read_frame_async(reader: asyncio.StreamReader) -> dict[str, Any]:
    try:
        size = _declared(await reader.readexactly(HEADER.size))
        body = await reader.readexactly(size)
    except asyncio.IncompleteReadError as exc:
        raise LinkClosed from exc
    return _decode(body)
