"""A reply's lists and dicts encoded through orjson (pipeline/orjson_text.py) are the text
``json.dumps`` writes, or left to it: every BMP character, float bit patterns of every
range (small ones json writes with an exponent, NaN, Infinity, -0.0, whole ones), integers
past 64 bits, keys that are not strings, subclasses, what json cannot encode, deep nesting;
and a DOM text reply's element records go through orjson (none is left to json)."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import random
import re
import struct
from typing import Any

import orjson
import pytest
from test_dom_delta import load, read

from axsnap_host.native import reply_stream
from axsnap_host.native.protocol import frames_for_reply
from axsnap_host.pipeline.orjson_text import container_json
from axsnap_host.pipeline.state import TabState


def stdlib(value: Any) -> str | type[BaseException]:
    """The reply's text before orjson (reply_stream.encode_piece's json path), or what it
    raised."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        text.encode("utf-8")
    except (ValueError, TypeError, RecursionError) as exc:
        return type(exc)
    return text


def check(value: Any) -> bool:
    """container_json's text is json's whenever it gives one; True when it gave one."""
    text = container_json(value)
    expected = stdlib(value)
    if text is None:
        return False
    assert text == expected, (value, text, expected)
    return True


def any_float(rng: random.Random) -> float:
    """Any bit pattern a time in ten, else a number of a page's kind (a box, a scroll
    offset, a zoom), now and then past either end of json's plain range."""
    if rng.random() < 0.1:
        return struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
    return round(rng.uniform(-1e4, 1e4) * 10 ** rng.randint(-7, 13), rng.randint(0, 3))


def test_floats_of_every_range() -> None:
    rng = random.Random(115)
    floats = [any_float(rng) for _ in range(100_000)]
    floats += [0.0, -0.0, 5.0, -3.0, 1e16, 1e15, 9999999999999998.0, 1e-4, 0.0001, 9e-05,
               1e-05, 1.5e-7, 5e-324, 1e308, float("nan"), float("inf"), float("-inf")]
    taken = 0
    for start in range(0, len(floats), 4):
        taken += check(floats[start:start + 4])
        taken += check({f"k{i}": x for i, x in enumerate(floats[start:start + 4])})
    for value in floats[-17:]:  # each alone too
        check([value])
        check({"v": [1, value]})
    assert taken > 5_000  # lists of plain-range floats are orjson's
    assert container_json([9e-05]) is None and container_json([float("nan")]) is None
    assert container_json([1e16]) is None  # (an exponent: left to json, whatever orjson writes)


def test_orjson_writes_an_exponent_lowercase_and_signed() -> None:
    """container_json looks for ``e+`` and ``e-`` between digits (not ``E``, not a bare
    ``e``): every exponent orjson writes is so."""
    rng = random.Random(130)
    floats = [any_float(rng) for _ in range(100_000)]
    floats += [1e16, 1e22, 5e-324, 1e308, 1.5e-7, 1e-5, -2.5e300, 1.2345678901234568e+17]
    for value in floats:
        text = orjson.dumps(value).decode()
        if "e" in text or "E" in text:
            assert "E" not in text and re.fullmatch(r"-?\d(\.\d+)?e[+-]\d+", text), text
            assert container_json([value]) is None and container_json({"k": value}) is None


def test_strings_that_spell_marks_in_upper_case_are_orjsons() -> None:
    """A string with ``E-`` or ``E+`` between digits (a percent-escaped ``>`` before a
    digit: rustdoc's ``#impl-Simd%3CT,+N%3E-1``) is written by orjson, as json writes it;
    one with ``e+``/``e-`` between digits, or ``null`` after ``:``, is left to json."""
    for value in (["#impl-Simd%3CT,+N%3E-1"], {"href": "a%3E+2", "x": 1}, ["2E-3", "E-1"],
                  ["one-e-mail", "e+", "1e", "e-1", "nullify", "a null", {"null": "null"}]):
        assert check(value) is True, value
    for value in (["1e+5"], ["x1e-5y"], {"k": "a:null"}, ["[null"], [",null"], ["0.00001"]):
        assert check(value) is False, value


def test_every_bmp_character_and_more() -> None:
    chars = [chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000]
    for start in range(0, len(chars), 512):
        text = "".join(chars[start:start + 512])
        assert check([text, {text: text}])
    assert check(["😀 \U0010ffff", {"a\u2028": "\x7f\x00\x1f\"\\/"}])
    assert container_json(["\ud800"]) is None  # a lone surrogate: json's path escapes it
    assert container_json({"\udfff": 1}) is None


def test_integers_keys_subclasses_and_what_json_refuses() -> None:
    class Kind(enum.IntEnum):
        ONE = 1

    class Text(str):
        pass

    @dataclasses.dataclass
    class Point:
        x: int

    assert check([0, -1, 2**63 - 1, -(2**63), 2**64 - 1, True, False, "<null>"])
    assert check([1, "a:null"]) is False and check({"a": None}) is False
    assert check([0, -1, 2**63 - 1, -(2**63), 2**64 - 1, True, False])
    for value in ([2**64], [-(2**63) - 1], {1: "a"}, {None: 1}, {True: 1},
                  [Text("a")], {"a": Text("b")}, [Point(1)], [datetime.date(2026, 1, 1)],
                  [{1, 2}], [object()], [None], [b"x"]):
        assert container_json(value) is None, value
        stdlib(value)  # (json's answer, or its refusal, stays the reply's)
    check([Kind.ONE, {"k": Kind.ONE}])  # (an int enum: its number, as json writes it)
    deep: Any = []
    for _ in range(300):
        deep = [deep]
    assert container_json(deep) is None and stdlib(deep) == "[" * 301 + "]" * 301
    assert check((1, "a", (2.5, [])))  # a tuple: a list, as json writes it
    assert container_json("text") is None and container_json(1.5) is None  # not a container
    assert check([]) and check({})


def test_a_dom_text_reply_is_encoded_by_orjson(monkeypatch: pytest.MonkeyPatch) -> None:
    dumped: list[Any] = []
    real = reply_stream._dumps

    def counting(value: Any, ascii_only: bool = False) -> str:
        if isinstance(value, list) and value and isinstance(value[0], dict):
            dumped.append(len(value))
        return real(value, ascii_only)

    monkeypatch.setattr(reply_stream, "_dumps", counting)
    result = read(load("dom_basic_whole"), TabState(1))
    elements = result["elements"]
    assert len(elements) > 5
    reply = {"v": 1, "id": "r", "ok": True, "type": "result", "result": result}
    text = "".join(reply_stream.json_pieces(reply))
    assert dumped == []  # every list of records written by orjson
    monkeypatch.setattr(reply_stream, "container_json", lambda value: None)
    monkeypatch.setattr(reply_stream, "container_json_utf8", lambda value: None)
    assert "".join(reply_stream.json_pieces(reply)) == text  # json's own text
    assert dumped  # (json's path encodes the records)
    assert frames_for_reply("r", reply)
