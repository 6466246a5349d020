"""Costs of two text steps every outline and DOM reply takes, each against its baseline in
the same run: cl100k token counting (axsnap's ``count_tokens``, which cuts long text into
pieces, against tiktoken's ``encode_ordinary`` on the whole text) and the reply hash
(RFC 8785 canonical JSON through ``rfc8785``, against ``json.dumps(sort_keys=True)``, which is
faster but not what a JavaScript client computes). Median of ``--runs`` after one warm-up.

    .venv/bin/python bench/bench_text.py
    .venv/bin/python bench/bench_text.py --lines 1000 11000 50000 --runs 7
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from axsnap_host.models.canonical import canonical_json
from axsnap_host.pipeline.tokens import count_tokens, encoder


def median_ms(action: Callable[[], Any], runs: int) -> float:
    action()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples)


def outline_of(lines: int) -> dict[str, Any]:
    """An outline reply's hashed parts, shaped like a generated benchmark page's."""
    tree = "\n".join(f"      [0-{i}] button: Add item {i} to the basket" for i in range(lines))
    xpaths = {f"0-{i}": f"/html/body/main/section[{i // 50 + 1}]/div[{i % 50 + 1}]/button"
              for i in range(lines)}
    frames = [{"ordinal": 0, "status": "captured", "bounds": {"x": 0.5, "y": 1.5e-7}}]
    return {"combinedTree": tree, "combinedXpathMap": xpaths, "combinedUrlMap": {},
            "frames": frames}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, nargs="+", default=[1_000, 11_000, 50_000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    encoder()  # loaded once, outside the timings
    print("| outline lines | text KB | count_tokens | encode_ordinary (whole) "
          "| RFC 8785 hash | json.dumps sorted |")
    print("|--:|--:|--:|--:|--:|--:|")
    for lines in args.lines:
        parts = outline_of(lines)
        text = parts["combinedTree"]
        counted = median_ms(lambda t=text: count_tokens(t), args.runs)
        whole = median_ms(lambda t=text: encoder().encode_ordinary(t), args.runs)
        jcs = median_ms(lambda p=parts: canonical_json(p), args.runs)
        plain = median_ms(lambda p=parts: json.dumps(p, sort_keys=True, separators=(",", ":"),
                                                     ensure_ascii=False), args.runs)
        print(f"| {lines:,} | {len(text) / 1000:.0f} | {counted:.1f} ms | {whole:.1f} ms "
              f"| {jcs:.1f} ms | {plain:.1f} ms |")


if __name__ == "__main__":
    main()
