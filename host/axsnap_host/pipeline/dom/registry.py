"""Stable element indices for the DOM channel, per tab and document.

Rules (issue 3):
- an element keeps its index for as long as it lives: identity is the walker's own id for it
  (``w``: kept in the extension's isolated world for the node's life, with the world's token
  in the key), else its backendNodeId (stable for a node's life in the renderer);
- a re-rendered twin gets the old index back: when an indexed element has died (the walker
  no longer finds it connected, or its backendNodeId is in no DOMSnapshot) and, in the same
  snapshot, a new element with the same signature (tag, role, name, key attributes,
  position among its siblings, the short text of its parent) appears, the twin inherits the
  index; several twins with one signature pair up in document order. Failing that, a new
  element at the dead one's place (same tag, role, name, key attributes and XPath: the same
  control where it was, only the text around it changed, a row's status) inherits it;
- twins are looked for among every interactive element of the snapshot, listed or not: a
  link re-rendered while a modal covers it (present, not listed) keeps its index, and has it
  when the modal closes (issue 32: an unchanged link went [9] → [72] → [110]);
- anything else new gets the next number; numbers are never recycled within a document:
  a dead element's index is retired for good;
- each update reports ``added`` (listed now, not in the previous listing) and ``removed``
  (listed before, not now — dead, scrolled out or hidden);
- a new document (another main-frame loaderId) starts from 1 again.

An element that is merely out of view or hidden is alive (still connected), so it keeps its
index and gets it back when it is listed again. Elements with neither id (an old capture
whose join failed) are keyed by their XPath instead.

Between reads after a big one the tables are held packed (:meth:`IndexRegistry.pack`,
kept_pack.py; design note 82): at 100k elements they are ~200k small objects made during
the read among its temporaries, which kept ~190 of pymalloc's 1 MiB arenas from emptying,
so the next read started ~170 MB higher. The next update reads the keys and indices back,
equal, and of the signatures and places (kept_pack.PackedRuns, in runs of keys; design
note 85) only those of the keys that died and of the live keys none of its entries writes
again. A big update (``PACKED_FROM`` entries) packs its tables at its end when its read has
formats to make after it (they do not hold them: note 85), else between messages
(``pack_due``, Host.release: out of the read's time, note 341).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import NamedTuple

from axsnap_host.pipeline.dom.walker_merge import Joined
from axsnap_host.pipeline.kept_pack import Packed, PackedRuns, pack

MAX_TRACKED = 200_000  # bound on remembered elements per document
# an update of this many entries packs its tables at once (keys and indices as one buffer,
# signatures and places in runs): the rest of a big read does not hold them (design note 85)
PACKED_FROM = 4096


class Entry(NamedTuple):
    """One element to index: identity key and re-render signature. (A named tuple: made for
    every listed element, a frozen dataclass's ``__init__`` set each field through
    ``object.__setattr__``, note 341.)"""

    key: str
    signature: tuple[str, ...]
    place: tuple[str, ...] = ()  # the control and its XPath: where it is, not what is near
    listed: bool = True  # False: present in the page (covered, clipped), not in the listing


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
        self._place: dict[str, tuple[str, ...]] = {}
        self._listed: list[int] = []
        self._packed: Packed | None = None  # keys and listed indices, between reads (pack)
        self._packed_len = 0
        # between reads: the signatures and places of ``_by_key``'s keys in its order (the
        # two dicts are then empty); read back in part by the next update
        self._sides: PackedRuns | None = None
        # a big update left its tables to pack between messages (TabStates.pack_due)
        self.pack_due = False

    def __len__(self) -> int:
        """Elements remembered (live ones: the dead are dropped on each update)."""
        return self._packed_len if self._packed is not None else len(self._by_key)

    def pack(self) -> None:
        """Hold the tables as packed buffers (kept_pack.py) until the next update or question
        reads them back; called between messages (TabState.pack_kept)."""
        self.pack_due = False
        if not self._pack_sides():  # (keys, signatures and places are exact str, int, tuple)
            return
        if self._packed is None and self._by_key:
            packed = pack((self._by_key, self._listed))
            if packed is not None:
                self._packed, self._packed_len = packed, len(self._by_key)
                self._by_key, self._listed = {}, []

    def _pack_sides(self) -> bool:
        """Whether the signatures and places are held packed (or there are none)."""
        if self._sides is None and self._by_key:
            keys = list(self._by_key)  # every key has a signature; a place, not always
            sides = PackedRuns.of(([self._signature[k] for k in keys],
                                   [self._place.get(k, ()) for k in keys]))
            if sides is None:
                return False
            self._sides, self._signature, self._place = sides, {}, {}
        return True

    def _unpack_keys(self) -> None:
        if self._packed is not None:
            self._by_key, self._listed = self._packed.unpack()
            self._packed = None

    def _unpack(self) -> None:
        """Every table back as objects."""
        self._unpack_keys()
        self._read_sides_back(lambda _: True)

    def _read_sides_back(self, wanted: Callable[[str], bool]) -> None:
        """The packed signatures and places of the keys ``wanted`` says, back in the two
        dicts; the others' are let go (their keys' entries write new ones)."""
        sides, self._sides = self._sides, None
        if sides is None:
            return
        at = {n: k for n, k in enumerate(self._by_key) if wanted(k)}  # position → key
        for n, (signature, place) in sides.read(list(at)):
            key = at[n]
            self._signature[key] = signature
            if place:
                self._place[key] = place

    def reset(self, document_id: str | None) -> None:
        self.document_id = document_id
        self.next_index = 1
        self._packed = None
        self._sides = None
        self._by_key.clear()
        self._signature.clear()
        self._place.clear()
        self._listed = []

    def relist(self, indices: list[int]) -> None:
        """Take ``indices`` as the last listing (the next update's ``added`` and ``removed``
        are counted from it): an act's report on a kept baseline a DOM read stood across
        (act/baseline.py elements_before_act) compares with the baseline's listing."""
        self._unpack_keys()
        self._listed = list(indices)

    def dying(self, document_id: str | None, alive: Container[str]) -> bool:
        """Whether an indexed element of this document is gone from the page (its twin, if
        the page re-rendered it, may be present but unlisted: worth looking for)."""
        if document_id != self.document_id:
            return False
        self._unpack_keys()
        return any(k not in alive for k in self._by_key)

    def update(self, document_id: str | None, entries: list[Entry],
               alive: Container[str], pack_later: bool = False) -> Update:
        """Index ``entries`` (document order, listed and unlisted ones). ``alive`` = keys of
        every element in the page. The indices returned are the listed entries'.
        ``pack_later``: a big update's tables are packed between messages (``pack_due``),
        not at its end: nothing else of its read is made after it."""
        if document_id != self.document_id:
            self.reset(document_id)
        self._unpack_keys()
        dead = {k for k in self._by_key if k not in alive}
        if self._sides is not None:  # the facts of the dead, and of the live no entry rewrites
            written = {e.key for e in entries}
            self._read_sides_back(lambda k: k in dead or k not in written)
        twins: dict[tuple[str, ...], deque[int]] = {}
        places: dict[tuple[str, ...], deque[int]] = {}
        for k in sorted(dead, key=self._by_key.__getitem__):
            index = self._by_key.pop(k)
            _queue(twins, self._signature.pop(k)).append(index)
            if place := self._place.pop(k, ()):
                _queue(places, place).append(index)
        given: dict[int, int] = {}  # position in entries → index
        used: set[int] = set()
        pending: list[int] = []
        for n, entry in enumerate(entries):
            known = self._by_key.get(entry.key)
            if known is None or known in used:
                pending.append(n)
            else:
                given[n] = known
                used.add(known)
        for table, fact in ((twins, "signature"), (places, "place")):
            if not table:
                continue  # nothing died: no index to claim (a first read)
            left: list[int] = []
            for n in pending:
                claimed = _take(table.get(getattr(entries[n], fact)), used)
                if claimed is None:
                    left.append(n)
                else:
                    given[n] = claimed
                    used.add(claimed)
            pending = left
        for n in pending:
            if entries[n].listed:  # an unlisted one only claims an index, it takes none
                given[n] = self.next_index
                self.next_index += 1
        for n, entry in enumerate(entries):
            if n not in given:
                continue
            self._by_key[entry.key] = given[n]
            self._signature[entry.key] = entry.signature
            if entry.place:
                self._place[entry.key] = entry.place
        indices = [given[n] for n, entry in enumerate(entries) if entry.listed]
        if len(self._by_key) > MAX_TRACKED:
            listed = {e.key for e in entries}
            excess = len(self._by_key) - MAX_TRACKED
            for k in [k for k in self._by_key if k not in listed][:excess]:
                del self._by_key[k]
                self._signature.pop(k, None)
                self._place.pop(k, None)
        previous = set(self._listed)
        now = set(indices)
        self._listed = indices
        if len(entries) >= PACKED_FROM:  # not held as objects through the rest of the read
            if pack_later:
                self.pack_due = True
            else:
                self.pack()
        return Update(indices, sorted(now - previous), sorted(previous - now))


