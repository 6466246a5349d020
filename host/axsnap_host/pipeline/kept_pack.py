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
"""

from __future__ import annotations

import marshal
import sys
import zlib
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
