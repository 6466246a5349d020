"""Benchmark the host side of a snapshot: parse, pipeline stages, reply encoding.

    .venv/bin/python bench/bench_host.py                 # 1k, 5k, 20k, 100k AX nodes
    .venv/bin/python bench/bench_host.py --nodes 30000 --repeat 5

The host parses with json.loads + model validation (measured faster than pydantic's
validate_json on these captures) with the cyclic GC paused, as the host does.

The capture is the recorded login page (tests/fixtures/capture_login.json) scaled up: its
main frame's AX nodes and DOMSnapshot document are copied N times under the same root with
fresh node ids and backend ids, so node shapes and bytes per node are real Chromium output.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from axsnap_host.models.wire import Request, SnapshotRequest
from axsnap_host.native.host import Host, gc_paused
from axsnap_host.native.protocol import frames_for_reply
from axsnap_host.pipeline.run import process
from axsnap_host.pipeline.state import TabState

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "capture_login.json"
BACKEND_STRIDE = 1_000_000


def _scale_ax(nodes: list[dict[str, Any]], copies: int) -> list[dict[str, Any]]:
    root = nodes[0]
    rest = nodes[1:]
    top = list(root.get("childIds") or [])
    out_root = dict(root, childIds=[])
    out: list[dict[str, Any]] = [out_root]
    for k in range(copies):

        def rename(node_id: str, k: int = k) -> str:
            return f"{k}.{node_id}"

        for node in rest:
            copy = dict(node)
            copy["nodeId"] = rename(node["nodeId"])
            copy["childIds"] = [rename(c) for c in node.get("childIds") or ()]
            if node.get("parentId") == root["nodeId"]:
                copy["parentId"] = root["nodeId"]
            elif node.get("parentId"):
                copy["parentId"] = rename(node["parentId"])
            if isinstance(node.get("backendDOMNodeId"), int):
                copy["backendDOMNodeId"] = node["backendDOMNodeId"] + k * BACKEND_STRIDE
            out.append(copy)
        out_root["childIds"].extend(rename(c) for c in top)
    return out


def _scale_document(doc: dict[str, Any], copies: int) -> dict[str, Any]:
    nodes = doc["nodes"]
    layout = doc["layout"]
    count = len(nodes["backendNodeId"])
    new_nodes: dict[str, Any] = {}
    for key, column in nodes.items():
        if isinstance(column, list):
            if key == "backendNodeId":
                new_nodes[key] = [b + k * BACKEND_STRIDE for k in range(copies) for b in column]
            elif key == "parentIndex":
                new_nodes[key] = [p + k * count if p >= 0 else p for k in range(copies)
                                  for p in column]
            else:
                new_nodes[key] = column * copies
        elif isinstance(column, dict):  # rare data: shift the node indexes
            scaled = {"index": [i + k * count for k in range(copies) for i in column["index"]]}
            if "value" in column:
                scaled["value"] = column["value"] * copies
            new_nodes[key] = scaled
    new_layout = dict(layout)
    new_layout["nodeIndex"] = [i + k * count for k in range(copies) for i in layout["nodeIndex"]]
    for key, column in layout.items():
        if key != "nodeIndex" and isinstance(column, list):
            new_layout[key] = column * copies
    return dict(doc, nodes=new_nodes, layout=new_layout)


def synthetic_capture(target_nodes: int) -> dict[str, Any]:
    """The recorded login capture scaled to about ``target_nodes`` AX nodes."""
    base = json.loads(FIXTURE.read_text(encoding="utf-8"))
    main = base["frames"][0]
    per_copy = len(main["axNodes"]) - 1
    copies = max(1, round(target_nodes / per_copy))
    capture = dict(base)
    capture["frames"] = [dict(main, axNodes=_scale_ax(main["axNodes"], copies))]
    snapshot = base["dom_snapshot"]
    capture["dom_snapshot"] = dict(
        snapshot, documents=[_scale_document(snapshot["documents"][0], copies)]
    )
    return capture


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0


def bench(target_nodes: int, repeat: int) -> dict[str, Any]:
    capture = synthetic_capture(target_nodes)
    message = {"v": 1, "id": "bench", "type": "snapshot", "options": {}, "capture": capture}
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    del capture, message
    rows: dict[str, list[float]] = {}
    kept = 0
    for _ in range(repeat):
        with gc_paused():  # as the host handles every message
            kept = _one_round(text, rows)
        host = Host()
        start = time.perf_counter()
        host.handle_text(text)
        rows.setdefault("host_handle_text_ms", []).append(_ms(start))
        host.release()
    return {
        "capture_mb": round(len(text.encode("utf-8")) / 1e6, 2),
        "kept": kept,
        **{name: round(statistics.median(values), 1) for name, values in rows.items()},
    }


def _one_round(text: str, rows: dict[str, list[float]]) -> int:
    """Parse two ways, then run the pipeline pruned and full; returns nodes kept (pruned)."""

    def record(name: str, value: float) -> None:
        rows.setdefault(name, []).append(value)

    start = time.perf_counter()
    _ADAPTER.validate_json(text)
    record("parse_validate_json_ms", _ms(start))
    start, cpu = time.perf_counter(), time.process_time()
    request = SnapshotRequest.model_validate(json.loads(text))
    record("parse_loads_validate_ms", _ms(start))
    record("parse_loads_validate_cpu_ms", (time.process_time() - cpu) * 1000.0)
    record("nodes", sum(len(f.axNodes) for f in request.capture.frames))
    kept = 0
    for pruned in (True, False):
        request.options.pruned = pruned
        result = process(request, TabState(1))
        suffix = "" if pruned else "_full"
        for stage, value in result["timings"].items():
            record(stage + suffix, value)
        start = time.perf_counter()
        reply = {"v": 1, "id": "bench", "ok": True, "type": "result", "result": result}
        frames = frames_for_reply("bench", reply)
        record("encode_reply_ms" + suffix, _ms(start))
        record("reply_frames" + suffix, len(frames))
        if pruned:
            kept = result["stats"]["nodes_kept"]
    return kept


_ADAPTER: TypeAdapter[Any] = TypeAdapter(Request)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, nargs="*", default=[1_000, 5_000, 20_000, 100_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON line per size")
    args = parser.parse_args(argv)
    for target in args.nodes:
        row = bench(target, args.repeat)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"--- ~{target} AX nodes", flush=True)
            for key, value in row.items():
                print(f"  {key:32} {value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
