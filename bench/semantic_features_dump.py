"""Every corpus page's page-type ``Features`` from the default read (the first screen, as the
product reads), dumped once so the page-type signals and their weights can be studied without
a browser (bench/semantic_learn.py).

One Debian Chromium with the extension and the registered host, the pages of
bench/corpus/labels.json served from 127.0.0.1 as bench/semantic_corpus.py serves them; the
host loads bench/features_tap (PYTHONPATH) and writes each read's ``Features`` beside the
type and scores it gave. Only pages whose label says ``held_out: false`` are read: a held-out
set is measured once, by bench/semantic_corpus.py, never studied. Writes one JSON line a page
(name, label, features, type, scores) to bench/results/semantic_features.jsonl as it goes, and
at the end its gzip (checked in: bench/semantic_learn.py reads it).

    nice .venv/bin/python bench/semantic_features_dump.py
    nice .venv/bin/python bench/semantic_features_dump.py --only guardian bbc
    nice .venv/bin/python bench/semantic_features_dump.py --pages tests/pages/semantic \
        --out bench/results/semantic_features_accuracy.jsonl   # semantic_accuracy.py's pages
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
CORPUS = BENCH / "corpus"
OUT = BENCH / "results" / "semantic_features.jsonl"
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}


def tapped(tap: Path) -> list[dict[str, Any]]:
    """The rows the host's tap wrote so far, oldest first."""
    rows: list[dict[str, Any]] = []
    for path in sorted(tap.glob("*.jsonl")):
        rows += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="these pages only")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--pages", type=Path, help="another labelled set (labels.json: file "
                        "name -> type), as bench/semantic_accuracy.py reads it")
    args = parser.parse_args()
    root = args.pages or CORPUS
    if args.pages:
        kinds = json.loads((args.pages / "labels.json").read_text("utf-8"))
        labels = {n: {"type": t, "held_out": False} for n, t in kinds.items()}
    else:
        labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    names = args.only or sorted(n for n in labels if not labels[n]["held_out"])
    held = [n for n in names if labels[n]["held_out"]]
    if held:
        parser.error("held-out pages are never studied: " + " ".join(held))
    tap = Path(tempfile.mkdtemp(prefix="axsnap-features-"))
    os.environ["AXSNAP_FEATURES_TAP"] = str(tap)  # the host inherits both through Chromium
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "features_tap"), *filter(None, [os.environ.get("PYTHONPATH")])])
    from axsnap_host.client import Browser, PageResult
    from axsnap_host.client.file_server import serve_directory

    args.out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with serve_directory(root) as base, Browser() as browser, \
            args.out.open("w", encoding="utf-8") as out:
        for i, name in enumerate(names):
            before = len(tapped(tap))
            row: dict[str, Any] = {"name": name, "label": labels[name]["type"]}
            try:
                page = name if args.pages else f"{name}/index.html"
                result = browser.snapshot(f"{base}{page}", format="semantic", **FAST)
                assert isinstance(result, PageResult)
                taps = tapped(tap)[before:]
                if len(taps) != 1:
                    raise RuntimeError(f"{len(taps)} tapped reads for one read")
                row.update(taps[0])
                row["reply_type"] = result.type
                row["reply_signals"] = result.page["signals"]
            except Exception as exc:  # one page's failure is that page's row
                row["error"] = f"{type(exc).__name__}: {exc}"
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            out.flush()
            print(f"{i + 1}/{len(names)} {name} {row.get('type', row.get('error'))} "
                  f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    packed = args.out.with_name(args.out.name + ".gz")
    packed.write_bytes(gzip.compress(args.out.read_bytes(), 9, mtime=0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
