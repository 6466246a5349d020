"""The request's way to the host, measured in the extension's own service worker by turns
(design note 127): one recorded whole-page request posted to the real host over a native
port the way main before note 127 sent it (its JSON.stringify for the size check, the UTF-8
count, 1M-character pieces posted as chunk frames) and the way it goes now (the message
itself: Chromium writes its JSON once). The message goes as a ``ping`` with the request's
fields, so the host parses all of it and refuses it (invalid_message) without running the
pipeline: what differs between the two ways is all that is timed.

    nice .venv/bin/python bench/bench_request_post.py REQUEST.json --turns 8

REQUEST.json: one snapshot request's JSON text (a frame the host tap recorded,
bench/host_tap). Per way and turn: ``send_ms`` (the worker's synchronous part: JSON, count,
postMessage), ``reply_ms`` (from the send to the host's answer: Chromium's carriage, the
host's read and parse), and the CPU ms over the send of the service worker's renderer, the
browser process and the host (/proc). ``--reply``: the same text deflated once, inflated in
the worker and sized the old way (its text, then utf8Length) or the new (the inflated bytes
counted, then decoded): ``inflate_ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from profile_whole_read import Target, chromium_cpu  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.client.worker_bridge import worker_target_url  # noqa: E402

# main's request way before note 127 (extension/lib/native/utf8.js, chunks.js requestChunks,
# native.js requestOnce), written out to run in the worker beside the new one
SETUP = r"""(async (url) => {
  const text = await (await fetch(url)).text();
  const message = JSON.parse(text);
  message.type = 'ping';
  const port = chrome.runtime.connectNative('com.axsnap.host');
  const waiting = new Map();
  port.onMessage.addListener((m) => {
    const id = m?.id;
    const done = waiting.get(id);
    if (done && m.type !== 'chunk') { waiting.delete(id); done(performance.now()); }
  });
  const ASCII_RUNS = /[\u0000-\u007f]+/g;
  const countBytes = (s) => {
    let bytes = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length
        && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { bytes += 4; i += 1; }
      else bytes += 3;
    }
    return bytes;
  };
  const utf8Length = (s) => {
    const rest = s.replace(ASCII_RUNS, ' ');
    return s.length - rest.length + countBytes(rest);
  };
  const requestChunks = (version, id, s, pieceChars = 1 << 20) => {
    const pieces = [];
    for (let at = 0; at < s.length;) {
      let end = Math.min(s.length, at + pieceChars);
      const last = s.charCodeAt(end - 1);
      if (end < s.length && last >= 0xd800 && last <= 0xdbff) end += end - 1 > at ? -1 : 1;
      pieces.push(s.slice(at, end));
      at = end;
    }
    return pieces.map((data, seq) => (
      { v: version, id, type: 'chunk', seq, total: pieces.length, data }));
  };
  // a reply's way in: the text deflated once as the host deflates it (chunk_deflate.py),
  // inflated then sized the old way (its text, then utf8Length) or the new (its bytes
  // counted, then decoded: lib/native/chunks.js Inflater)
  const deflated = await new Response(new Blob([text]).stream()
    .pipeThrough(new CompressionStream('deflate'))).arrayBuffer();
  globalThis.__wire20Inflate = async (way) => {
    const t0 = performance.now();
    const stream = new Blob([deflated]).stream().pipeThrough(new DecompressionStream('deflate'));
    let bytes;
    if (way === 'old') {
      const got = await new Response(stream).text();
      bytes = utf8Length(got);
    } else {
      const buffer = await new Response(stream).arrayBuffer();
      const got = new TextDecoder().decode(buffer);
      bytes = buffer.byteLength;
      if (got.length !== text.length) throw new Error('not the text');
    }
    return JSON.stringify({ inflate_ms: performance.now() - t0, bytes });
  };
  let serial = 0;
  globalThis.__wire20Send = async (way) => {
    const id = `wire20-${way}-${serial++}`;
    const msg = { ...message, id };
    const answered = new Promise((resolve) => waiting.set(id, resolve));
    const t0 = performance.now();
    let bytes = null;
    if (way === 'old') {
      const s = JSON.stringify(msg);
      bytes = s.length > 64 * 1024 * 1024 ? s.length : utf8Length(s);
      for (const piece of requestChunks(1, id, s)) port.postMessage(piece);
    } else {
      port.postMessage(msg);
    }
    const t1 = performance.now();
    const t2 = await answered;
    return JSON.stringify({ send_ms: t1 - t0, reply_ms: t2 - t1, bytes });
  };
  return text.length;
})"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("request", type=Path)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--reply", action="store_true",
                        help="time the reply's inflation and size instead (the same text as "
                             "a deflated reply, inflated in the worker)")
    args = parser.parse_args()
    rows: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    with serve_directory(args.request.parent) as base, Browser(timeout_s=1800) as browser:
        worker = browser._worker
        target = Target(worker_target_url(worker.port, worker.extension_id))
        size = target.send("Runtime.evaluate", {
            "expression": f"{SETUP}({json.dumps(f'{base}/{args.request.name}')})",
            "awaitPromise": True, "returnByValue": True})["result"]["value"]
        print(f"request {size} characters; load {os.getloadavg()[0]:.1f}", flush=True)
        for turn in range(args.turns + 1):
            for way in (("old", "new") if turn % 2 else ("new", "old")):
                before = chromium_cpu(browser.user_data_dir)
                call = "__wire20Inflate" if args.reply else "__wire20Send"
                got = target.send("Runtime.evaluate", {
                    "expression": f"globalThis.{call}({json.dumps(way)})",
                    "awaitPromise": True, "returnByValue": True})
                after = chromium_cpu(browser.user_data_dir)
                row = json.loads(got["result"]["value"])
                row.update({f"cpu_{k}_ms": round(after.get(k, 0) - before.get(k, 0))
                            for k in ("extension", "browser", "host")})
                row["load"] = round(os.getloadavg()[0], 1)
                if turn:  # the first turn warms the host and the worker
                    rows[way].append(row)
                print(way, json.dumps({k: round(v, 1) if isinstance(v, float) else v
                                       for k, v in row.items()}), flush=True)
                time.sleep(0.2)
    for way, got in rows.items():
        keys = ("inflate_ms",) if args.reply else ("send_ms", "reply_ms")
        print(way, "medians:", {k: round(statistics.median(r[k] for r in got), 1)
                                for k in (*keys, "cpu_extension_ms", "cpu_browser_ms",
                                          "cpu_host_ms")})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
