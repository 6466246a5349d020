"""Delta outlines on recorded captures: tests/fixtures/outline_compact.json, and
outline_compact_after.json — the same document after a click that checks one checkbox and
adds one table row (tests/fixtures/outline_record.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.native.host import Host
from axsnap_host.pipeline.delta.apply import apply_delta
from axsnap_host.pipeline.delta.cache import SnapshotCache, options_key
from axsnap_host.pipeline.delta.diff import (
    SNAPSHOT_PARTS,
    DeltaError,
    LineInfo,
    Snapshot,
    diff,
    snapshot_hash,
    snapshot_parts,
)
from axsnap_host.pipeline.delta.reply import snapshot_of
from axsnap_host.pipeline.outline.build import build_outline
from axsnap_host.pipeline.state import TabState
from host_harness import process_capture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SECRET = "hunter2-Secret-99"
_CACHE: dict[str, dict[str, Any]] = {}


def raw(name: str) -> dict[str, Any]:
    if name not in _CACHE:
        _CACHE[name] = json.loads((FIXTURES / f"outline_{name}.json").read_text("utf-8"))
    return copy.deepcopy(_CACHE[name])


def read(state: TabState, data: dict[str, Any], **options: Any) -> dict[str, Any]:
    return process_capture(data, state=state, snapshot_id=None, format="outline", **options)


def parts(result: dict[str, Any]) -> dict[str, Any]:
    return {part: result[part] for part in SNAPSHOT_PARTS if part in result}


DELTA = {"compact": True, "compression": "delta"}


def test_every_outline_reply_names_and_measures_itself() -> None:
    result = read(TabState(1), raw("compact"))
    assert result["snapshot_id"].startswith("ax-") and result["hash"].startswith("sha256:")
    assert result["hash"] == snapshot_hash(result)
    text = result["combinedTree"]
    assert result["size"]["bytes"] == len(text.encode()) and result["size"]["tokens"] > 100
    assert "delta" not in result  # compression "none"
    again = read(TabState(1), raw("compact"))  # same input, same output
    assert again["snapshot_id"] == result["snapshot_id"]


def test_delta_after_a_click_holds_exactly_the_checkbox_and_the_row() -> None:
    state = TabState(7)
    base = read(state, raw("compact"), **DELTA)
    assert base["delta"] == {"applied": False, "reason": "no_base"}
    reply = read(state, raw("compact_after"), **DELTA)
    delta = reply["delta"]
    assert delta["applied"] is True
    assert delta["base_snapshot_id"] == base["snapshot_id"]
    assert delta["base_hash"] == base["hash"]
    assert "combinedTree" not in reply and reply["size"]["tokens"] < base["size"]["tokens"] / 4
    changes = delta["changes"]
    assert [c["op"] for c in changes] == ["changed", "added"]
    checkbox, row = changes
    assert checkbox["line"].endswith("checkbox: Done: Write report [checked]")
    assert checkbox["fields"] == {"state": {"checked": [False, True]}}
    assert checkbox["id"] in base["combinedXpathMap"]
    assert "table: Tasks" in checkbox["context"]
    assert row["line"] == "row" and row["lines"] == 4
    assert [line.split("] ", 1)[1] for line in row["below"]] == [
        "cell: Buy milk", "checkbox: Done: Buy milk", "button: Delete Buy milk"]
    assert "table: Tasks" in row["context"]
    assert delta["counts"] == {"added": 4, "removed": 0, "changed": 1}
    assert "+checked" in delta["text"] and "Buy milk" in delta["text"]
    # lossless: the base plus the delta is the full snapshot of the second capture
    full = read(TabState(8), raw("compact_after"), compact=True)
    rebuilt = apply_delta(base, reply)
    assert parts(rebuilt) == parts(full)
    assert rebuilt["hash"] == full["hash"] == reply["hash"]
    assert rebuilt["size"] == full["size"]


def test_outline_result_rebuilds_a_delta_on_its_base() -> None:
    from axsnap_host.client import OutlineResult

    state = TabState(1)
    base = read(state, raw("compact"), **DELTA)
    reply = read(state, raw("compact_after"), **DELTA)
    full = read(TabState(2), raw("compact_after"), compact=True)
    orphan = OutlineResult.from_result(reply)  # the base is not at hand
    assert orphan.is_delta and not orphan.materialized and orphan.combinedTree == ""
    rebuilt = orphan.materialize(OutlineResult.from_result(base))
    assert rebuilt.materialized and rebuilt.combinedTree == full["combinedTree"]
    assert rebuilt.combinedXpathMap == full["combinedXpathMap"] and rebuilt.hash == full["hash"]
    assert rebuilt.delta == reply["delta"] and rebuilt.size == full["size"]
    plain = OutlineResult.from_result(base)
    assert not plain.is_delta and plain.delta == {"applied": False, "reason": "no_base"}


def test_an_unchanged_page_gives_an_empty_delta() -> None:
    state = TabState(1)
    first = read(state, raw("compact"), **DELTA)
    second = read(state, raw("compact"), **DELTA)
    assert second["delta"]["applied"] and second["delta"]["changes"] == []
    assert second["delta"]["edits"] == [] and "maps" not in second["delta"]
    assert second["delta"]["text"] == f"no changes since {first['snapshot_id']}"
    assert parts(apply_delta(first, second)) == parts(first)


def test_fallbacks_say_why() -> None:
    state = TabState(1)
    assert read(state, raw("compact"), **DELTA)["delta"]["reason"] == "no_base"
    moved = raw("compact")
    moved["tab"]["url"] = moved["tab"]["url"] + "?page=2"
    result = read(state, moved, **DELTA)
    assert result["delta"] == {"applied": False, "reason": "url_changed"}
    assert result["combinedTree"]  # a full snapshot
    other = read(state, moved, compact=True, filter="interactive", compression="delta")
    assert other["delta"] == {"applied": False, "reason": "options_changed"}
    # the same URL with another document: every id changed
    replaced = raw("demo")
    replaced["tab"]["url"] = moved["tab"]["url"]
    large = read(state, replaced, **DELTA)
    assert large["delta"]["applied"] is False and large["delta"]["reason"] == "large_change"
    assert large["delta"]["changed_fraction"] > 0.5 and large["combinedTree"]
    # the threshold is the caller's: a small one refuses even the one-row change
    state = TabState(2)
    read(state, raw("compact"), **DELTA)
    strict = read(state, raw("compact_after"), delta_max_change=0.01, **DELTA)
    assert strict["delta"]["reason"] == "large_change"
    assert strict["delta"]["delta_max_change"] == 0.01


def test_a_plain_read_is_a_base_and_delta_options_do_not_split_the_cache() -> None:
    state = TabState(1)
    plain = read(state, raw("compact"), compact=True)
    reply = read(state, raw("compact_after"), compact=True, compression="delta",
                 delta_max_change=0.9, trace_id="t-1")
    assert reply["delta"]["applied"] and reply["delta"]["base_snapshot_id"] == plain["snapshot_id"]


def test_caches_are_per_tab_per_channel_and_forgotten_with_the_tab() -> None:
    host = Host()

    def snapshot(tab: int, name: str) -> dict[str, Any]:
        data = raw(name)
        data["tab"]["id"] = tab
        reply = host.handle_message({"v": 1, "id": f"{tab}{name}", "type": "snapshot",
                                     "options": {"format": "outline", **DELTA},
                                     "capture": data})[0]
        assert reply["ok"], reply
        return reply["result"]

    assert snapshot(1, "compact")["delta"]["reason"] == "no_base"
    assert snapshot(2, "compact_after")["delta"]["reason"] == "no_base"  # another tab
    assert snapshot(1, "compact_after")["delta"]["applied"]
    forgot = host.handle_message({"v": 1, "id": "f", "type": "forget_tab", "tabId": 1})[0]
    assert forgot["result"]["forgotten"] is True
    assert snapshot(1, "compact_after")["delta"]["reason"] == "no_base"
    options = SnapshotOptions(format="outline", compact=True)
    assert options_key("ax", options) != options_key("dom", options)
    cache = SnapshotCache()
    snap = Snapshot("s", "h", {}, ["x"], [LineInfo("0-1")])
    cache.put(options_key("ax", options), "u", snap)
    assert cache.find(options_key("dom", options), "u").base is None


def test_the_cache_is_bounded() -> None:
    cache = SnapshotCache(max_entries=3, max_bytes=50_000)
    for i in range(10):
        lines = [f"[0-{k}] button: {i}" for k in range(100)]
        cache.put(f"ax:{i}", "u", Snapshot(f"s{i}", "h", {}, lines,
                                           [LineInfo(f"0-{k}") for k in range(100)]))
        assert len(cache) <= 3 and cache.bytes <= 50_000
    assert cache.keys()[-1] == "ax:9"
    huge = Snapshot("big", "h", {}, ["x" * 60_000], [LineInfo("0-1")])
    assert cache.put("ax:big", "u", huge) is False and "ax:big" not in cache


def test_apply_delta_refuses_another_base() -> None:
    state = TabState(1)
    base = read(state, raw("compact"), **DELTA)
    reply = read(state, raw("compact_after"), **DELTA)
    other = read(TabState(2), raw("compact"))  # not the base: one line more
    other["combinedTree"] += "\n  [0-9999] button: Extra"
    other.pop("hash")
    with pytest.raises(DeltaError):
        apply_delta(other, reply)
    fallback = read(TabState(3), raw("compact"), **DELTA)
    assert apply_delta(base, fallback) == fallback  # a full reply is returned as is


def test_secrets_stay_out_of_deltas() -> None:
    """A password typed between two reads: the field stays 'filled', the delta says
    nothing about it, and neither value appears anywhere."""
    state = TabState(1)
    before = raw("compact")
    read(state, before, **DELTA)
    after = raw("compact")
    text = json.dumps(after).replace(SECRET, "other-Secret-4242")
    reply = read(state, json.loads(text), **DELTA)
    dumped = json.dumps(reply)
    assert SECRET not in dumped and "other-Secret-4242" not in dumped
    assert reply["delta"]["changes"] == []
    # a secret-looking token in a visible name is scrubbed on both sides of a change
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    leaky = json.loads(json.dumps(raw("compact_after")).replace("Buy milk", f"Buy {token}"))
    reply = read(state, leaky, **DELTA)
    assert token not in json.dumps(reply)


# -- property: random edits of recorded trees ------------------------------------------

def _recorded(name: str, **options: Any) -> tuple[dict[str, Any], Snapshot]:
    result, lines = build_outline(RawCapture.model_validate(raw(name)),
                                  SnapshotOptions(format="outline", **options))
    snapshot = snapshot_of(result, lines, "base")
    result["hash"] = snapshot.hash
    return result, snapshot


_BASES = {
    "compact": _recorded("compact", compact=True),
    "frames": _recorded("frames"),
    "demo-depth": _recorded("demo", compact=True, depth=4),
}

_edit = st.tuples(
    st.sampled_from(["change", "delete", "insert", "move", "map_set", "map_remove", "frame",
                     "state"]),
    st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=10_000),
    st.text(alphabet="abc xyz[]:=\"…", max_size=12),
)


def _edited(base: Snapshot, edits: list[tuple[str, int, int, str]]) -> Snapshot:
    rows = [(info, line) for info, line in zip(base.info, base.lines, strict=True)]
    new_parts = copy.deepcopy(base.parts)
    fresh = 0
    for op, a, b, text in edits:
        if op in ("change", "state") and rows:
            i = a % len(rows)
            info, line = rows[i]
            indent = line[: len(line) - len(line.lstrip(" "))]
            state = (*info.state, "checked") if op == "state" else info.state
            rows[i] = (LineInfo(info.key, text, info.value, state, info.ref),
                       f"{indent}[{info.key}] changed: {text}" + (" [checked]" if state else ""))
        elif op in ("delete", "move") and len(rows) > 1:
            i = 1 + a % (len(rows) - 1)
            depth = _depth(rows[i][1])
            end = i + 1
            while end < len(rows) and _depth(rows[end][1]) > depth:
                end += 1
            cut, rows = rows[i:end], rows[:i] + rows[end:]
            if op == "move":
                at = 1 + b % len(rows)
                shift = _depth(rows[at - 1][1]) + 1 - depth
                moved = [(info, "  " * max(0, _depth(line) + shift) + line.lstrip(" "))
                         for info, line in cut]
                rows = rows[:at] + moved + rows[at:]
        elif op == "insert":
            at = 1 + a % max(1, len(rows))
            depth = _depth(rows[at - 1][1]) + 1 if rows else 0
            fresh += 1
            key = f"9-{fresh}"
            rows.insert(at, (LineInfo(key, text), "  " * depth + f"[{key}] button: {text}"))
        elif op == "map_set":
            new_parts.setdefault("combinedXpathMap", {})[f"0-{a}"] = f"/html/body/x[{b}]"
        elif op == "map_remove" and new_parts.get("combinedUrlMap"):
            keys = sorted(new_parts["combinedUrlMap"])
            new_parts["combinedUrlMap"].pop(keys[a % len(keys)])
        elif op == "frame" and new_parts.get("frames"):
            frames = new_parts["frames"]
            frames[a % len(frames)]["nodes"] = b
            if b % 3 == 0:
                frames.append({"ordinal": len(frames), "url": text})
    new_parts["combinedTree"] = "\n".join(line for _info, line in rows)
    return Snapshot("new", snapshot_hash(new_parts), snapshot_parts(new_parts),
                    [line for _info, line in rows], [info for info, _line in rows])


def _depth(line: str) -> int:
    return (len(line) - len(line.lstrip(" "))) // 2


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(_BASES)), st.lists(_edit, max_size=12))
def test_applying_the_delta_to_the_base_gives_the_new_snapshot(
    name: str, edits: list[tuple[str, int, int, str]]
) -> None:
    base_result, base = _BASES[name]
    new = _edited(base, edits)
    delta = diff(base, new)
    rebuilt = apply_delta(base_result, {"delta": {"applied": True, **delta}})
    assert parts(rebuilt) == new.parts
    assert rebuilt["hash"] == new.hash
    # the model's view accounts for every edited line, and only for those
    counts = delta["counts"]
    assert sum(e[1] for e in delta["edits"]) == counts["removed"] + counts["changed"]
    assert sum(len(e[2]) for e in delta["edits"]) == counts["added"] + counts["changed"]
    assert (delta["changes"] == []) == (base.lines == new.lines)
    for start, count, _lines in delta["edits"]:
        assert start >= 0 and start + count <= len(base.lines)
    starts = [e[0] for e in delta["edits"]]
    assert starts == sorted(starts)
