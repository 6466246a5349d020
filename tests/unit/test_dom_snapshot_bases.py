"""A whole-page read's DOMSnapshot sent as the columns that changed since the last read the
host kept (host/axsnap_host/native/dom_snapshot_bases.py, extension/lib/reuse/dom_snapshot_base.js).

The host must put the base's columns back into exactly the DOMSnapshot a whole capture
would have carried (same SnapshotV1), keep at most its bounds, and answer a base it does not
hold, another tab's base or columns that do not fit with bad_chunk (the extension then
sends the capture whole) while it keeps serving.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from axsnap_host.native.dom_snapshot_bases import DomSnapshotBases
from axsnap_host.native.host import Host
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


def _ends(now: list[str], then: list[str]) -> tuple[int, int]:
    """How many strings the two tables share at their head and tail (never overlapping)."""
    most = min(len(now), len(then))
    prefix = 0
    while prefix < most and now[prefix] == then[prefix]:
        prefix += 1
    suffix = 0
    while suffix < most - prefix and now[-1 - suffix] == then[-1 - suffix]:
        suffix += 1
    return prefix, suffix


def _delta(capture: dict[str, Any], base: dict[str, Any], base_id: str,
           *, strings: bool = False, patches: bool = False) -> dict[str, Any]:
    """``capture`` without the DOMSnapshot columns equal to ``base``'s, naming them; with
    ``strings``, also without the strings at the ends the two string tables share; with
    ``patches``, columns of one length as the cells that differ."""
    out = copy.deepcopy(capture)
    patched = []
    if strings:
        table = out["dom_snapshot"]["strings"]
        prefix, suffix = _ends(table, base["dom_snapshot"]["strings"])
        out["dom_snapshot"]["strings"] = table[prefix:len(table) - suffix]
    columns = []
    pairs = zip(out["dom_snapshot"]["documents"], base["dom_snapshot"]["documents"], strict=False)
    for d, (doc, then) in enumerate(pairs):
        for part in ("nodes", "layout"):
            for name in list(doc[part]):
                if then[part].get(name) == doc[part][name]:
                    columns.append([d, part, name])
                    del doc[part][name]
                elif patches and len(then[part].get(name) or ()) == len(doc[part][name]):
                    cells = [i for i, (a, b) in enumerate(zip(doc[part][name], then[part][name],
                                                               strict=True)) if a != b]
                    patched.append([d, part, name, cells, [doc[part][name][i] for i in cells]])
                    del doc[part][name]
    out["dom_snapshot_base"] = {"id": base_id, "columns": columns}
    if strings:
        out["dom_snapshot_base"]["strings"] = [prefix, suffix]
    if patched:
        out["dom_snapshot_base"]["patches"] = patched
    return out


def _snapshot(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"] is True, reply
    snapshot = dict(reply["result"]["snapshot"])
    for key in ("snapshot_id", "trace_id", "ts"):
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

    bases = DomSnapshotBases(max_bases=2)
    assert bases.keep(capture(1, "a")) and bases.keep(capture(1, "b"))
    assert len(bases) == 1  # the tab's older base went
    bases.keep(capture(2, "c"))
    bases.keep(capture(3, "d"))
    assert len(bases) == 2
    small = DomSnapshotBases(max_nodes=5)
    assert small.keep(capture(1, "a")) is False and len(small) == 0
    login = RawCapture.model_validate(load_capture("login"))
    assert DomSnapshotBases().keep(login) is False  # no key


def _with_strings(capture: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(capture)
    change(out["dom_snapshot"]["strings"])
    return out


def _set(index: int, value: str) -> Any:
    def change(table: list[str]) -> None:
        table[index] = value
    return change


STRING_CHANGES = {
    "middle": _set(40, "Item one (changed)"),
    "head": _set(0, "another frame id"),
    "tail": _set(-1, "the last string, changed"),
    "inserted": lambda table: table.insert(40, "a new string"),
    "removed": lambda table: table.pop(40),
    "appended": lambda table: table.append("a new last string"),
    "same": lambda table: None,
}


def test_the_string_table_is_rebuilt_exactly_from_its_ends() -> None:
    """A text edit, an inserted or removed string, a changed count at the end, no change:
    the host puts the base's head and tail around the middle sent, and renders what the
    whole capture renders."""
    first = _changed(_login()) | {"dom_snapshot_key": "k1"}
    for case, change in STRING_CHANGES.items():
        second = _with_strings(_login(), change) | {"dom_snapshot_key": "k2"}
        host = Host()
        host.handle_text(_request(first, "r1"))
        host.release()
        sent = _delta(second, first, "k1", strings=True)
        prefix, suffix = sent["dom_snapshot_base"]["strings"]
        middle = sent["dom_snapshot"]["strings"]
        assert len(middle) <= 1, case  # only what changed is sent
        assert prefix + suffix + len(middle) == len(second["dom_snapshot"]["strings"]), case
        [delta] = host.handle_text(_request(sent, "r2"))
        host.release()
        assert delta["result"]["stats"]["dom_base"]["reused_strings"] == prefix + suffix, case
        [whole] = Host().handle_text(_request(second, "w2"))
        assert _snapshot(delta) == _snapshot(whole), case
        # the rebuilt table is the next read's base
        third = _changed(second) | {"dom_snapshot_key": "k3"}
        [again] = host.handle_text(_request(_delta(third, second, "k2", strings=True), "r3"))
        [whole] = Host().handle_text(_request(third, "w3"))
        assert again["result"]["stats"]["dom_base"]["reused_strings"] == len(
            third["dom_snapshot"]["strings"]), case
        assert _snapshot(again) == _snapshot(whole), case


def test_string_ends_that_do_not_fit_the_base_are_bad_chunk() -> None:
    from axsnap_host.models.capture import RawCapture
    from axsnap_host.models.errors import AxsnapError

    first = _login() | {"dom_snapshot_key": "k1"}
    count = len(first["dom_snapshot"]["strings"])
    bases = DomSnapshotBases()
    assert bases.keep(RawCapture.model_validate(first))
    empty = _delta(first, first, "k1", strings=True)
    assert empty["dom_snapshot"]["strings"] == []  # nothing changed: no string sent
    capture = RawCapture.model_validate(empty)
    assert bases.fill(capture) == {"reused_columns": len(empty["dom_snapshot_base"]["columns"]),
                                   "patched_columns": 0, "reused_strings": count}
    assert capture.dom_snapshot is not None
    assert capture.dom_snapshot["strings"] == first["dom_snapshot"]["strings"]
    for ends in ([count, 1], [count + 1, 0], [0, count + 1]):  # more than the base holds
        bad = copy.deepcopy(empty)
        bad["dom_snapshot_base"]["strings"] = ends
        try:
            bases.fill(RawCapture.model_validate(bad))
        except AxsnapError as exc:
            assert exc.code == "bad_chunk", ends
        else:
            raise AssertionError(f"{ends} fit a table of {count}")
    host = Host()  # the base is not held: bad_chunk, and the whole capture is served
    [reply] = host.handle_text(_request(empty, "r1"))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_chunk"
    [reply] = host.handle_text(_request(first, "r2"))
    assert reply["ok"] is True


def _one_box_wider(capture: dict[str, Any]) -> dict[str, Any]:
    """One layout box wider, one node's style row and id changed: a few cells."""
    out = copy.deepcopy(capture)
    doc = out["dom_snapshot"]["documents"][0]
    x, y, w, h = doc["layout"]["bounds"][3]
    doc["layout"]["bounds"][3] = [x, y, w + 7, h]
    styles = doc["layout"]["styles"]
    styles[2] = list(next(row for row in styles if row != styles[2]))
    doc["nodes"]["backendNodeId"][5] = 999_999
    return out


