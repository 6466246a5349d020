"""The read after an act, two ways (design note 119): does the walk's outline say what
Chromium's AX tree says about the window?

On the act pace pages (bench_act_pace.py's inbox and billing form, the same steps), after
every act: the window outline (the default read: Chromium's AX tree cut to the window) and
the whole page's outline from the walk (``scope="page"``, ``ax_source`` unset: the walk's).
Each line of the window read that has an element id is looked up by that id in the walk's
read. Counted as bench/results/ax_agreement.md counts: the same role, the same line (role,
name and states as printed), and the window's lines that the walk's read does not have.
Both reads are full (no delta): what is compared is the answer, not the change.

    .venv/bin/python bench/bench_act_read_agreement.py --acts 12
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_act_pace import PAGES  # noqa: E402
from bench_mcp import RESULTS  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

LINE = re.compile(r"^\s*\[([^\]\s]+)\] (.*)$")


def id_lines(tree: str) -> dict[str, str]:
    """Each element id's printed line (role, name, states), as the outline writes it."""
    out: dict[str, str] = {}
    for line in tree.splitlines():
        found = LINE.match(line)
        if found:
            out.setdefault(found.group(1), found.group(2).strip())
    return out


def role_of(text: str) -> str:
    return text.split(":", 1)[0].split(" ", 1)[0]


def compare(window: dict[str, str], walk: dict[str, str], tally: Counter[str],
            kinds: Counter[str]) -> None:
    for ident, line in window.items():
        tally["window lines"] += 1
        other = walk.get(ident)
        if other is None:
            tally["missing"] += 1
            kinds[f"missing: {role_of(line)}"] += 1
            continue
        tally["compared"] += 1
        if role_of(other) == role_of(line):
            tally["same role"] += 1
        if other == line:
            tally["same line"] += 1
        else:
            kinds[f"{line!r} / walk {other!r}"[:160]] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--acts", type=int, default=12)
    parser.add_argument("--out", default="act_read_window_walk_agreement.md")
    args = parser.parse_args(argv)
    rows = []
    with serve_directory(BENCH / "pages") as base, Browser() as browser:
        for page, (path, make) in PAGES.items():
            tally: Counter[str] = Counter()
            kinds: Counter[str] = Counter()
            browser.open(base + path)
            for step in make(args.acts):
                result = browser.act(step["name"], step["kind"], step.get("value"))
                assert result.ok, result.error
                window = browser.snapshot(format="outline", stabilize={"settle": True})
                walk = browser.snapshot(format="outline", scope="page",
                                        stabilize={"settle": True})
                compare(id_lines(window.combinedTree), id_lines(walk.combinedTree), tally,
                        kinds)
            rows.append((page, tally, kinds))
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    command = "bench/bench_act_read_agreement.py " + " ".join(argv or sys.argv[1:])
    lines = [f"Run {stamp} (load {load}): `{command.strip()}`", "",
             "After each act: the window outline (Chromium's AX tree) against the whole-page "
             "outline from the walk, line by line by element id.", "",
             "| page | acts | window lines | compared | same role | same line | not in the "
             "walk's read |", "|---|--:|--:|--:|--:|--:|--:|"]
    for page, t, _ in rows:
        n = t["compared"] or 1
        lines.append(f"| {page} | {args.acts} | {t['window lines']} | {t['compared']} | "
                     f"{100 * t['same role'] / n:.1f} % | {100 * t['same line'] / n:.1f} % | "
                     f"{t['missing']} |")
    for page, _, kinds in rows:
        lines += ["", f"Differences on the {page} (line / walk's line: times over the acts):", ""]
        lines += [f"- {k}: {v}" for k, v in kinds.most_common(12)] or ["- none"]
    text = "\n".join(lines) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / args.out).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
