"""The words of a target, before any scoring: how text is normalized (glyphs say their
word, punctuation-only names stay), which icon hints mean the same picture, and whether words
ask for a multi-line field (a textarea) or a single-line one (a text field)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
MULTI_LINE_WORDS = ("textarea", "multiline")
JOINED_PAIRS = {"text area": "textarea", "multi line": "multiline"}
SINGLE_LINE_WORDS = ("text field", "input field", "text input", "text box", "textbox", "input",
                     "single line", "field")
# An icon-only control is named by its hint (``fa-trash`` → "trash", ``delete.png`` →
# "delete"); people call the same picture by other words.
ICON_ALIASES: dict[str, tuple[str, ...]] = {
    "delete": ("trash", "remove", "bin"), "trash": ("delete", "remove", "bin"),
    "remove": ("delete", "trash"), "star": ("favorite", "favourite", "important"),
    "heart": ("like", "favorite", "favourite"), "like": ("heart",), "close": ("x", "dismiss"),
    "times": ("close", "x"), "edit": ("pencil",), "pencil": ("edit",),
    "cog": ("settings",), "gear": ("settings",), "settings": ("gear", "cog"),
    "more": ("menu", "options"), "bars": ("menu",), "ellipsis": ("more", "menu"),
    "retweet": ("share", "repost"), "search": ("find",), "send": ("submit",),
}

# Glyphs that name a control by a picture; people say the word (or type the glyph).
GLYPH_WORDS: dict[str, str] = {
    "☆": "star", "★": "star", "⭐": "star", "✓": "check", "✔": "check", "☑": "check",
    "✗": "close", "✘": "close", "×": "close", "✕": "close", "✖": "close", "❌": "close",
    "♡": "heart", "♥": "heart", "❤": "heart", "⋮": "more", "⋯": "more", "…": "more",
    "🗑": "delete", "✎": "edit", "✏": "edit", "🔍": "search", "⚙": "settings", "☰": "menu",
    "+": "add", "↻": "refresh", "⟳": "refresh",
}
_GLYPHS = re.compile("|".join(re.escape(g) for g in sorted(GLYPH_WORDS, key=len, reverse=True)))


@lru_cache(maxsize=16384)
def normalize(text: str) -> str:
    """Lower case, NFKC, camelCase split, punctuation and separators → one space. A glyph
    alone (``☆``, ``✓``) says its word; a name of punctuation only (``>``, ``<<``) is kept
    as it is, so it can be named. A pure function of the text, remembered (a page's records
    are normalized again at every act's resolve)."""
    raw = unicodedata.normalize("NFKC", _CAMEL.sub(" ", text or ""))
    words = _NON_WORD.sub(" ", raw.lower()).strip()
    if words:
        return words
    pictured = _GLYPHS.sub(lambda m: f" {GLYPH_WORDS[m.group(0)]} ", raw)
    said = _NON_WORD.sub(" ", pictured.lower()).strip()
    return said or " ".join(raw.split())




def joined_pairs(tokens: list[str]) -> list[str]:
    """"text area" and "multi line" are one word each (a role word)."""
    out: list[str] = []
    for token in tokens:
        if out and f"{out[-1]} {token}" in JOINED_PAIRS:
            out[-1] = JOINED_PAIRS[f"{out[-1]} {token}"]
        else:
            out.append(token)
    return out


def lines_said(tokens: list[str]) -> str:
    """Whether the words ask for a multi-line field ("textarea", "text area", "multi-line
    field") or a single-line one ("text field", "input", "textbox", "single line")."""
    text = f" {' '.join(tokens)} "
    if any(f" {w} " in text for w in MULTI_LINE_WORDS):
        return "multi"
    if any(f" {w} " in text for w in SINGLE_LINE_WORDS):
        return "single"
    return ""


def is_multi_line(rec: dict[str, Any]) -> bool:
    """A textarea, an ARIA multi-line textbox or an editable region (not an <input>)."""
    attrs = rec.get("attributes") or {}
    if rec.get("tagName") == "textarea" or attrs.get("aria-multiline") == "true":
        return True
    return rec.get("tagName") != "input" and attrs.get("contenteditable") not in (None, "false")
