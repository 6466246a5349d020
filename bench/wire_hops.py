"""A whole-page walk's way to the host split into its hops (issue 33, design note 163).

``profile_whole_read.py --past-walk`` times "JSON text, carriage, parse" as one lap: from
the worker's ``chrome.scripting.executeScript`` of the walker to its output parsed in the
worker, less the walk. This splits that lap, and the request's way on to the host, hop by
hop, on the walk's real output, in the extension's own service worker (its DevTools
target), each hop by turns with the others:

- ``stringify``: the page's ``JSON.stringify`` of the walk's output (walk.js asJson);
- ``carry``: the text from the page's isolated world to the worker through chrome.scripting
  (the renderer's conversion of the returned string, the browser, the worker's), from the
  page's return (``performance.timeOrigin``-based clock, shared by the processes) to the
  result in the worker; ``call``: the same call returning an empty string (the fixed cost
  of a call, for scale);
- ``parse``: the worker's ``JSON.parse`` of the text (walker_capture.js injectJson);
- ``rows``: the worker's ``walkerToWire`` (lib/common/walker_wire.js, its source inlined
  here: the tree's own code), records to rows;
- ``post``: the worker's ``port.postMessage`` of the request (Chromium's JSON of it), sent
  as a ``ping`` holding the capture, so the host reads and parses all of it and answers at
  once (``answer``: from the post to that answer: the browser's carriage, the host's read
  and ``json.loads``).

First a real read of each page (the read's mode, exact) keeps the walker in the page's world
and gives the read's own laps for comparison (stderr). Then ``--turns`` turns.

``--recording``: the host's intake of each recorded request instead (frames the host tap
saved: ``bench_host_memory.py record --modes walker``), CPU ms (``time.process_time``, the
collector off as in the host), medians of ``--turns``: ``json.loads`` (protocol.decode_json);
the three passes over the records one by one (the rows made records: models/walker_wire.py
walker_from_wire; their checks: capture_checks.check_walker; their texts shared:
share_record_strings); and the capture taken in as the host takes it
(``RawCapture.model_validate``: the three and the rest of the capture's checks). Run it with
another tree's ``host`` first on PYTHONPATH to time that tree's intake.

    nice .venv/bin/python bench/wire_hops.py --pages rust-simd node-fs rust-wrapping --turns 5
    nice .venv/bin/python bench/wire_hops.py --recording REC/<pid>.jsonl --turns 7
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH / "pages"))

from bench_whole_page import MODES, NO_WAIT, ROOTS, SHORT_MODES  # noqa: E402
from profile_walker import page_urls  # noqa: E402
from profile_whole_read import Target, chromium_cpu  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.worker_bridge import worker_target_url  # noqa: E402
from axsnap_host.models.walker_wire import wire_contract  # noqa: E402

# the walker's options of a whole-page DOM text read named by the walker's ids
# (walker_capture.js walkerOptions for {format: domtext, viewport_only: false, node_ids: walker})
WALK_OPTIONS = {"viewportOnly": False, "expandPx": 0, "maxNodes": 200000, "maxDepth": 256,
                "track": True, "semantic": False, "hold": True, "listable": True,
                "sendListed": True}


def wire_source() -> str:
    """lib/common/walker_wire.js and the ax_rows_wire.js it imports as one script: the
    contract a constant, the imports gone, the exports plain."""
    common = ROOT / "extension/lib/common"
    text = "\n".join((common / name).read_text(encoding="utf-8")
                     for name in ("ax_rows_wire.js", "walker_wire.js"))
    text = re.sub(r"^import .*$", "", text, flags=re.M)
    text = f"const WALKER_WIRE = {json.dumps(wire_contract())};\n{text}"
    return re.sub(r"^export ", "", text, flags=re.M)


SETUP = r"""(async (tabId, opts) => {
  %(wire)s
  const target = { tabId, frameIds: [0] };
  const [first] = await chrome.scripting.executeScript({ target, world: 'ISOLATED',
    injectImmediately: true, args: [opts], func: (opts) => {
      const keepAs = Object.keys(globalThis).find((k) => k.startsWith('__axsnapWalk_'));
      const t0 = performance.now();
      const out = globalThis[keepAs]({ ...opts, keepAs });
      const t1 = performance.now();
      const text = JSON.stringify(out);
      const t2 = performance.now();
      globalThis.__wire54 = { text, out };
      return { walk: t1 - t0, chars: text.length, twoByte: /[^\u0000-\u00ff]/.test(text) };
    } });
  const port = chrome.runtime.connectNative('com.axsnap.host');
  const waiting = new Map();
  port.onMessage.addListener((m) => {
    const done = waiting.get(m?.id);
    if (done && m.type !== 'chunk') { waiting.delete(m.id); done(performance.now()); }
  });
  let serial = 0;
  const now = () => performance.timeOrigin + performance.now();
  globalThis.__wire54Turn = async (hop) => {
    if (hop === 'stringify') {
      const [r] = await chrome.scripting.executeScript({ target, world: 'ISOLATED',
        injectImmediately: true, func: () => {
          const t0 = performance.now();
          const text = JSON.stringify(globalThis.__wire54.out);
          return [performance.now() - t0, text.length];
        } });
      return JSON.stringify({ stringify: r.result[0] });
    }
    const empty = hop === 'call';
    const t0 = performance.now();
    const [r] = await chrome.scripting.executeScript({ target, world: 'ISOLATED',
      injectImmediately: true, args: [empty], func: (empty) => [
        performance.timeOrigin + performance.now(), empty ? '' : globalThis.__wire54.text] });
    const arrived = now();
    const lap = performance.now() - t0;
    if (empty) return JSON.stringify({ call: lap });
    const t1 = performance.now();
    const out = JSON.parse(r.result[1]);
    const t2 = performance.now();
    // plain: the accessibility rows as they went before note 173 (the records as rows)
    const wire = hop === 'plain' ? { ...walkerToWire({ ...out, axt: undefined }), axt: out.axt }
      : walkerToWire(out);
    const t3 = performance.now();
    const id = `wire54-${serial++}`;
    const answered = new Promise((resolve) => waiting.set(id, resolve));
    const t4 = performance.now();
    port.postMessage({ v: 1, id, type: 'ping', capture: { walker: wire } });
    const t5 = performance.now();
    const t6 = await answered;
    return JSON.stringify({ lap, carry: arrived - r.result[0], parse: t2 - t1, rows: t3 - t2,
      post: t5 - t4, answer: t6 - t5 });
  };
  return JSON.stringify(first.result);
})"""

HOPS = ("stringify", "lap", "carry", "call", "parse", "rows", "post", "answer")


def evaluate(target: Target, expression: str) -> Any:
    got = target.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                           "returnByValue": True})
    if "exceptionDetails" in got:
        raise SystemExit(json.dumps(got["exceptionDetails"])[:2000])
    return json.loads(got["result"]["value"])


def host_intake(recording: Path, turns: int) -> int:
    """The host's steps on each recorded request (--recording), CPU ms medians."""
    import gc
    import time

    from axsnap_host.models.capture import RawCapture
    from axsnap_host.models.capture_checks import check_walker, share_record_strings
    from axsnap_host.models.walker_wire import walker_from_wire
    from axsnap_host.native.protocol import decode_json

    steps = ("json.loads", "rows to records", "checks", "texts shared", "capture taken in")
    print("| request | characters | load | " + " | ".join(steps) + " |")
    print("|---|--:|--:|" + "--:|" * len(steps))
    lines = recording.read_text(encoding="utf-8").splitlines()
    for text in (json.loads(line) for line in lines):
        if '"walker":{' not in text:
            continue
        got: dict[str, list[float]] = {step: [] for step in steps}
        gc.disable()  # as the host reads a request (native/host.py)
        try:
            for _ in range(turns):
                clock = time.process_time
                t0 = clock()
                raw = decode_json(text)
                t1 = clock()
                walker = walker_from_wire(raw["capture"]["walker"])
                t2 = clock()
                check_walker(walker)
                t3 = clock()
                share_record_strings(walker)
                t4 = clock()
                capture = decode_json(text)["capture"]
                t5 = clock()
                RawCapture.model_validate(capture)
                t6 = clock()
                for step, ms in zip(steps, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t6 - t5),
                                    strict=True):
                    got[step].append(ms * 1000)
                del raw, walker, capture
                gc.collect()
        finally:
            gc.enable()
        fmt = re.search(r'"format":"(\w+)"', text)
        print(f"| {fmt[1] if fmt else '?'} | {len(text):,} | {os.getloadavg()[0]:.1f} | "
              + " | ".join(f"{statistics.median(v):,.0f}" for v in got.values()) + " |",
              flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="+", help="bench page names")
    parser.add_argument("--recording", type=Path,
                        help="time the host's intake of these recorded requests instead")
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--mode", choices=sorted(SHORT_MODES), default="domtext_walker_ids",
                        help="the real read made first (its laps are printed beside)")
    parser.add_argument("--lean", action="store_true",
                        help="the walk's records lean, as a read of SnapshotV1 or the outline "
                             "alone sends them (walker_wire.py LEAN, design note 168)")
    parser.add_argument("--ax-rows", action="store_true",
                        help="walk as a whole-page SnapshotV1 read does (lean records, the "
                             "accessibility rows with boxes) and time the request with the "
                             "rows compact (row 'text') and plain (row 'plain') by turns "
                             "(models/ax_rows_wire.py, design note 173)")
    args = parser.parse_args()
    if args.recording:
        return host_intake(args.recording, args.turns)
    if not args.pages:
        parser.error("--pages or --recording")
    options = MODES[SHORT_MODES[args.mode]]
    print("| page | characters | two-byte | load | " + " | ".join(HOPS) + " |")
    print("|---|--:|---|--:|" + "--:|" * len(HOPS))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in ROOTS.items():
            if folder.is_dir():
                (root / name).symlink_to(folder)
        with serve_directory(root) as base, Browser(timeout_s=1800) as browser:
            worker = browser._worker
            assert worker is not None
            for name, url in page_urls(base, args.pages, root):
                browser.open(url)
                reply = browser.snapshot_raw(exact=True, **NO_WAIT, **options)
                timings = reply.get("timings") or {}
                steps = timings.get("capture_steps") or {}
                lap = float(steps.get("walker_inject_ms") or 0) - float(
                    steps.get("walker_walk_ms") or 0)
                print(f"<!-- {name}: the read's own laps: JSON lap {lap:.0f}, rows "
                      f"{timings.get('request_wire_ms')}, send {timings.get('request_send_ms')}, "
                      f"host read {timings.get('request_read_ms')}, host parse "
                      f"{((reply.get('result') or {}).get('timings') or {}).get('parse_ms')} ms"
                      " -->", file=sys.stderr, flush=True)
                url_w = worker_target_url(worker.port, worker.extension_id)
                target = Target(str(url_w))
                setup = SETUP % {"wire": wire_source()}
                walk = {**WALK_OPTIONS, **(
                    {"leanRecords": wire_contract()["LEAN"]} if args.lean or args.ax_rows
                    else {}), **({"axTree": "boxes"} if args.ax_rows else {})}
                first = evaluate(target, f"{setup}({browser.tab_id}, {json.dumps(walk)})")
                variants = ("text", "plain") if args.ax_rows else ("text",)
                samples: dict[str, list[float]] = {hop: [] for hop in HOPS}
                plain: dict[str, list[float]] = {hop: [] for hop in HOPS}
                cpu: dict[str, list[float]] = {}
                for turn in range(args.turns + 1):
                    order = ("stringify", *variants, "call") if turn % 2 else (
                        "call", *reversed(variants), "stringify")
                    for hop in order:
                        before = chromium_cpu(browser.user_data_dir)
                        got = evaluate(target, f"globalThis.__wire54Turn({json.dumps(hop)})")
                        after = chromium_cpu(browser.user_data_dir)
                        if not turn:
                            continue  # the first turn warms the worker and the host
                        for key, value in got.items():
                            (plain if hop == "plain" else samples)[key].append(float(value))
                        if hop == "text":
                            for kind in ("extension", "browser", "renderer", "host"):
                                cpu.setdefault(kind, []).append(
                                    after.get(kind, 0) - before.get(kind, 0))
                med = {hop: statistics.median(v) for hop, v in samples.items() if v}
                print(f"| {name} | {first['chars']:,} | {'yes' if first['twoByte'] else 'no'} | "
                      f"{os.getloadavg()[0]:.1f} | "
                      + " | ".join(f"{med.get(h, 0):,.0f}" for h in HOPS) + " |", flush=True)
                if args.ax_rows:  # the same turns with the rows plain (text hops only)
                    med = {hop: statistics.median(v) for hop, v in plain.items() if v}
                    print(f"| {name} (AX rows plain) | | | {os.getloadavg()[0]:.1f} | "
                          + " | ".join(f"{med[h]:,.0f}" if h in med else "" for h in HOPS)
                          + " |", flush=True)
                print(f"<!-- {name}: CPU ms of a text turn (carry, parse, rows, post, answer), "
                      f"medians: " + ", ".join(f"{k} {statistics.median(v):,.0f}"
                                               for k, v in cpu.items()) + " -->",
                      file=sys.stderr, flush=True)
                target.ws.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
