"""Secret-looking tokens in text: JWTs, provider keys, long random runs, card numbers.

Free text gets every rule (:func:`scrub_tokens`); a URL's parts get fewer, so that links
stay usable: its path only the tokens that are secrets wherever they stand
(:func:`scrub_strong_tokens`), its query values and fragment those and long random runs
without a "/" (:func:`scrub_value_tokens`). Hosts and ports are never read as tokens.
"""

from __future__ import annotations

import re

# Tokens that are secrets wherever they stand, a URL's path included: JWTs and provider keys.
_STRONG_PATTERNS = (
    # JSON Web Tokens
    r"\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}",
    # provider keys with well-known prefixes
    r"\b(?:sk|pk|rk)[-_](?:live|test|proj|ant)?[-_]?[A-Za-z0-9_-]{16,}",
    r"\bgh[pousr]_[A-Za-z0-9]{20,}",
    r"\bgithub_pat_[A-Za-z0-9_]{20,}",
    r"\bglpat-[A-Za-z0-9_-]{16,}",
    r"\bxox[abposr]-[A-Za-z0-9-]{10,}",
    r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    r"\bAIza[0-9A-Za-z_-]{30,}",
)
# Free text adds the long runs of random-looking characters.
_TOKEN_PATTERNS = (
    *_STRONG_PATTERNS,
    # long hex with digits and letters (API tokens, session ids, hashes used as secrets)
    r"\b(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{32,}\b",
    # long base64 / base64url runs that mix digits and both cases
    r"(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[a-z])"
    r"(?=[A-Za-z0-9+/_-]*[A-Z])[A-Za-z0-9+/_-]{40,}={0,2}",
)
_STRONG_RE = re.compile("|".join(f"(?:{p})" for p in _STRONG_PATTERNS))
# A URL's query value or fragment: a strong token, or one run of 32+ base64url characters
# mixing digits and both cases (no "/": a path inside it is not one token).
_VALUE_TOKEN_RE = re.compile(
    "|".join(f"(?:{p})" for p in _STRONG_PATTERNS)
    + r"|(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])"
    r"[A-Za-z0-9_-]{32,}={0,2}"
)
_TOKEN_RE = re.compile("|".join(f"(?:{p})" for p in _TOKEN_PATTERNS))
_CARD_RE = re.compile(r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])")
_QUICK_CHECK = re.compile(r"\d{4}|[A-Za-z0-9_-]{16}")
TOKEN_MARKER = "[redacted:token]"
CARD_MARKER = "[redacted:card]"


def luhn_valid(digits: str) -> bool:
    total = 0
    for position, char in enumerate(reversed(digits)):
        digit = ord(char) - 48
        if position % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0



def scrub_tokens(text: str) -> tuple[str, int]:
    """Card numbers and tokens in free text (the free-text rules without the URL one)."""
    if _QUICK_CHECK.search(text) is None:
        return text, 0
    count = 0

    def token(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return TOKEN_MARKER

    def card(match: re.Match[str]) -> str:
        nonlocal count
        digits = re.sub(r"[ -]", "", match.group(0))
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            count += 1
            return CARD_MARKER
        return match.group(0)

    text = _CARD_RE.sub(card, text)
    text = _TOKEN_RE.sub(token, text)
    return text, count




def _replace_all(pattern: re.Pattern[str], text: str) -> tuple[str, int]:
    found = pattern.subn(TOKEN_MARKER, text)
    return found[0], found[1]


def scrub_strong_tokens(text: str) -> tuple[str, int]:
    """JWTs and provider keys only: a URL's path (which keeps its ids, hashes and slugs)."""
    if len(text) < 16:
        return text, 0
    return _replace_all(_STRONG_RE, text)


def scrub_value_tokens(text: str) -> tuple[str, int]:
    """A URL query value or fragment: strong tokens and long random-looking runs."""
    if len(text) < 16:
        return text, 0
    return _replace_all(_VALUE_TOKEN_RE, text)
