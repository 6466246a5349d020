"""The host's memory between and inside whole-page reads (design note 72).

- serve()'s loop lets each reply go once written (native/host.py ``run_message_loop``): its
  loop name kept the last reply, a whole page's result, alive through the next read.
- An exact SnapshotV1's size is counted a part of its JSON at a time
  (``snapshot_json_parts``, ``tokens.size_of_parts``): the same size as the whole text's,
  without the whole text (tens of MB at 100k) beside the snapshot's nodes.
"""

from __future__ import annotations

import io
import json
import random
import sys
import tracemalloc
import weakref
from typing import Any

import pytest

from axsnap_host.models.snapshot_rows import rows_to_nodes
from axsnap_host.pipeline import tokens
from axsnap_host.pipeline.ax.snapshot import snapshot_json

_ROLES = ["button", "StaticText", "link", "cell", "row", "heading", "generic", "textbox"]
_NAMES = ["Item", "Élément №", "名前", "a \"quoted\" name", '"nodes":[]', '"ax_tree":{',
          ',[1,2,3,4]x', '[3,"0-100","button"', '{"id":"0-200","role":"link', "x" * 300,
          "emoji 🙂 text", ""]


def _snapshot(rng: random.Random, count: int, objects: bool,
              walker: bool = False) -> dict[str, Any]:
    """A SnapshotV1 of ``count`` random rows; ``walker``: its ids the walker's (``0-axw…``,
    a read named by the walker's ids, design note 159), else backendNodeIds."""
    rows: list[list[Any]] = [[0, "0-1", "RootWebArea", "Page"]]
    depth = 0
    kind = "axw" if walker else ""
    for i in range(count):
        depth = max(1, min(depth + rng.choice((-1, 0, 1)), 6))
        row: list[Any] = [depth, f"0-{kind}{rng.choice((100, 200, 1000 + i, 3400))}{i}",
                          rng.choice(_ROLES), f"{rng.choice(_NAMES)} {i}"]
        if rng.random() < 0.8:
            row.append([rng.randint(-5, 2000), rng.randint(0, 200_000), rng.randint(0, 900),
                        rng.randint(0, 60)])
        if rng.random() < 0.3:
            row.append({"url": f"/page#{i}", **({"isVisible": False} if i % 2 else {})})
        rows.append(row)
    tree: dict[str, Any] = {"columns": ["depth", "id", "role", "name", "bbox", "props"],
                            "root_id": "0-1", "nodes": rows}
    if objects:
        root, nodes = rows_to_nodes(rows)
        tree = {"root_id": root, "nodes": nodes}
    return {"snapshot_version": 1, "snapshot_id": "ax_1", "trace_id": "tr_1",
            "url": "http://127.0.0.1/", "title": 'a "title" with "ax_tree":{ in it',
            "quality": {"nodes_kept": count + 1}, "ax_tree": tree, "frames": []}


def _cut(text: str, rng: random.Random, most: int) -> list[str]:
    """``text`` cut at random places (inside rows, ids, numbers and names too)."""
    parts, at = [], 0
    while at < len(text):
        step = rng.randint(1, most)
        parts.append(text[at:at + step])
        at += step
    return parts


@pytest.mark.parametrize("objects", [True, False])
@pytest.mark.parametrize("seed", range(4))
def test_a_snapshots_parts_join_to_its_json(objects: bool, seed: int) -> None:
    from axsnap_host.pipeline.ax.snapshot import snapshot_json_parts

    rng = random.Random(seed)
    for count in (0, 1, 511, 512, 513, 1500):
        snapshot = _snapshot(rng, count, objects)
        before = json.dumps(snapshot)
        assert "".join(snapshot_json_parts(snapshot)) == snapshot_json(snapshot)
        assert json.dumps(snapshot) == before  # the snapshot is as it was
    empty = {"snapshot_version": 1, "ax_tree": {"root_id": None, "nodes": []}}
    assert "".join(snapshot_json_parts(empty)) == snapshot_json(empty)


@pytest.mark.parametrize("seed", range(2))
def test_counting_a_text_by_parts_cuts_and_counts_as_counting_it_whole(seed: int) -> None:
    """Differential: the content pieces of the parts are the whole text's, piece for piece,
    and the size (bytes, characters, tokens) is the same, memo on and off, for texts
    above and below the lengths where counting changes its way."""
    rng = random.Random(seed)
    for count, objects, walker in ((2500, True, False), (1200, False, False), (40, True, False),
                                   (3, False, False), (2500, True, True), (40, False, True)):
        text = snapshot_json(_snapshot(rng, count, objects, walker))
        for most in (1, 7, 300, 70_000):
            if most < 300 and len(text) > 20_000:
                continue  # a few characters a part: the small texts only
            parts = _cut(text, rng, most)
            assert list(tokens._streamed_content_pieces(parts)) == list(
                tokens._content_pieces(text))
            for memo in (True, False):
                tokens._memo.clear()
                whole = tokens.size_of(text, memo=memo)
                tokens._memo.clear()
                assert tokens.size_of_parts(iter(parts), memo=memo) == whole
    rng_text = "".join(rng.choice("[{\"0-1200,abc ") for _ in range(400_000))
    parts = _cut(rng_text, rng, 5000)
    assert list(tokens._streamed_content_pieces(parts)) == list(tokens._content_pieces(rng_text))


