"""SnapshotV1's size: cl100k tokens per kept node on the generated pages, window and page.

The same measure as bench_e2e.py's "tokens / kept node" column (the whole SnapshotV1 as
compact JSON, envelope included, over ``quality.nodes_kept``), without the timings: one read
of each scope per page through the real extension and host, so it runs in a minute or two
and its numbers do not depend on the machine's load (the same page gives the same tokens).
Both encodings: the default node objects (the spec's shape) and the row encoding
(``snapshot_encoding="rows"``). Also reports the envelope's share (everything but the
nodes) and where the nodes' tokens go, field by field (a row's cell, a node object's key
and value). Writes bench/results/tokens.md.

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

from axsnap_host.client import Browser  # noqa: E402
from axsnap_host.client.file_server import serve_directory  # noqa: E402
from axsnap_host.models.snapshot import NODE_COLUMNS  # noqa: E402
from axsnap_host.models.snapshot_rows import NODE_KEYS  # noqa: E402
from axsnap_host.pipeline.tokens import count_tokens, encoder  # noqa: E402

RESULTS = BENCH / "results"
SCOPES = {"window": {}, "page": {"scope": "page"}}
ENCODINGS = {"nodes": {}, "rows": {"snapshot_encoding": "rows"}}


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def measure(snapshot: dict[str, Any]) -> dict[str, Any]:
    """Tokens of the whole snapshot, of its envelope, and of each node field summed over
    the nodes (a row's cell as its own JSON text; a node object's ``"key":value``), so the
    commas between are not counted."""
    kept = snapshot["quality"]["nodes_kept"]
    total = count_tokens(compact(snapshot))
    envelope = {**snapshot, "ax_tree": {**snapshot["ax_tree"], "nodes": []}}
    nodes = snapshot["ax_tree"]["nodes"]
    batch = encoder().encode_ordinary_batch
    if "columns" in snapshot["ax_tree"]:
        cells = {name: sum(len(t) for t in batch(
            [compact(r[i]) for r in nodes if len(r) > i])) for i, name in enumerate(NODE_COLUMNS)}
    else:
        cells = {key: sum(len(t) for t in batch(
            [f'"{key}":{compact(n[key])}' for n in nodes if key in n])) for key in NODE_KEYS}
    return {"nodes_kept": kept, "tokens": total, "tokens_per_node": total / max(1, kept),
            "envelope_tokens": count_tokens(compact(envelope)),
            "cells_per_node": {k: v / max(1, kept) for k, v in cells.items() if v},
            "kb": len(compact(snapshot).encode("utf-8")) / 1024}


def render(rows: list[dict[str, Any]]) -> str:
    fields = [f for f in (*NODE_COLUMNS, *NODE_KEYS)
              if any(f in r["cells_per_node"] for r in rows)]
    fields = list(dict.fromkeys(fields))
    head = ("| page | encoding | scope | kept nodes | tokens | tokens / kept node | "
            "envelope tokens | " + " | ".join(f"{c} / node" for c in fields) + " | JSON KB |")
    lines = [head, "|--:|---|---|" + "--:|" * (5 + len(fields))]
    for r in rows:
        cells = " | ".join(f"{r['cells_per_node'][c]:.1f}" if c in r["cells_per_node"] else ""
                           for c in fields)
        lines.append(f"| {r['size']:,} | {r['encoding']} | {r['scope']} | {r['nodes_kept']:,} | "
                     f"{r['tokens']:,} | **{r['tokens_per_node']:.1f}** | "
                     f"{r['envelope_tokens']} | {cells} | {r['kb']:.0f} |")
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
                for encoding, coded in ENCODINGS.items():
                    for scope, extra in SCOPES.items():
                        reply = browser.snapshot_raw(format="snapshot", reuse=False,
                                                     stabilize={"enabled": False},
                                                     **extra, **coded)
                        if SECRET in compact(reply):
                            raise SystemExit(f"secret leaked in {scope} of the {size} page")
                        row = {"size": size, "encoding": encoding, "scope": scope,
                               **measure(reply["result"]["snapshot"])}
                        rows.append(row)
                        print(f"{size:>7} {encoding:<5} {scope:<6} "
                              f"{row['tokens_per_node']:5.1f} tokens/node",
                              file=sys.stderr, flush=True)
    text = ("# SnapshotV1 tokens per kept node (bench/bench_tokens.py)\n\n"
            "cl100k tokens of the whole SnapshotV1 as compact JSON, envelope included, over "
            "`quality.nodes_kept`; the field columns count each row cell's own JSON (rows) "
            "or each node object's `\"key\":value` (nodes, the default encoding).\n\n"
            "    .venv/bin/python bench/bench_tokens.py --sizes 1000 20000\n\n"
            + render(rows) + "\n")
    print(text)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "tokens.md").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
