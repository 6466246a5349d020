"""The index registry's signatures and places held packed a run of keys at a time (design note
85, pipeline/kept_pack.py PackedRuns): an update reads back only the facts it needs (those of
the keys that died and of the live keys none of its entries writes again), a big update packs
its own at once, and every index, every added and removed list and the tables left are those
of a registry whose tables never left their objects. A big update leaves its tables packed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from axsnap_host.pipeline import kept_pack
from axsnap_host.pipeline.dom import registry as registry_module
from axsnap_host.pipeline.dom.registry import Entry, IndexRegistry
from axsnap_host.pipeline.kept_pack import Packed

_WORDS = ["Buy", "Item", "Élément", "名前", "", "lone \ud800", "x" * 300]


def _entry(serial: int, rng: random.Random, listed: bool = True) -> Entry:
    words = (rng.choice(_WORDS), str(rng.randrange(3)))
    place = (*words, f"/html/body/p[{serial}]") if rng.random() > 0.2 else ()
    return Entry(f"b{serial}", words, place, listed)


def _run(seed: int, packed: bool) -> tuple[list[Any], tuple[Any, ...]]:
    """Random updates of one page: elements die, come back as twins or at their place, go
    out of the read (alive, not among the entries: a window read after a whole-page one),
    are unlisted, and the document changes now and then; packed before each update when
    ``packed``. The updates' results and the tables left, as objects."""
    rng = random.Random(seed)
    registry = IndexRegistry()
    page: list[Entry] = []
    serial = 0
    out = []
    for _ in range(14):
        if packed:
            registry.pack()
        kept = [e for e in page if rng.random() > 0.25]
        gone = [e for e in page if e not in kept]
        twins = []
        for e in gone:
            if rng.random() > 0.4:
                serial += 1  # a re-render: a new key with the dead one's signature or place
                twin = rng.random() > 0.5
                twins.append(Entry(f"b{serial}", e.signature if twin else ("other", "0"),
                                   e.place, rng.random() > 0.3))
        new = []
        for _ in range(rng.randrange(8)):
            serial += 1
            new.append(_entry(serial, rng, rng.random() > 0.1))
        page = kept + twins + new
        rng.shuffle(page)
        alive = {e.key for e in page}
        read = [e for e in page if rng.random() > 0.3] if rng.random() > 0.5 else page
        document = "doc" if rng.random() > 0.05 else "other"
        update = registry.update(document, read, alive)
        out.append((update.indices, update.added, update.removed, len(registry)))
    registry._unpack()
    tables = (dict(registry._by_key), list(registry._by_key), registry._signature,
              registry._place, registry._listed, registry.next_index)
    return out, tables


@pytest.mark.parametrize("seed", range(10))
def test_packed_sides_give_the_indices_and_tables_of_a_never_packed_registry(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Differential: runs of 3 keys and every update packing its sides (the big update's
    path) against the tables as objects throughout."""
    plain = _run(seed, packed=False)
    monkeypatch.setattr(kept_pack, "RUN", 3)
    monkeypatch.setattr(registry_module, "PACKED_FROM", 0)
    assert _run(seed, packed=True) == plain
    monkeypatch.setattr(registry_module, "PACKED_FROM", 10**9)
    assert _run(seed, packed=True) == plain  # packed only between updates (pack)


def _objects(value: Any) -> int:
    """Objects in ``value`` (containers and what they hold, each once)."""
    seen: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple):
            stack += item
    return len(seen)


def test_a_re_read_of_an_unchanged_page_reads_back_no_signature_or_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole-page re-read of an unchanged page after its tables were packed makes ~2
    objects an element (its key and index), not the ~5 of every table back at once."""
    rng = random.Random(7)
    entries = [Entry(f"w1:{n}", ("a", "link", f"Item {n}", f"a[{n}]", rng.choice(_WORDS)),
                     ("a", "link", f"Item {n}", f"/html/body/a[{n}]")) for n in range(1, 3001)]
    registry = IndexRegistry()
    first = registry.update("doc", entries, {e.key for e in entries})
    registry.pack()
    made: list[int] = []
    unpack = Packed.unpack

    def counted(self: Packed) -> Any:
        value = unpack(self)
        made.append(_objects(value))
        return value

    monkeypatch.setattr(Packed, "unpack", counted)
    again = registry.update("doc", entries, {e.key for e in entries})
    assert again.indices == first.indices and not again.added and not again.removed
    assert 0 < sum(made) < 2.2 * len(entries), made  # 6,003 (24,014 when all come back)


def test_a_dead_element_s_twin_and_an_unread_live_one_keep_their_indices_through_packing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Of the packed facts, a dead element's signature is read back for its twin, and a live
    element left out of a read keeps its facts for a later one."""
    monkeypatch.setattr(kept_pack, "RUN", 2)
    registry = IndexRegistry()
    entries = [Entry(f"b{n}", ("button", f"Save {n}"), ("button", f"/x[{n}]"))
               for n in range(1, 8)]
    registry.update("doc", entries, {e.key for e in entries})
    registry.pack()
    window = entries[:2]  # the others are alive, out of the read
    assert registry.update("doc", window, {e.key for e in entries}).indices == [1, 2]
    registry.pack()
    twin = Entry("b99", entries[5].signature, ())  # b6 re-rendered; b7 at its place, new key
    moved = Entry("b98", ("button", "Renamed"), entries[6].place)
    page = [*entries[:5], twin, moved]
    assert registry.update("doc", page, {e.key for e in page}).indices == [1, 2, 3, 4, 5, 6, 7]


def test_a_big_update_leaves_its_tables_packed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rest of a big read (SnapshotV1 after DOM text) holds no object per element for
    the registry: an update of PACKED_FROM entries or more packs its tables at its end."""
    monkeypatch.setattr(registry_module, "PACKED_FROM", 20)
    registry = IndexRegistry()
    small = [Entry(f"b{n}", ("a", f"{n}"), ("a", f"/a[{n}]")) for n in range(1, 20)]
    registry.update("doc", small, {e.key for e in small})
    assert registry._by_key and registry._signature  # below the bound: objects, as before
    big = [*small, Entry("b20", ("a", "20"), ("a", "/a[20]"))]
    update = registry.update("doc", big, {e.key for e in big})
    assert update.indices == list(range(1, 21)) and update.added == [20]
    assert not registry._by_key and not registry._signature and not registry._place
    assert registry._packed is not None and registry._sides is not None
    assert len(registry) == 20 and registry.next_index == 21  # what an act asks, plain
    again = registry.update("doc", big[1:], {e.key for e in big[1:]})
    assert again.indices == list(range(2, 21)) and again.removed == [1]