def test_an_exact_snapshots_size_makes_no_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A SnapshotV1's size (pipeline/run.py) is counted a part at a time: the
    memory it takes is a small share of the text's length, and the size is the whole
    text's. (Main before: ``size_of(snapshot_json(snapshot))``, the whole text at once.)"""
    from axsnap_host.pipeline import run
    from axsnap_host.pipeline.ax import snapshot as snapshot_module

    snapshot = _snapshot(random.Random(7), 6_000, objects=True)
    tokens.count_tokens("warm the encoder")
    tokens._memo.clear()
    tracemalloc.start()
    try:  # the way main made it: the whole text, then its count
        text = snapshot_json(snapshot)
        expected = tokens.size_of(text, memo=True)
        whole_peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    text_bytes = sys.getsizeof(text)
    del text
    tokens._memo.clear()
    calls: list[int] = []
    whole = snapshot_module.snapshot_json

    def counted(value: dict[str, Any], indent: int | None = None, strict: bool = False) -> str:
        calls.append(len(value.get("ax_tree", {}).get("nodes") or ()))
        return whole(value, indent, strict)

    monkeypatch.setattr(snapshot_module, "snapshot_json", counted)
    tracemalloc.start()
    try:
        size = run.size_of_parts(run.snapshot_json_parts(snapshot), memo=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert size == expected
    # the counting's own batches are what is left: at least the text's memory less
    assert peak + text_bytes // 2 < whole_peak, (peak, whole_peak, text_bytes)
    assert not any(calls)  # only the envelope's text: no whole text of the nodes


def test_serve_lets_each_reply_go_before_the_next_read() -> None:
    """run_message_loop() writes a message's replies and holds none of them while it reads
    and handles the next message (its loop name held the last one: on a whole page, a
    result of tens of MB through the whole next read)."""
    from axsnap_host.native import host as host_module
    from axsnap_host.native.protocol import FrameIO

    class Result(dict[str, Any]):
        """A reply's result that a weak reference can follow."""

    seen: list[bool] = []  # per message after the first: was the previous reply gone?
    previous: list[weakref.ref[Result]] = []

    class Host(host_module.Host):
        def handle_text(self, text: str, read_ms: float | None = None,
                        read_bytes: int | None = None) -> list[dict[str, Any]]:
            if previous:
                seen.append(previous[-1]() is None)
            result = Result(format="domtext", text="x" * 1000)
            previous.append(weakref.ref(result))
            return [{"v": 1, "id": json.loads(text)["id"], "ok": True, "result": result}]

    inbound = io.BytesIO()
    for n in range(3):
        body = json.dumps({"v": 1, "id": f"m{n}", "type": "ping"}).encode()
        inbound.write(len(body).to_bytes(4, "little") + body)
    inbound.seek(0)
    out = io.BytesIO()
    assert host_module.run_message_loop(FrameIO(inbound, out), Host()) == 0
    assert seen == [True, True]
    assert out.getvalue().count(b'"format":"domtext"') == 3


@pytest.mark.parametrize("objects", [True, False])
def test_a_walker_named_snapshot_is_cut_at_its_rows_as_a_backend_named_one(
        objects: bool) -> None:
    """The memo's content-defined cuts find the rows of a SnapshotV1 named by the walker's
    ids as they find a backend-named one's (before, none: the whole text was counted in
    256k-character pieces no later read could match), and the count is the whole text's."""
    backend = snapshot_json(_snapshot(random.Random(7), 4000, objects))
    walker = snapshot_json(_snapshot(random.Random(7), 4000, objects, walker=True))
    assert '"0-axw' in walker and '"0-axw' not in backend
    cut_backend = list(tokens._content_pieces(backend))
    cut_walker = list(tokens._content_pieces(walker))
    assert len(cut_backend) > 20
    assert len(cut_walker) == len(cut_backend)
    assert max(map(len, cut_walker)) < 50_000
    tokens._memo.clear()
    counted = tokens.size_of(walker, memo=True)
    assert counted == tokens.size_of(walker, memo=False)
    assert tokens.count_tokens_of(iter([walker]), memo=True) == counted["tokens"]
