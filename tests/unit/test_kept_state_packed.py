"""What a tab keeps between reads is held packed after a big read (design notes 75 and 82,
pipeline/kept_pack.py): DOM text's element records, the delta bases and the index registry's
tables, one buffer each instead of their objects, back as equal objects, type for type, when
read."""

from __future__ import annotations

import copy
import gc
import json
import math
import random
import sys
import types
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.pipeline.delta.cache import SnapshotCache
from axsnap_host.pipeline.delta.diff import LineInfo, Snapshot
from axsnap_host.pipeline.dom.registry import Entry, IndexRegistry
from axsnap_host.pipeline.kept_pack import Packed, pack
from axsnap_host.pipeline.state import TabState
from host_harness import process_capture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
_TEXTS = ["", "Item", "Élément №", "名前", "emoji 🙂", "lone \ud800 surrogate", "x" * 500,
          '"quoted"', "line\nbreak"]


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(10 if depth < 4 else 6)
    if kind == 0:
        return rng.choice(_TEXTS)
    if kind == 1:
        return rng.choice([0, 1, -1, 2**40, -(2**70), 7])
    if kind == 2:
        return rng.choice([0.0, -0.0, 1.5, 1e308, -2.5e-300, math.inf])
    if kind == 3:
        return rng.choice([True, False])
    if kind == 4:
        return None
    if kind == 5:
        return rng.choice(_TEXTS) + str(rng.random())
    if kind in (6, 7):
        return {f"k{rng.randrange(30)}": _value(rng, depth + 1) for _ in range(rng.randrange(6))}
    if kind == 8:
        return tuple(_value(rng, depth + 1) for _ in range(rng.randrange(4)))
    return [_value(rng, depth + 1) for _ in range(rng.randrange(5))]


def _same(a: Any, b: Any) -> bool:
    """Equal, type for type, dict keys in the same order, floats bit for bit."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return a.hex() == b.hex()
    return bool(a == b)


@pytest.mark.parametrize("seed", range(20))
def test_a_packed_value_comes_back_equal_type_for_type(seed: int) -> None:
    rng = random.Random(seed)
    records = [_value(rng) for _ in range(200)]
    shared = {"tag": "a", "box": [1, 2.5, 3, 4]}
    records += [shared, shared]  # one object in two places
    packed = pack(records)
    assert packed is not None
    back = packed.unpack()
    assert _same(back, records)
    assert back[-1] is back[-2]  # still one object


def test_a_value_with_a_subclass_is_not_packed() -> None:
    class Name(str):
        pass

    assert pack([{"name": Name("x")}]) is None
    assert pack([OrderedDict(a=1)]) is None
    state = TabState(1)
    records = [{"name": Name("x")}]
    state.elements = records
    del records
    state.pack_kept()
    assert type(state.elements[0]["name"]) is Name  # type: ignore[index]  # as it was


def _read(state: TabState, capture: dict[str, Any], **options: Any) -> str:
    """The read's result as JSON text, its timings out: no object of it stays alive here."""
    result = process_capture(copy.deepcopy(capture), state=state, snapshot_id=None, **options)
    result.pop("timings")
    return json.dumps(result, sort_keys=True)


def _load(name: str) -> dict[str, Any]:
    """A recorded capture; ``name:N`` the Nth of a recorded sequence."""
    name, _, at = name.partition(":")
    data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data[int(at)] if at else data  # type: ignore[no-any-return]


@pytest.mark.parametrize(("first", "second", "options"), [
    ("dom_basic", "dom_basic", {"format": "domtext"}),
    ("dom_list_sequence:0", "dom_list_sequence:1", {"format": "domtext"}),
    ("outline_compact", "outline_compact_after", {"format": "outline", "compact": True}),
    ("outline_compact", "outline_compact", {"format": "outline", "compact": True}),
])
def test_a_delta_on_a_packed_base_is_the_delta_on_the_base_as_it_was(
        first: str, second: str, options: dict[str, Any]) -> None:
    """Differential: the same two reads in two tabs, one tab's kept state packed between
    them; every reply is the same text."""
    options = {**options, "compression": "delta"}
    plain, packed = TabState(1), TabState(1)
    assert _read(plain, _load(first), **options) == _read(packed, _load(first), **options)
    gc.collect()
    packed.pack_kept()
    entries = list(packed.snapshots._entries.values())
    assert entries and all(isinstance(e.snapshot, Packed) for e in entries)
    if options["format"] == "domtext":
        assert packed._elements is None and packed._elements_packed is not None
        assert _same(packed.elements, plain.elements)
    again = _read(packed, _load(second), **options)
    assert again == _read(plain, _load(second), **options)
    assert json.loads(again)["delta"]["applied"] is True


