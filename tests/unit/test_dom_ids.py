"""DOM channel without a DOMSnapshot: the extension's record facts (walker_ids.js).

Records carry ``b`` (backendNodeId), ``k`` (a click-type listener) and ``w`` (the walker's
stable id in its world); walker frames carry their CDP ``frameId``; each run lists the ids
still ``alive``. Captures here are built by hand: small, and exactly the shape in question.
"""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.options import SnapshotOptions
from axsnap_host.pipeline.dom.elements import build_dom_result
from axsnap_host.pipeline.state import TabState

URL = "http://127.0.0.1/p"


def rec(p: int, s: str, **facts: Any) -> dict[str, Any]:
    return {"p": p, "f": 0, "s": s, "r": [10, 10, 80, 20], "vis": 1, "win": 1, "inv": 1, **facts}


def skeleton(**extra: Any) -> list[dict[str, Any]]:
    return [rec(-1, "html", w=1, b=1, **extra), rec(0, "body", w=2, b=2)]


def capture(records: list[dict[str, Any]], *, alive: list[int] | None = None,
            world: str = "W1", loader: str = "L1", **walker: Any) -> RawCapture:
    frames = walker.pop("cdp_frames", None) or [{"frameId": "F0", "url": URL, "loaderId": loader}]
    run = {
        "v": 1, "url": URL, "title": "P", "viewport": {"w": 1280, "h": 757},
        "scroll": {"x": 0, "y": 0, "w": 1280, "h": 757},
        "options": {"viewportOnly": True, "expandPx": 0},
        "frames": [{"url": URL, "parent": -1, "owner": -1, "ox": 0, "oy": 0, "frameId": "F0"}],
        "elements": records, "stats": {}, "world": world, "run": f"{world}.1",
        "alive": alive if alive is not None else [r["w"] for r in records if "w" in r],
        **walker,
    }
    return RawCapture.model_validate({
        "tab": {"id": 1, "url": URL, "title": "P"}, "frames": frames, "dom_snapshot": None,
        "walker": run,
    })


def dom(cap: RawCapture, state: TabState | None = None) -> dict[str, Any]:
    return build_dom_result(cap, SnapshotOptions(format="elements"), state or TabState(1))


def by_text(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["text"]: e for e in result["elements"]}


def test_backend_ids_listeners_and_frames_come_from_the_records() -> None:
    records = [*skeleton(),
               rec(1, "div", w=3, b=30, k=1, tx="Listener div"),
               rec(1, "button", w=4, b=40, c=["form"], tx="Go"),
               rec(1, "iframe", w=5, b=50, fr=1),
               {**rec(4, "html", w=6, b=60), "f": 1},
               {**rec(5, "body", w=7, b=70), "f": 1},
               {**rec(6, "button", w=8, b=80, c=["form"], tx="In frame"), "f": 1}]
    frames = [{"url": URL, "parent": -1, "owner": -1, "ox": 0, "oy": 0, "frameId": "F0"},
              {"url": URL + "/f", "parent": 0, "owner": 4, "ox": 10, "oy": 10, "frameId": "F1"}]
    cdp_frames = [{"frameId": "F0", "url": URL, "loaderId": "L1"},
                  {"frameId": "F1", "parentFrameId": "F0", "url": URL + "/f", "loaderId": "L2"}]
    result = dom(capture(records, frames=frames, cdp_frames=cdp_frames))
    found = by_text(result)
    assert found["Listener div"]["reasons"] == ["clickable"]
    assert found["Listener div"]["backendNodeId"] == 30
    assert found["Go"]["reasons"] == ["form"]  # no listener: no "clickable"
    assert (found["In frame"]["frame"], found["In frame"]["backendNodeId"]) == (1, 80)
    assert result["stats"]["walker_unjoined"] == 0


def test_listener_on_html_or_body_lists_nothing() -> None:
    records = [rec(-1, "html", w=1, b=1, k=1), rec(0, "body", w=2, b=2, k=1, tx="Body text")]
    assert dom(capture(records))["elements"] == []


def test_walker_ids_keep_indices_while_alive_and_twins_inherit() -> None:
    state = TabState(1)
    first = dom(capture([*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="A"),
                         rec(1, "button", w=4, b=40, c=["form"], tx="B")]), state)
    index = {e["text"]: e["index"] for e in first["elements"]}
    # A scrolled out of the window but still alive: B keeps its number, A is not gone
    scrolled = dom(capture([*skeleton(), rec(1, "button", w=4, b=40, c=["form"], tx="B")],
                           alive=[1, 2, 3, 4]), state)
    assert by_text(scrolled)["B"]["index"] == index["B"]
    assert scrolled["indices"]["removed"] == [index["A"]]
    back = dom(capture([*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="A"),
                        rec(1, "button", w=4, b=40, c=["form"], tx="B")]), state)
    assert {e["text"]: e["index"] for e in back["elements"]} == index
    # B re-rendered: the old element is no longer alive, its twin (same signature) inherits
    rerendered = dom(capture([*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="A"),
                              rec(1, "button", w=9, b=90, c=["form"], tx="B")]), state)
    assert {e["text"]: e["index"] for e in rerendered["elements"]} == index
    assert rerendered["elements"][1]["backendNodeId"] == 90


