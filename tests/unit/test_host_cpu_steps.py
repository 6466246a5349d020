"""The host's whole-page steps made cheaper (issue 33, design note 67) give what the plain
versions gave, on random values: the string caps' type tests, the reply's dict members
encoded a run at a time, the outline's tag and attribute reads off the walker's records,
and the line states of nodes without a state. Each also says it does less than before
(fewer encoder calls, no DomInfo made), which the old code did not."""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from typing import Any

import pytest

from axsnap_host.native import reply_stream
from axsnap_host.native.reply_stream import encode_piece, json_pieces
from axsnap_host.pipeline import caps
from axsnap_host.pipeline.ax.window_index import WindowIndex
from axsnap_host.pipeline.caps import MAX_TEXT, MAX_VALUE, cap_text
from axsnap_host.pipeline.dom.walker_merge import Joined
from axsnap_host.pipeline.outline.lines import SHOWN_STATES, node_state
from axsnap_host.pipeline.redaction import FILLED
from axsnap_host.pipeline.text_clean import clean_text

# -- the caps -------------------------------------------------------------------------------


def _walked_caps(result: Any) -> Any:
    """cap_strings as it was: isinstance tests alone, on every value."""
    stack: list[Any] = [result]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if isinstance(value, str):
                    if len(value) > MAX_VALUE and key not in caps._WHOLE_KEYS:
                        item[key] = cap_text(value,
                                             MAX_VALUE if key in caps._VALUE_KEYS else MAX_TEXT)
                elif isinstance(value, dict | list) and key not in caps._WHOLE_KEYS:
                    stack.append(value)
        elif isinstance(item, list):
            for i, value in enumerate(item):
                if isinstance(value, str):
                    if len(value) > MAX_TEXT:
                        item[i] = cap_text(value)
                elif isinstance(value, dict | list):
                    stack.append(value)
    return result


class _Text(str):
    """A str subclass: the type tests pass it on to the isinstance tests."""


class _Row(list[Any]):
    pass


class _Members(dict[str, Any]):
    """A dict subclass: the isinstance tests decide for it too."""


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(12 if depth < 4 else 7)
    if pick == 0:
        return "x" * rng.choice([3, MAX_VALUE, MAX_VALUE + 1, MAX_TEXT, MAX_TEXT + 5])
    if pick == 1:
        return _Text("y" * rng.choice([4, MAX_VALUE + 2, MAX_TEXT + 3]))
    if pick == 2:
        return rng.choice([0, 7, True, False, None, 1.5, float("nan")])
    if pick == 3:
        return "line\n" * rng.choice([1, 300, 500])
    if pick == 4:
        return ("z" * (MAX_TEXT + 1), 1)  # a tuple: never walked
    if pick in (5, 6):
        return "short"
    kinds: list[Any] = [dict, list, OrderedDict, _Row, _Members]
    kind = rng.choice(kinds)
    if kind in (list, _Row):
        return kind(_random_value(rng, depth + 1) for _ in range(rng.randrange(5)))
    members = {rng.choice(["value", "name", "xpath", "image", "text", "k"]) + str(i % 2 * i):
               _random_value(rng, depth + 1) for i in range(rng.randrange(6))}
    members.update({key: _random_value(rng, depth + 1)
                    for key in rng.sample(["value", "xpath", "image", "name"], 2)})
    return kind(members)


def _same(a: Any, b: Any) -> bool:
    """Equal, of the same types all the way down (NaN equal to itself)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and a != a:
        return b != b
    return bool(a == b)


@pytest.mark.parametrize("seed", range(40))
def test_caps_by_type_cut_what_the_isinstance_walk_cut(seed: int) -> None:
    rng = random.Random(seed)
    value = {"result": [_random_value(rng) for _ in range(8)], "value": "v" * 600}
    expected = _walked_caps(_copy(value))
    got = caps.cap_strings(_copy(value))
    assert _same(got, expected)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return type(value)((k, _copy(v)) for k, v in value.items())
    if isinstance(value, list):
        return type(value)(_copy(v) for v in value)
    return value


# -- the reply's dict members ---------------------------------------------------------------


def _member_text(value: dict[str, Any]) -> str:
    """A dict's text member by member, each key and value its own encode_piece."""
    return "{" + ",".join(f"{encode_piece(k)}:{encode_piece(v)}" for k, v in value.items()) + "}"