def test_a_packed_base_comes_back_as_the_snapshot_it_was() -> None:
    cache = SnapshotCache()
    info = [LineInfo("0-1", "Save", None, ("focusable",), True), LineInfo("t:x", ref=False)]
    base = Snapshot("ax-1-abc", "sha256:00", {"combinedTree": "[0-1] button: Save\nx",
                                              "combinedXpathMap": {"0-1": "/html/body/button"},
                                              "frames": [{"url": "http://127.0.0.1/"}]},
                    ["[0-1] button: Save", "x"], info)
    kept = copy.deepcopy(base)
    cache.put("ax:k", "u", base)
    size = cache.bytes
    cache.pack()
    found = cache.find("ax:k", "u").base
    assert found == kept and found is not base
    assert all(type(i) is LineInfo for i in found.info)
    assert cache.bytes == size  # the bound counts what was put


def test_records_something_else_holds_are_not_packed() -> None:
    """An act's baseline keeps the list it saw and asks whether it is still the tab's
    (act/baseline.py, by identity): a list held elsewhere stays the same object."""
    state = TabState(1)
    records = [{"index": 1, "tag": "button"}]
    state.elements = records
    state.pack_kept()
    assert state.elements is records


def test_a_big_read_leaves_the_tabs_kept_state_packed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the host: after a big read's reply is sent (release), the tab holds its element
    records and delta base as buffers a fraction of their objects' size, and reads them back
    equal."""
    from axsnap_host.native import host as host_module

    monkeypatch.setattr(host_module, "BIG_READ_BYTES", 0)  # this small read counts as big
    host = host_module.Host()
    message = {"v": 1, "id": "r1", "type": "snapshot",
               "options": {"format": "domtext", "viewport_only": False},
               "capture": _load("dom_basic_whole")}
    [reply] = host.handle_text(json.dumps(message))
    assert reply["ok"], reply
    elements = copy.deepcopy(reply["result"]["elements"])
    tab = message["capture"]["tab"]["id"]  # type: ignore[index]
    del reply
    host.release()
    state = host.tabs.peek(tab)
    assert state is not None
    assert state._elements is None and state._elements_packed is not None
    held = sys.getsizeof(state._elements_packed.data)
    assert all(isinstance(e.snapshot, Packed) for e in state.snapshots._entries.values())
    assert _same(state.elements, elements)
    assert held < _deep_size(elements) / 2


def _deep_size(value: Any) -> int:
    seen: set[int] = set()
    stack, total = [value], 0
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple):
            stack += item
    return total


def _registry_updates(seed: int, packed: bool) -> list[tuple[list[int], list[int], list[int]]]:
    """A random run of registry updates over one document (elements appear, die, are
    re-rendered as twins, go unlisted), the tables packed before each update when ``packed``."""
    rng = random.Random(seed)
    registry = IndexRegistry()
    page: list[Entry] = []
    serial = 0
    out = []
    for _ in range(12):
        if packed:
            registry.pack()
        kept = [e for e in page if rng.random() > 0.2]
        twins = [Entry(f"b{serial + n}", e.signature, e.place, rng.random() > 0.3)
                 for n, e in enumerate(e for e in page if e not in kept and rng.random() > 0.5)]
        serial += len(twins)
        new = []
        for _ in range(rng.randrange(6)):
            serial += 1
            words = (rng.choice(_TEXTS), str(rng.randrange(3)))
            new.append(Entry(f"b{serial}", words, (*words, f"/html/body/p[{serial}]")))
        page = kept + twins + new
        rng.shuffle(page)
        alive = {e.key for e in page}
        update = registry.update("doc" if rng.random() > 0.05 else "other", page, alive)
        out.append((update.indices, update.added, update.removed))
    return out


@pytest.mark.parametrize("seed", range(10))
def test_a_registry_packed_between_updates_gives_the_same_indices(seed: int) -> None:
    """Differential: the same updates with the tables as objects and packed before each."""
    assert _registry_updates(seed, packed=True) == _registry_updates(seed, packed=False)


def test_a_packed_registry_comes_back_equal() -> None:
    registry = IndexRegistry()
    entries = [Entry(f"b{n}", ("a", "link", f"Item {n}"), ("a", f"/html/body/a[{n}]"))
               for n in range(1, 50)]
    first = registry.update("doc", entries, {e.key for e in entries})
    tables = copy.deepcopy((registry._by_key, registry._signature, registry._place,
                            registry._listed))
    registry.pack()
    assert registry._packed is not None and not registry._by_key and len(registry) == 49
    assert registry.next_index == 50  # what an act reads without unpacking
    again = registry.update("doc", entries[1:], {e.key for e in entries[1:]})
    assert again.indices == first.indices[1:] and again.removed == [1]
    registry.pack()
    registry._unpack()
    tables[0].pop("b1"), tables[1].pop("b1"), tables[2].pop("b1")
    assert _same((registry._by_key, registry._signature, registry._place, registry._listed),
                 (*tables[:3], first.indices[1:]))


def test_after_a_big_read_the_tab_holds_no_object_per_element(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the host: once a big read is let go, the tab's kept state (element records,
    delta bases, index registry) is a few buffers, not objects per element: objects made
    among the read's own and kept past it keep pymalloc's arenas from emptying (note 82)."""
    from axsnap_host.native import host as host_module

    monkeypatch.setattr(host_module, "BIG_READ_BYTES", 0)  # this small read counts as big
    host = host_module.Host()
    message = {"v": 1, "id": "r1", "type": "snapshot",
               "options": {"format": "domtext", "viewport_only": False},
               "capture": _load("dom_basic_whole")}
    [reply] = host.handle_text(json.dumps(message))
    assert reply["ok"], reply
    listed = len(reply["result"]["elements"])
    tab = message["capture"]["tab"]["id"]  # type: ignore[index]
    del reply
    host.release()
    state = host.tabs.peek(tab)
    assert state is not None and len(state.dom_registry) >= listed >= 10
    assert _objects_held(state) < 40  # 28 here (the state's own), 153 with the registry's tables


