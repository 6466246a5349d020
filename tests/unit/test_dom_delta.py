"""Delta for DOM text: ids, hashes, the cache per channel, and lossless apply (on recorded
captures from tests/fixtures/dom_*.json and random edits of their element records)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from axsnap_host.client import DomResult
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.delta.apply import apply_delta
from axsnap_host.pipeline.delta.diff import DeltaError
from axsnap_host.pipeline.delta.line_keys import dom_line_key
from axsnap_host.pipeline.delta.reply import finish_dom
from axsnap_host.pipeline.state import TabState
from axsnap_host.render.domtext import element_line
from host_harness import process_capture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DOM_PARTS = ("domtext", "elements")


def load(name: str = "dom_basic") -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def read(raw: dict[str, Any], state: TabState, **options: Any) -> dict[str, Any]:
    return process_capture(raw, state=state, snapshot_id=None, **{"format": "domtext", **options})


def parts(result: dict[str, Any]) -> dict[str, Any]:
    return {part: result[part] for part in DOM_PARTS}


def test_every_dom_reply_names_and_measures_itself() -> None:
    result = read(load(), TabState(1))
    assert result["snapshot_id"].startswith("dom-")
    assert result["hash"].startswith("sha256:")
    assert result["size"]["chars"] == len(result["domtext"])
    assert result["size"]["tokens"] > 0
    assert read(load(), TabState(1))["hash"] == result["hash"]  # same capture, same hash


def test_an_unchanged_page_gives_an_empty_delta_that_rebuilds_the_page() -> None:
    state = TabState(1)
    first = read(load(), state, compression="delta")
    assert first["delta"] == {"applied": False, "reason": "no_base"}
    second = read(load(), state, compression="delta")
    delta = second["delta"]
    assert delta["applied"] is True and delta["base_snapshot_id"] == first["snapshot_id"]
    assert delta["text"] == f"no changes since {first['snapshot_id']}"
    assert "domtext" not in second and "elements" not in second
    assert second["size"]["chars"] == len(delta["text"]) < first["size"]["chars"]
    assert parts(apply_delta(first, second)) == parts(first)


def test_a_changed_element_is_one_changed_line() -> None:
    raw = load()
    state = TabState(1)
    first = read(raw, state, compression="delta")
    changed = copy.deepcopy(raw)
    button = next(r for r in changed["walker"]["elements"]
                  if r.get("tx") == "Clickable div")
    button["tx"] = "Clicked div"
    second = read(changed, state, compression="delta")
    delta = second["delta"]
    assert delta["applied"] is True
    assert delta["counts"] == {"added": 0, "removed": 0, "changed": 1}
    [change] = delta["changes"]
    assert change["op"] == "changed" and change["id"] == "e5"
    assert change["line"] == '[5] <div> id="clicky" "Clicked div"'
    assert delta["text"] == ('~ [5] <div> id="clicky" "Clicked div" '
                             '(was: [5] <div> id="clicky" "Clickable div")')
    assert list(delta["elements"]["set"]) == ["5"] and "order" not in delta["elements"]
    rebuilt = apply_delta(first, second)
    assert rebuilt["domtext"] == read(changed, TabState(1))["domtext"]


def test_dom_and_outline_caches_do_not_stand_for_each_other() -> None:
    state = TabState(1)
    read(load(), state, compression="delta")
    other = read(load(), state, compression="delta", viewport_expand_px=500)
    assert other["delta"] == {"applied": False, "reason": "options_changed"}
    assert read(load(), state, format="elements", compression="delta")["delta"] == {
        "applied": False, "reason": "options_changed"}


def test_a_delta_refuses_another_base() -> None:
    state = TabState(1)
    first = read(load(), state, compression="delta")
    second = read(load(), state, compression="delta")
    other = read(load("dom_shadow"), TabState(2))
    try:
        apply_delta(other, second)
    except DeltaError as err:
        assert first["snapshot_id"] in str(err)
    else:
        raise AssertionError("applied to the wrong base")


def test_dom_result_rebuilds_a_delta_on_its_base() -> None:
    state = TabState(1)
    first = read(load(), state, compression="delta")
    second = read(load(), state, compression="delta")
    lazy = DomResult.from_result(second)
    assert lazy.is_delta and not lazy.materialized and lazy.domtext == ""
    full = lazy.materialize(DomResult.from_result(first))
    assert full.materialized and full.domtext == first["domtext"]
    assert full.elements == first["elements"] and full.hash == first["hash"]


def test_line_keys() -> None:
    assert dom_line_key('[12] <button> "Go"') == "e12"
    assert dom_line_key("[URL: http://x/?a=[1]]") == "h:URL"
    assert dom_line_key("Interactive Elements:") == "t:Interactive Elements:"
    assert dom_line_key("[not a number] x") == "t:[not a number] x"


# -- lossless apply over random edits of recorded element records ---------------------------

def _base(name: str) -> dict[str, Any]:
    raw = load(name)
    result = read(raw[-1] if isinstance(raw, list) else raw, TabState(1))  # a sequence: last
    return {"domtext": result["domtext"], "elements": result["elements"]}


_BASES = {name: _base(name) for name in ("dom_basic", "dom_shadow", "dom_list_sequence")}

_edit = st.tuples(st.sampled_from(["text", "value", "delete", "insert", "move", "rect", "header"]),
                  st.integers(min_value=0, max_value=10_000),
                  st.integers(min_value=0, max_value=10_000),
                  st.text(alphabet="ab xy\"[]é…", max_size=10))


def _edited(base: dict[str, Any], edits: list[tuple[str, int, int, str]]) -> dict[str, Any]:
    header, _, _ = base["domtext"].partition("Interactive Elements:\n")
    records = copy.deepcopy(base["elements"])
    fresh = 1000
    for op, a, b, text in edits:
        if op == "header":
            header = header.replace("[Scroll: Y=", f"[Scroll: Y={a}", 1)
        elif op == "insert":
            fresh += 1
            records.insert(a % (len(records) + 1),
                           {"index": fresh, "tagName": "button", "text": text, "attributes": {},
                            "center": {"x": a, "y": b}})
        elif not records:
            continue
        elif op == "delete":
            records.pop(a % len(records))
        elif op == "move":
            records.insert(b % len(records), records.pop(a % len(records)))
        elif op == "text":
            records[a % len(records)]["text"] = text
        elif op == "value":
            records[a % len(records)]["value"] = text
        elif op == "rect":  # a record change that does not show in its line
            records[a % len(records)]["rect"] = {"x": a, "y": b, "width": 1.0, "height": 2.5}
    text = header + "Interactive Elements:\n" + "".join(element_line(r) + "\n" for r in records)
    return {"domtext": text, "elements": records}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(_BASES)), st.lists(_edit, max_size=10))
def test_applying_the_delta_to_the_base_gives_the_new_dom_text(
    name: str, edits: list[tuple[str, int, int, str]]
) -> None:
    options = SnapshotOptions(format="domtext", compression="delta", delta_max_change=1.0)
    state = TabState(1)
    base = finish_dom(copy.deepcopy(_BASES[name]), options, state, "http://x/")
    new_parts = _edited(_BASES[name], edits)
    reply = finish_dom(copy.deepcopy(new_parts), options, state, "http://x/")
    rebuilt = apply_delta(base, reply)
    assert parts(rebuilt) == new_parts
    delta = reply["delta"]
    assert delta["applied"] is True and rebuilt["hash"] == delta["hash"]
    assert (delta["changes"] == []) == (base["domtext"] == new_parts["domtext"])
    counts = delta["counts"]
    assert sum(e[1] for e in delta["edits"]) == counts["removed"] + counts["changed"]


def test_diff_reports_each_added_and_removed_element() -> None:
    options = SnapshotOptions(format="domtext", compression="delta")
    state = TabState(1)
    base = _BASES["dom_basic"]
    finish_dom(copy.deepcopy(base), options, state, "http://x/")
    new = _edited(base, [("delete", 0, 0, ""), ("insert", 3, 0, "New row")])
    reply = finish_dom(copy.deepcopy(new), options, state, "http://x/")
    text = reply["delta"]["text"].splitlines()
    assert text[0].startswith("- [1] <button>")
    assert text[1] == '+ [1001] <button> "New row"'