def test_columns_sent_as_their_changed_cells_rebuild_the_whole_snapshot() -> None:
    first = _login() | {"dom_snapshot_key": "k1"}
    second = _one_box_wider(first) | {"dom_snapshot_key": "k2"}
    host = Host()
    host.handle_text(_request(first, "r1"))
    host.release()
    sent = _delta(second, first, "k1", strings=True, patches=True)
    patched = {(p[1], p[2]): p[3] for p in sent["dom_snapshot_base"]["patches"]}
    assert patched == {("layout", "bounds"): [3], ("layout", "styles"): [2],
                       ("nodes", "backendNodeId"): [5]}
    [delta] = host.handle_text(_request(sent, "r2"))
    host.release()
    assert delta["result"]["stats"]["dom_base"]["patched_columns"] == 3
    [whole] = Host().handle_text(_request(second, "w2"))
    assert _snapshot(delta) == _snapshot(whole)
    # the base kept is untouched by the patch; the next read patches the rebuilt one
    third = _changed(second) | {"dom_snapshot_key": "k3"}
    [again] = host.handle_text(_request(_delta(third, second, "k2", patches=True), "r3"))
    [whole] = Host().handle_text(_request(third, "w3"))
    assert _snapshot(again) == _snapshot(whole)


def test_cells_that_do_not_fit_the_base_column_are_bad_chunk() -> None:
    first = _login() | {"dom_snapshot_key": "k1"}
    sent = _delta(_one_box_wider(first), first, "k1", patches=True)
    rows = len(first["dom_snapshot"]["documents"][0]["layout"]["bounds"])
    for cells, values in (([rows], [[0, 0, 1, 1]]),  # past the column's end
                          ([3, 3], [[0, 0, 1, 1], [0, 0, 1, 1]]),  # twice the same cell
                          ([3], [])):  # no value for a cell
        bad = copy.deepcopy(sent)
        bounds = next(p for p in bad["dom_snapshot_base"]["patches"] if p[2] == "bounds")
        bounds[3:] = [cells, values]
        host = Host()
        host.handle_text(_request(first, "r1"))
        [reply] = host.handle_text(_request(bad, "r2"))
        assert reply["ok"] is False and reply["error"]["code"] == "bad_chunk", cells
        [reply] = host.handle_text(_request(first, "r3"))
        assert reply["ok"] is True


