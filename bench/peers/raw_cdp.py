"""The raw CDP accessibility tree: ``Accessibility.getFullAXTree`` for every frame.

The ceiling of what the browser knows, unfiltered. Timed from the first command to the
parsed reply of the last frame, over one websocket already open on the tab's target.
"""

from __future__ import annotations

import json
import time
from typing import Any

from peers.cdp import CdpSession
from reference.collect import frame_ids


def take_full_ax_tree(cdp: CdpSession) -> tuple[str, list[dict[str, Any]]]:
    """Return (the output text: one compact JSON document, the AX nodes of all frames)."""
    frames = frame_ids(cdp.send("Page.getFrameTree")["frameTree"])
    texts: list[str] = []
    nodes: list[dict[str, Any]] = []
    for frame_id in frames:
        text = cdp.send_raw("Accessibility.getFullAXTree", {"frameId": frame_id})
        nodes.extend(json.loads(text)["result"]["nodes"])
        texts.append(text)
    return "[" + ",".join(texts) + "]", nodes


def measure_raw_cdp(cdp: CdpSession, runs: int, warmup: int) -> tuple[
        list[float], str, list[dict[str, Any]]]:
    samples: list[float] = []
    text, nodes = "", []
    for i in range(warmup + runs):
        started = time.perf_counter()
        text, nodes = take_full_ax_tree(cdp)
        if i >= warmup:
            samples.append((time.perf_counter() - started) * 1000)
    return samples, text, nodes
