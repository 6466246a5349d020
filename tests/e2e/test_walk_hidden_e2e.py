"""Hidden instructions in a whole-page read from the walk (``ax_source="walk"``, issue 33,
design note 71): the walk has no DOMSnapshot styles, so the walker reads the hiding facts of
the rows whose words an instruction needs (src/ax_hiding.js) and the host decides with them
as it decides from a window record's (pipeline/hidden.py). SnapshotV1 and the outline, compact
too, must flag every hidden instruction Chromium's read flags, for the same reasons, and no
text in plain sight.
"""

from __future__ import annotations

from typing import Any

import pytest

from axsnap_host.client import Browser
from axsnap_host.models.snapshot import SnapshotV1

pytestmark = pytest.mark.e2e

FAST = {"stabilize": {"quiet_ms": 100, "max_wait_ms": 2000}, "reuse": False}
FLAG = "[suspicious: hidden_instruction ("
# page → the words of a text in plain sight that reads like an instruction (never flagged)
PAGES = {"semantic_cases/hidden.html": "trick AI assistants",
         "semantic_cases/hidden_unseen.html": "You are now subscribed"}


def flagged(snap: Any) -> dict[str, set[str]]:
    """The flagged nodes' words (the name before its flag) → their reasons."""
    assert isinstance(snap, SnapshotV1)
    return {n.name.split(FLAG)[0].strip(): set(n.suspicious.reasons)
            for n in snap.ax_tree.nodes if n.suspicious}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_walk_flags_the_hidden_instructions_chromium_flags(
        browser: Browser, pages_url: str, page: str) -> None:
    browser.open(pages_url + page)
    chromium = flagged(browser.snapshot(None, scope="page", ax_source="chromium", **FAST))
    walk_snap = browser.snapshot(None, scope="page", ax_source="walk", **FAST)
    assert walk_snap.quality.ax_source == "walk"
    walk = flagged(walk_snap)
    assert len(chromium) >= 4
    assert set(walk) == set(chromium), (walk, chromium)
    for words, reasons in chromium.items():
        assert reasons <= walk[words], (words, reasons, walk[words])
    plain = PAGES[page]
    seen = [n for n in walk_snap.ax_tree.nodes if plain in n.name]
    assert seen and not any(n.suspicious or FLAG in n.name for n in seen)
    for compact in (False, True):
        tree = browser.snapshot(None, format="outline", compact=compact, scope="page",
                                ax_source="walk", **FAST).combinedTree
        assert tree.count(FLAG) == len(chromium), (compact, tree)
        for words in chromium:
            head = words[:30]
            line = next(line for line in tree.splitlines() if head in line)
            assert FLAG in line, (compact, line)
        assert not any(FLAG in line for line in tree.splitlines() if plain in line)
