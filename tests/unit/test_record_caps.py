"""DOM text's element records are capped and checked without the walk where the build's
shape says the walk would change nothing (pipeline/elements/record_caps.py ``left_as_is``,
design note 252): every DOM read gives the result, type for type, and the hash answer the
walk of every record gave, and most records of a page are not walked.

On main ``pipeline/run.py`` walked every record (``cap_strings_plain(result, parts)``):
these tests fail there (no ``record_caps`` module, no record left out of the walk).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_cap_strings_plain import same
from test_walker_node_ids import tracked, walker_capture

from axsnap_host.pipeline import run
from axsnap_host.pipeline.caps import MAX_TEXT, MAX_VALUE, cap_strings_plain
from axsnap_host.pipeline.delta.diff import ALL_PARTS
from axsnap_host.pipeline.elements.record_caps import RECORD_KEYS, left_as_is
from axsnap_host.pipeline.state import TabState
from host_harness import FIXTURES, process_capture


class Text(str):
    pass


class Number(int):
    pass


class Fields(dict[Any, Any]):
    pass


def both_ways(result: dict[str, Any]) -> tuple[bool, int]:
    """``result`` capped the new way, in place, after a copy of it capped by the walk of
    every record: the same capped values and answer (asserted); the answer and how many
    records the test let pass."""
    before = copy.deepcopy(result)
    plain_before = cap_strings_plain(before, ALL_PARTS)
    records = result.get("elements")
    passed = sum(1 for r in records if type(r) is dict and left_as_is(r)) \
        if type(records) is list else 0
    plain = cap_strings_plain(result, ALL_PARTS, left_as_is)
    assert plain == plain_before
    assert same(result, before)
    return plain, passed


@pytest.fixture
def caps_seen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, int, dict[str, Any]]]:
    """Each DOM read's cap done both ways (``both_ways``): its answer, the records not
    walked, the result as it was before its cap."""
    seen: list[tuple[bool, int, dict[str, Any]]] = []

    def compared(result: dict[str, Any], parts: tuple[str, ...], test: Any = None) -> bool:
        assert parts == ALL_PARTS and test is left_as_is  # (the read asks for the test)
        uncapped = copy.deepcopy(result)
        plain, passed = both_ways(result)
        seen.append((plain, passed, uncapped))
        return plain

    monkeypatch.setattr(run, "cap_strings_plain", compared)
    return seen


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text("utf-8"))
    return data


READS: list[tuple[str, dict[str, Any]]] = [
    ("dom_basic", {"format": "domtext"}),
    ("dom_basic", {"format": "elements", "redact": False}),
    ("dom_basic_whole", {"format": "domtext", "viewport_only": False}),
    ("dom_shadow", {"format": "domtext"}),
    ("dom_act_cards", {"format": "elements"}),
    ("dom_xorigin", {"format": "domtext"}),
    ("dom_flat", {"format": "domtext"}),
    ("capture_login", {"format": "domtext"}),
    ("capture_login", {"format": "som"}),
    ("capture_content", {"format": "domtext", "viewport_only": False}),
    ("capture_generated", {"format": "domtext", "vision": True}),
]


@pytest.mark.parametrize(("name", "options"), READS)
def test_a_dom_read_caps_what_the_walk_of_every_record_caps(
        caps_seen: list[tuple[bool, int, dict[str, Any]]], name: str,
        options: dict[str, Any]) -> None:
    process_capture(load(name), state=TabState(1), **options)
    [(plain, passed, uncapped)] = caps_seen
    assert plain is True
    if uncapped.get("elements"):
        assert passed > 0


def test_a_walker_named_read_too(caps_seen: list[tuple[bool, int, dict[str, Any]]]) -> None:
    data = tracked(load("dom_basic_whole"))
    process_capture(walker_capture(data), state=TabState(1), format="domtext",
                    viewport_only=False, dom_source="walk", node_ids="walker")
    [(plain, passed, uncapped)] = caps_seen
    assert plain is True and passed == len(uncapped["elements"]) > 3
    assert all(r["backendNodeId"] is None for r in uncapped["elements"])


def test_the_values_it_does_not_read_are_of_the_build_s_making(
        caps_seen: list[tuple[bool, int, dict[str, Any]]]) -> None:
    """``index``, ``frame``, the flags, ``actions`` and ``xpath`` are not read by the test:
    the build writes them as ints, bools, a list of short words and a str."""
    for name, options in READS:
        process_capture(load(name), state=TabState(1), **options)
    records = [r for _, _, uncapped in caps_seen for r in uncapped.get("elements") or ()]
    assert len(records) > 50
    for record in records:
        assert set(record) <= RECORD_KEYS, set(record) - RECORD_KEYS
        assert type(record["index"]) is int and type(record["frame"]) is int
        assert 0 <= record["index"] < 2**53 and 0 <= record["frame"] < 2**53
        assert record["isInteractive"] is True and type(record["xpath"]) is str
        assert all(type(record[key]) is bool for key in (
            "inViewport", "checked", "scrollable", "partlyCovered", "clipped", "disabled")
            if key in record)
        assert type(record["actions"]) is list
        assert all(type(word) is str and len(word) < 20 for word in record["actions"])


def a_record() -> dict[str, Any]:
    """A record as the build writes one, with every optional key the test reads."""
    return {
        "index": 3, "tagName": "a", "text": "Docs", "attributes": {"href": "/docs", "id": "d"},
        "rect": {"x": 10, "y": 2_000, "width": 80, "height": 20},
        "center": {"x": 50, "y": 12}, "xpath": "/html/body/a[2]", "selector": "#d",
        "isInteractive": True, "reasons": ["a[href]"], "role": "link", "name": "Docs",
        "nameSource": "text", "description": "the docs", "context": "Top menu",
        "actions": ["click"], "dialog": "Menu", "backendNodeId": 51, "frame": 0,
        "inViewport": True, "label": "Docs", "value": "", "hint": "book",
        "secret": "password", "optionsMore": 2, "clipped": True,
    }


LONG = "w" * (MAX_VALUE + 1)
ODD_VALUES: list[Any] = [
    "", "x" * MAX_VALUE, LONG, "v" * (MAX_TEXT + 1), "l\n" + "z" * (MAX_TEXT + 4),
    "x" * MAX_VALUE + "…[+3 chars]", "é" * 10, 0, -1, 2**53 - 1, 2**53, -(2**53), 2**70,
    1.5, 2.0, float("nan"), True, None, Text("t"), Text(LONG), Number(4), ("a",), b"b",
    ["a", LONG], ["v" * (MAX_TEXT + 2)], [1.5], {"k": "v"}, {"k": LONG}, {"value": LONG},
    {"k\u00e9": "v"}, {1: "v"}, Fields(k="v"), {"x": 1, "y": 2}, {"k": {"n": LONG}},
]


def test_a_record_changed_anywhere_is_capped_and_answered_as_the_walk_does() -> None:
    """Each read field of a built record given each odd value (a long or multi-line string,
    a float, an int past 2**53, a subclass, a tuple, a container, a key not ASCII, ...):
    the same capped record and the same answer as the walk of every record."""
    readable = sorted(set(a_record()) - {"index", "frame", "isInteractive", "inViewport",
                                         "checked", "scrollable", "partlyCovered",
                                         "clipped", "disabled", "actions", "xpath"})
    assert left_as_is(a_record())
    answers = set()
    for key in [*readable, "states", "options", "walkId", "href"]:
        for value in ODD_VALUES:
            record = a_record()
            record[key] = value
            plain, _ = both_ways({"domtext": "a", "elements": [a_record(), record]})
            answers.add(plain)
    for part in ("rect", "center"):
        for side in ("x", "width"):
            for value in ODD_VALUES:
                record = a_record()
                record[part] = {**record[part], side: value}
                both_ways({"elements": [record]})
        both_ways({"elements": [{**a_record(), part: {**a_record()[part], "z": 1}}]})
    for name, value in (("title", LONG), ("data-x", "x" * MAX_TEXT), ("alt\u00e9", "a"),
                        ("xpath", LONG), ("value", LONG)):
        record = a_record()
        record["attributes"] = {**record["attributes"], name: value}
        both_ways({"elements": [record]})
    assert answers == {True, False}


def test_records_not_of_the_build_s_shape_are_walked() -> None:
    for records in ([a_record(), "s" * (MAX_TEXT + 1), 2**60, None, [LONG]],
                    [Fields(a_record())], (a_record(),), {"a": a_record()}, LONG * 5,
                    [{"name": LONG}], [{**a_record(), "tagName": Text("a")}]):
        both_ways({"domtext": "x", "elements": records})
