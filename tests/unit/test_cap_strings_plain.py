"""A DOM text result is capped and checked for its hash in one walk (pipeline/caps.py
``cap_strings_plain``, design note 130): it caps exactly what ``cap_strings`` caps, says
True only of parts the canonical hash's own check (``_plain_as_is``) takes as they are, and
the hash it lets skip that check is the same; a DOM text read no longer walks its records
twice beside its reply."""

from __future__ import annotations

import copy
import enum
import random
from typing import Any

import pytest
from test_dom_delta import load, read

import axsnap_host.models.canonical as canonical
from axsnap_host.models.canonical import _NotPlain, _plain_as_is, sha256_hash
from axsnap_host.pipeline.caps import MAX_TEXT, MAX_VALUE, cap_strings, cap_strings_plain
from axsnap_host.pipeline.delta.diff import ALL_PARTS, snapshot_hash, snapshot_parts
from axsnap_host.pipeline.state import TabState


class Text(str):
    pass


class Number(int):
    pass


class Items(list):  # type: ignore[type-arg]
    pass


class Fields(dict):  # type: ignore[type-arg]
    pass


class Kind(enum.Enum):
    A = "a"


def leaf(rng: random.Random) -> Any:
    pick = rng.random()
    if pick < 0.35:
        return "x" * rng.choice((0, 3, MAX_VALUE, MAX_VALUE + 1, MAX_TEXT + 5)) + rng.choice(
            ("", "\n" + "y" * (MAX_TEXT + 2), "é", "\ue000", "😀", "…[+9 chars]"))
    if pick < 0.6:
        return rng.choice((0, -1, 7, 2**53 - 1, -(2**53 - 1), 2**53, -(2**53), 2**70))
    if pick < 0.7:
        return rng.choice((True, False, None))
    if pick < 0.8:
        return rng.choice((1.5, 2.0, -0.0, 1e-7, 1e17, float("nan")))
    if pick < 0.85:
        return rng.choice((Text("t" * (MAX_TEXT + 1)), Number(3), Kind.A, (1, "a"), b"x"))
    return "short"


def tree(rng: random.Random, depth: int) -> Any:
    if depth == 0 or rng.random() < 0.3:
        return leaf(rng)
    size = rng.randint(0, 5)
    pick = rng.random()
    if pick < 0.45:
        keys = ["value", "name", "xpath", "image", "text", "k\u00e9", "k\ue000", "a😀"]
        made: dict[Any, Any] = {rng.choice(keys) + str(i if rng.random() < 0.5 else ""):
                                tree(rng, depth - 1) for i in range(size)}
        if rng.random() < 0.05:
            made[rng.choice((1, Text("key"), None))] = "odd key"
        return Fields(made) if rng.random() < 0.05 else made
    items = [tree(rng, depth - 1) for _ in range(size)]
    return Items(items) if rng.random() < 0.05 else items


def same(a: Any, b: Any) -> bool:
    """Equal, type for type (a capped string is a str; an untouched one keeps its type)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b or (a != a and b != b)  # (NaN)


def old_answer(value: dict[str, Any]) -> bool | None:
    try:
        return _plain_as_is(snapshot_parts(value))
    except _NotPlain:
        return None


def test_it_caps_what_cap_strings_caps_and_is_true_only_of_plain_parts() -> None:
    rng = random.Random(130)
    said_true = 0
    for _ in range(3_000):
        result = {"domtext": leaf(rng) if rng.random() < 0.5 else "line\n" * 3,
                  "elements": tree(rng, 4), "stats": tree(rng, 2), "timings": {"ms": 1.0}}
        if rng.random() < 0.2:
            result["elements"] = [{"name": "a", "index": 1, "rect": {"x": 1}, "href": "h"}]
        if rng.random() < 0.1:
            del result["domtext"]
        expected = copy.deepcopy(result)
        cap_strings(expected)
        got = copy.deepcopy(result)
        plain = cap_strings_plain(got, ALL_PARTS)
        assert same(got, expected), (result, got, expected)
        if plain:
            said_true += 1
            assert old_answer(got) is True, got
            assert snapshot_hash(got, as_is=True) == snapshot_hash(expected)
    assert said_true > 300


def test_the_records_of_real_dom_text_reads_are_plain() -> None:
    for name in ("dom_basic", "dom_basic_whole", "dom_shadow", "dom_act_cards"):
        result = read(load(name), TabState(1))
        again = copy.deepcopy(result)
        assert cap_strings_plain(again, ALL_PARTS) is True
        assert same(again, result)  # (capped already: nothing more to cut)
        assert snapshot_hash(again, as_is=True) == sha256_hash(snapshot_parts(result))
        assert result["hash"] == sha256_hash(snapshot_parts(result))


def test_a_dom_text_read_walks_its_records_once_for_the_hash(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hash of a read whose records are plain takes the capping walk's word: its own
    check is not run (on main it walked every record a second time)."""
    expected = read(load("dom_basic_whole"), TabState(1))["hash"]
    walked: list[int] = []
    real = canonical._plain_as_is

    def counting(value: Any) -> bool:
        walked.append(len(value.get("elements") or ()) if isinstance(value, dict) else 0)
        return real(value)

    monkeypatch.setattr(canonical, "_plain_as_is", counting)
    result = read(load("dom_basic_whole"), TabState(1))
    assert result["hash"] == expected
    assert not [count for count in walked if count], walked


def test_a_part_with_a_float_is_checked_by_the_hash_itself() -> None:
    result = {"domtext": "a", "elements": [{"x": 2.0, "name": "n" * (MAX_VALUE + 3)}]}
    expected = copy.deepcopy(result)
    cap_strings(expected)
    assert cap_strings_plain(result, ALL_PARTS) is False
    assert same(result, expected)
    assert snapshot_hash(result) == sha256_hash({"domtext": "a", "elements": [
        {"x": 2, "name": expected["elements"][0]["name"]}]})
