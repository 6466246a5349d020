"""A text's cl100k token count with its equal segments encoded once (design note 91).

cl100k's pre-tokenizer (tiktoken's pattern: contractions, a letter run with one character
before it, digit groups of at most three, a run of other characters, white space) ends a
pre-token wherever an ASCII letter or digit is followed by an ASCII character that is
neither: a letter run is possessive and stops at the first non-letter, a digit group at the
first non-digit, and no other pre-token holds a letter or a digit. The scan from such a
place on reads nothing before it (the pattern has no look-behind) and nothing past the next
such place (it looks ahead only past white space, and ``$`` only at a text's end, where no
segment but the last one ends). BPE then works inside each pre-token. So a text cut at
those places (:data:`_SEGMENT_END`) counts as the sum of its segments, and segments joined
in any order count as the sum of theirs as long as each join is again such a place: each
inner segment starts with an ASCII non-alphanumeric character and ends with an ASCII
letter or digit. Equal segments are many in what the host counts (a SnapshotV1's keys and
roles, DOM text's tags and roles, an outline's words): each distinct one is encoded once,
the ones seen once together in one call.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

# After an ASCII letter or digit, before an ASCII character that is neither (see above)
_SEGMENT_END = re.compile(r"(?<=[A-Za-z0-9])(?=[\x00-/:-@\[-`{-\x7f])")
_SEGMENTED_FROM = 2048  # characters: a shorter text is encoded as it is


def count_segmented(enc: Any, text: str) -> int:
    """``len(enc.encode_ordinary(text))``, with each distinct inner segment encoded once
    (``enc``: a tiktoken Encoding)."""
    if len(text) < _SEGMENTED_FROM:
        return len(enc.encode_ordinary(text))
    segments = _SEGMENT_END.split(text)
    if len(segments) < 3:
        return len(enc.encode_ordinary(text))
    # the first segment may start with a letter and the last end with anything: they go
    # first and last of the one call that encodes the segments seen once
    counted = Counter(segments[1:-1])
    once = [segments[0]]
    once += [segment for segment, times in counted.items() if times == 1]
    once.append(segments[-1])
    repeated: dict[int, list[str]] = {}
    for segment, times in counted.items():
        if times != 1:
            repeated.setdefault(times, []).append(segment)
    total = len(enc.encode_ordinary("".join(once)))
    for times, group in repeated.items():
        total += times * len(enc.encode_ordinary("".join(group)))
    return total
