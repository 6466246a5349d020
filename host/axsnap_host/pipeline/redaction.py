"""Redaction: mask secrets before anything leaves the host.

Two tools, used by every output (SnapshotV1 here, DOM text and elements in the DOM channel):

- :func:`secret_kind` decides whether a form field holds a secret (password, one-time
  code, token, card number, CVV) from its tag, input type, ``autocomplete``, and the names,
  ids, labels and placeholders around it, in several languages. Its value is then replaced
  by :func:`mask`, which still says whether the field was filled.
- :func:`scrub_text` masks secret-looking substrings in any free text: JWTs, provider keys
  (``sk-``, ``ghp_``, ``AKIA``...), long hex or base64 tokens, Luhn-valid card numbers, and
  the secret parts of the absolute URLs it holds.
- :func:`scrub_url` (``url_scrub.py``, the one URL scrubber) does the same for a URL:
  secret query and fragment values (``?q=shoes&session_token=[redacted]``), ``user:pass@``
  credentials, and the body of a ``data:`` URL, keeping hosts, ports and paths usable.

The words that name a secret are ``secret_words.py``'s, the token rules ``secret_tokens.py``'s.

Which element is a secret field is decided once per capture in ``secrets.py``, with
:func:`secret_kind`; outputs never call it themselves.
"""

from __future__ import annotations

from axsnap_host.pipeline.scrub_memo import SAME, remembered, table
from axsnap_host.pipeline.secret_tokens import CARD_MARKER, TOKEN_MARKER, luhn_valid, scrub_tokens
from axsnap_host.pipeline.secret_words import kind_from_words
from axsnap_host.pipeline.url_scrub import URL_ATTRIBUTES, URL_MARKER, scrub_url, scrub_urls_in_text

__all__ = ["CARD_MARKER", "EMPTY", "FILLED", "TEXT_ENTRY_ROLES", "TOKEN_MARKER", "URL_ATTRIBUTES",
           "URL_MARKER", "luhn_valid", "mask", "scrub_text", "scrub_url", "secret_kind"]

FILLED = "[redacted:filled]"
EMPTY = "[redacted:empty]"

# autocomplete tokens → kind (the attribute may hold several tokens, e.g. "section-x cc-number")
_AUTOCOMPLETE_KINDS = {
    "current-password": "password",
    "new-password": "password",
    "one-time-code": "otp",
    "cc-number": "card",
    "cc-csc": "cvv",
    "cc-exp": "card",
    "cc-exp-month": "card",
    "cc-exp-year": "card",
}

# Attributes whose text names the field (the value itself is never looked at).
_NAMING_ATTRIBUTES = ("name", "id", "aria-label", "placeholder", "title", "data-testid", "label")
_TEXT_INPUT_TYPES = frozenset(
    {"", "text", "password", "tel", "number", "search", "email", "url"}
)


def secret_kind(tag: str, attrs: dict[str, str], label: str) -> str | None:
    """The kind of secret a form field holds ("password", "otp", "token", "card", "cvv")
    or None. ``label`` is the field's accessible name or visible label."""
    tag = (tag or "").lower()
    input_type = (attrs.get("type") or "").lower().strip()
    if tag == "input" and input_type == "password":
        return "password"
    for token in (attrs.get("autocomplete") or "").lower().split():
        if token in _AUTOCOMPLETE_KINDS:
            return _AUTOCOMPLETE_KINDS[token]
    if tag == "input" and input_type not in _TEXT_INPUT_TYPES:
        return None  # checkboxes, dates, colors... carry no typed secret
    is_field = (
        not tag
        or tag in ("input", "textarea", "select")
        or "contenteditable" in attrs
        or (attrs.get("role") or "") in ("textbox", "searchbox", "combobox", "spinbutton")
    )
    if not is_field:
        return None
    texts = [label, *(attrs.get(name, "") for name in _NAMING_ATTRIBUTES)]
    return kind_from_words(texts)


def mask(value: str | None) -> str:
    """A marker for a masked value that says whether it was filled, and nothing else."""
    return FILLED if value else EMPTY


# --- free text -------------------------------------------------------------------------

def scrub_text(text: str) -> tuple[str, int]:
    """Mask secret-looking substrings; returns (text, number of substrings masked)."""
    if not text:
        return text, 0
    known = _TEXTS.get(text)  # (remembered's own first look, without its call)
    if known is SAME:
        return text, 0
    if known is not None:
        return known
    return remembered("text", text, _scrub_text)


_TEXTS = table("text")


def _scrub_text(text: str) -> tuple[str, int]:
    # the URLs by the URL scrubber (their paths keep their slugs), the rest by the token rules
    return scrub_urls_in_text(text, rest=scrub_tokens)


# Roles whose value a person types.
TEXT_ENTRY_ROLES = frozenset(
    {"textbox", "searchbox", "combobox", "spinbutton", "TextField", "textField", "TextArea"}
)
