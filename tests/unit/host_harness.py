"""Helpers for the host unit tests: recorded captures and a host process with framed pipes.

A plain module (not conftest) so tests import it by name without depending on which
``conftest`` pytest happened to load first.
"""

from __future__ import annotations

import copy
import json
import os
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axsnap_host.models.wire import SnapshotRequest
from axsnap_host.pipeline.run import process
from axsnap_host.pipeline.state import TabState

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HEADER = struct.Struct("@I")


# A hang guard's bound: far past what the slowest hostile input takes on a machine loaded 30
# deep (a million-node capture took over 30 s there), and still a failure, not a stuck run.
HANG_GUARD_S = 300


@contextmanager
def deadline(seconds: int = HANG_GUARD_S) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the block runs past ``seconds``: a host
    that loops on hostile input is a failure, not a stuck run."""

    def stop(*_: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s: the host loops")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


FIXED_SNAPSHOT_ID = "ax_" + "ab" * 16
FIXED_TS = "2026-01-01T00:00:00.000Z"


def process_capture(capture: dict[str, Any], *, state: Any = None,
                    snapshot_id: str | None = FIXED_SNAPSHOT_ID, **options: Any) -> dict[str, Any]:
    """The host pipeline's result for a recorded ``capture`` with ``options`` (a fresh tab
    unless ``state`` is given), with a fixed snapshot id and time so outputs compare
    byte for byte (``snapshot_id=None``: the host makes both)."""
    request = SnapshotRequest.model_validate(
        {"v": 1, "id": "t", "type": "snapshot", "options": options, "capture": capture})
    return process(request, state if state is not None else TabState(1),
                   snapshot_id=snapshot_id, ts=FIXED_TS if snapshot_id else None)


def outline_of(capture: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The outline builder's result for a recorded ``capture`` (no tab state: no delta)."""
    from axsnap_host.models.capture import RawCapture
    from axsnap_host.models.options import SnapshotOptions
    from axsnap_host.pipeline.outline.build import build_outline_result

    return build_outline_result(RawCapture.model_validate(capture),
                                SnapshotOptions(format="outline", **options))


def load_capture(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"capture_{name}.json").read_text(encoding="utf-8"))


def frame(payload: bytes | str | dict[str, Any]) -> bytes:
    if isinstance(payload, dict):
        payload = json.dumps(payload)
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    return HEADER.pack(len(payload)) + payload


class HostProcess:
    """``python -m axsnap_host`` with framed pipes, as Chrome runs it.

    stdout is read with os.read on the raw fd (select() and a buffered reader disagree about
    what is pending); stderr goes to a temporary file so a chatty host never blocks.
    """

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "axsnap_host", "--log-level", "DEBUG", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            env=env,
        )
        self._buffer = b""

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message: dict[str, Any] | list[Any] | str | bytes) -> None:
        if isinstance(message, list):
            message = json.dumps(message)
        self.send_raw(frame(message))

    def _read_exact(self, size: int, timeout: float) -> bytes:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while len(self._buffer) < size:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(0.0, remaining))
            if not ready:
                raise TimeoutError("host did not answer")
            data = os.read(fd, 1 << 20)
            if not data:
                raise EOFError(f"host closed stdout after {len(self._buffer)} of {size} bytes")
            self._buffer += data
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def read_frame_bytes(self, timeout: float = 20.0) -> bytes:
        (size,) = HEADER.unpack(self._read_exact(HEADER.size, timeout))
        return self._read_exact(size, timeout) if size else b""

    def read(self, timeout: float = 20.0) -> dict[str, Any]:
        return json.loads(self.read_frame_bytes(timeout))

    def close(self, timeout: float = 20.0) -> tuple[int, bytes, str]:
        """Close stdin; return (exit code, remaining stdout, stderr)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout)
        rest = self._buffer + self.proc.stdout.read()
        self._buffer = b""
        self._stderr.seek(0)
        return code, rest, self._stderr.read().decode("utf-8", "replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream and not stream.closed:
                stream.close()
        self._stderr.close()


def read_capture(capture: Any, options: Any) -> dict[str, Any]:
    """The host pipeline's reply to one snapshot request on ``capture`` (a RawCapture) with
    ``options`` (a dict or SnapshotOptions), as a tab's first read."""
    request = SnapshotRequest(v=1, id="r1", type="snapshot", options=options, capture=capture)
    return process(request, TabState(tab_id=1), snapshot_id="s1", ts="2026-01-01T00:00:00Z")


def without_volatile(value: Any) -> Any:
    """A reply with what differs between equal reads left out (timings, stats, the snapshot
    id and the other formats under ``also``), to compare two reads' results."""
    if isinstance(value, dict):
        return {k: without_volatile(v) for k, v in value.items()
                if k not in ("timings", "also", "stats", "snapshot_id") and not k.endswith("_ms")}
    if isinstance(value, list):
        return [without_volatile(v) for v in value]
    return value


def host_result(host: Any, body: dict[str, Any]) -> dict[str, Any]:
    """One message to an in-process ``Host`` (``body`` without ``v`` and ``id``): its one
    reply's result; the reply must be ok."""
    replies = host.handle_message({"v": 1, "id": "m", **body})
    assert len(replies) == 1 and replies[0]["ok"], replies
    return dict(replies[0]["result"])


def act_resolve(host: Any, target: Any, *, token: str,
                capture: dict[str, Any] | None = None) -> dict[str, Any]:
    """An ``act_resolve`` of a click on ``target``: on ``capture`` when given, else on tab 1's
    act baseline kept under ``token``."""
    body: dict[str, Any] = {"type": "act_resolve", "options": {"format": "elements"},
                            "message": {"type": "act", "action": "click", "target": target}}
    body.update({"capture": copy.deepcopy(capture)} if capture else
                {"tabId": 1, "baseline": token})
    return host_result(host, body)
