"""pipeline/xpath.py on small hand-made DOM.getDocument(pierce) trees."""

from __future__ import annotations

from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.xpath import add_tree, build_xpath_map, positional_steps, rows_of

_next_id = iter(range(1, 10_000))


def el(name: str, *children: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"nodeType": 1, "nodeName": name, "backendNodeId": next(_next_id),
            "children": list(children), **extra}


def text(value: str) -> dict[str, Any]:
    return {"nodeType": 3, "nodeName": "#text", "nodeValue": value,
            "backendNodeId": next(_next_id)}


def document(*children: dict[str, Any]) -> dict[str, Any]:
    return {"nodeType": 9, "nodeName": "#document", "backendNodeId": next(_next_id),
            "children": list(children)}


def paths(root: dict[str, Any], frame: str = "F0") -> dict[str, str]:
    out: dict[tuple[str, int], str] = {}
    add_tree(out, {"root": root}, frame)
    by_backend = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.get("nodeType") == 1 and "id" in node:
            by_backend[node["backendNodeId"]] = node["id"]
        stack.extend(node.get("children") or [])
        stack.extend(node.get("shadowRoots") or [])
        if node.get("contentDocument"):
            stack.append(node["contentDocument"])
    return {by_backend[b]: p for (_, b), p in out.items() if b in by_backend}


def test_positional_steps_number_only_repeated_tags() -> None:
    assert positional_steps(["div", "p", "div", "span"]) == ["div[1]", "p", "div[2]", "span"]
    assert positional_steps([]) == []


def test_positions_count_same_tag_elements_only() -> None:
    root = document(el("HTML", el("BODY",
        text("x"), el("DIV", id="a"), el("P", id="p"), el("DIV", id="b"),
        el("svg", el("path", id="path1"), el("path", id="path2"), id="svg"))))
    got = paths(root)
    assert got["a"] == "/html/body/div[1]"
    assert got["b"] == "/html/body/div[2]"
    assert got["p"] == "/html/body/p"
    assert got["svg"] == "/html/body/*[name()='svg']"
    assert got["path2"] == "/html/body/*[name()='svg']/*[name()='path'][2]"


def test_shadow_roots_are_hops_and_user_agent_ones_are_skipped() -> None:
    inner = el("BUTTON", id="in-shadow")
    host = el("X-CARD", el("SPAN", id="light"), id="host",
              shadowRoots=[{"nodeType": 11, "shadowRootType": "open", "backendNodeId": 900,
                            "children": [el("DIV", inner)]}])
    ua = el("INPUT", id="input", shadowRoots=[{
        "nodeType": 11, "shadowRootType": "user-agent", "backendNodeId": 901,
        "children": [el("DIV", id="ua-div")]}])
    got = paths(document(el("HTML", el("BODY", host, ua))))
    assert got["in-shadow"] == "/html/body/x-card/#shadow-root/div/button"
    assert got["light"] == "/html/body/x-card/span"  # slotted or not: its light-DOM place
    assert "ua-div" not in got


def test_same_process_iframe_documents_continue_the_iframe_path() -> None:
    child = document(el("HTML", el("BODY", el("A", id="link"))))
    iframe = el("IFRAME", id="frame", frameId="F1", contentDocument=child)
    out: dict[tuple[str, int], str] = {}
    add_tree(out, {"root": document(el("HTML", el("BODY", el("IFRAME"), iframe)))}, "F0")
    link = next(n for n in _walk(child) if n.get("id") == "link")
    assert out[("F1", link["backendNodeId"])] == "/html/body/iframe[2]/html/body/a"
    assert out[("F0", iframe["backendNodeId"])] == "/html/body/iframe[2]"


def test_out_of_process_frames_get_their_owner_prefix() -> None:
    owner = el("IFRAME", id="owner")
    main = document(el("HTML", el("BODY", el("DIV", owner))))
    remote_button = el("BUTTON", id="remote")
    remote = document(el("HTML", el("BODY", remote_button)))
    orphan = document(el("HTML", el("BODY", el("BUTTON", id="orphan"))))
    capture = RawCapture.model_validate({
        "frames": [
            {"frameId": "F0", "url": "http://a/"},
            {"frameId": "F1", "parentFrameId": "F0", "url": "http://b/",
             "ownerBackendNodeId": owner["backendNodeId"], "dom_tree": {"root": remote}},
            {"frameId": "F2", "parentFrameId": "F0", "url": "http://c/",
             "ownerBackendNodeId": 123456, "dom_tree": {"root": orphan}},
        ],
        "dom_tree": {"root": main},
    })
    parents: dict[tuple[str, int], tuple[str, int]] = {}
    got = build_xpath_map(capture, parents)
    assert got[("F1", remote_button["backendNodeId"])] == "/html/body/div/iframe/html/body/button"
    assert not any(frame == "F2" for frame, _ in got)  # no owner path: not mapped at all
    assert parents[("F0", owner["backendNodeId"])][0] == "F0"


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    out, stack = [], [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(current.get("children") or [])
    return out


def test_flat_rows_as_the_extension_sends_them_give_the_same_paths() -> None:
    inner = el("BUTTON")
    host = el("X-CARD", shadowRoots=[{"nodeType": 11, "shadowRootType": "closed",
                                      "backendNodeId": 950, "children": [el("DIV", inner)]}])
    child = document(el("HTML", el("BODY", el("A"), el("A"))))
    root = document(el("HTML", el("BODY", host, el("IFRAME", frameId="F9",
                                                   contentDocument=child))))
    nested: dict[tuple[str, int], str] = {}
    add_tree(nested, {"root": root}, "F0")
    rows = [list(row) for row in rows_of({"root": root})]
    assert rows[0][:3] == [-1, "c", 9]
    flat: dict[tuple[str, int], str] = {}
    add_tree(flat, {"fields": [], "rows": rows}, "F0")
    assert flat == nested
    assert flat[("F0", inner["backendNodeId"])] == "/html/body/x-card/#shadow-root/div/button"
    assert sorted(p for (f, _), p in flat.items() if f == "F9") == [
        "/html/body/iframe/html", "/html/body/iframe/html/body",
        "/html/body/iframe/html/body/a[1]", "/html/body/iframe/html/body/a[2]"]
