"""bench/peers: the worker timing loop and the CDP reply reader (no browser)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "peers"))

from worker_common import measure

from peers.cdp import _reply_id, http_base


def test_measure_drops_warmup_and_keeps_last_output() -> None:
    calls = []

    async def take() -> tuple[str, list[int]]:
        calls.append(1)
        return f"output {len(calls)}", [len(calls)]

    result = asyncio.run(measure(take, runs=3, warmup=2, mode="default"))
    assert len(calls) == 5
    assert result["ok"] and len(result["samples_ms"]) == 3
    assert result["text"] == "output 5" and result["backend_ids"] == [5]


def test_measure_reports_the_failure_with_its_reason() -> None:
    async def take() -> tuple[str, None]:
        raise TimeoutError("page did not answer")

    result = asyncio.run(measure(take, runs=3, warmup=1, mode="ai"))
    assert not result["ok"] and result["mode"] == "ai"
    assert result["error"] == "TimeoutError: page did not answer"


def test_reply_id_reads_replies_and_skips_events() -> None:
    assert _reply_id('{"id":12,"result":{"nodes":[]}}') == 12
    assert _reply_id('{"method":"DOM.documentUpdated","params":{}}') is None
    assert _reply_id('{"result":{},"id":7}') == 7


def test_http_base_avoids_localhost() -> None:
    assert http_base("localhost:9222") == "http://127.0.0.1:9222"
    assert http_base("127.0.0.1:1234") == "http://127.0.0.1:1234"