def _queue(table: dict[tuple[str, ...], deque[int]], fact: tuple[str, ...]) -> deque[int]:
    """``table``'s queue for ``fact``, made the first time (setdefault made one a call)."""
    queue = table.get(fact)
    if queue is None:
        queue = table[fact] = deque()
    return queue


def _take(queue: deque[int] | None, used: set[int]) -> int | None:
    """The first index of ``queue`` no element of this update holds yet."""
    while queue:
        index = queue.popleft()
        if index not in used:
            return index
    return None


# -- entries, from the walker's joined records ---------------------------------------

SIGNATURE_ATTRS = ("id", "name", "type", "href", "placeholder", "aria-label", "data-testid")


def entry_key(j: Joined) -> str:
    """Registry identity: the walker's stable id, else the backendNodeId, else the XPath."""
    identity = j.identity  # (spelled out when asked: asked once)
    if identity is not None:
        return identity
    return f"b{j.backend_node_id}" if j.backend_node_id is not None else f"x{j.xpath}"


def entry_keys(joined: list[Joined]) -> set[str]:
    """:func:`entry_key` of every record, spelled in one loop (no two calls a record)."""
    keys: set[str] = set()
    add = keys.add
    for j in joined:
        wid = j.rec.get("w")
        if isinstance(wid, int) and j.world:
            add(f"w{j.world}:{wid}")
        elif j.backend_node_id is not None:
            add(f"b{j.backend_node_id}")
        else:
            add(f"x{j.xpath}")
    return keys


def registry_entry(j: Joined, role: str, name: str, listed: bool = True) -> Entry:
    """The element's key, its signature (tag, role, name, key attributes, its step among its
    siblings, the short text of its parent) and its place (the same control at the same
    XPath, whatever the text around it says)."""
    rec = j.rec
    attrs = rec.get("a") or {}
    get = attrs.get  # SIGNATURE_ATTRS, spelled out (no list made and spread an element)
    facts = (j.tag, role, name, str(get("id", "")), str(get("name", "")), str(get("type", "")),
             str(get("href", "")), str(get("placeholder", "")), str(get("aria-label", "")),
             str(get("data-testid", "")))
    parent = rec.get("p", -1)
    signature = (*facts, str(rec.get("s", "")), str(parent >= 0), str(rec.get("ptx", "")))
    wid = rec.get("w")  # entry_key, inline
    if isinstance(wid, int) and j.world:
        key = f"w{j.world}:{wid}"
    else:
        key = f"b{j.backend_node_id}" if j.backend_node_id is not None else f"x{j.xpath}"
    return Entry(key, signature, (*facts, j.xpath), listed)
