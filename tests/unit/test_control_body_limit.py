"""The control API's body limit counts the bytes read, not a header: a real ``axsnap serve``
process, raw sockets. A chunked body behind a small Content-Length (5 MiB sent) and a body
longer than its Content-Length are refused, and serve keeps serving."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FIVE_MIB = 5 * 1024 * 1024


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("serve")
    env = {**os.environ, "AXSNAP_CONFIG_DIR": str(root / "config"),
           "AXSNAP_RUNTIME_DIR": str(root / "run")}
    proc = subprocess.Popen([sys.executable, "-m", "axsnap_host.cli.main", "serve", "--port", "0"],
                            env=env, stderr=subprocess.PIPE)
    try:
        info_path: Path = root / "run" / "serve.json"
        while not info_path.exists():
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            time.sleep(0.05)
        info = json.loads(info_path.read_text())
        yield {"port": info["port"], "token": (root / "config" / "control-token").read_text()
               .strip(), "proc": proc}
    finally:
        proc.terminate()
        proc.wait(10)


def exchange(port: int, head: bytes, body_chunks: Iterator[bytes]) -> tuple[int, dict[str, Any]]:
    """Send a request (stop sending when the server answers or closes); return its answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(head)
        try:
            for chunk in body_chunks:
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server refused and closed before the body's end
        data = b""
        while b"\r\n\r\n" not in data or len(data) < _expected(data):
            piece = sock.recv(65536)
            if not piece:
                break
            data += piece
    header, _, payload = data.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    return status, json.loads(payload[:_length(header)] or b"{}")


def _length(header: bytes) -> int:
    for line in header.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value.strip())
    return 0


def _expected(data: bytes) -> int:
    header, sep, _ = data.partition(b"\r\n\r\n")
    return len(header) + len(sep) + _length(header) if sep else 1 << 30


def head(serve: dict[str, Any], extra: str) -> bytes:
    return (f"POST /control/snapshot HTTP/1.1\r\nHost: 127.0.0.1:{serve['port']}\r\n"
            f"Authorization: Bearer {serve['token']}\r\nContent-Type: application/json\r\n"
            f"{extra}\r\n").encode()


def chunked(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    yield b'{"options": {"format": "outline"}, "pad": "'
    sent = 0
    while sent < total:
        yield f"{size:x}\r\n".encode() + b"a" * size + b"\r\n"
        sent += size
    yield b"0\r\n\r\n"


def test_a_chunked_five_mib_body_behind_a_small_content_length_is_refused(
        serve: dict[str, Any]) -> None:
    status, body = exchange(serve["port"], head(serve, "Content-Length: 40\r\n"
                                                "Transfer-Encoding: chunked\r\n"),
                            chunked(FIVE_MIB))
    assert status in (400, 411, 413), body
    if body:
        assert body["ok"] is False and body["error"]["code"] in ("invalid_message",
                                                                 "body_too_large")


def test_a_chunked_body_without_content_length_is_refused(serve: dict[str, Any]) -> None:
    status, body = exchange(serve["port"], head(serve, "Transfer-Encoding: chunked\r\n"),
                            chunked(FIVE_MIB))
    assert status in (400, 411, 413), body


def test_serve_still_answers_a_proper_request_afterwards(serve: dict[str, Any]) -> None:
    payload = b'{"options": {"format": "outline"}, "timeout_s": 1}'
    status, body = exchange(serve["port"], head(serve, f"Content-Length: {len(payload)}\r\n"),
                            iter([payload]))
    assert status == 503 and body["error"]["code"] == "browser_not_connected"
    assert serve["proc"].poll() is None


def test_the_guard_counts_the_bytes_a_server_hands_it_not_the_header() -> None:
    """Whatever HTTP parser serve runs on (h11 refuses Content-Length beside chunked itself,
    httptools does not): a body the server hands over past the limit is refused, however
    small its Content-Length said it was, and the app never sees it."""
    import asyncio

    from axsnap_host.control.app import create_app
    from axsnap_host.control.guard import MAX_BODY_BYTES
    from axsnap_host.control.hub import Hub

    token = "t" * 43
    app = create_app(Hub(Path("/nonexistent/control.sock")), token=token, port=8765)
    scope = {"type": "http", "method": "POST", "path": "/control/snapshot", "raw_path":
             b"/control/snapshot", "query_string": b"", "root_path": "", "scheme": "http",
             "http_version": "1.1", "server": ("127.0.0.1", 8765), "client": ("127.0.0.1", 1),
             "headers": [(b"host", b"127.0.0.1:8765"), (b"authorization", f"Bearer {token}"
                                                         .encode()),
                         (b"content-type", b"application/json"), (b"content-length", b"40")]}
    pieces = [b'{"options": {}, "pad": "'] + [b"a" * 65536] * 80 + [b'"}']
    read = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        if read < len(pieces):
            read += 1
            return {"type": "http.request", "body": pieces[read - 1],
                    "more_body": read < len(pieces)}
        return {"type": "http.disconnect"}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"])["error"]["code"] == "body_too_large"
    assert read * 65536 < MAX_BODY_BYTES + 2 * 65536, "it stopped reading at the limit"
