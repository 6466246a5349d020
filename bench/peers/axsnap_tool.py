"""axsnap's outputs, measured through the real extension and host (``Browser.snapshot_raw``).

Each mode is one request format; modes whose format the host does not accept yet are
reported as "not built yet" instead of being skipped.
"""

from __future__ import annotations

import json
import time
import typing
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AxsnapMode:
    label: str
    options: dict[str, Any]
    window_px: int | None  # None: the whole page; else viewport grown by this much
    kind: str  # "snapshot" or "domtext": which part of the reply is the output


MODES = [
    AxsnapMode("SnapshotV1 (thin)", {"format": "snapshot", "pruned": True}, None, "snapshot"),
    AxsnapMode("DOM text", {"format": "domtext"}, 0, "domtext"),
    AxsnapMode("DOM text +1000px",
                {"format": "domtext", "viewport_expand_px": 1000}, 1000, "domtext"),
    AxsnapMode("hybrid outline", {"format": "outline"}, None, "combinedTree"),
    AxsnapMode("compact outline", {"format": "outline", "compact": True}, None, "combinedTree"),
]


def supported_formats() -> set[str]:
    from axsnap_host.models.options import SnapshotOptions

    return set(typing.get_args(SnapshotOptions.model_fields["format"].annotation))


def output_text(mode: AxsnapMode, reply: dict[str, Any]) -> str:
    """What an agent would read: the SnapshotV1 JSON, the DOM text, or the outline text
    (its id → XPath/URL maps are for the executor, not the model)."""
    result = reply.get("result") or {}
    if mode.kind == "snapshot":
        return json.dumps(result.get("snapshot"), separators=(",", ":"), ensure_ascii=False)
    return str(result.get(mode.kind) or "")


def measure_axsnap(browser: Any, mode: AxsnapMode, runs: int, warmup: int) -> tuple[
        list[float], dict[str, Any]]:
    """Time ``snapshot_raw`` from request to reply; return samples and the last reply."""
    samples: list[float] = []
    reply: dict[str, Any] = {}
    for i in range(warmup + runs):
        started = time.perf_counter()
        reply = browser.snapshot_raw(stabilize={"enabled": False}, **mode.options)
        if i >= warmup:
            samples.append((time.perf_counter() - started) * 1000)
    return samples, reply
