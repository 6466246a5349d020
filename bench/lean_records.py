"""Whether a lean walk (design note 168) changes a SnapshotV1 or outline reply, on a recording.

    # record (bench_host_memory.py --modes cpu: DOM text, SnapshotV1, outline, all three
    # from one walk, in one browser session)
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/bench_host_memory.py record \
        --out REC --modes cpu ...
    PYTHONPATH=$PWD/host nice .venv/bin/python bench/lean_records.py REC/<pid>.jsonl

The recording's SnapshotV1 and outline requests are lean (the walker left out the fields
models/walker_wire.py LEAN names); its one read of all three formats walked the same page
with whole records (a DOM format reads them). For each lean request: (1) its records are the
one read's records with those fields left out by the rule (``lean_record``), field for field
(the walk itself is the same); (2) the host's reply to it equals its reply to the same request
with the one read's whole records in place of the lean ones (volatile fields out); (3) the
request's characters, lean and whole. A difference is printed and the exit code is 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_host_memory import _stripped

from axsnap_host.models.walker_wire import LEAN_FIELD, lean_record, records_from_rows
from axsnap_host.native.host import Host


def _runs(walker: dict[str, Any]) -> list[dict[str, Any]]:
    return [walker, *(sub["result"] for sub in walker.get("subframes") or ()
                      if isinstance(sub, dict) and isinstance(sub.get("result"), dict))]


def _reply(text: str) -> str:
    host = Host()
    replies = host.handle_text(text)
    (replies[-1].get("result") or {}).get("stats", {}).pop("records_lean", None)  # says which
    out = json.dumps(_stripped(replies[-1]), sort_keys=True)
    host.release()
    return out


def check(recording: Path) -> int:
    messages = [json.loads(json.loads(line)) for line in recording.open(encoding="utf-8")]
    reads = [m for m in messages if m.get("type") == "snapshot"]
    whole = next((m for m in reads if m["options"].get("also_formats")), None)
    if whole is None:
        print("no one read of every format in the recording")
        return 1
    failed = 0
    for m in reads:
        walker: dict[str, Any] = m["capture"].get("walker") or {}
        if not walker.get(LEAN_FIELD):
            continue
        fmt = m["options"]["format"]
        lean_text = json.dumps(m, ensure_ascii=False, separators=(",", ":"))
        swapped = json.loads(lean_text)
        same = True
        for lean_run, whole_run, new_run in zip(_runs(walker), _runs(whole["capture"]["walker"]),
                                                _runs(swapped["capture"]["walker"]), strict=True):
            lean = records_from_rows(lean_run["rows"], "lean")
            full = records_from_rows(whole_run["rows"], "whole")
            # the extension adds b and k after the walk: each read takes its own
            same = same and [{k: v for k, v in r.items() if k not in "bk"} for r in lean] == [
                {k: v for k, v in lean_record(r).items() if k not in "bk"} for r in full]
            new_run["rows"] = whole_run["rows"]
            new_run.pop(LEAN_FIELD, None)
        whole_text = json.dumps(swapped, ensure_ascii=False, separators=(",", ":"))
        equal = _reply(lean_text) == _reply(whole_text)
        failed += not (same and equal)
        print(f"{fmt}: records = the rule's {'yes' if same else 'NO'}; replies "
              f"{'equal' if equal else 'DIFFER'}; request {len(whole_text):,} -> "
              f"{len(lean_text):,} characters", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(check(Path(sys.argv[1])))
