"""The whole-page reply's way back, step by step, old way and new by turns (design note 49).

    nice .venv/bin/python bench/bench_host_memory.py replay REC.jsonl --frames /tmp/replies.txt
    nice .venv/bin/python bench/bench_reply_path.py /tmp/replies.txt --runs 3

Per reply text (one a line, as ``--frames`` writes them: what the host's frames carried):

- host: the frames made and written to /dev/null, the old way (the whole text encoded, then
  cut into chunk frames: ``old_chunks`` here) and the new (native/reply_stream.py, written
  as encoded); CPU milliseconds and the bytes held beyond the reply (tracemalloc peak);
- worker (node, V8 as the service worker's): the reply parsed, then its JSON for the Python
  client by ``JSON.stringify`` (old) or with the result's text as the host wrote it
  (lib/common/reply_text.js ``replyJson``, new).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from axsnap_host import PROTOCOL_VERSION
from axsnap_host.native.protocol import MAX_OUTBOUND_FRAME_BYTES, encode_json, utf8_size
from axsnap_host.native.reply_stream import stream_reply

ROOT = Path(__file__).resolve().parents[1]
NODE = r"""
import { readFileSync } from 'node:fs';
import { replyJson, resultTextOf, withResultText } from '%s/extension/lib/common/reply_text.js';
const text = readFileSync(process.argv[2], 'utf8');
const runs = Number(process.argv[3]);
const ms = { parse: [], stringify: [], replyJson: [] };
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const message = JSON.parse(text);
  ms.parse.push(performance.now() - t);
  const reply = { ok: true, result: message.result, timings: { total_ms: 1 },
    sizes: { reply_bytes: 1 } };
  const order = i %% 2 ? ['replyJson', 'stringify'] : ['stringify', 'replyJson'];
  for (const way of order) {
    t = performance.now();
    const out = way === 'stringify' ? JSON.stringify(reply)
      : replyJson(withResultText(reply, resultTextOf(message, text)));
    ms[way].push(performance.now() - t);
    if (out.length < text.length / 2) throw new Error('short');
  }
}
console.log(JSON.stringify(ms));
"""



def old_chunks(
    message_id: str | None, text: str, limit: int = MAX_OUTBOUND_FRAME_BYTES
) -> Iterator[str]:
    """The chunk frames as the host made them before note 49: the whole reply text first,
    then cut by characters, each frame encoded and measured (the baseline this bench times)."""
    envelope = {"v": PROTOCOL_VERSION, "id": message_id, "type": "chunk", "seq": 0, "total": 0}
    overhead = utf8_size(encode_json(envelope | {"data": ""})) + 24  # room for seq/total digits
    budget = limit - overhead
    if budget < 64:
        raise ValueError("chunk limit too small")
    ends: list[int] = []
    start = 0
    while start < len(text):
        take = min(budget, len(text) - start)
        while True:
            encoded = utf8_size(encode_json(text[start : start + take]))
            if encoded <= budget:
                break
            take = max(1, int(take * budget / encoded) - 8)
        start += take
        ends.append(start)
    total = len(ends)
    start = 0
    for seq, end in enumerate(ends):
        frame = encode_json(envelope | {"seq": seq, "total": total, "data": text[start:end]})
        if utf8_size(frame) > limit:  # defensive: the arithmetic above should prevent this
            raise AssertionError("chunk frame over the limit")
        start = end
        yield frame


def host_ways(reply: dict[str, Any], turn: int) -> dict[str, tuple[float, int]]:
    """CPU ms and bytes held beyond the reply, old and new."""
    def old() -> None:
        with open(os.devnull, "w", encoding="utf-8") as sink:
            for frame in old_chunks(reply.get("id"), encode_json(reply)):
                sink.write(frame)

    def new() -> None:
        with open(os.devnull, "w", encoding="utf-8") as sink:
            for frame in stream_reply(reply.get("id"), reply, MAX_OUTBOUND_FRAME_BYTES):
                sink.write(frame)

    got = {}
    ways = [("old", old), ("new", new)]
    for name, way in ways if turn % 2 == 0 else ways[::-1]:
        started = time.process_time()
        way()
        cpu = (time.process_time() - started) * 1000
        tracemalloc.start()
        start, _ = tracemalloc.get_traced_memory()
        way()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        got[name] = (cpu, peak - start)
    return got


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("replies", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    script = Path("/tmp") / f"bench_reply_path_{os.getpid()}.mjs"
    script.write_text(NODE % ROOT)
    with open(args.replies, encoding="utf-8") as lines:
        for number, text in enumerate(lines):
            text = text.rstrip("\n")
            reply = json.loads(text)
            if not reply.get("ok"):
                continue
            cpu: dict[str, list[float]] = {"old": [], "new": []}
            held: dict[str, int] = {}
            for turn in range(args.runs):
                for name, (ms, peak) in host_ways(reply, turn).items():
                    cpu[name].append(ms)
                    held[name] = peak
            part = Path("/tmp") / f"bench_reply_path_{os.getpid()}.json"
            part.write_text(text, encoding="utf-8")
            worker = json.loads(subprocess.run(
                ["node", str(script), str(part), str(args.runs)], check=True,
                capture_output=True, text=True).stdout)
            part.unlink()
            print(json.dumps({
                "reply": number, "chars": len(text),
                "host_old_ms": round(statistics.median(cpu["old"])),
                "host_new_ms": round(statistics.median(cpu["new"])),
                "host_old_held_mb": round(held["old"] / 1e6, 1),
                "host_new_held_mb": round(held["new"] / 1e6, 1),
                **{f"worker_{k}_ms": round(statistics.median(v)) for k, v in worker.items()},
                "load": round(os.getloadavg()[0], 1)}), flush=True)
    script.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
