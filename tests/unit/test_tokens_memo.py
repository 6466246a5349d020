"""count_tokens(memo=True): a whole-page SnapshotV1 read again counts only what changed.

The memoized count must equal the plain count (exact, whatever the memo holds), and after
one row of a big snapshot changes, only the pieces around that row are encoded again.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from axsnap_host.models.snapshot_rows import rows_to_nodes
from axsnap_host.pipeline import tokens

ENCODING = "rows"  # set per test by the fixture below


@pytest.fixture(autouse=True, params=["rows", "nodes"])
def encoding(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test runs on both SnapshotV1 encodings: rows and the default node objects."""
    monkeypatch.setitem(globals(), "ENCODING", request.param)
    return request.param


def _snapshot_text(rows: int, changed: str = "", wider: int = 0) -> str:
    nodes = [[1 + i % 2, f"0-{1000 + i}", "button" if i % 3 else "StaticText",
              f"Item {i}{changed if i == rows // 2 else ''}", [10, 20 * i, 90 + wider, 18]]
             for i in range(rows)]
    nodes[5][3] = 'a name that looks like a box ",[1,2,3,4]x, ",[007,0,9999,123456]'
    nodes[6][4] = [-5, 10, 20, 30]  # a negative number: counted as text
    tree: dict[str, Any] = {"columns": ["depth", "id", "role", "name", "bbox", "props"],
                            "nodes": nodes}
    if ENCODING == "nodes":
        root, objects = rows_to_nodes([[0, "0-1", "RootWebArea"], *nodes])
        tree = {"root_id": root, "nodes": objects}
    snapshot = {"snapshot_version": 1, "snapshot_id": "ax-1-abc", "ax_tree": tree,
                "quality": {"nodes_kept": rows}}
    return json.dumps(snapshot, ensure_ascii=False, separators=(",", ":"))


class _Counting:
    """Wraps the encoder: how many characters were encoded."""

    def __init__(self, enc: Any) -> None:
        self.enc = enc
        self.chars = 0

    def encode_ordinary(self, text: str) -> list[int]:
        self.chars += len(text)
        return self.enc.encode_ordinary(text)

    def encode_ordinary_batch(self, texts: list[str], num_threads: int = 1) -> list[list[int]]:
        self.chars += sum(map(len, texts))
        return self.enc.encode_ordinary_batch(texts, num_threads=num_threads)


def test_memoized_count_is_exact_and_a_reread_encodes_only_what_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tokens, "_memo", type(tokens._memo)())
    first = _snapshot_text(12_000)
    second = _snapshot_text(12_000, changed=" (changed, and now much longer than it was)")
    assert len(first) > 2 * tokens._PIECE  # counted in pieces
    plain = [tokens.count_tokens(first), tokens.count_tokens(second)]
    assert tokens._digit_groups_are_tokens()
    counting = _Counting(tokens.encoder())
    monkeypatch.setattr(tokens, "encoder", lambda: counting)
    assert tokens.count_tokens(first, memo=True) == plain[0]
    # a cold memo encodes everything at most once (the bboxes' numbers stood in for by
    # zeros, a piece's equal segments once: token_segments.py)
    assert 0 < counting.chars <= len(tokens._boxes_apart(first)[0]) < len(first)
    counting.chars = 0
    assert tokens.count_tokens(second, memo=True) == plain[1]
    assert 0 < counting.chars < 20_000  # the changed row's piece and the envelope's
    counting.chars = 0
    assert tokens.count_tokens(second, memo=True) == plain[1]
    assert counting.chars == 0


def test_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "_memo", type(tokens._memo)())
    monkeypatch.setattr(tokens, "_MEMO_MAX", 10)
    text = _snapshot_text(12_000)
    assert tokens.count_tokens(text, memo=True) == tokens.count_tokens(text)
    assert len(tokens._memo) == 10


def test_a_relayout_that_moves_every_bbox_still_encodes_only_what_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One longer cell widens a table column: every row's bbox changes. The bboxes' numbers
    are counted by arithmetic (digit groups of three are one cl100k token each), so the
    rows' text is the same pieces as before, and the count stays exact."""
    monkeypatch.setattr(tokens, "_memo", type(tokens._memo)())
    first = _snapshot_text(12_000)
    wider = _snapshot_text(12_000, changed=" (changed)", wider=1234)
    plain = [tokens.count_tokens(first), tokens.count_tokens(wider)]
    assert tokens._digit_groups_are_tokens()
    counting = _Counting(tokens.encoder())
    assert tokens.count_tokens(first, memo=True) == plain[0]
    monkeypatch.setattr(tokens, "encoder", lambda: counting)
    assert tokens.count_tokens(wider, memo=True) == plain[1]
    assert 0 < counting.chars < 20_000


def test_a_small_snapshot_read_after_one_change_encodes_only_that_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A small page's SnapshotV1 (a few KB, read after every step) is cut after every row: a
    read after one change encodes the changed row's piece, not the whole text."""
    monkeypatch.setattr(tokens, "_memo", type(tokens._memo)())
    first = _snapshot_text(60)
    second = _snapshot_text(60, changed=" (changed)")
    assert tokens._SMALL_MEMO_MIN <= len(first) < tokens._PIECE
    plain = [tokens.count_tokens(first), tokens.count_tokens(second)]
    counting = _Counting(tokens.encoder())
    monkeypatch.setattr(tokens, "encoder", lambda: counting)
    assert tokens.count_tokens(first, memo=True) == plain[0]
    counting.chars = 0
    assert tokens.count_tokens(second, memo=True) == plain[1]
    assert 0 < counting.chars < 300  # one node's piece (each row is ~50 characters)
    for i in range(30):  # exact whatever the row says
        text = _snapshot_text(60, changed=f" ({i * 7919}, 'quoted' \"x\" ü)")
        assert tokens.count_tokens(text, memo=True) == tokens.count_tokens(text)
