"""Whether the compact accessibility rows (design note 173) change a reply, on recordings.

    # record (bench_host_memory.py --modes cpu: DOM text, SnapshotV1, outline, all three)
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/bench_host_memory.py record \
        --out REC --modes cpu ...
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/ax_rows_wire.py REC/<pid>.jsonl ...

For each read in a recording whose walker runs carry accessibility rows, plain (a recording
made before note 173) or compact (``axt.rw``, made after): the plain rows go through the
extension's encoder (lib/common/walker_wire.js in node, as the worker sends them) and back
through the host's decoder (models/ax_rows_wire.py); (1) the decoded rows equal the plain
ones, as JSON, row for row, and a compact recording's ``rw`` is what the encoder makes of
its decoded rows; (2) the host's reply to the request with compact rows equals its reply with
plain ones (volatile fields out); (3) the request's characters and its rows', plain and
compact. A difference is printed and the exit code is 1.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_host_memory import _stripped

from axsnap_host.models.ax_rows_wire import AX_ROWS_FIELD, ax_rows_from_wire
from axsnap_host.native.host import Host

ROOT = Path(__file__).resolve().parents[1]
_ENCODE = ("import { walkerToWire } from './extension/lib/common/walker_wire.js';"
           "let s = ''; process.stdin.setEncoding('utf8');"
           "process.stdin.on('data', (d) => { s += d; });"
           "process.stdin.on('end', () => process.stdout.write("
           "JSON.stringify(walkerToWire(JSON.parse(s)))));")


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def encoded(walker: dict[str, Any]) -> dict[str, Any]:
    """``walker`` as the worker sends it (its records already in their wire form stay)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", _ENCODE], cwd=ROOT, check=True,
                          input=_text(walker), capture_output=True, text=True, timeout=600)
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def _runs(walker: dict[str, Any]) -> list[dict[str, Any]]:
    return [walker, *(sub["result"] for sub in walker.get("subframes") or ()
                      if isinstance(sub, dict) and isinstance(sub.get("result"), dict))]


def _plain(walker: dict[str, Any]) -> dict[str, Any]:
    """``walker`` with every run's compact rows decoded (the host's decoder)."""
    out: dict[str, Any] = json.loads(_text(walker))
    for run in _runs(out):
        axt = run.get("axt")
        if isinstance(axt, dict) and AX_ROWS_FIELD in axt:
            run["axt"] = {("rows" if k == AX_ROWS_FIELD else k):
                          (ax_rows_from_wire(v, "rw") if k == AX_ROWS_FIELD else v)
                          for k, v in axt.items()}
    return out


def _reply(text: str) -> str:
    host = Host()
    replies = host.handle_text(text)
    (replies[-1].get("result") or {}).get("stats", {}).pop("ax_rows_compact", None)  # says which
    out = _text(_stripped(replies[-1]))
    host.release()
    return out


def _rows_chars(walker: dict[str, Any], key: str) -> int:
    return sum(len(_text((run.get("axt") or {}).get(key))) for run in _runs(walker)
               if isinstance(run.get("axt"), dict) and key in run["axt"])


def check(recording: Path) -> int:
    failed = 0
    for line in recording.open(encoding="utf-8"):
        message = json.loads(json.loads(line))
        if message.get("type") != "snapshot":
            continue
        walker = (message.get("capture") or {}).get("walker")
        if not isinstance(walker, dict) or not any(isinstance(r.get("axt"), dict)
                                                   for r in _runs(walker)):
            continue
        options = message["options"]
        label = "+".join([options.get("format", "?"), *(options.get("also_formats") or ())]) + (
            f" ({options.get('scope', 'window')})")
        recorded_compact = any(AX_ROWS_FIELD in (r.get("axt") or {}) for r in _runs(walker))
        plain = _plain(walker)
        wire = encoded(plain)
        same = _text(_plain(wire)) == _text(plain)
        if recorded_compact:
            same = same and _text(wire) == _text(walker)
        plain_text = _text({**message, "capture": {**message["capture"], "walker": plain}})
        wire_text = _text({**message, "capture": {**message["capture"], "walker": wire}})
        equal = _reply(plain_text) == _reply(wire_text)
        failed += not (same and equal)
        print(f"{recording.parent.name} {label}: rows decoded = plain {'yes' if same else 'NO'}; "
              f"replies {'equal' if equal else 'DIFFER'}; request {len(plain_text):,} -> "
              f"{len(wire_text):,} characters; rows {_rows_chars(plain, 'rows'):,} -> "
              f"{_rows_chars(wire, AX_ROWS_FIELD):,}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(max(check(Path(p)) for p in sys.argv[1:]))
