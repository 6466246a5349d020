"""A very deep AX tree (one chain of 4,000 / 8,000 levels, whole page): every output stays
linear in depth. Checked structurally (sizes and the work handed to the tokenizer), never by
the clock."""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.native.host import Host
from axsnap_host.pipeline import tokens
from axsnap_host.pipeline.outline.text import MAX_INDENT_LEVELS, indent, split_indent


def deep_capture(depth: int) -> dict[str, Any]:
    """A page whose AX tree is one chain: RootWebArea > group > group > … (``depth``)."""
    nodes: list[dict[str, Any]] = [{
        "nodeId": "1", "backendDOMNodeId": 1, "ignored": False, "childIds": ["2"],
        "role": {"type": "internalRole", "value": "RootWebArea"},
        "name": {"type": "computedString", "value": "Deep"},
    }]
    for i in range(2, depth + 2):
        nodes.append({
            "nodeId": str(i), "backendDOMNodeId": i, "parentId": str(i - 1), "ignored": False,
            "role": {"type": "role", "value": "group"},
            "name": {"type": "computedString", "value": f"g{i}"},
            "childIds": [str(i + 1)] if i <= depth else [],
        })
    return {
        "capture_version": 1, "tab": {"id": 1, "url": "http://x/", "title": "deep"},
        "frames": [{"frameId": "F", "parentFrameId": None, "url": "http://x/", "name": "",
                    "captured": True, "error": None, "axNodes": nodes}],
        "dom_snapshot": None, "layout": {}, "device_pixel_ratio": 1, "errors": [],
    }


def ask(depth: int, **options: Any) -> dict[str, Any]:
    message = {"v": 1, "id": "d", "type": "snapshot",
               "options": {"scope": "page", **options}, "capture": deep_capture(depth)}
    (reply,) = Host().handle_text(json.dumps(message))
    assert reply["ok"], reply.get("error")
    return reply["result"]


def outline_text(result: dict[str, Any]) -> str:
    return result["combinedTree"]


@pytest.mark.parametrize("options", [{}, {"compact": True}])
def test_outline_size_grows_linearly_with_depth(options: dict[str, Any]) -> None:
    small = json.dumps(ask(4000, format="outline", **options))
    large = json.dumps(ask(8000, format="outline", **options))
    # twice the nodes: about twice the reply (ids gain a digit), not four times
    assert len(large) < 2.2 * len(small)
    text = outline_text(ask(8000, format="outline", **options))
    lines = text.splitlines()
    assert len(lines) >= 8000
    widest = max(len(line) for line in lines)
    assert widest < len(indent(MAX_INDENT_LEVELS)) + 40, "indent grows with depth"
    assert split_indent(lines[-1])[0] == 8000


def test_tokenizer_work_grows_linearly_with_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    """The characters handed to the tokenizer (outline text, budget costs) are linear."""
    real = tokens.encoder()
    handed: list[int] = []

    class Counting:
        def encode_ordinary(self, text: str) -> list[int]:
            handed.append(len(text))
            return real.encode_ordinary(text)

        def encode_ordinary_batch(self, texts: list[str], **kw: Any) -> list[list[int]]:
            handed.extend(len(text) for text in texts)
            return real.encode_ordinary_batch(texts, **kw)

    monkeypatch.setattr(tokens, "encoder", lambda: Counting())
    work = []
    for depth in (4000, 8000):
        handed.clear()
        ask(depth, format="outline", max_tokens=2000)
        work.append(sum(handed))
    assert work[0] > 0
    assert work[1] < 2.2 * work[0]


@pytest.mark.parametrize("depth", [0, 1, MAX_INDENT_LEVELS, MAX_INDENT_LEVELS + 1, 8000])
def test_indent_round_trips(depth: int) -> None:
    line = indent(depth) + "[0-5] button: » 3 go"
    assert split_indent(line) == (depth, "[0-5] button: » 3 go")
