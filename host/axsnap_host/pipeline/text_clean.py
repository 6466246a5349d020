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
        # space but " ": the character loop below would keep the text as it is; a text with
        # no run of spaces and none at either end is its own answer (no list made and joined)
        if "  " in text or text[0] == " " or text[-1] == " ":
            return " ".join(text.split())
        return text
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
