"""clean_text's printable fast path gives what the character loop gives, for every code point."""

from __future__ import annotations

import random
import re
import unicodedata

from axsnap_host.pipeline.text_clean import clean_text

_SPACES = re.compile(r"\s+")


def _by_character(text: str) -> str:
    """The rule spelled out one character at a time (clean_text's loop)."""
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) not in ("Cf", "Co", "Cc", "Cs"):
            kept.append(char)
    return _SPACES.sub(" ", "".join(kept)).strip()


def test_every_code_point_alone_and_between_words() -> None:
    for start in range(0, 0x110000, 48):
        chunk = "".join(map(chr, range(start, min(start + 48, 0x110000))))
        for text in (chunk, f"  a {chunk[:5]}  b ", chunk[::7]):
            assert clean_text(text) == _by_character(text), hex(start)


def test_mixed_spaces_controls_and_icons() -> None:
    alphabet = list("ab c\t\n\u00a0\u200b\ue000\x1c\x00é漢😀\u2028\u3000\U000f0000") + [" "] * 6
    rnd = random.Random(16)
    for _ in range(20_000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 14)))
        assert clean_text(text) == _by_character(text), repr(text)
    assert clean_text("  Save   draft ") == "Save draft"
    assert clean_text("") == ""
