"""Which registry keys still live after a read (design note 65): the walker runs' ``alive``
ids (elements still connected in their world) and every backendNodeId of a DOMSnapshot.
The index registry (pipeline/dom/elements.py) asks it of each key it holds.
"""

from __future__ import annotations

from axsnap_host.models.capture import RawCapture


class AliveKeys:
    """Registry keys of elements that live: key sets, and the ``b{backendNodeId}`` key of
    every DOMSnapshot node, told by its number (a whole page's 150k+ nodes were each
    spelled out as a string, and copied again into a union, for the registry to look up
    its few thousand keys)."""

    __slots__ = ("_backend", "_keys")

    def __init__(self, keys: tuple[set[str], ...], backend: set[int]) -> None:
        self._keys = keys
        self._backend = backend

    def with_keys(self, more: set[str]) -> AliveKeys:
        return AliveKeys((*self._keys, more), self._backend)

    def __contains__(self, key: object) -> bool:
        for keys in self._keys:
            if key in keys:
                return True
        if type(key) is not str or not key.startswith("b"):
            return False
        digits = key[1:]
        try:
            number = int(digits)
        except ValueError:
            return False
        return str(number) == digits and number in self._backend  # as f"b{number}" spells it


def alive_keys(capture: RawCapture) -> AliveKeys:
    """Registry keys of earlier-listed elements that still live: the walker runs' ``alive``
    ids (still connected in their world) and every backendNodeId of a DOMSnapshot."""
    walker = capture.walker or {}
    alive: set[str] = set()
    for run in (walker, *((sf or {}).get("result") or {} for sf in walker.get("subframes") or [])):
        world = run.get("world")
        if world:
            alive.update(f"w{world}:{i}" for i in run.get("alive") or [])
    backend: set[int] = set()
    for doc in (capture.dom_snapshot or {}).get("documents", []):
        backend.update(doc.get("nodes", {}).get("backendNodeId", []))
    return AliveKeys((alive,), backend)
