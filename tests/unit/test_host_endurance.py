"""200 requests in a row against one tab, in process: the tab's state stays bounded (delta
bases, index registry), the host keeps nothing of a request once it answered, and the heap
stops growing once the caches are full. tests/e2e/test_host_faults_e2e.py measures the real
host's RSS over the same kind of run in Chromium."""

from __future__ import annotations

import gc
import json
import sys
from typing import Any

from axsnap_host.native.host import Host
from axsnap_host.pipeline.delta.cache import MAX_BYTES, MAX_ENTRIES
from host_harness import FIXTURES

FORMATS: tuple[dict[str, Any], ...] = (
    {"format": "snapshot"},
    {"format": "outline", "compression": "delta"},
    {"format": "domtext", "compression": "delta"},
    {"format": "elements"},
    {"format": "outline", "compact": True, "compression": "delta"},
)
# Measured: the allocated block count moves by ~250 between request 50 and 200 (flat once
# the bases are kept). One request's parsed capture is ~2,000 blocks: with Host.release()
# made a no-op (each request kept), the growth was 325,000.
BLOCK_GROWTH_BOUND = 20_000


def test_200_requests_keep_the_tab_state_and_the_heap_bounded() -> None:
    capture = (FIXTURES / "dom_basic.json").read_text()
    host = Host()
    blocks: dict[int, int] = {}
    deltas = 0
    for i in range(1, 201):
        edited = capture.replace('"Listener div"', f'"Listener div {i % 7}"')  # a page that changes
        text = (f'{{"v": 1, "id": "r{i}", "type": "snapshot", '
                f'"options": {json.dumps(FORMATS[i % len(FORMATS)])}, "capture": {edited}}}')
        [reply] = host.handle_text(text)
        host.release()  # what the host loop does once the reply is sent
        assert reply["ok"] is True, reply
        delta = reply["result"].get("delta")
        deltas += isinstance(delta, dict) and delta.get("applied") is True
        if i in (50, 200):
            gc.collect()
            blocks[i] = sys.getallocatedblocks()
    assert deltas >= 60  # most delta requests were answered with one
    assert len(host.tabs) == 1
    tab = host.tabs.get(1)
    assert len(tab.snapshots) <= MAX_ENTRIES and tab.snapshots.bytes <= MAX_BYTES
    assert 0 < len(tab.dom_registry) <= 26  # the page's elements, not one per request
    assert tab.dom_registry.next_index <= 27  # indices reused, not minted anew each read
    assert not tab.collections
    growth = blocks[200] - blocks[50]
    assert growth <= BLOCK_GROWTH_BOUND, f"{growth} blocks more after 150 more requests"
