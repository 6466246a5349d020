"""Whether Chromium writes a message posted on a native port as JSON.stringify's very text
(design note 127: the worker posts each request as the message itself, no JSON of its own).
A message of awkward values (lone surrogates, ints past 2^31 and 2^53, -0, 1e21, 5e-324,
escapes, a 2 MB string) is posted from the extension's service worker; the host's tap
(bench/host_tap) records the frame it read; the two texts are compared byte for byte.

    nice .venv/bin/python bench/bench_wire_same_text.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from profile_whole_read import Target  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.worker_bridge import worker_target_url  # noqa: E402

PROBE = r"""(async () => {
  const message = { v: 1, id: 'same-text-probe', type: 'ping',
    ints: [0, -1, 2147483647, 2147483648, 3000000000, 9007199254740991, -9007199254740991],
    floats: [0.1, 1.5, -0, 1e21, 1e-7, 123456789.125, 5e-324, 1.7976931348623157e308],
    texts: ['é中😀', '\ud800 lone high', 'lone low \udc00', 'quote " backslash \\ \u0001 \n',
      '\u2028\u2029', '</script>'],
    nested: { a: [[], {}, [null, true, false]], 'ключ': 'значение', left_out: undefined },
    long: 'x'.repeat(2_000_000) + '"' + 'y'.repeat(100) };
  const port = chrome.runtime.connectNative('com.axsnap.host');
  const answered = new Promise((resolve) => port.onMessage.addListener(resolve));
  port.postMessage(message);
  await answered;
  port.disconnect();
  return JSON.stringify(message);
})()"""


def main() -> int:
    with tempfile.TemporaryDirectory() as tap:
        os.environ["AXSNAP_BENCH_TAP"] = tap  # the host inherits both through Chromium
        os.environ["PYTHONPATH"] = str(BENCH / "host_tap")
        with Browser(timeout_s=600) as browser:
            worker = browser._worker
            target = Target(worker_target_url(worker.port, worker.extension_id))
            text = target.send("Runtime.evaluate", {"expression": PROBE, "awaitPromise": True,
                                                    "returnByValue": True})["result"]["value"]
            time.sleep(1)
        frames = [json.loads(line) for f in Path(tap).glob("*.jsonl")
                  for line in f.open(encoding="utf-8")]
    read = [t for t in frames if '"same-text-probe"' in t[:60]]
    print(f"JSON.stringify: {len(text)} characters; frames the host read with the probe: "
          f"{len(read)}, identical: {bool(read) and read[0] == text}")
    return 0 if read and read[0] == text else 1


if __name__ == "__main__":
    raise SystemExit(main())