def _objects_held(value: Any) -> int:
    """Objects reachable from ``value`` (modules, classes and functions not followed)."""
    seen: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type | types.ModuleType | types.FunctionType):
            continue
        seen.add(id(item))
        stack += gc.get_referents(item)
    return len(seen)


@pytest.mark.parametrize("second", [{"format": "outline", "scope": "page"},
                                    {"format": "snapshot", "scope": "page"}])
def test_a_read_that_builds_no_elements_leaves_them_packed(
        monkeypatch: pytest.MonkeyPatch, second: dict[str, Any]) -> None:
    """A read asks whether it set the tab's elements anew (for the act baseline it may carry
    over, act/baseline.py) by what is held, not by reading packed records back: the 100k
    page's DOM text records (~60 MB as objects) stayed unpacked through the next SnapshotV1
    or outline read (its peak 285 -> 338 MB), though that read never looks at them."""
    from axsnap_host.native import host as host_module

    monkeypatch.setattr(host_module, "BIG_READ_BYTES", 0)  # these small reads count as big
    host = host_module.Host()
    capture = _load("dom_basic_whole")
    tab = capture["tab"]["id"]
    for n, options in enumerate([{"format": "domtext", "viewport_only": False}, second]):
        message = {"v": 1, "id": f"r{n}", "type": "snapshot", "options": options,
                   "capture": copy.deepcopy(capture)}
        [reply] = host.handle_text(json.dumps(message))
        assert reply["ok"], reply
        del reply
        state = host.tabs.peek(tab)
        assert state is not None
        if n == 0:
            host.release()
            packed = state._elements_packed
            assert state._elements is None and packed is not None
    assert state._elements is None and state._elements_packed is packed
    assert state.elements_held is packed
