"""Bench only (bench/bench_act_port.py): with AXSNAP_BENCH_PORT_TRACE set, the native host
stamps each frame's way through it on the wall clock (ms since the epoch, the clock the
extension's ``performance.timeOrigin + performance.now()`` and its request ids' ``Date.now()``
follow) and appends one JSON line a frame to AXSNAP_BENCH_PORT_TRACE/<pid>.jsonl:

- ``wait``: the loop asked the pipe for the next frame's header (the host idle from here);
- ``header``: the header's read returned (the frame's first bytes were in the pipe);
- ``body``: the frame's last byte read;
- ``handled``: its replies made (``Host.handle_text`` returned);
- ``written``: the last reply frame written (``write_frame`` returned), with ``writes``, the
  ``os.write`` calls it took.

Loaded through PYTHONPATH by the bench; the product never sets either variable."""

from __future__ import annotations

import json
import os
import time

_TRACE = os.environ.get("AXSNAP_BENCH_PORT_TRACE")

if _TRACE:
    from axsnap_host.native import host as _host
    from axsnap_host.native import protocol as _protocol

    _now = time.time  # CLOCK_REALTIME: comparable with the extension's epoch stamps


    def _stamp(name: str) -> None:
        _state[name] = _now() * 1000
        _state[name + "_cpu"] = time.process_time() * 1000  # every thread of the host
        _state[name + "_tcpu"] = time.thread_time() * 1000  # the loop's thread only
    _state: dict = {}
    _out = open(os.path.join(_TRACE, f"{os.getpid()}.jsonl"), "a", encoding="utf-8")  # noqa: SIM115
    _read = _protocol._PushbackReader.read
    _read_frame = _protocol.FrameIO.read_frame
    _handle = _host.Host.handle_text
    _write_frame = _protocol.FrameIO.write_frame

    def _flush() -> None:
        if _state.get("id") is not None:
            _out.write(json.dumps(_state) + "\n")
            _out.flush()

    def read(self, size=-1):  # type: ignore[no-untyped-def]
        data = _read(self, size)
        if size == _protocol.HEADER.size and "header" not in _state:
            _stamp("header")
        return data

    def read_frame(self):  # type: ignore[no-untyped-def]
        _flush()
        _state.clear()
        _stamp("wait")
        text = _read_frame(self)
        _stamp("body")
        _state["bytes"] = len(text)
        head = text[:400]
        _state["id"] = _protocol.guess_message_id(head)
        for kind in ("act_resolve", "act_report", "chunk", "ping", "snapshot", "capture_part"):
            if f'"type":"{kind}"' in head:
                _state["type"] = kind
                break
        return text

    def handle_text(self, text, read_ms=None, read_bytes=None):  # type: ignore[no-untyped-def]
        replies = _handle(self, text, read_ms, read_bytes)
        _stamp("handled")
        return replies

    def write_frame(self, text):  # type: ignore[no-untyped-def]
        size = _write_frame(self, text)
        _stamp("written")
        _state["frames"] = _state.get("frames", 0) + 1
        _state["reply_bytes"] = _state.get("reply_bytes", 0) + size
        return size

    _protocol._PushbackReader.read = read  # type: ignore[method-assign]
    _protocol.FrameIO.read_frame = read_frame  # type: ignore[method-assign]
    _host.Host.handle_text = handle_text  # type: ignore[method-assign]
    _protocol.FrameIO.write_frame = write_frame  # type: ignore[method-assign]
