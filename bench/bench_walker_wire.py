"""The walker's records as rows (models/walker_wire.py) against records as objects, on a
recording of what the host was sent (bench/bench_host_memory.py record):

    nice .venv/bin/python bench/bench_walker_wire.py /tmp/rec/<pid>.jsonl --runs 5

Each snapshot request whose walker sends records as objects is re-encoded by the extension's
own encoder (lib/common/walker_wire.js, in node) into ``<recording>.wire.jsonl``. Then per
request: its bytes old → rows, the key lists, and the host's intake CPU (the parse and the
request's model: decode, shape checks, shared texts; the collector paused as the host parses
it), median of ``--runs``; and both recordings replayed through the host
(``bench_host_memory.py replay --compare``): the replies must be byte-identical.
Results: bench/results/walker_wire.md.
"""

from __future__ import annotations

import argparse
import filecmp
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

_ENCODE = """
import { readFileSync, writeFileSync } from 'node:fs';
import { captureToWire } from './extension/lib/common/walker_wire.js';
const [src, dst] = process.argv.slice(1);
const out = readFileSync(src, 'utf8').split('\\n').filter(Boolean).map((line) => {
  const msg = JSON.parse(JSON.parse(line));
  if (msg.type !== 'snapshot' || !Array.isArray(msg.capture?.walker?.elements)) return line;
  return JSON.stringify(JSON.stringify({ ...msg, capture: captureToWire(msg.capture) }));
});
writeFileSync(dst, out.join('\\n') + '\\n');
"""


def encode(recording: Path, out: Path) -> None:
    subprocess.run(["node", "--input-type=module", "-e", _ENCODE, str(recording), str(out)],
                   cwd=ROOT, check=True)


def requests(recording: Path) -> list[str]:
    texts = (json.loads(line) for line in recording.read_text("utf-8").splitlines() if line)
    return [t for t in texts if '"type":"snapshot"' in t[:200]]


def intake_ms(text: str, runs: int) -> float:
    from axsnap_host.models.wire import SnapshotRequest
    from axsnap_host.native.protocol import decode_json

    times = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        started = time.process_time()
        request = SnapshotRequest.model_validate(decode_json(text))
        times.append((time.process_time() - started) * 1000)
        del request
        gc.enable()
    return statistics.median(times)


def replay(recording: Path, compare: Path) -> None:
    compare.unlink(missing_ok=True)
    subprocess.run([sys.executable, str(BENCH / "bench_host_memory.py"), "replay",
                    str(recording), "--compare", str(compare)], check=True,
                   stdout=subprocess.DEVNULL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recording", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    wire = args.recording.with_suffix(".wire.jsonl")
    encode(args.recording, wire)
    for old, new in zip(requests(args.recording), requests(wire), strict=True):
        if old == new:
            continue
        keys = len(json.loads(new)["capture"]["walker"]["rows"]["keys"])
        print(f"request {len(old.encode()) / 1e6:.2f} → {len(new.encode()) / 1e6:.2f} MB, "
              f"{keys} key lists; intake CPU {intake_ms(old, args.runs):.0f} → "
              f"{intake_ms(new, args.runs):.0f} ms", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        before, after = Path(tmp) / "old.txt", Path(tmp) / "rows.txt"
        replay(args.recording, before)
        replay(wire, after)
        same = filecmp.cmp(before, after, shallow=False)
        print(f"replies {'byte-identical' if same else 'DIFFER'} ({before.stat().st_size} bytes)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
