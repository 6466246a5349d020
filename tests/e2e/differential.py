"""The differential check of issue 26: seeded random changes of every kind applied to pages of
tests/pages/stale/, and after each one every format's normal read compared with the ``exact``
read (every fast path off, models/fast_paths.py) of the same state. A mismatch names the fast
paths that answered the normal read. Used by tests/e2e/test_differential_e2e.py (fixed seeds)
and bench/bench_differential.py (random seeds, minutes).

Every change is synchronous as the reads see it: timers, animations and loads are waited for
(a condition the page answers), so the normal and the exact read read the same page.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from page_waits import wait_in_page

from axsnap_host.client import Browser

# The changes by page (tests/pages/stale/changes.js holds them): window.html has nothing the
# journals are blind to (the fast paths answer), index.html has everything issue 26 found.
WINDOW_KINDS = [
    "attribute", "class-only CSS", "text", "add element", "remove first slide",
    "value by script", "checked by script", "scroll", "resize-like zoom of a box",
    "slot moved", "shadow content", "listener added late", "pushState", "base href",
    "timer", "focus by script", "rule inserted", "dialog", "popover",
]
CUSTOM_KINDS = ["text", "card label", "card content", "define", "define with internals",
                "internals aria"]
PAGES: dict[str, list[str]] = {
    "stale/window.html": WINDOW_KINDS,  # with a :has() rule
    "stale/window.html?plain": WINDOW_KINDS,  # without
    "stale/index.html": [
        "animation fill forwards", "custom state", "slot assign", "popover in shadow",
        "custom validity", "define", "closed root", "rule edited in place", "muted",
        "frame text", "value by script",
    ],
    # custom elements: with no ElementInternals (the fast paths stand), and with them
    "stale/custom.html": CUSTOM_KINDS,
    "stale/custom.html?internals": CUSTOM_KINDS,
}
READS: dict[str, dict[str, Any]] = {
    "domtext": {"format": "domtext"},
    "snapshot": {"format": "snapshot"},
    "outline": {"format": "outline"},
    # from the walk (the default source, design note 68): its fast paths are the walker's
    # (the kept world, the id cache), the row nodes' ids taken anew each read
    "snapshot page": {"format": "snapshot", "scope": "page"},
    # from Chromium's tree: the AX cache, the stream's bases and early tree
    "snapshot page, chromium": {"format": "snapshot", "scope": "page", "ax_source": "chromium"},
    # cached answers off: the AX window's cached tree and the AX cache answer the unchanged read
    "snapshot, reuse false": {"format": "snapshot", "reuse": False},
    "snapshot page, reuse false": {"format": "snapshot", "scope": "page", "reuse": False},
    "snapshot page, chromium, reuse false": {"format": "snapshot", "scope": "page",
                                             "ax_source": "chromium", "reuse": False},
}


def content(reply: dict[str, Any]) -> Any:
    """What a read says of the page: without ids, times, sizes and how it was read."""
    result = json.loads(json.dumps(reply["result"]))
    for key in ("timings", "snapshot_id", "trace_id", "size", "indices", "stats"):
        result.pop(key, None)
    snapshot = result.get("snapshot")
    if snapshot:
        for key in ("snapshot_id", "ts", "trace_id", "stabilization", "timings"):
            snapshot.pop(key, None)
        snapshot.get("quality", {}).pop("ax_source", None)
    return result


def answered(reply: dict[str, Any]) -> list[str]:
    """The fast paths (models/fast_paths.py names) that answered a normal read."""
    t = reply.get("timings", {})
    steps = t.get("capture_steps") or {}
    result = reply.get("result", {})
    stats = result.get("stats") or {}
    quality = (result.get("snapshot") or {}).get("quality") or {}
    stream = stats.get("ax_stream") or {}
    # the timings and capture_steps keys are the wire's (timings.kept_answer, ax_kept_frames,
    # walker_kept_world...); the names they map to are the registry's
    found = {
        "answer_cache": t.get("kept_answer") is not None,
        # a small document's whole tree (ax_kept_frames), a bigger one's window nodes
        "ax_window_cache": any(t.get(k) or steps.get(k)
                               for k in ("ax_kept_frames", "ax_kept_nodes")),
        "ax_cache": str(quality.get("ax_source") or "").startswith("cache"),
        "ax_stream_base": bool(stream.get("delta")),
        "early_tree": "early_ms" in stream,
        "dom_snapshot_base": bool(t.get("dom_snapshot_columns_reused")
                                  or t.get("dom_snapshot_strings_reused")),
        "walker_world_cache": bool(t.get("walker_kept_world") or steps.get("walker_kept_world")),
        "walker_id_cache": bool(t.get("walker_ids_cached") or steps.get("walker_ids_cached")),
    }
    return sorted(name for name, yes in found.items() if yes)


@dataclass
class Outcome:
    reads: int = 0
    answered: Counter[str] = field(default_factory=Counter)
    mismatches: list[dict[str, Any]] = field(default_factory=list)


def run_seed(browser: Browser, pages_url: str, seed: int, steps: int,
             outcome: Outcome, reads: dict[str, dict[str, Any]] = READS) -> None:
    """One seed: a page, then ``steps`` random changes, each followed by every format's normal
    and exact reads of the same state."""
    rng = random.Random(seed)
    page = rng.choice(sorted(PAGES))
    browser.open(pages_url + page)
    wait_in_page(browser, "document.readyState === 'complete' && window.__change")
    for options in reads.values():  # every fast path holds this state
        browser.snapshot_raw(**options)
    for step in range(steps):
        kind = rng.choice(PAGES[page])
        browser.driver.execute_script("window.__change(arguments[0], arguments[1], arguments[2])",
                                      page.rsplit("/", 1)[1], kind, rng.random())
        wait_in_page(browser, "window.__changeDone()")
        for name, options in reads.items():
            # the read after the change, the exact one, and a read of the page unchanged since
            # (the one the cached answer and the kept trees answer)
            normal = browser.snapshot_raw(**options)
            exact = content(browser.snapshot_raw(exact=True, **options))
            again = browser.snapshot_raw(**options)
            for when, reply in (("after the change", normal), ("unchanged since", again)):
                outcome.reads += 1
                paths = answered(reply)
                outcome.answered.update(paths)
                if content(reply) != exact:
                    outcome.mismatches.append({
                        "seed": seed, "page": page, "step": step, "change": kind, "read": name,
                        "when": when, "fast_paths": paths})
