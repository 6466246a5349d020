"""DOM text's line keys made when a delta reads them (design note 136,
pipeline/delta/line_keys.py): a DOM read that asks for no delta keeps its lines unkeyed, and
a delta made from lines keyed late is the delta made from lines keyed at the read (the old
way, written here as it was: each line's key made by finish_dom)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.delta import line_keys
from axsnap_host.pipeline.delta.diff import LineInfo, Snapshot, diff
from axsnap_host.pipeline.delta.reply import finish_dom
from axsnap_host.pipeline.state import TabState

_OPTIONS = SnapshotOptions(format="domtext", compression="delta", delta_max_change=1.0)
_PLAIN = SnapshotOptions(format="domtext")


def _keyed_at_the_read(lines: list[str]) -> list[LineInfo]:
    """The line infos finish_dom made for every DOM read before note 136."""
    seen: dict[str, int] = {}
    out = []
    for line in lines:
        key = line_keys.dom_line_key(line)
        seen[key] = seen.get(key, 0) + 1
        out.append(LineInfo(key if seen[key] == 1 else f"{key}#{seen[key]}"))
    return out


_PIECES = ("[", "]", "[1]", "[URL: x]", "[12] <a>", "[Scroll: Y=3]", "<button>", " ", "é",
           "Interactive Elements:", "#2", "x", "[]", "[0", "7]", ":")


def _line(rng: random.Random) -> str:
    if rng.random() < 0.5:
        tag = rng.choice(("a", "button", "input"))
        return f"[{rng.randrange(40)}] <{tag}> \"{rng.choice('xyz')}\""
    return "".join(rng.choice(_PIECES) for _ in range(rng.randrange(5)))


def _text(rng: random.Random, lines: list[str] | None = None) -> list[str]:
    if lines is None:
        return [_line(rng) for _ in range(rng.randrange(30))]
    out = list(lines)
    for _ in range(rng.randrange(8)):
        op = rng.randrange(3)
        if op == 0 or not out:
            out.insert(rng.randrange(len(out) + 1), _line(rng))
        elif op == 1:
            out.pop(rng.randrange(len(out)))
        else:
            out[rng.randrange(len(out))] = _line(rng)
    return out


def _result(lines: list[str]) -> dict[str, Any]:
    return {"domtext": "\n".join(lines), "elements": [{"index": 1, "text": lines[:1]}]}


def test_a_dom_read_that_asks_no_delta_keys_no_line(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    original = line_keys.dom_line_key
    monkeypatch.setattr(line_keys, "dom_line_key", lambda line: made.append(line) or original(line))
    state = TabState(1)
    lines = [f"[{i}] <button> \"b{i}\"" for i in range(50)]
    finish_dom(_result(lines), _PLAIN, state, "http://x/")
    assert made == []
    [entry] = state.snapshots._entries.values()
    assert isinstance(entry.snapshot, Snapshot) and entry.snapshot.info is None
    # a delta against it keys both sides then, as the read once did
    finish_dom(_result([*lines[1:], "[99] <a> \"new\""]), _OPTIONS, state, "http://x/")
    assert len(made) == 2 * 50


@pytest.mark.parametrize("seed", range(200))
def test_a_delta_of_lines_keyed_when_read_is_the_delta_of_lines_keyed_at_the_read(
        seed: int) -> None:
    rng = random.Random(seed)
    old = _text(rng)
    new = _text(rng, old)
    late_base = Snapshot("a", "sha256:a", {}, old, None)
    late_new = Snapshot("b", "sha256:b", {}, new, None)
    assert late_base.line_info() == _keyed_at_the_read(old)
    eager_base = Snapshot("a", "sha256:a", {}, old, _keyed_at_the_read(old))
    eager_new = Snapshot("b", "sha256:b", {}, new, _keyed_at_the_read(new))
    assert diff(late_base, late_new) == diff(eager_base, eager_new)
    assert late_base.approx_bytes() == eager_base.approx_bytes()  # the cache's bound the same


@pytest.mark.parametrize("seed", range(40))
def test_two_reads_with_a_delta_reply_as_they_did_through_a_packed_base(seed: int) -> None:
    rng = random.Random(seed)
    old = _text(rng) or ["x"]
    new = _text(rng, old) or ["y"]
    state = TabState(1)
    finish_dom(_result(old), _OPTIONS, state, "http://x/")
    state.snapshots.pack()
    reply = finish_dom(_result(new), _OPTIONS, state, "http://x/")
    expected = diff(Snapshot("s", "h", {}, old, _keyed_at_the_read(old)),  # the old way
                    Snapshot("t", "h", {}, new, _keyed_at_the_read(new)))
    for name in ("changed_fraction", "counts", "changes", "edits"):
        assert reply["delta"][name] == expected[name]
