"""The act's kept baseline (fast path ``act_baseline``, models/fast_paths.py): the capture an
act's report was written from stands as the next act's "before" when the page provably did not
change since, so that act resolves and reports against it instead of a new capture.

The extension proves the page unchanged (lib/reuse/act_baseline.js: the answer watch's proof,
the URL, the frames and the click listeners, read before the report's capture and again before
the next act) and names the baseline by a token it made; the host keeps, per tab, that
capture, what the report read in it (page facts) and the element records it built. The
baseline stands only while no other read rebuilt the tab's elements since (any DOM read, a
collection, an act that captured): ``state.elements`` must still be the list it kept. Else
the extension captures, as the exact path always does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from axsnap_host.act.page_facts import PageFacts
from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.state import TabState

MAX_TOKEN_CHARS = 64


@dataclass(slots=True)
class ActBaseline:
    token: str
    capture: RawCapture
    facts: PageFacts
    elements: list[dict[str, Any]]


def keep_baseline(state: TabState, token: str | None, capture: RawCapture, facts: PageFacts,
                  elements: list[dict[str, Any]]) -> None:
    """Keep what an act's report read under ``token`` (none: nothing is kept)."""
    if not token or len(token) > MAX_TOKEN_CHARS or capture.errors:
        state.act_baseline = None
        return
    state.act_baseline = ActBaseline(token=token, capture=capture, facts=facts, elements=elements)


def kept_baseline(state: TabState, token: str | None) -> ActBaseline | None:
    """The baseline kept under ``token``, if it still stands (no read rebuilt the elements)."""
    kept = state.act_baseline
    if not isinstance(kept, ActBaseline) or not token or kept.token != token:
        return None
    if state.elements is not kept.elements:
        state.act_baseline = None
        return None
    return kept
