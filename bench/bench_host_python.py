"""The host's CPU on recorded reads under two Python interpreters, by turns (design note 275).

The checkout's .venv is made by whichever ``python3`` comes first on PATH (scripts/bootstrap.sh).
On this machine that is pyenv's 3.11.7, built without profile-guided optimization and with a
shared libpython; Debian's /usr/bin/python3.11 is built with both optimizations and links
libpython statically. The same host code, the same packages (this .venv's site-packages on
PYTHONPATH for the other interpreter), the same recorded reads:

    nice .venv/bin/python bench/bench_host_python.py --other /usr/bin/python3.11 --turns 3 \\
        /tmp/rec/walker-*/{dom,snap,outline}.jsonl

Each turn runs one fresh process per interpreter (who goes first alternates); a process makes
one untimed read (imports, the tokenizer's first pieces) and prints the fastest of three
(``bench_host_cpu._read_once``: the process's CPU time, frames parsed to reply written to
/dev/null). Prints each read's median per interpreter. Whether the replies are the same:
``bench_host_replies.py --raw`` under each (the other with the PYTHONPATH printed here), ``cmp``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
_READ = ("import json, sys; sys.path.insert(0, {bench!r}); "
         "from bench_host_cpu import _read_once; "
         "from axsnap_host.pipeline.tokens import warm_up; warm_up().join(); "
         "texts = [json.loads(line) for line in open({path!r}, encoding='utf-8')]; "
         "_read_once(texts); print(min(_read_once(texts) for _ in range(3)))")


def other_path() -> str:
    """PYTHONPATH for another interpreter of the same minor version: this .venv's packages
    and the host's source (the .venv finds it through an editable install's .pth file)."""
    return os.pathsep.join([sysconfig.get_paths()["purelib"], str(ROOT / "host")])


def one_read(python: str, path: Path, env: dict[str, str]) -> float:
    code = _READ.format(bench=str(BENCH), path=str(path))
    done = subprocess.run([python, "-c", code], capture_output=True, text=True,
                          env={**os.environ, **env}, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{python} failed on {path}:\n{done.stderr[-2000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reads", nargs="+", type=Path, help="recorded reads (bench_host_cpu split)")
    parser.add_argument("--other", default="/usr/bin/python3.11", help="the other interpreter")
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    sides = {sys.executable: {}, args.other: {"PYTHONPATH": other_path()}}
    print(f"PYTHONPATH for {args.other}: {other_path()}")
    for path in args.reads:
        spent: dict[str, list[float]] = {python: [] for python in sides}
        for turn in range(args.turns):
            order = list(sides) if turn % 2 == 0 else list(reversed(sides))
            for python in order:
                spent[python].append(one_read(python, path, sides[python]))
        for python, times in spent.items():
            print(f"{path} {python}: median {statistics.median(times):.0f} ms CPU "
                  f"(turns {', '.join(f'{t:.0f}' for t in times)})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
