"""Page-type accuracy of format "semantic" on the labelled set, through the real extension.

Loads every page of tests/pages/semantic/labels.json from 127.0.0.1 in one Debian Chromium
with the unpacked extension and the registered host, asks for format "semantic", and
compares the page type with the label. Writes the confusion matrix (rows: label, columns:
predicted) and the misses to bench/results/semantic_accuracy.md.

    .venv/bin/python bench/semantic_accuracy.py
    .venv/bin/python bench/semantic_accuracy.py --pages DIR   # another labelled set
    .venv/bin/python bench/semantic_accuracy.py --corpus      # the real-page corpus
                                                              # (bench/semantic_corpus.py)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from semantic_corpus import confusion_markdown
from semantic_corpus import main as corpus_main

from axsnap_host.client import Browser, PageResult
from axsnap_host.client.file_server import serve_directory

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "tests" / "pages" / "semantic"
RESULTS = Path(__file__).parent / "results"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=Path, default=PAGES)
    parser.add_argument("--out", type=Path, default=RESULTS / "semantic_accuracy.md")
    parser.add_argument("--corpus", action="store_true",
                        help="the real-page corpus instead: bench/semantic_corpus.py's report")
    args = parser.parse_args()
    if args.corpus:
        sys.argv = [sys.argv[0]]
        return corpus_main()
    labels: dict[str, str] = json.loads((args.pages / "labels.json").read_text("utf-8"))
    pairs: list[tuple[str, str]] = []
    misses: list[str] = []
    started = time.perf_counter()
    with serve_directory(args.pages) as base, Browser() as browser:
        for name, label in labels.items():
            result = browser.snapshot(base + name, format="semantic",
                                      stabilize={"quiet_ms": 100, "max_wait_ms": 3000})
            assert isinstance(result, PageResult)
            got = result.type
            pairs.append((label, got))
            if got != label:
                top = sorted(result.page["scores"].items(), key=lambda kv: -kv[1])[:3]
                misses.append(f"- {name}: {label} → {got} (scores: "
                              + ", ".join(f"{k} {v:.2f}" for k, v in top) + ")")
            print(f"{name}: {label} → {got}", file=sys.stderr)
    right = sum(1 for label, got in pairs if label == got)
    accuracy = right / len(pairs) if pairs else 0.0
    report = [
        f"# Page-type accuracy: {right}/{len(pairs)} = {accuracy:.1%}",
        "",
        f"Run {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, "
        f"{time.perf_counter() - started:.0f} s, `.venv/bin/python bench/semantic_accuracy.py` "
        f"(format semantic through the extension, default options: the first screen).",
        "",
        confusion_markdown(pairs),
        "",
        "Misses:" if misses else "No misses.",
        *misses,
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(report), encoding="utf-8")
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