def test_a_closed_tab_takes_its_raw_bases_along() -> None:
    """forget_tab (the tab closed) drops the host's raw, unredacted DOMSnapshot and AX bases
    of that tab, not only its tab state: a delta on them is refused afterwards."""
    from axsnap_host.models.capture import AxRow

    first = _login() | {"dom_snapshot_key": "k1"}
    tab = first["tab"]["id"]
    host = Host()
    [reply] = host.handle_text(_request(first, "r1"))
    assert reply["result"]["stats"]["dom_base"] == {"kept": True}
    assert len(host.dom_snapshot_bases) == 1
    row = AxRow("1", None, False, "button", (), 5, "Pay", None, None)
    host.streams.ax_bases.keep("st-1", "frame-1", [row], tab)
    host.streams.ax_bases.keep("st-2", "frame-2", [row], tab + 1)  # another tab's stays
    [forgot] = host.handle_text(json.dumps(
        {"v": 1, "id": "f1", "type": "forget_tab", "tabId": tab}))
    assert forgot["ok"] is True
    assert len(host.dom_snapshot_bases) == 0
    assert len(host.streams.ax_bases) == 1 and host.streams.ax_bases.held_nodes() == 1
    [refused] = host.handle_text(_request(_delta(_changed(first), first, "k1"), "r2"))
    assert refused["ok"] is False and refused["error"]["code"] == "bad_chunk"


def test_every_per_tab_store_of_the_host_goes_with_its_tab() -> None:
    """One forget drops them all: every store of the host that keeps data per tab (has a
    ``forget_tab``) is one of TabStates' stores, and a tab evicted from TabStates (the least
    recently used beyond its bound) takes its raw bases along as a closed one does."""
    from axsnap_host.models.capture import AxRow
    from axsnap_host.pipeline.state import TabStates

    host = Host()
    per_tab = [store for owner in (host, host.streams) for store in vars(owner).values()
               if callable(getattr(store, "forget_tab", None))]
    assert per_tab and all(any(store is s for s in host.tabs.stores) for store in per_tab)

    row = AxRow("1", None, False, "button", (), 5, "Pay", None, None)
    host.streams.ax_bases.keep("st-1", "frame-1", [row], 1)
    host.streams.ax_bases.keep("st-2", "frame-2", [row], 2)
    tabs = TabStates(max_tabs=1, stores=host.tabs.stores)
    tabs.get(1)
    tabs.get(2)  # tab 1 is evicted, and its AX base with it
    assert host.streams.ax_bases.held_nodes() == 1
    assert tabs.forget(2) is True and host.streams.ax_bases.held_nodes() == 0