@pytest.mark.parametrize("seed", range(20))
def test_a_map_encoded_a_run_at_a_time_is_its_members_text(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice([63, 64, 65, 4095, 4096, 4097, 9000])
    plain: list[Any] = ["/html/body/div[3]", "", "é ✓ 😀", 'q"\\\n', 0, -5, True, None,
                        2**70]
    mapping = {f"0-{i}": rng.choice(plain) for i in range(size)}
    text = "".join(json_pieces({"combinedXpathMap": mapping}))
    assert text == '{"combinedXpathMap":' + _member_text(mapping) + "}"
    assert text == json.dumps({"combinedXpathMap": mapping}, ensure_ascii=False,
                              separators=(",", ":"))


def test_a_lone_surrogate_in_a_run_escapes_only_its_member() -> None:
    mapping = {f"k{i}": "caf\u00e9" for i in range(200)}
    mapping["k77"] = "bad \ud800 value"
    text = "".join(json_pieces(mapping))
    assert text == _member_text(mapping)  # one member escaped to ASCII, the rest as they are
    assert '"k76":"café"' in text and "\\ud800" in text
    assert json.loads(text) == mapping


def test_a_map_with_a_float_or_a_container_goes_member_by_member() -> None:
    for odd in (1.25, float("nan"), ["a"], {"b": 1}, "t" * (reply_stream.PIECE_CHARS + 1)):
        mapping: dict[str, Any] = {f"k{i}": "v" for i in range(100)}
        mapping["k50"] = odd
        try:
            expected = json.dumps(mapping, ensure_ascii=False, separators=(",", ":"),
                                  allow_nan=False)
        except ValueError:
            with pytest.raises(ValueError):
                "".join(json_pieces(mapping))
            continue
        assert "".join(json_pieces(mapping)) == expected


def test_a_big_map_costs_a_few_encoder_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    dumps = reply_stream._dumps

    def counted(value: Any, ascii_only: bool = False) -> str:
        calls.append(1)
        return dumps(value, ascii_only)

    monkeypatch.setattr(reply_stream, "_dumps", counted)
    mapping = {f"0-{i}": f"/html/body/div[{i}]" for i in range(20_000)}
    assert "".join(json_pieces({"map": mapping})) == json.dumps(
        {"map": mapping}, separators=(",", ":"))
    assert len(calls) <= 10  # member by member: 40,000 calls


# -- the outline's tag and attributes -------------------------------------------------------


def _index(records: list[dict[str, Any]]) -> WindowIndex:
    index = WindowIndex.__new__(WindowIndex)
    index._by_frame = {}
    index._by_backend = {}
    index._cache = {}
    index._scroll = (0.0, 0.0)
    for rid, rec in enumerate(records):
        j = Joined(rid, rec, rec["tag"], f"/x[{rid}]", 0, backend_node_id=rid + 10,
                   frame_id="F")
        index._by_frame[("F", rid + 10)] = j
        index._by_backend[rid + 10] = j
    return index


@pytest.mark.parametrize("seed", range(20))
def test_tag_and_attributes_without_a_dominfo_are_the_dominfos(seed: int) -> None:
    rng = random.Random(seed)
    names = ["href", "HREF", "Src", "src", "title", "id", "data-x"]
    records = [{"tag": rng.choice(["a", "img", "div", "area"]),
                "a": {rng.choice(names): rng.choice(["u", "/p?q=1", 5, ""])
                      for _ in range(rng.randrange(5))}} for _ in range(60)]
    index = _index(records)
    wanted = [frozenset(), frozenset({"href", "src"}), frozenset({"title"})]
    for backend in [*range(10, 70), 5, None]:
        for frame in ("F", "G", None):
            for names_wanted in wanted:
                info = _index(records).get(backend, frame)
                expected = None if info is None else (
                    info.tag, {n: info.attrs[n] for n in names_wanted if n in info.attrs})
                got = index.tag_attrs(backend, frame, names_wanted)
                assert got == expected
                assert got is None or list(got[1]) == list(expected[1])  # type: ignore[index]
    assert index._cache == {}  # no DomInfo was made


# -- line states ----------------------------------------------------------------------------


class _Node:
    def __init__(self, role: str, state: dict[str, Any], value: str | None) -> None:
        self.role, self.state, self.value = role, state, value


def _looped_state(node: _Node, collapsed: bool) -> tuple[str, ...]:
    out = []
    document = node.role in ("RootWebArea", "WebArea", "Iframe", "IframePresentational")
    derived = {"collapsed": collapsed, "filled": node.value == FILLED}
    for name in SHOWN_STATES:
        if document and name in ("focused", "busy", "readonly"):
            continue
        value = derived[name] if name in derived else node.state.get(name)
        if name == "checked" and value is False:
            out.append("unchecked")
            continue
        if value is None or value is False:
            continue
        out.append(name if value is True or value == "true"
                   else f"{name}={clean_text(str(value))[:40]}")
    return tuple(out)


@pytest.mark.parametrize("role", ["button", "RootWebArea", "generic"])
@pytest.mark.parametrize("collapsed", [False, True])
@pytest.mark.parametrize("value", [None, "", FILLED, "x"])
@pytest.mark.parametrize("state", [{}, {"checked": False}, {"expanded": True, "busy": True},
                                   {"invalid": "spelling"}])
def test_line_states_of_stateless_nodes_are_the_looped_ones(
        role: str, collapsed: bool, value: str | None, state: dict[str, Any]) -> None:
    node = _Node(role, state, value)
    assert node_state(node, collapsed) == _looped_state(node, collapsed)  # type: ignore[arg-type]
