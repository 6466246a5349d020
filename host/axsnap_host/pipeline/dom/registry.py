"""Stable element indices for the DOM channel, per tab and document.

Rules (issue 3):
- an element keeps its index for as long as it lives: identity is the walker's own id for it
  (``w``: kept in the extension's isolated world for the node's life, with the world's token
  in the key), else its backendNodeId (stable for a node's life in the renderer);
- a re-rendered twin gets the old index back: when an indexed element has died (the walker
  no longer finds it connected, or its backendNodeId is in no DOMSnapshot) and, in the same
  snapshot, a new element with the same signature (tag, role, name, key attributes,
  position among its siblings) appears, the twin inherits the index; several twins with one
  signature pair up in document order;
- anything else new gets the next number; numbers are never recycled within a document:
  a dead element's index is retired for good;
- each update reports ``added`` (listed now, not in the previous listing) and ``removed``
  (listed before, not now — dead, scrolled out or hidden);
- a new document (another main-frame loaderId) starts from 1 again.

An element that is merely out of view or hidden is alive (still connected), so it keeps its
index and gets it back when it is listed again. Elements with neither id (an old capture
whose join failed) are keyed by their XPath instead.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

MAX_TRACKED = 200_000  # bound on remembered elements per document


@dataclass(frozen=True, slots=True)
class Entry:
    """One element to index: identity key and re-render signature."""

    key: str
    signature: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Update:
    indices: list[int]
    added: list[int]
    removed: list[int]


class IndexRegistry:
    """Assigns stable indices; one instance per tab (``TabState.dom_registry``)."""

    def __init__(self) -> None:
        self.document_id: str | None = None
        self.next_index = 1
        self._by_key: dict[str, int] = {}
        self._signature: dict[str, tuple[str, ...]] = {}
        self._listed: list[int] = []

    def __len__(self) -> int:
        """Elements remembered (live ones: the dead are dropped on each update)."""
        return len(self._by_key)

    def reset(self, document_id: str | None) -> None:
        self.document_id = document_id
        self.next_index = 1
        self._by_key.clear()
        self._signature.clear()
        self._listed = []

    def update(self, document_id: str | None, entries: list[Entry], alive: set[str]) -> Update:
        """Index ``entries`` (document order). ``alive`` = keys of every element in the page."""
        if document_id != self.document_id:
            self.reset(document_id)
        dead = [k for k in self._by_key if k not in alive]
        twins: dict[tuple[str, ...], deque[int]] = {}
        for k in sorted(dead, key=self._by_key.__getitem__):
            twins.setdefault(self._signature[k], deque()).append(self._by_key.pop(k))
            del self._signature[k]
        indices: list[int] = []
        used: set[int] = set()
        for entry in entries:
            index = self._by_key.get(entry.key)
            if index is None or index in used:
                queue = twins.get(entry.signature)
                if queue:
                    index = queue.popleft()
                else:
                    index = self.next_index
                    self.next_index += 1
                self._by_key[entry.key] = index
            self._signature[entry.key] = entry.signature
            used.add(index)
            indices.append(index)
        if len(self._by_key) > MAX_TRACKED:
            listed = {e.key for e in entries}
            excess = len(self._by_key) - MAX_TRACKED
            for k in [k for k in self._by_key if k not in listed][:excess]:
                del self._by_key[k]
                self._signature.pop(k, None)
        previous = set(self._listed)
        now = set(indices)
        self._listed = indices
        return Update(indices, sorted(now - previous), sorted(previous - now))