def test_a_new_world_token_is_a_new_identity() -> None:
    state = TabState(1)
    records = [*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="A", ptx="x")]
    first = dom(capture(records, world="W1"), state)
    other = [*skeleton(), rec(1, "button", w=3, b=31, c=["form"], tx="C")]
    second = dom(capture(other, world="W2", alive=[1, 2, 3]), state)
    assert second["elements"][0]["index"] != first["elements"][0]["index"]


def test_label_reason_is_weak_and_folds_into_its_control() -> None:
    records = [*skeleton(),
               rec(1, "label", w=3, b=30, c=["label"], tx="Remember me"),
               rec(2, "input", w=4, b=40, c=["form"], a={"type": "checkbox"}, chk=0),
               rec(1, "label", w=5, b=50, c=["label"], tx="Email", a={"for": "email"})]
    elements = dom(capture(records))["elements"]
    assert [(e["tagName"], e.get("label")) for e in elements] == [
        ("input", "Remember me"), ("label", None)]


def test_a_labelled_select_takes_the_label_and_its_options_do_not() -> None:
    records = [*skeleton(),
               rec(1, "label", w=3, b=30, c=["label"], tx="Country"),
               rec(2, "select", w=4, b=40, c=["form"], val="Portugal"),
               rec(3, "option", w=5, b=50, c=["form"], tx="Portugal"),
               rec(3, "option", w=6, b=60, c=["form"], tx="Kenya")]
    elements = dom(capture(records))["elements"]
    assert [(e["tagName"], e.get("label")) for e in elements] == [
        ("select", "Country"), ("option", None), ("option", None)]


def test_stitched_runs_key_by_their_own_world() -> None:
    state = TabState(1)
    inner = {"v": 1, "url": "http://127.0.0.2/f", "viewport": {"w": 300, "h": 100},
             "frames": [{"url": "http://127.0.0.2/f", "parent": -1, "owner": -1, "ox": 0, "oy": 0}],
             "elements": [rec(-1, "html", w=1), rec(0, "body", w=2),
                          rec(1, "button", w=3, c=["form"], tx="Inner")],
             "world": "W2", "run": "W2.1", "alive": [1, 2, 3]}
    records = [*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="Outer"),
               rec(1, "iframe", w=4, b=40, xo=1, co=[10, 10])]
    cdp_frames = [{"frameId": "F0", "url": URL, "loaderId": "L1"},
                  {"frameId": "F9", "parentFrameId": "F0", "url": "http://127.0.0.2/f",
                   "ownerBackendNodeId": 40}]
    cap = capture(records, cdp_frames=cdp_frames, subframes=[{"frameId": 5, "result": inner}])
    found = by_text(dom(cap, state))
    assert found["Inner"]["frame"] == 1 and found["Inner"]["backendNodeId"] is None
    assert found["Inner"]["index"] != found["Outer"]["index"]
    again = by_text(dom(cap, state))
    assert {k: v["index"] for k, v in again.items()} == {k: v["index"] for k, v in found.items()}


def test_a_cross_site_frame_is_stitched_under_its_own_iframe_when_renderers_share_numbers(
        ) -> None:
    """Each renderer numbers its own nodes: the top document's <iframe> and one inside the
    out-of-process frame can both be backendNodeId 40 (two small pages of one site). The
    frame is stitched under the <iframe> of the document it is in, whatever order the
    capture lists its frames in."""
    inner = {"v": 1, "url": "http://127.0.0.2/f", "viewport": {"w": 300, "h": 100},
             "frames": [{"url": "http://127.0.0.2/f", "parent": -1, "owner": -1, "ox": 0,
                         "oy": 0, "frameId": "F9"}],
             "elements": [rec(-1, "html", w=1, b=1), rec(0, "body", w=2, b=2),
                          rec(1, "button", w=3, b=33, c=["form"], tx="Inner"),
                          rec(1, "iframe", w=4, b=40)],
             "world": "W2", "run": "W2.1", "alive": [1, 2, 3, 4]}
    records = [*skeleton(), rec(1, "button", w=3, b=30, c=["form"], tx="Outer"),
               rec(1, "iframe", w=4, b=40, xo=1, co=[10, 10])]
    cross = {"frameId": "F9", "parentFrameId": "F0", "url": "http://127.0.0.2/f",
             "ownerBackendNodeId": 40}
    blank = {"frameId": "F10", "parentFrameId": "F9", "url": "about:blank",
             "ownerBackendNodeId": 40}
    top = {"frameId": "F0", "url": URL, "loaderId": "L1"}
    for cdp_frames in ([top, cross, blank], [top, blank, cross]):
        cap = capture(records, cdp_frames=cdp_frames,
                      subframes=[{"frameId": 5, "result": inner}])
        found = by_text(dom(cap))
        assert found["Inner"]["backendNodeId"] == 33, cdp_frames
        assert found["Outer"]["backendNodeId"] == 30


def test_the_walks_facts_of_one_frame_are_never_another_frames() -> None:
    """WindowIndex (the walk's DOM facts) answers a node by its frame: node 20 of an
    out-of-process frame is not the top document's link numbered 20 (a text node whose
    number a link of another renderer has was kept as clickable)."""
    from axsnap_host.pipeline.ax.window_index import WindowIndex

    records = [*skeleton(), rec(1, "a", w=3, b=20, c=["href"], tx="Link")]
    index = WindowIndex(capture(records))
    assert index.is_clickable(20, "F0") and index.is_clickable(20)
    assert not index.is_clickable(20, "F9") and index.box(20, "F9") is None
