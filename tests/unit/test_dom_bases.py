"""A whole-page read's DOMSnapshot sent as the columns that changed since the last read the
host kept (host/axsnap_host/dom_bases.py, extension/lib/dom_base.js).

The host must put the base's columns back into exactly the DOMSnapshot a whole capture
would have carried (same SnapshotV1), keep at most its bounds, and answer a base it does not
hold, another tab's base or columns that do not fit with bad_chunk (the extension then
sends the capture whole) while it keeps serving.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from axsnap_host.dom_bases import DomBases
from axsnap_host.host import Host
from host_harness import load_capture


def _request(capture: dict[str, Any], rid: str) -> str:
    return json.dumps({"v": 1, "id": rid, "type": "snapshot",
                       "options": {"scope": "page"}, "capture": capture})


def _login() -> dict[str, Any]:
    """The recorded login page as a whole-page SnapshotV1 read captures it: no DOM rects
    (the outline's, never offered as a base)."""
    capture = load_capture("login")
    for doc in capture["dom_snapshot"]["documents"]:
        for name in ("clientRects", "scrollRects", "offsetRects"):
            doc["layout"].pop(name, None)
    return capture


def _changed(capture: dict[str, Any]) -> dict[str, Any]:
    """The page relaid out: every layout box one pixel wider; the rest as it was."""
    out = copy.deepcopy(capture)
    for doc in out["dom_snapshot"]["documents"]:
        doc["layout"]["bounds"] = [[x, y, w + 1, h] for x, y, w, h in doc["layout"]["bounds"]]
    return out


def _delta(capture: dict[str, Any], base: dict[str, Any], base_id: str) -> dict[str, Any]:
    """``capture`` without the DOMSnapshot columns equal to ``base``'s, naming them."""
    out = copy.deepcopy(capture)
    columns = []
    pairs = zip(out["dom_snapshot"]["documents"], base["dom_snapshot"]["documents"], strict=False)
    for d, (doc, then) in enumerate(pairs):
        for part in ("nodes", "layout"):
            for name in list(doc[part]):
                if then[part].get(name) == doc[part][name]:
                    columns.append([d, part, name])
                    del doc[part][name]
    out["dom_snapshot_base"] = {"id": base_id, "columns": columns}
    return out


def _snapshot(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"] is True, reply
    snapshot = dict(reply["result"]["snapshot"])
    for key in ("snapshot_id", "ts"):
        snapshot.pop(key)
    return snapshot


def test_a_delta_rebuilds_the_whole_snapshot_and_chains() -> None:
    first = _login() | {"dom_snapshot_key": "k1"}
    second = _changed(first) | {"dom_snapshot_key": "k2"}
    third = _changed(second) | {"dom_snapshot_key": "k3"}
    host = Host()
    [reply] = host.handle_text(_request(first, "r1"))
    assert reply["result"]["stats"]["dom_base"] == {"kept": True}
    host.release()
    sent = _delta(second, first, "k1")
    assert sent["dom_snapshot_base"]["columns"]
    assert all("bounds" not in c for c in sent["dom_snapshot_base"]["columns"])
    [delta] = host.handle_text(_request(sent, "r2"))
    host.release()
    assert delta["result"]["stats"]["dom_base"]["reused_columns"] == len(
        sent["dom_snapshot_base"]["columns"])
    [whole] = Host().handle_text(_request(second, "w2"))
    assert _snapshot(delta) == _snapshot(whole)
    # the next read's base is the rebuilt one
    [again] = host.handle_text(_request(_delta(third, second, "k2"), "r3"))
    [whole] = Host().handle_text(_request(third, "w3"))
    assert _snapshot(again) == _snapshot(whole)


def test_a_base_the_host_does_not_hold_is_bad_chunk_and_it_serves_on() -> None:
    first = _login() | {"dom_snapshot_key": "k1"}
    second = _changed(first)
    host = Host()  # holds no base: a host process started after the base was kept
    [reply] = host.handle_text(_request(_delta(second, first, "k1"), "r1"))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_chunk", reply
    [reply] = host.handle_text(_request(second, "r2"))  # sent whole: served
    assert reply["ok"] is True
    # another tab's base, and a column the base does not have
    host.handle_text(_request(first, "r3"))
    other_tab = _delta(second, first, "k1")
    other_tab["tab"] = dict(other_tab["tab"], id=other_tab["tab"]["id"] + 1)
    [reply] = host.handle_text(_request(other_tab, "r4"))
    assert reply["error"]["code"] == "bad_chunk"
    stray = _delta(second, first, "k1")
    stray["dom_snapshot_base"]["columns"].append([0, "layout", "clientRects"])  # none kept
    [reply] = host.handle_text(_request(stray, "r5"))
    assert reply["error"]["code"] == "bad_chunk"


def test_bases_are_bounded_one_per_tab_and_big_snapshots_go_whole() -> None:
    from axsnap_host.models.capture import RawCapture

    def capture(tab: int, key: str) -> RawCapture:
        raw = load_capture("login") | {"dom_snapshot_key": key}
        raw["tab"] = dict(raw["tab"], id=tab)
        return RawCapture.model_validate(raw)

    bases = DomBases(max_bases=2)
    assert bases.keep(capture(1, "a")) and bases.keep(capture(1, "b"))
    assert len(bases) == 1  # the tab's older base went
    bases.keep(capture(2, "c"))
    bases.keep(capture(3, "d"))
    assert len(bases) == 2
    small = DomBases(max_nodes=5)
    assert small.keep(capture(1, "a")) is False and len(small) == 0
    assert DomBases().keep(RawCapture.model_validate(load_capture("login"))) is False  # no key
