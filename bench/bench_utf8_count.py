"""The worker's UTF-8 count (extension/lib/native/utf8.js) timed in the extension's own
service worker, by turns against a loop over every character (the count before design note
92) and TextEncoder's, on a text from a file (a recorded request's JSON text: the chunk set's
data joined, bench/host_tap). Node's TextEncoder is not Blink's: measure the worker in the
worker.

    nice .venv/bin/python bench/bench_utf8_count.py /tmp/request.txt --turns 7

Results: bench/results/whole_page_wire19.md.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from profile_whole_read import Target  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.worker_bridge import worker_target_url  # noqa: E402

UTF8_JS = BENCH.parent / "extension" / "lib" / "native" / "utf8.js"
LOOP = """(text) => { let bytes = 0; for (let i = 0; i < text.length; i++) {
  const c = text.charCodeAt(i); if (c < 0x80) bytes += 1; else if (c < 0x800) bytes += 2;
  else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) { bytes += 4; i += 1; }
  else bytes += 3; } return bytes; }"""
ENCODER = "((enc) => (text) => enc.encode(text).byteLength)(new TextEncoder())"


def counts_expression(turns: int) -> str:
    """An expression timing each count on globalThis.__utf8Text, by turns, as JSON."""
    module = re.sub(r"^export ", "", UTF8_JS.read_text(encoding="utf-8"), flags=re.M)
    return f"""(() => {{ {module}
const ways = [['loop', {LOOP}], ['TextEncoder', {ENCODER}], ['utf8.js', utf8Length]];
const out = {{}};
for (let k = 0; k < {turns}; k++) for (const [name, count] of ways) {{
  const at = performance.now(); const bytes = count(globalThis.__utf8Text);
  (out[name] ??= []).push([performance.now() - at, bytes]); }}
return JSON.stringify(out); }})()"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("text", type=Path, help="a file whose text is counted")
    parser.add_argument("--turns", type=int, default=7)
    args = parser.parse_args()
    text = args.text.read_text(encoding="utf-8")
    with Browser(timeout_s=600) as browser:
        worker = browser._worker
        if worker is None:
            raise SystemExit("no service worker target")
        target = Target(worker_target_url(worker.port, worker.extension_id))
        target.send("Runtime.evaluate", {"expression": "globalThis.__utf8Parts = []"})
        for at in range(0, len(text), 1 << 20):  # the text in pieces of a DevTools message
            piece = json.dumps(text[at:at + (1 << 20)])
            target.send("Runtime.evaluate",
                        {"expression": f"globalThis.__utf8Parts.push({piece})"})
        target.send("Runtime.evaluate", {
            "expression": "globalThis.__utf8Text = globalThis.__utf8Parts.join('')"})
        reply = target.send("Runtime.evaluate", {"expression": counts_expression(args.turns),
                                                 "returnByValue": True})
        target.ws.close()
    for name, runs in json.loads(reply["result"]["value"]).items():
        ms = sorted(round(r[0], 1) for r in runs)
        print(f"{name:12} median {statistics.median(ms):6.1f} ms  {ms}  bytes {runs[0][1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
