"""Shared command line and result shape of the peer workers (run in bench/.venv-peers).

A worker measures one page with one tool in one or more modes and writes
``{"results": [{"mode", "ok", "error", "samples_ms", "text", "backend_ids"}]}`` as JSON to
``--out``; the orchestrator (bench/compare.py, project venv) scores it. Stdout is left to
the tools' own logging.
"""

from __future__ import annotations

import argparse
import json
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

# (text, backend node ids of the interactive items or None when the tool gives none)
Measured = tuple[str, list[int] | None]


def parse_args(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cdp", required=True, help="http://127.0.0.1:PORT of the browser")
    parser.add_argument("--target", required=True, help="CDP target id of the tab")
    parser.add_argument("--url", required=True, help="URL loaded in that tab")
    parser.add_argument("--modes", nargs="+", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--viewport", default="1280x757", help="WxH the tab already has")
    return parser.parse_args()


async def measure(take: Callable[[], Awaitable[Measured]], runs: int, warmup: int,
                  mode: str) -> dict[str, Any]:
    """Warm up, then time ``runs`` calls; keep the last output."""
    samples: list[float] = []
    text, ids = "", None
    try:
        for i in range(warmup + runs):
            started = time.perf_counter()
            text, ids = await take()
            elapsed = (time.perf_counter() - started) * 1000
            if i >= warmup:
                samples.append(elapsed)
    except Exception as exc:
        return {"mode": mode, "ok": False, "samples_ms": samples, "text": text,
                "backend_ids": ids,
                "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=6)}
    return {"mode": mode, "ok": True, "error": None, "samples_ms": samples, "text": text,
            "backend_ids": ids}


def write(out: Path, results: list[dict[str, Any]]) -> None:
    out.write_text(json.dumps({"results": results}), encoding="utf-8")
