"""Text as an agent reads it: invisible and private-use characters dropped, whitespace collapsed.

A leaf module (imports nothing of axsnap's), so every renderer and pipeline step can use it."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def clean_text(text: str) -> str:
    """Drop invisible (format, control) and private-use characters; collapse whitespace.

    Private-use characters are icon-font glyphs (Font Awesome, Material Icons): they render
    as pictures and read as noise.
    """
    if not text:
        return ""
    if text.isprintable():
        # nothing to drop (no format, control, surrogate or private-use character) and no
        # space but " ": the character loop below would keep the text as it is
        return " ".join(text.split())
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
            continue
        category = unicodedata.category(char)
        if category in ("Cf", "Co", "Cc", "Cs"):
            continue
        kept.append(char)
    return _SPACES.sub(" ", "".join(kept)).strip()
