"""How much prose a page's blocks hold, for its page-type ``Features`` (page_features.py):
its paragraphs, its long blocks and the characters a person reads in them.

A paragraph, a quote or a definition holding a table is no prose (design note 316): a page
written without a doctype is parsed in quirks mode, where a ``<p>`` does not end at a
``<table>``, so an old statistics page's ``<p><table>…`` (Webalizer's monthly report) holds
every figure of its tables in paragraphs. The walker's whole-page tally leaves such blocks out
the same way (``extension/lib/walker/src/tally.js``).
"""

from __future__ import annotations

import re
from typing import Protocol

from axsnap_host.semantic.facts import Node, PageFacts

_CJK = re.compile(r"[\u3000-\u30ff\uff00-\uffef\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_PROSE_TAGS = frozenset({"p", "blockquote", "dd"})
_READ_TAGS = frozenset({"p", "blockquote", "li", "dd", "pre"})


def reading_length(text: str) -> int:
    """Characters, a CJK character counting twice: Chinese and Japanese say in 100
    characters what English says in about 200."""
    return len(text) + len(_CJK.findall(text))


class ProseTally(Protocol):
    """The counts :class:`ProseCounts` adds to (page_features.py Features)."""

    long_blocks: int
    paragraphs: int
    text_chars: int


def table_holders(facts: PageFacts) -> set[int]:
    """The record ids of the paragraphs, quotes and definitions holding a table."""
    held: set[int] = set()
    for node in facts.nodes:
        if node.tag == "table":
            held.update(a.rid for a in facts.ancestors(node) if a.tag in _PROSE_TAGS)
    return held


class ProseCounts:
    """Adds each block's prose to a page's counts, a text repeated (teasers) once."""

    __slots__ = ("_holders", "_seen")

    def __init__(self, facts: PageFacts) -> None:
        self._holders = table_holders(facts)
        self._seen: set[tuple[str, str]] = set()

    def add(self, f: ProseTally, node: Node) -> None:
        tag = node.tag
        if tag not in _READ_TAGS or not node.block or node.rid in self._holders:
            return
        weight = reading_length(node.text)
        if tag in _PROSE_TAGS and weight >= 100:
            if (tag, node.text.strip()) in self._seen:
                weight = 0
            self._seen.add((tag, node.text.strip()))
        if tag in _PROSE_TAGS and weight >= 200:
            f.long_blocks += 1
        if tag == "p" and weight >= 100:
            f.paragraphs += 1
        f.text_chars += weight
