"""Page-type rules checked over every spent corpus page, pooled: which pages a host's rules move.

Two steps, so the browser reads each page once and any number of hosts type what it read:

``dump``: one Debian Chromium with the extension and the registered host reads every spent
page of bench/corpus/labels.json (``spent_held_out``, or every page not held out) from
127.0.0.1 twice, the default read (the first screen) and the whole page, with the host
loading bench/features_tap; each read's page-type ``Features`` is written as one JSON line
(name, label, read, features). A held-out page still waiting for its one measurement is never
read.

``compare``: types every dumped ``Features`` with two hosts' rules (``--old`` and ``--new``,
each a ``host`` directory: main's worktree and the branch's), each in its own Python so their
modules never mix; fields a host's ``Features`` does not know are left out (an old host ignores
what a new walker adds). When the branch changes how the host reads ``Features`` (page_features.py),
dump once with each host and pass the branch's dump as ``--new-dumped``: each host's rules type
its own host's reads, matched by page and read. Prints right and wrong per read and pooled, and
every page that went from right to wrong or wrong to right.

    nice .venv/bin/python bench/semantic_pooled.py dump --out OUT.jsonl
    .venv/bin/python bench/semantic_pooled.py compare OUT.jsonl --old /work/main/host \
        --new host [--new-dumped NEW.jsonl]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
CORPUS = BENCH / "corpus"
FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 3000}}
READS = {"first": {}, "whole": {"viewport_only": False}}


def spent(labels: dict[str, dict[str, Any]]) -> list[str]:
    """The pages that may be studied: every one but a held-out set not yet measured."""
    return sorted(n for n, lab in labels.items() if not lab.get("held_out"))


class _Tap:
    """The host's tapped reads, each file read on from where the last look stopped (reading
    every file whole at every page made a dump of 2,000 pages quadratic: 10 s a page by the
    900th)."""

    def __init__(self, tap: Path) -> None:
        self.tap = tap
        self.read_to: dict[Path, int] = {}

    def new_rows(self) -> list[dict[str, Any]]:
        """The rows written since the last call (whole lines only)."""
        rows: list[dict[str, Any]] = []
        for path in sorted(self.tap.glob("*.jsonl")):
            with path.open("rb") as handle:
                handle.seek(self.read_to.get(path, 0))
                text = handle.read()
            whole = text[:text.rfind(b"\n") + 1]
            self.read_to[path] = self.read_to.get(path, 0) + len(whole)
            rows += [json.loads(line) for line in whole.decode("utf-8").splitlines() if line]
        return rows


def dump(out_path: Path, only: list[str] | None) -> int:
    labels = json.loads((CORPUS / "labels.json").read_text("utf-8"))["pages"]
    names = only or spent(labels)
    held = [n for n in names if labels[n].get("held_out")]
    if held:
        raise SystemExit("held-out pages are never studied: " + " ".join(held))
    tap = Path(tempfile.mkdtemp(prefix="axsnap-pooled-"))
    os.environ["AXSNAP_FEATURES_TAP"] = str(tap)  # the host inherits both through Chromium
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(BENCH / "features_tap"), *filter(None, [os.environ.get("PYTHONPATH")])])
    from axsnap_host.client import Browser
    from axsnap_host.client.file_server import serve_directory

    started = time.perf_counter()
    tapped = _Tap(tap)
    with serve_directory(CORPUS) as base, Browser() as browser, \
            out_path.open("w", encoding="utf-8") as out:
        for i, name in enumerate(names):
            for read, options in READS.items():
                row: dict[str, Any] = {"name": name, "label": labels[name]["type"], "read": read}
                tapped.new_rows()  # (whatever came before this read is not its)
                try:
                    url = f"{base}{name}/index.html" if read == "first" else None
                    browser.snapshot(url, format="semantic", **FAST, **options)
                    taps = tapped.new_rows()
                    if len(taps) != 1:
                        raise RuntimeError(f"{len(taps)} tapped reads for one read")
                    row["features"] = taps[0]["features"]
                except Exception as exc:  # one page's failure is that page's row
                    row["error"] = f"{type(exc).__name__}: {exc}"
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
                out.flush()
            print(f"{i + 1}/{len(names)} {name} ({time.perf_counter() - started:.0f} s)",
                  file=sys.stderr)
    return 0


_TYPE = """
import dataclasses, json, sys
from axsnap_host.semantic.classify import classify
from axsnap_host.semantic.page_features import Features
known = {f.name for f in dataclasses.fields(Features)}
for line in sys.stdin:
    row = json.loads(line)
    if "features" not in row:
        print(json.dumps("error"))
        continue
    kept = {k: v for k, v in row["features"].items() if k in known}
    print(json.dumps(classify(Features(**kept))[0]))
"""


def typed(rows_text: str, host: Path) -> list[str]:
    """Each row's page type by the rules of the host under ``host``."""
    env = dict(os.environ, PYTHONPATH=str(host.resolve()))
    done = subprocess.run([sys.executable, "-c", _TYPE], input=rows_text, env=env,
                          capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def compare(dumped: Path, old: Path, new: Path, new_dumped: Path | None = None) -> int:
    text = dumped.read_text("utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line]
    before = typed(text, old)
    if new_dumped is None:
        after = typed(text, new)
    else:  # (the new host reads Features of its own: its rules type its own dump's reads)
        theirs = [json.loads(line) for line in new_dumped.read_text("utf-8").splitlines() if line]
        by_read = {(r["name"], r["read"]): r for r in theirs}
        mine = [by_read.get((r["name"], r["read"]), {}) for r in rows]
        after = typed("\n".join(json.dumps(r) for r in mine) + "\n", new)
    for read in (*READS, "pooled"):
        picked = [i for i, r in enumerate(rows) if read in ("pooled", r["read"])]
        right_old = sum(before[i] == rows[i]["label"] for i in picked)
        right_new = sum(after[i] == rows[i]["label"] for i in picked)
        print(f"{read}: {right_old}/{len(picked)} -> {right_new}/{len(picked)}")
    for title, was, now in (("right -> wrong", True, False), ("wrong -> right", False, True)):
        moved = [f"  {r['name']} ({r['read']}): {r['label']}: {before[i]} -> {after[i]}"
                 for i, r in enumerate(rows)
                 if (before[i] == r["label"]) is was and (after[i] == r["label"]) is now]
        print(f"{title}: {len(moved)}", *moved, sep="\n")
    changed = [f"  {r['name']} ({r['read']}): {r['label']}: {before[i]} -> {after[i]}"
               for i, r in enumerate(rows) if before[i] != after[i]
               and r["label"] not in (before[i], after[i])]
    print(f"wrong -> another wrong: {len(changed)}", *changed, sep="\n")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    one = steps.add_parser("dump", help="read every spent page, keep its Features")
    one.add_argument("--out", type=Path, required=True)
    one.add_argument("--only", nargs="*", help="these pages only")
    two = steps.add_parser("compare", help="type the dumped Features with two hosts' rules")
    two.add_argument("dumped", type=Path)
    two.add_argument("--old", type=Path, required=True, help="the old host directory")
    two.add_argument("--new", type=Path, required=True, help="the new host directory")
    two.add_argument("--new-dumped", type=Path, help="the new host's own dump, when it reads "
                     "Features differently (each host's rules then type its own host's reads)")
    args = parser.parse_args()
    if args.step == "dump":
        return dump(args.out, args.only)
    return compare(args.dumped, args.old, args.new, args.new_dumped)


if __name__ == "__main__":
    raise SystemExit(main())
