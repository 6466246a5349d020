"""The host's memory on a whole-page read, replayed from a recording of what it was sent.

    # record: the generated 100k page read by the extension, every frame the host reads saved
    nice .venv/bin/python bench/bench_host_memory.py record --size 100000 --out /tmp/rec
    # replay one read (its AX parts, their end and its request) through the host alone
    nice .venv/bin/python bench/bench_host_memory.py replay /tmp/rec/<pid>.jsonl

``record`` loads the page (bench/pages/generate.py) in Debian Chromium with the extension and
reads it once per mode (``exact``, no stabilization): SnapshotV1 ``scope="page"`` and the
three formats in one read. The native host saves each frame it reads (bench/host_tap/). A
recording holds page text: keep it out of the repository.

``replay`` feeds the frames to a fresh ``Host`` in this process as ``serve`` does
(``handle_text``, the reply written by ``send_reply`` to /dev/null, ``release``) and prints,
per reply, the process's peak resident size (VmHWM, reset before each read), its host
milliseconds and reply size. ``--compare`` writes the replies without their timings and ids
to a file, for a byte comparison of two versions of the host. ``--frames`` writes, per reply,
the JSON text its frames carry (a chunked reply's ``data`` joined), volatile fields and all:
two hosts' texts differ only in their timings (compare with --compare, or strip them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from axsnap_host.native.chunk_deflate import frames_text

BENCH = Path(__file__).resolve().parent
MODES = {"SnapshotV1 page": {"format": "snapshot", "scope": "page"},
         "all three, one read": {"format": "snapshot", "scope": "page",
                                 "also_formats": ["outline", "domtext"], "viewport_only": False}}
# --modes cpu: the whole-page formats of issue 33's host CPU table (bench/results/host_cpu.md)
CPU_MODES = {"DOM text page": {"format": "domtext", "viewport_only": False},
             "SnapshotV1 page, walk": {"format": "snapshot", "scope": "page",
                                       "ax_source": "walk"},
             "outline page, walk": {"format": "outline", "scope": "page", "ax_source": "walk"},
             "all three, one walk": {"format": "snapshot", "scope": "page",
                                     "also_formats": ["outline", "domtext"],
                                     "viewport_only": False, "ax_source": "walk"}}
# --modes walker: the same three formats named by the walker's own ids (node_ids "walker",
# notes 144, 154; bench/results/host_steps_host53.md), in bench_host_cpu.py READS' order
WALKER_MODES = {"DOM text page, walker ids": {**CPU_MODES["DOM text page"], "node_ids": "walker"},
                "SnapshotV1 page, walker ids": {**CPU_MODES["SnapshotV1 page, walk"],
                                                "node_ids": "walker"},
                "outline page, walker ids": {**CPU_MODES["outline page, walk"],
                                             "node_ids": "walker"}}
# --modes chromium: the whole page from Chromium's AX tree (``ax_source="chromium"``), the
# reads whose peak at 100k was over the others' (bench/results/host_memory.md, lead68)
CHROMIUM_MODES = {"outline page, Chromium AX": {"format": "outline", "scope": "page",
                                                "ax_source": "chromium"},
                  "SnapshotV1 page, Chromium AX": {"format": "snapshot", "scope": "page",
                                                   "ax_source": "chromium"}}
# request_bytes: the request as sent (the walker's wire form, models/walker_wire.py, is smaller)
_VOLATILE = {"timings", "host_peak_rss_kb", "trace_id", "snapshot_id", "ts", "id", "size",
             "request_bytes"}


def _status_mb(key: str) -> int:
    text = Path("/proc/self/status").read_text()
    found = re.search(rf"^{key}:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) // 1024 if found else -1


def record(size: int, out: Path, page_file: Path | None, modes: dict[str, Any],
           root: Path | None = None) -> int:
    sys.path.insert(0, str(BENCH / "pages"))
    from generate import write_pages

    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    out.mkdir(parents=True, exist_ok=True)
    os.environ["AXSNAP_BENCH_TAP"] = str(out)  # the host inherits both through Chromium
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "host_tap"), *filter(None, [os.environ.get("PYTHONPATH")])])
    with tempfile.TemporaryDirectory() as tmp:
        if page_file is None:
            root, name = Path(tmp), write_pages(Path(tmp), [size])[size].name
        elif root is not None:  # a saved page under a served root (rustdoc's static files)
            name = page_file.resolve().relative_to(root.resolve()).as_posix()
        else:  # a saved page, served from its own folder (its assets beside it)
            root, name = page_file.resolve().parent, page_file.name
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            browser.open(f"{base}{name}")
            for mode, options in modes.items():
                started = time.perf_counter()
                browser.snapshot_raw(exact=True, stabilize={"enabled": False}, **options)
                print(f"{mode}: {time.perf_counter() - started:.1f} s", flush=True)
    print("recorded:", *sorted(str(p) for p in out.glob("*.jsonl")))
    return 0


def _stripped(value: Any) -> Any:
    from axsnap_host.pipeline import json_text

    if isinstance(value, json_text.JsonText):  # a served SnapshotV1's text (note 128)
        return _stripped(json.loads("".join(value.parts)))
    plain = getattr(json_text, "PlainList", None)  # (a host before note 196 has none)
    if plain is not None and isinstance(value, plain):  # a served DOM read's records
        return _stripped(value.items)
    if isinstance(value, dict):
        return {k: _stripped(v) for k, v in value.items()
                if k not in _VOLATILE and not k.endswith("_ms")}
    if isinstance(value, list):
        return [_stripped(v) for v in value]
    return value


class _FrameText:
    """A sink that keeps the text a reply's frames carry (its chunks' ``data`` joined)."""

    def __init__(self) -> None:
        self.body = bytearray()
        self.texts: list[str] = []
        self.frames: list[dict[str, Any]] = []  # the chunk set being written

    def write(self, data: bytes) -> int:
        self.body += data
        return len(data)

    def flush(self) -> None:
        while len(self.body) >= 4:
            size = int.from_bytes(self.body[:4], sys.byteorder)
            if len(self.body) < 4 + size:
                return
            raw = bytes(self.body[4:4 + size]).decode("utf-8")
            del self.body[:4 + size]
            frame = json.loads(raw)
            if frame.get("type") != "chunk":
                self.texts.append(raw)
                continue
            self.frames.append(frame)
            if frame.get("total") is not None:  # a set's last frame: its text, inflated
                self.texts.append(frames_text(self.frames))
                self.frames = []


def replay(path: Path, compare: Path | None, frames_out: Path | None = None,
           profile: Path | None = None, hold_last_reply: bool = False,
           arenas: bool = False) -> int:
    from axsnap_host.native.host import Host, send_reply
    from axsnap_host.native.protocol import FrameIO
    from axsnap_host.pipeline.tokens import warm_up

    warm_up().join()
    host = Host()
    host.hold_gc = host.replies_written = True  # as serve() runs it
    with open(os.devnull, "rb") as nothing_in, open(os.devnull, "wb") as nothing_out:
        sink = FrameIO(nothing_in, nothing_out)
        Path("/proc/self/clear_refs").write_text("5")
        print(f"before: VmRSS {_status_mb('VmRSS')} MB", flush=True)
        cpu_ms = 0.0  # the read's CPU time: its parts' frames and its request's
        profiler: Any = None
        held: list[Any] = []  # --hold-last-reply: the last reply, alive through the next read
        with open(path, encoding="utf-8") as frames:
            while line := frames.readline():
                # as serve() hands a frame over: no name here keeps the message's text (or
                # the recording's line) while the host reads it (each ~40 MB on the 100k page)
                texts = [json.loads(line)]
                del line
                started = time.process_time()
                if profile is not None:
                    import cProfile

                    profiler = profiler or cProfile.Profile(time.process_time)  # CPU: load-proof
                    profiler.enable()
                replies = host.handle_text(texts.pop())
                built = _status_mb("VmHWM")  # the read's peak before its reply is written
                for reply in replies:  # encoded and cut into frames, as serve() writes it
                    if frames_out is not None:  # memory of its own: not for a VmHWM
                        tap = _FrameText()
                        send_reply(FrameIO(nothing_in, tap), reply)  # type: ignore[arg-type]
                        with open(frames_out, "a", encoding="utf-8") as out:
                            out.write("".join(tap.texts) + "\n")
                    else:
                        send_reply(sink, reply)
                if profiler is not None:
                    profiler.disable()
                cpu_ms += (time.process_time() - started) * 1000
                for reply in replies:
                    result = reply.get("result") or {}
                    print(f"reply {reply.get('id')} ok={reply.get('ok')} host_ms="
                          f"{(result.get('timings') or {}).get('host_ms')} cpu_ms={cpu_ms:.0f} "
                          f"peak VmHWM {_status_mb('VmHWM')} MB (before the write {built} MB)",
                          flush=True)
                    if compare is not None:
                        with open(compare, "a", encoding="utf-8") as out:
                            out.write(json.dumps(_stripped(reply), sort_keys=True) + "\n")
                answered = bool(replies)
                if answered:
                    cpu_ms = 0.0
                    if profiler is not None:
                        profiler.dump_stats(f"{profile}.{replies[0].get('id')}")
                        profiler = None
                if hold_last_reply and answered:  # as serve()'s loop did before (note 72)
                    held[:] = replies[-1:]
                reply = result = None  # as serve() lets go of its replies (run_message_loop)
                del replies
                if answered:  # the release's own peak (it packs what the tab keeps), not
                    Path("/proc/self/clear_refs").write_text("5")  # --compare's encoding
                host.release()
                if answered:
                    print(f"  its release: peak VmHWM {_status_mb('VmHWM')} MB", flush=True)
                if arenas and answered:  # pymalloc's arenas after the read let go
                    _print_arenas()
                if answered:  # the next read's peak is its own
                    Path("/proc/self/clear_refs").write_text("5")
    print(f"after: VmRSS {_status_mb('VmRSS')} MB, peak VmHWM {_status_mb('VmHWM')} MB")
    return 0


def _print_arenas() -> None:
    """pymalloc's arenas in use and how much of them live objects fill (its stats on fd 2)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as stats:
        saved = os.dup(2)
        os.dup2(stats.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        stats.seek(0)
        lines = [line.strip() for line in stats if re.match(
            r"# (arenas allocated current|bytes in (allocated|available) blocks)", line)]
    print(f"after release: VmRSS {_status_mb('VmRSS')} MB;", "; ".join(lines), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--size", type=int, default=100_000)
    rec.add_argument("--out", type=Path, required=True)
    rec.add_argument("--page", type=Path, help="a saved page to read instead of a generated one")
    rec.add_argument("--root", type=Path, help="the folder to serve, holding --page")
    rec.add_argument("--modes", choices=["memory", "cpu", "walker", "chromium"],
                     default="memory",
                     help="memory: SnapshotV1 and all three; cpu: DOM text, SnapshotV1 and "
                          "outline from the walk, all three from one walk; walker: DOM text, "
                          "SnapshotV1 and outline named by the walker's ids; chromium: the "
                          "outline and SnapshotV1 from Chromium's AX tree")
    rep = sub.add_parser("replay")
    rep.add_argument("recording", type=Path)
    rep.add_argument("--compare", type=Path, help="append the replies, volatile fields out")
    rep.add_argument("--frames", type=Path, help="append the text each reply's frames carry")
    rep.add_argument("--profile", type=Path,
                     help="cProfile each read (its frames) to PROFILE.<reply id>")
    rep.add_argument("--hold-last-reply", action="store_true",
                     help="keep each read's last reply alive through the next read, as "
                          "serve()'s loop did before it let each reply go")
    rep.add_argument("--arenas", action="store_true",
                     help="after each read is let go, print pymalloc's arenas in use and the "
                          "bytes of their live and free blocks (fragmentation, note 78)")
    rep.add_argument("--share-numbers", choices=["all", "repeating"],
                     help="the host's parse another way, for a replay by turns (note 92): "
                          "all: every message of 1 MB or more with its numbers shared (before "
                          "note 92); repeating: only one holding a DOMSnapshot or AX nodes (a "
                          "walk's request plain at any size)")
    args = parser.parse_args()
    if args.command == "replay" and args.share_numbers:
        from axsnap_host.native import protocol

        big = protocol._SHARE_NUMBERS_FROM
        protocol._shares_numbers = (  # type: ignore[attr-defined]
            (lambda text: len(text) >= big) if args.share_numbers == "all" else
            (lambda text: len(text) >= big and any(
                key in text for key in protocol._REPEATING_NUMBERS)))
    if args.command == "record":
        return record(args.size, args.out, args.page, {
            "memory": MODES, "cpu": CPU_MODES, "walker": WALKER_MODES,
            "chromium": CHROMIUM_MODES}[args.modes], args.root)
    return replay(args.recording, args.compare, args.frames, args.profile,
                  args.hold_last_reply, args.arenas)


if __name__ == "__main__":
    sys.exit(main())
