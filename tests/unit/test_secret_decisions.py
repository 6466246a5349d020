"""One redaction decision per element (pipeline/secrets.py) and URL redaction, on the corpus.

The corpus (tests/pages/redaction/corpus.json) is shared with the end-to-end test
(tests/e2e/test_redaction_corpus.py), which runs the same page through every output in
Chromium; here its URL cases and its label sources are checked on small captures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from axsnap_host.models.capture import RawCapture
from axsnap_host.models.snapshot import node_records
from axsnap_host.native.capture_stream import CaptureStreams
from axsnap_host.pipeline.dom.vision import unlisted_secret_fields
from axsnap_host.pipeline.redaction import scrub_text, scrub_url
from axsnap_host.pipeline.secrets import secret_fields
from host_harness import process_capture

CORPUS = json.loads(
    (Path(__file__).resolve().parents[1] / "pages" / "redaction" / "corpus.json").read_text("utf-8")
)
FRAME = "F0"


@pytest.mark.parametrize(("url", "expected"), CORPUS["urls"])
def test_url_corpus(url: str, expected: str) -> None:
    assert scrub_url(url)[0] == expected


def test_urls_inside_free_text_are_redacted_and_the_rest_kept() -> None:
    text, count = scrub_text("go to https://ex.com/?q=shoes&session_token=abc#x or not")
    assert text == "go to https://ex.com/?q=shoes&session_token=[redacted]#x or not"
    assert count == 1
    assert scrub_text("plain words, no URL")[0] == "plain words, no URL"


# --- a DOM-channel capture as the extension sends it (walker records, no AX, no DOMSnapshot)

def _rec(p: int, step: str, **more: Any) -> dict[str, Any]:
    return {"p": p, "f": 0, "s": step, "r": [10, 10 + 30 * p, 200, 24], "vis": 1, "win": 1,
            "inv": 1, "top": 1, **more}


def walker_capture() -> dict[str, Any]:
    elements = [
        {"p": -1, "f": 0, "s": "html", "r": [0, 0, 1280, 900], "vis": 1, "win": 1, "inv": 1},
        {"p": 0, "f": 0, "s": "body", "r": [0, 0, 1280, 900], "vis": 1, "win": 1, "inv": 1},
        _rec(1, "label[1]", c=["label"], tx="Mật khẩu", a={"for": "mk"}, b=3),
        _rec(1, "input[1]", c=["form"], val="matkhau-bimat-9",
             a={"id": "mk", "name": "mk", "type": "text"}, b=4),
        _rec(1, "label[2]", c=["label"], tx="Passwort", b=5),
        _rec(4, "input", c=["form"], val="Geheim-Wort-42", a={"name": "f2"}, b=6),
        _rec(1, "span", tx="Contraseña", a={"id": "l3"}, b=7),
        _rec(1, "input[2]", c=["form"], val="clave-secreta-7",
             a={"name": "f3", "aria-labelledby": "l3"}, b=8),
        _rec(1, "input[3]", c=["form"], val="Hanoi-visible", a={"name": "city"}, b=9),
        _rec(1, "a", c=["link"], tx="Settings",
             a={"href": "/settings?session_token=tok_live_settings_77&tab=profile"}, b=10),
    ]
    url = "http://127.0.0.1/secrets.html?q=shoes&session_token=page_tok_555#id_token=frag_tok_777"
    return {
        "tab": {"id": 1, "url": url, "title": "Redaction corpus"},
        "frames": [{"frameId": FRAME, "url": url, "captured": True}],
        "walker": {"v": 1, "url": url, "title": "Redaction corpus",
                   "viewport": {"w": 1280, "h": 900}, "scroll": {"x": 0, "y": 0, "w": 1280,
                                                                "h": 900},
                   "frames": [{"url": url, "parent": -1, "owner": -1, "ox": 0, "oy": 0,
                               "frameId": FRAME}],
                   "elements": elements},
    }


SECRETS = ["matkhau-bimat-9", "Geheim-Wort-42", "clave-secreta-7", "tok_live_settings_77",
           "page_tok_555", "frag_tok_777"]


def test_dom_channel_takes_label_for_wrapping_and_labelledby_into_account() -> None:
    result = process_capture(walker_capture(), format="elements")
    kinds = {e["attributes"].get("name"): e.get("secret") for e in result["elements"]
             if e["tagName"] == "input"}
    assert kinds == {"mk": "password", "f2": "password", "f3": "password", "city": None}
    text = json.dumps(result, ensure_ascii=False)
    assert [s for s in SECRETS if s in text] == []
    assert "Hanoi-visible" in text and "tab=profile" in text and "q=shoes" in text


def test_dom_text_page_url_line_is_redacted() -> None:
    domtext = process_capture(walker_capture(), format="domtext")["domtext"]
    url_line = next(line for line in domtext.splitlines() if line.startswith("[URL:"))
    assert url_line == ("[URL: http://127.0.0.1/secrets.html?q=shoes&session_token=[redacted]"
                        "#id_token=[redacted]]")


def test_unredacted_run_keeps_the_values() -> None:
    result = process_capture(walker_capture(), format="elements", redact=False)
    text = json.dumps(result, ensure_ascii=False)
    assert "matkhau-bimat-9" in text and "tok_live_settings_77" in text


def test_som_masks_come_from_the_same_decision() -> None:
    capture = RawCapture.model_validate(walker_capture())
    # Nothing listed: every secret field the walker saw gets a mask-only record.
    masks = unlisted_secret_fields(capture, [])
    assert sorted(m["secret"] for m in masks) == ["password", "password", "password"]
    listed = process_capture(walker_capture(), format="elements")["elements"]
    assert unlisted_secret_fields(capture, listed) == []


# --- the AX channels: DOMSnapshot attributes + label text, and the accessible name

def _snapshot_capture(with_ax: bool) -> dict[str, Any]:
    strings = [FRAME, "#document", "HTML", "BODY", "LABEL", "for", "mk", "#text", "Mật khẩu",
               "INPUT", "id", "name", "type", "text", "SPAN", "l3", "Contraseña",
               "aria-labelledby", "f3", "CITY"]
    s = {v: i for i, v in enumerate(strings)}
    # index: 0 doc, 1 html, 2 body, 3 label, 4 text, 5 input#mk, 6 span#l3, 7 text, 8 input f3
    nodes = {
        "parentIndex": [-1, 0, 1, 2, 3, 2, 2, 6, 2],
        "nodeType": [9, 1, 1, 1, 3, 1, 1, 3, 1],
        "nodeName": [s["#document"], s["HTML"], s["BODY"], s["LABEL"], s["#text"], s["INPUT"],
                     s["SPAN"], s["#text"], s["INPUT"]],
        "nodeValue": [-1, -1, -1, -1, s["Mật khẩu"], -1, -1, s["Contraseña"], -1],
        "backendNodeId": [1, 2, 3, 4, 5, 6, 7, 8, 9],
        "attributes": [[], [], [], [s["for"], s["mk"]], [],
                       [s["id"], s["mk"], s["name"], s["mk"], s["type"], s["text"]],
                       [s["id"], s["l3"]], [],
                       [s["name"], s["f3"], s["aria-labelledby"], s["l3"]]],
    }
    frame: dict[str, Any] = {"frameId": FRAME, "url": "http://127.0.0.1/", "captured": True}
    if with_ax:
        frame["axNodes"] = [
            {"nodeId": "1", "role": {"value": "RootWebArea"}, "backendDOMNodeId": 1,
             "childIds": ["6", "9"]},
            {"nodeId": "6", "role": {"value": "textbox"}, "name": {"value": "Mật khẩu"},
             "backendDOMNodeId": 6, "parentId": "1", "value": {"value": "matkhau-bimat-9"}},
            {"nodeId": "9", "role": {"value": "textbox"}, "name": {"value": "Contraseña"},
             "backendDOMNodeId": 9, "parentId": "1", "value": {"value": "clave-secreta-7"}},
        ]
    return {
        "tab": {"id": 1, "url": "http://127.0.0.1/", "title": "t"},
        "frames": [frame],
        "dom_snapshot": {"strings": strings,
                         "documents": [{"frameId": s[FRAME], "nodes": nodes, "layout": {}}]},
    }


@pytest.mark.parametrize("with_ax", [True, False])
def test_label_text_from_dom_snapshot_decides_without_the_ax_name(with_ax: bool) -> None:
    decisions = secret_fields(RawCapture.model_validate(_snapshot_capture(with_ax)))
    assert decisions.kind(FRAME, 6) == "password"  # <label for="mk">Mật khẩu</label>
    assert decisions.kind(FRAME, 9) == "password"  # aria-labelledby → "Contraseña"
    assert decisions.kind(FRAME, 4) is None and decisions.kind("other", 6) is None


def test_snapshot_v1_masks_the_fields_the_decision_names() -> None:
    snapshot = process_capture(_snapshot_capture(True), format="snapshot")["snapshot"]
    text = json.dumps(snapshot, ensure_ascii=False)
    assert "matkhau-bimat-9" not in text and "clave-secreta-7" not in text
    secret = {n["name"]: n["state"].get("secret") for n in node_records(snapshot)
              if n["role"] == "textbox"}
    assert secret == {"Mật khẩu": "password", "Contraseña": "password"}


def test_the_decision_is_taken_once_per_capture() -> None:
    capture = RawCapture.model_validate(_snapshot_capture(True))
    assert secret_fields(capture) is secret_fields(capture)


def _ax_named_only() -> dict[str, Any]:
    """A text input whose only label is its accessible name (no DOM label)."""
    strings = [FRAME, "#document", "HTML", "BODY", "INPUT", "type", "text"]
    nodes = {"parentIndex": [-1, 0, 1, 2], "nodeType": [9, 1, 1, 1],
             "nodeName": [1, 2, 3, 4], "nodeValue": [-1, -1, -1, -1],
             "backendNodeId": [1, 2, 3, 4], "attributes": [[], [], [], [5, 6]]}
    ax = [{"nodeId": "1", "role": {"value": "RootWebArea"}, "backendDOMNodeId": 1,
           "childIds": ["4"]},
          {"nodeId": "4", "role": {"value": "textbox"}, "name": {"value": "Password"},
           "backendDOMNodeId": 4, "parentId": "1", "value": {"value": "hunter2-secret"}}]
    return {"tab": {"id": 1, "url": "http://127.0.0.1/", "title": "t"},
            "frames": [{"frameId": FRAME, "url": "http://127.0.0.1/", "captured": True,
                        "axNodes": ax}],
            "dom_snapshot": {"strings": strings,
                             "documents": [{"frameId": 0, "nodes": nodes, "layout": {}}]}}


@pytest.mark.parametrize("streamed", [False, True])
def test_the_accessible_name_alone_decides_whether_the_nodes_were_streamed_or_not(
        streamed: bool) -> None:
    """A whole-page read's nodes arrive in parts and are kept as rows (capture_stream.py):
    the decision reads their names as it reads a capture's own node dicts."""
    raw = _ax_named_only()
    streams = CaptureStreams()
    if streamed:
        nodes = raw["frames"][0].pop("axNodes")
        streams.add("s", 0, FRAME, nodes, 10)
        raw["ax_stream"] = {"id": "s", "parts": 1, "nodes": len(nodes)}
    capture = RawCapture.model_validate(raw)
    streams.fill(capture)
    assert secret_fields(capture).kind(FRAME, 4) == "password"
