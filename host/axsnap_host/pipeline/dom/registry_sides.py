"""The index registry's signatures and places, held packed a run of keys at a time.

A registry (registry.py) keeps, per element key, its index and two facts only an update that
finds the element dead reads: its signature (for a re-rendered twin) and its place (the same
control at the same XPath). At 100k elements those facts are ~80 % of the tables' objects
(32k listed on the generated 100k page: 18 MB of tuples beside 4 MB of keys and indices).
Between reads they are held here, packed (kept_pack.py) in runs of ``RUN`` keys in the order
of the registry's keys when packed, so that an update reads back the facts of the keys it
needs them for (the dead ones, and the live ones no entry of the update writes again) and no
others: a whole-page re-read of an unchanged page reads back none (design note 85).

Not a fast path: the same facts, held as bytes; what is read back is equal, type for type.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from axsnap_host.pipeline.kept_pack import Packed, pack

RUN = 4096  # keys a packed run holds: its marshal text ~1 MB at most, made and let go in turn

Facts = tuple[tuple[str, ...], tuple[str, ...]]  # (signature, place); place () when none


class PackedSides:
    """The (signature, place) of each key of one key order, packed ``RUN`` keys at a time."""

    __slots__ = ("_count", "_runs")

    def __init__(self, runs: list[Packed], count: int) -> None:
        self._runs = runs
        self._count = count

    @classmethod
    def of(cls, keys: Sequence[str], signature: dict[str, tuple[str, ...]],
           place: dict[str, tuple[str, ...]]) -> PackedSides | None:
        """The facts of ``keys`` (every one has a signature), or None when a fact is not of
        the exact built-in types marshal writes (the tables then stay as they are)."""
        runs: list[Packed] = []
        for start in range(0, len(keys), RUN):
            part = keys[start:start + RUN]
            packed = pack(([signature[k] for k in part], [place.get(k, ()) for k in part]))
            if packed is None:
                return None
            runs.append(packed)
        return cls(runs, len(keys))

    def __len__(self) -> int:
        return self._count

    def packed_bytes(self) -> int:
        return sum(len(run) for run in self._runs)

    def read(self, positions: Sequence[int]) -> Iterator[tuple[int, Facts]]:
        """``(position, (signature, place))`` of each of ``positions`` (ascending), each run
        read back once and let go before the next."""
        run_at = -1
        signatures: list[tuple[str, ...]] = []
        places: list[tuple[str, ...]] = []
        for position in positions:
            if position // RUN != run_at:
                run_at = position // RUN
                signatures, places = self._runs[run_at].unpack()
            offset = position - run_at * RUN
            yield position, (signatures[offset], places[offset])
