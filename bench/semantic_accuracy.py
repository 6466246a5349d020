"""Page-type accuracy of format "semantic" on the labelled set, through the real extension.

Loads every page of tests/pages/semantic/labels.json from 127.0.0.1 in one Debian Chromium
with the unpacked extension and the registered host, asks for format "semantic", and
compares the page type with the label. Writes the confusion matrix (rows: label, columns:
predicted) and the misses to bench/results/semantic_accuracy.md.

    .venv/bin/python bench/semantic_accuracy.py
    .venv/bin/python bench/semantic_accuracy.py --pages DIR   # another labelled set
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from axsnap_host.client import Browser, PageResult
from axsnap_host.client.file_server import serve_directory
from axsnap_host.semantic.classify import PAGE_TYPES

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "tests" / "pages" / "semantic"
RESULTS = Path(__file__).parent / "results"
TYPES = (*PAGE_TYPES, "unknown")


def confusion_markdown(pairs: list[tuple[str, str]]) -> str:
    """The confusion matrix of (label, predicted) pairs as a Markdown table."""
    counts = Counter(pairs)
    used = [t for t in TYPES if any(t in pair for pair in pairs)]
    short = {t: t.replace("search_", "s_").replace("email_", "e_") for t in used}
    lines = ["| label \\ predicted | " + " | ".join(short[t] for t in used) + " |",
             "|---|" + "--:|" * len(used)]
    for label in used:
        cells = [str(counts.get((label, p), "")) or "·" for p in used]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=Path, default=PAGES)
    parser.add_argument("--out", type=Path, default=RESULTS / "semantic_accuracy.md")
    args = parser.parse_args()
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
