"""SnapshotV1's size: cl100k tokens per kept node on the generated pages, window and page.

The same measure as bench_e2e.py's "tokens / kept node" column (the whole SnapshotV1 as
compact JSON, envelope included, over ``quality.nodes_kept``), without the timings: one read
of each scope per page through the real extension and host, so it runs in a minute or two
and its numbers do not depend on the machine's load (the same page gives the same tokens).
Also reports the envelope's share (everything but the node rows) and where the rows'
tokens go, cell by cell. Writes bench/results/tokens.md.

    .venv/bin/python bench/bench_tokens.py                          # 1k, 20k, 100k
    .venv/bin/python bench/bench_tokens.py --sizes 1000 20000
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH / "pages"))

from generate import SECRET, write_pages  # noqa: E402

from axsnap_host.browser import Browser  # noqa: E402
from axsnap_host.models.snapshot import NODE_COLUMNS  # noqa: E402
from axsnap_host.pipeline.tokens import count_tokens, encoder  # noqa: E402
from axsnap_host.serve import serve_directory  # noqa: E402

RESULTS = BENCH / "results"
SCOPES = {"SnapshotV1": {}, "SnapshotV1 page": {"scope": "page"}}


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def measure(snapshot: dict[str, Any]) -> dict[str, Any]:
    """Tokens of the whole snapshot, of its envelope, and of each row cell (summed over
    rows; a cell's tokens counted as its own JSON text, so the commas between are not)."""
    kept = snapshot["quality"]["nodes_kept"]
    total = count_tokens(compact(snapshot))
    envelope = {**snapshot, "ax_tree": {**snapshot["ax_tree"], "nodes": []}}
    rows = snapshot["ax_tree"]["nodes"]
    cells = {name: sum(len(t) for t in encoder().encode_ordinary_batch(
        [compact(r[i]) for r in rows if len(r) > i])) for i, name in enumerate(NODE_COLUMNS)}
    return {"nodes_kept": kept, "tokens": total, "tokens_per_node": total / max(1, kept),
            "envelope_tokens": count_tokens(compact(envelope)),
            "cells_per_node": {k: v / max(1, kept) for k, v in cells.items()},
            "kb": len(compact(snapshot).encode("utf-8")) / 1024}


def render(rows: list[dict[str, Any]]) -> str:
    head = ("| page | mode | kept nodes | tokens | tokens / kept node | envelope tokens | "
            + " | ".join(f"{c} / node" for c in NODE_COLUMNS) + " | JSON KB |")
    lines = [head, "|--:|---|" + "--:|" * (5 + len(NODE_COLUMNS))]
    for r in rows:
        cells = " | ".join(f"{r['cells_per_node'][c]:.1f}" for c in NODE_COLUMNS)
        lines.append(f"| {r['size']:,} | {r['mode']} | {r['nodes_kept']:,} | {r['tokens']:,} | "
                     f"**{r['tokens_per_node']:.1f}** | {r['envelope_tokens']} | {cells} | "
                     f"{r['kb']:.0f} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 20000, 100000])
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        pages = write_pages(Path(tmp), args.sizes)
        with serve_directory(Path(tmp)) as base, Browser(timeout_s=900) as browser:
            for size, path in pages.items():
                browser.open(base + path.name)
                for mode, extra in SCOPES.items():
                    reply = browser.snapshot_raw(format="snapshot",
                                                 stabilize={"enabled": False}, **extra)
                    if SECRET in compact(reply):
                        raise SystemExit(f"secret leaked in {mode} of the {size} page")
                    row = {"size": size, "mode": mode, **measure(reply["result"]["snapshot"])}
                    rows.append(row)
                    print(f"{size:>7} {mode:<16} {row['tokens_per_node']:5.1f} tokens/node",
                          file=sys.stderr, flush=True)
    text = ("# SnapshotV1 tokens per kept node (bench/bench_tokens.py)\n\n"
            "cl100k tokens of the whole SnapshotV1 as compact JSON, envelope included, over "
            "`quality.nodes_kept`; the cell columns count each row cell's own JSON.\n\n"
            + render(rows) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tokens.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
