"""What a tab keeps between reads, held packed: one ``bytes`` object instead of its objects.

After a whole-page read the host keeps, per tab, DOM text's element records
(``TabState.elements``) and the bases of the next deltas (``SnapshotCache``): ~70 MB of
small Python objects at 100k elements, which keep their pymalloc arenas alive among the
read's freed objects, so the next read starts higher (design note 75). Packed, they are one
buffer of a few MB outside the arenas; the first reader after gets them back.

The packing is ``marshal``, deflated (zlib, level 1: a whole page's records are ~17 MB of
marshal and ~2 MB deflated, in ~80 ms). marshal writes only the exact built-in types (a
subclass is refused with ValueError, so nothing comes back as another type), keeps dicts'
key order, floats' bits and objects shared inside the value, and unpacks to a value equal to
the packed one, type for type. A value it refuses stays as it is (``pack`` returns None).
``PackedRuns`` holds columns (the index registry's signatures and places) packed a run of rows
at a time, for a reader that needs a few rows back (design note 85).
"""

from __future__ import annotations

import marshal
import sys
import zlib
from collections.abc import Iterator
from typing import Any

_VERSION = 4  # references kept: an object shared inside the value stays shared
_LEVEL = 1  # deflate's fastest: the records' text repeats (tags, keys, class names)


class Packed:
    """A value held as marshal's bytes, deflated."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def unpack(self) -> Any:
        return marshal.loads(zlib.decompress(self.data))

    def __len__(self) -> int:
        return len(self.data)


def pack(value: Any) -> Packed | None:
    """``value`` packed, or None when it holds anything but the exact built-in types."""
    try:
        return Packed(zlib.compress(marshal.dumps(value, _VERSION), _LEVEL))
    except (ValueError, TypeError):  # a subclass or an object marshal does not write
        return None


def held_alone(value: Any) -> bool:
    """Whether ``value``'s only reference is its holder's (the attribute it is read from):
    nothing else (an act's baseline, a reply still being written) would keep the objects
    alive beside their packed copy, nor see another object in their place."""
    # the holder's reference, this call's argument and getrefcount's
    return sys.getrefcount(value) <= 3


RUN = 4096  # rows a packed run holds: its marshal text ~1 MB at most, made and let go in turn


class PackedRuns:
    """Columns of one length held packed ``RUN`` rows at a time, read back by row: a reader
    that needs a few rows unpacks the runs that hold them, one at a time, not the whole."""

    __slots__ = ("_count", "_runs")

    def __init__(self, runs: list[Packed], count: int) -> None:
        self._runs = runs
        self._count = count

    @classmethod
    def of(cls, columns: tuple[list[Any], ...]) -> PackedRuns | None:
        """``columns`` packed, or None when they hold anything but the exact built-in types."""
        count = len(columns[0])
        runs: list[Packed] = []
        for start in range(0, count, RUN):
            packed = pack(tuple(column[start:start + RUN] for column in columns))
            if packed is None:
                return None
            runs.append(packed)
        return cls(runs, count)

    def __len__(self) -> int:
        return self._count

    def read(self, rows: list[int]) -> Iterator[tuple[int, tuple[Any, ...]]]:
        """``(row, its values)`` for each of ``rows`` (ascending), each run read back once."""
        run_at = -1
        columns: tuple[list[Any], ...] = ()
        for row in rows:
            if row // RUN != run_at:
                run_at = row // RUN
                columns = self._runs[run_at].unpack()
            offset = row - run_at * RUN
            yield row, tuple(column[offset] for column in columns)
