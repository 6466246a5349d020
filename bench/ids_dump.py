"""Dump the whole-page semantic ids of corpus pages, with how each id is made (issue 31).

Each page is read once, whole (``viewport_only=False``), format "semantic"; for every element
the dump keeps its id, its class as bench/semantic_corpus.py counts it (``named``,
``context_digits``, ``counter``, ``digits``, ``bare``) and its ``relations.alike``.

    .venv/bin/python bench/ids_dump.py OUT.json              # every page with an index.html
    .venv/bin/python bench/ids_dump.py OUT.json --sets 42    # the pages of sets >= 42
    .venv/bin/python bench/ids_dump.py OUT.json --only mlflow-02 goaccess-01
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "corpus"))

from scores import numbered_sets
from semantic_corpus import CORPUS, id_class

from axsnap_host.client import Browser
from axsnap_host.client.file_server import serve_directory


def pages(args: argparse.Namespace) -> list[str]:
    if args.only:
        return list(args.only)
    if args.sets is not None:
        sets = numbered_sets((CORPUS / "SOURCES.md").read_text())
        return [n for k, names in sorted(sets.items()) if k >= args.sets for n in names]
    return sorted(p.name for p in CORPUS.iterdir() if (p / "index.html").is_file())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--sets", type=int)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    out: dict[str, list[list[object]]] = {}
    names = pages(args)
    with serve_directory(CORPUS) as base, Browser() as browser:
        for n, name in enumerate(names):
            try:
                r = browser.snapshot(base + name + "/index.html", format="semantic",
                                     viewport_only=False)
                elements = r.raw["semantic"]["elements"]
                ids = {e["id"] for e in elements}
                out[name] = [[e["id"], id_class(e, ids),
                              e.get("relations", {}).get("alike")] for e in elements]
            except Exception as error:
                out[name] = [["ERR " + str(error)[:100], "error", None]]
            if n % 50 == 0:
                print(n, name, flush=True)
    Path(args.out).write_text(json.dumps(out, indent=0))
    print(len(out), "pages", sum(len(v) for v in out.values()), "ids")


if __name__ == "__main__":
    main()
