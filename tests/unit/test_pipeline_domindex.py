"""DOMSnapshot indexing: lookups by backendNodeId, visibility, and frame coordinates."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.index import DomIndex

STYLES = ["display", "visibility", "opacity"]


def document(
    strings: list[str],
    frame: str,
    elements: list[tuple[str, int, list[float], list[float], list[str]]],
    scroll: tuple[float, float] = (0, 0),
    content_document: dict[int, int] | None = None,
) -> dict[str, Any]:
    """A DOMSnapshot document: elements are (tag, backendNodeId, bounds, clientRect, styles)."""

    def s(text: str) -> int:
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    content_document = content_document or {}
    return {
        "frameId": s(frame),
        "scrollOffsetX": scroll[0],
        "scrollOffsetY": scroll[1],
        "nodes": {
            "nodeType": [1] * len(elements),
            "nodeName": [s(tag) for tag, *_ in elements],
            "backendNodeId": [backend for _, backend, *_ in elements],
            "attributes": [[s("type"), s("text")] for _ in elements],
            "isClickable": {"index": [0]},
            "inputValue": {"index": [], "value": []},
            "contentDocumentIndex": {
                "index": list(content_document), "value": list(content_document.values())
            },
        },
        "layout": {
            "nodeIndex": list(range(len(elements))),
            "bounds": [bounds for _, _, bounds, _, _ in elements],
            "clientRects": [client for _, _, _, client, _ in elements],
            "styles": [[s(v) for v in styles] for *_, styles in elements],
        },
    }


def test_same_process_iframe_offsets_add_border_and_subtract_frame_scroll() -> None:
    strings: list[str] = []
    main = document(
        strings, "M",
        [("IFRAME", 10, [100, 200, 300, 150], [4, 5, 292, 140], ["block", "visible", "1"])],
        scroll=(0, 500),  # page scroll never moves page coordinates
        content_document={0: 1},
    )
    child = document(
        strings, "C",
        [("BUTTON", 11, [10, 80, 50, 20], [0, 0, 50, 20], ["inline-block", "visible", "1"]),
         ("DIV", 12, [0, 0, 0, 0], [0, 0, 0, 0], ["none", "visible", "1"])],
        scroll=(0, 30),
    )
    index = DomIndex({"documents": [main, child], "strings": strings}, STYLES)
    button = index.get(11, "C")
    assert button is not None
    assert button.bounds == (100 + 4 + 10, 200 + 5 - 30 + 80, 50, 20)
    assert button.tag == "button" and button.clickable and button.visible
    assert index.box(11, "C") == (button.bounds, True, True)
    hidden = index.get(12, "C")
    assert hidden is not None and hidden.visible is False
    assert index.get(999) is None and index.box(999) is None


def test_out_of_process_frame_snapshot_is_placed_through_its_owner() -> None:
    main_strings: list[str] = []
    main = document(
        main_strings, "M",
        [("IFRAME", 7, [40, 60, 400, 300], [1, 1, 398, 298], ["block", "visible", "1"])],
    )
    oopif_strings: list[str] = []  # its own string table and its own backend ids
    oopif = document(
        oopif_strings, "X",
        [("A", 7, [5, 6, 30, 10], [0, 0, 0, 0], ["inline", "visible", "1"])],
    )
    capture = RawCapture.model_validate(
        {
            "frames": [
                {"frameId": "M", "captured": True},
                {"frameId": "X", "parentFrameId": "M", "captured": True,
                 "ownerBackendNodeId": 7, "out_of_process": True,
                 "dom_snapshot": {"documents": [oopif], "strings": oopif_strings}},
            ],
            "dom_snapshot": {"documents": [main], "strings": main_strings},
            "dom_snapshot_styles": STYLES,
        }
    )
    index = DomIndex.from_capture(capture)
    link = index.get(7, "X")
    iframe = index.get(7, "M")
    assert link is not None and iframe is not None
    assert (link.tag, iframe.tag) == ("a", "iframe")
    assert link.bounds == (40 + 1 + 5, 60 + 1 + 6, 30, 10)
    assert link.attrs == {"type": "text"}


def test_without_dom_rects_a_frame_is_placed_by_its_owner_border() -> None:
    """Whole-page reads but the outline's take DOMSnapshot without DOM rects: the owner's
    border comes with the frame (``ownerClient``, extension/lib/capture/frameborders.js)."""
    strings: list[str] = []
    main = document(
        strings, "M",
        [("IFRAME", 10, [100, 200, 300, 150], [], ["block", "visible", "1"])],
        content_document={0: 1},
    )
    child = document(
        strings, "C",
        [("BUTTON", 11, [10, 80, 50, 20], [], ["inline-block", "visible", "1"])],
        scroll=(0, 30),
    )
    for doc in (main, child):
        del doc["layout"]["clientRects"]
    capture = RawCapture.model_validate({
        "frames": [
            {"frameId": "M"},
            {"frameId": "C", "parentFrameId": "M", "ownerBackendNodeId": 10,
             "ownerClient": [4, 5]},
        ],
        "dom_snapshot": {"documents": [main, child], "strings": strings},
        "dom_snapshot_styles": STYLES,
    })
    button = DomIndex.from_capture(capture).get(11, "C")
    assert button is not None and button.bounds == (100 + 4 + 10, 200 + 5 - 30 + 80, 50, 20)
    capture.frames[1].ownerClient = "4,5"  # not two numbers: no border
    button = DomIndex.from_capture(capture).get(11, "C")
    assert button is not None and button.bounds == (100 + 10, 200 - 30 + 80, 50, 20)


def test_ancestors_with_opacity_0_in_one_pass_or_none() -> None:
    """pipeline/visibility.under_transparent: node → an ancestor has opacity 0, for every
    node at once (parents first); None for columns that are not parents-first."""
    from axsnap_host.pipeline.visibility import under_transparent

    strings = ["1", "0", "0.0"]
    parents = [-1, 0, 1, 2, 0, 4]
    rows = [(0,), (1,), (0,), (0,), (2,), (0,)]  # nodes 1 and 4 have opacity 0
    layout_of = {i: i for i in range(6)}
    assert under_transparent(parents, rows, layout_of, strings, 0) == [
        False, False, True, True, False, True]
    assert under_transparent([-1, 2, 0], rows, layout_of, strings, 0) is None
    assert under_transparent(parents, rows, layout_of, strings, None) is None


def test_a_node_of_one_frame_is_never_another_frames_node_of_the_same_number() -> None:
    """Each renderer numbers its own nodes: node 20 of an out-of-process frame is no node of
    the top document's node 20 (a link there, clickable). Asked with its frame, a number the
    frame does not hold is nobody; asked without a frame, the number alone still finds it."""
    strings: list[str] = []
    main = document(strings, "M", [("A", 20, [0, 0, 50, 20], [0, 0, 50, 20],
                                    ["inline", "visible", "1"])])
    index = DomIndex({"documents": [main], "strings": strings}, STYLES)
    assert index.is_clickable(20, "M") and index.is_clickable(20)
    assert index.locate(20, "X") is None and not index.is_clickable(20, "X")
    assert index.box(20, "X") is None
