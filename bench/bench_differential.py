"""Issue 26's differential run, long: seeded random changes of every kind the issue names
(tests/pages/stale/changes.js) on the pages of tests/pages/stale/, and after each one every
format's normal read (right after the change, and again with the page unchanged since)
compared with the exact read of the same state (every fast path off, models/fast_paths.py).
The CI run with fixed seeds is tests/e2e/test_differential_e2e.py.

Reports how often each fast path answered a normal read, and every mismatch with the fast
paths that answered it (so a mismatch names the fast path to suspect). Writes
bench/results/differential.md and .json; exits 1 on any mismatch.

    nice .venv/bin/python bench/bench_differential.py --minutes 30 --seed random
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from differential import READS, Outcome, run_seed  # noqa: E402

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402

RESULTS = ROOT / "bench" / "results"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="how long to run")
    parser.add_argument("--seed", default="random", help="'random' or the first seed (an int)")
    parser.add_argument("--steps", type=int, default=8, help="changes per seed (per page load)")
    args = parser.parse_args()
    first = random.SystemRandom().randrange(1 << 30) if args.seed == "random" else int(args.seed)
    outcome = Outcome()
    seeds: list[int] = []
    started = time.monotonic()
    with serve_directory(ROOT / "tests" / "pages") as base, Browser() as browser:
        seed = first
        while time.monotonic() - started < args.minutes * 60:
            run_seed(browser, base, seed, args.steps, outcome)
            seeds.append(seed)
            print(f"seed {seed}: {outcome.reads} reads, {len(outcome.mismatches)} mismatches",
                  flush=True)
            seed += 1
    minutes = (time.monotonic() - started) / 60
    report = {
        "command": " ".join(["bench/bench_differential.py", *sys.argv[1:]]),
        "first_seed": first, "seeds": len(seeds), "steps_per_seed": args.steps,
        "formats": list(READS), "minutes": round(minutes, 1), "reads": outcome.reads,
        "answered": dict(outcome.answered.most_common()), "mismatches": outcome.mismatches,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "differential.json").write_text(json.dumps(report, indent=2) + "\n")
    lines = [
        "# Differential run (issue 26): normal reads against exact reads",
        "",
        f"`nice .venv/bin/python {report['command']}` — seeds {first}..{first + len(seeds) - 1}"
        f" ({len(seeds)} page loads, {args.steps} random changes each), {minutes:.1f} min,"
        f" {outcome.reads} normal reads compared (formats: {', '.join(READS)}).",
        "",
        f"**Mismatches: {len(outcome.mismatches)}.**",
        "",
        "| fast path | normal reads it answered |",
        "|---|---|",
        *[f"| {name} | {count} |" for name, count in outcome.answered.most_common()],
        "",
    ]
    for m in outcome.mismatches:
        lines.append(f"- seed {m['seed']} {m['page']} step {m['step']} ({m['change']}),"
                     f" {m['read']}, {m['when']}: answered by {', '.join(m['fast_paths'])}")
    (RESULTS / "differential.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if outcome.mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
