"""An outline's and DOM text's token count (delta/reply.py ``_finish``) is memoized by
content-defined pieces of about a thousand lines (tokens._LINE_CUT: after the newline before a
line whose id or index ends in "000"), as a SnapshotV1's is by rows: the same count as the
text counted whole (each cut is where no cl100k pre-token can span), and a re-read of the same
page counts only the pieces it has not counted (rust's Wrapping page: its DOM text's count
198 -> 12 ms, its outline's 136 -> 10 ms on the bench's second read:
bench/results/host_per_node_host21.md)."""

from __future__ import annotations

import random

import pytest
from test_dom_delta import load
from test_dom_delta import read as read_dom

from axsnap_host.pipeline import token_segments, tokens
from axsnap_host.pipeline.state import TabState

WORDS = ["link", "button", "StaticText", "Wrapping", "<a>", "href=\"#x\"", "é", "中文", "12",
         "3.5", "...", "—", "'s", "'ll", "(", ")", ":", "\"q\"", "", " ", "  ", "\t", "🙂"]
ENDS = ["", " ", "  ", ":", ".", "\"", "]", "\t", "\r", "\n", "!?", "'s", "0", "a"]


def line_text(rng: random.Random, lines: int) -> str:
    """Outline- and DOM-text-like lines: indented ``[0-N]`` / ``[N]`` heads (every id ending
    in 000 a cut), odd line ends (spaces, punctuation, a carriage return, a blank line)."""
    out = []
    for i in range(lines):
        number = rng.choice([i, i * 1000, rng.randrange(10**6), 1000 * rng.randrange(50)])
        head = f"[0-{number}]" if rng.random() < 0.5 else f"[{number}]"
        indent = " " * rng.choice([0, 0, 2, 4, 9])
        body = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(8)))
        out.append(f"{indent}{head} {body}{rng.choice(ENDS)}")
    return "\n".join(out)


def test_the_pieces_count_what_the_whole_text_counts() -> None:
    enc = tokens.encoder()
    rng = random.Random(112)
    cut = 0
    for _ in range(300):
        text = line_text(rng, rng.randrange(1, 400))
        tokens._memo.clear()
        expected = len(enc.encode_ordinary(text))
        assert tokens.count_tokens(text, memo=True, lines=True) == expected, text
        cut += len(tokens._LINE_CUT.findall(text))
    assert cut > 1000


def test_dom_text_and_outline_sizes_are_the_whole_texts_counts() -> None:
    enc = tokens.encoder()
    result = read_dom(load(), TabState(2), format="domtext")
    assert result["size"]["tokens"] == len(enc.encode_ordinary(result["domtext"]))
    big = line_text(random.Random(7), 30_000)  # past one count piece (256k characters)
    tokens._memo.clear()
    assert len(big) > 2 * tokens._PIECE
    assert tokens.count_tokens(big, memo=True, lines=True) == tokens.count_tokens(big)


def test_a_re_read_counts_only_the_pieces_it_has_not_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A DOM text read again: its size counted from the memo, nothing encoded (on main
    before, every read encoded its whole text again)."""
    from axsnap_host.pipeline.delta import reply

    text = line_text(random.Random(3), 5_000)
    tokens._memo.clear()
    first = reply.size_of(text, memo=True, lines=True)
    encoded: list[int] = []
    counted = token_segments.count_segmented

    def counting(enc: object, piece: str) -> int:
        encoded.append(len(piece))
        return counted(enc, piece)

    monkeypatch.setattr(tokens, "count_segmented", counting)
    monkeypatch.setattr(tokens, "_SMALL_MEMO_MIN", 100)  # the fixture page's text is short
    result = read_dom(load(), TabState(2), format="domtext")
    encoded.clear()
    again = read_dom(load(), TabState(2), format="domtext")
    assert again["size"] == result["size"]
    assert encoded == []  # the second read's count: every piece from the memo
    changed = text.replace("[0-1000]", "[0-1000] changed", 1)
    size = reply.size_of(changed, memo=True, lines=True)
    assert 0 < sum(encoded) < len(changed) / 4  # the changed piece alone, not the text
    assert size["tokens"] == tokens.count_tokens(changed)
    assert first["tokens"] == tokens.count_tokens(text)
