"""The bases of later deltas: each tab's last snapshots, per channel and options.

One cache per tab (it lives in TabState, so ``forget_tab`` drops it). Entries are keyed by
channel (``ax`` for the outline, ``dom`` for DOM text) and by the options that shape the
output, so an AX and a DOM snapshot, or two option sets, never stand for one another.
The cache is bounded in entries and in (approximate) bytes; the least recently used entry
goes first, and a snapshot larger than the whole bound is not kept.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from axsnap_host.pipeline.delta.diff import LineInfo, Snapshot
from axsnap_host.pipeline.kept_pack import Packed, pack

MAX_ENTRIES = 6
MAX_BYTES = 24 * 1024 * 1024
# Options that change what an outline says (not how it is captured or sent).
OUTLINE_SHAPE_OPTIONS = ("pruned", "redact", "focus", "compact", "filter", "depth", "max_tokens")


def options_key(channel: str, options: Any, names: tuple[str, ...] = OUTLINE_SHAPE_OPTIONS) -> str:
    """A stable key of the channel and the output-shaping options."""
    values = {name: getattr(options, name) for name in names}
    return channel + ":" + json.dumps(values, sort_keys=True, default=str)


@dataclass
class Entry:
    url: str
    snapshot: Snapshot | Packed  # packed between reads (pack)
    size: int  # the snapshot's approx_bytes when it was put


def _packed(snapshot: Snapshot) -> Packed | None:
    """The snapshot as one buffer (kept_pack.py); its line infos as plain tuples (DOM
    text's: None, made when read)."""
    info = None if snapshot.info is None else [tuple(line) for line in snapshot.info]
    return pack((snapshot.snapshot_id, snapshot.hash, snapshot.parts, snapshot.lines, info))


def _unpacked(packed: Packed) -> Snapshot:
    snapshot_id, digest, parts, lines, info = packed.unpack()
    return Snapshot(snapshot_id, digest, parts, lines,
                    None if info is None else [LineInfo._make(i) for i in info])


@dataclass
class Lookup:
    """The base for a delta, or why there is none (``url_changed``, ``options_changed``,
    ``no_base``)."""

    base: Snapshot | None
    reason: str | None


class SnapshotCache:
    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self.max_entries = max_entries
        self.max_bytes = max_bytes

    def find(self, key: str, url: str) -> Lookup:
        entry = self._entries.get(key)
        if entry is not None and entry.url == url:
            base = entry.snapshot
            return Lookup(_unpacked(base) if isinstance(base, Packed) else base, None)
        channel = key.split(":", 1)[0] + ":"
        same_channel = [e for k, e in self._entries.items() if k.startswith(channel)]
        if entry is not None or (same_channel and all(e.url != url for e in same_channel)):
            return Lookup(None, "url_changed")
        if same_channel:
            return Lookup(None, "options_changed")
        return Lookup(None, "no_base")

    def put(self, key: str, url: str, snapshot: Snapshot) -> bool:
        """Keep ``snapshot`` as the base for ``key``; False when it is too large to keep."""
        self._entries.pop(key, None)
        size = snapshot.approx_bytes()
        if size > self.max_bytes:
            return False
        self._entries[key] = Entry(url, snapshot, size)
        while len(self._entries) > self.max_entries or self.bytes > self.max_bytes:
            self._entries.popitem(last=False)
        return True

    def pack(self) -> None:
        """Hold every base packed until a delta reads it (kept_pack.py); a base marshal
        refuses stays as it is."""
        for entry in self._entries.values():
            if isinstance(entry.snapshot, Snapshot):
                entry.snapshot = _packed(entry.snapshot) or entry.snapshot

    @property
    def bytes(self) -> int:
        return sum(entry.size for entry in self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def keys(self) -> list[str]:
        return list(self._entries)
