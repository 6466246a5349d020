"""The words that only say where a control sits (a region's word: "sidebar", "footer") are no
name of a field, in the host's element model (pipeline/elements/model.py REGION_ONLY) and in
the walker's tally of labels a page shares (lib/walker/src/field_twins.js rowName), which must
name a field as the host does (design note 185). The walker runs in the page and imports
nothing, so it holds its own copy of the list: this holds the two lists equal."""

from __future__ import annotations

import re
from pathlib import Path

from axsnap_host.pipeline.elements.model import REGION_ONLY

FIELD_TWINS = Path(__file__).resolve().parents[2] / "extension/lib/walker/src/field_twins.js"


def test_the_walker_and_the_host_say_the_same_region_words() -> None:
    source = FIELD_TWINS.read_text("utf-8")
    found = re.search(r"const REGION_ONLY = new Set\(\[(.*?)\]\)", source, re.S)
    assert found, "field_twins.js REGION_ONLY not found"
    walker = set(re.findall(r"'([^']+)'", found.group(1)))
    assert walker == set(REGION_ONLY)
