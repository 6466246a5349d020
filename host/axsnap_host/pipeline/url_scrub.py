"""The one URL scrubber: every URL that leaves axsnap goes through :func:`scrub_url`.

What it masks, keeping the link usable:

- the value of a query or fragment parameter whose name names a secret, by the same
  multilingual rules as the field redaction (``secret_words.secret_param``: ``pw``,
  ``passcode``, ``cvv``, ``totp``, ``contrasena``, ``kennwort``, ``senha``, ``mk``, ``mima``,
  ``session_token``...), or whose name is one of the page's own secret fields (a login form
  sent with GET puts the typed password under the field's name);
- a query value or fragment that looks like a token (a JWT, a provider key, a long random
  run: ``secret_tokens.scrub_value_tokens``);
- ``user:password@`` credentials, and the body of a ``data:`` URL;
- in the path, only JWTs and provider keys. Hosts and ports are never touched, nor ids,
  hashes and slugs in a path (``/wiki/2010_Winter_Olympics_medal_table`` stays).

:func:`scrub_urls_in_text` applies it to every absolute URL inside free text (a CLI line, a
log entry, an error message). :func:`scrub_url_fields` walks a JSON-like value and scrubs the
strings under URL-valued keys (``url``, ``href``, ``frameUrl``...) and the URLs inside every
other string: the exits that are not a capture's outputs (control replies, MCP tool results,
batch records, logs) call it on what they send.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote_plus

from axsnap_host.pipeline.scrub_memo import SAME, remembered, table
from axsnap_host.pipeline.secret_tokens import (
    TOKEN_MARKER,
    scrub_strong_tokens,
    scrub_value_tokens,
)
from axsnap_host.pipeline.secret_words import secret_param

URL_MARKER = "[redacted]"
# A data: URL in text runs to the end of its line (its body may hold spaces: a page's
# title is its data: URL when it has none).
URL_IN_TEXT = re.compile(r"\b(?:https?|wss?|ftp)://[^\s\"'<>]+|\bdata:[^\s,\"'<>]*,[^\n]*")
_AUTHORITY = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*:)(//[^/?#]*)")
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "poster", "cite", "ping",
                            "background", "longdesc", "data", "srcset", "data-href",
                            "data-url", "data-src"})
# Keys of JSON objects whose string value is a URL (outside a capture's own outputs).
URL_KEYS = frozenset({"url", "href", "src", "frameUrl", "frame_url", "pendingUrl", "finalUrl",
                      "final_url", "before_url", "beforeUrl", "after_url", "afterUrl",
                      "openerUrl", "origin_url", "page_url", "pageUrl", "requested_url",
                      "requestedUrl", "redirect", "location"})
NO_NAMES: frozenset[str] = frozenset()


def scrub_url(url: str, secret_names: frozenset[str] = NO_NAMES) -> tuple[str, int]:
    """A URL (absolute or relative) with its secrets masked; returns (url, pieces masked).
    ``secret_names``: the lower-cased names of the page's secret fields."""
    if not url:
        return url, 0
    if secret_names:
        return _scrub_url(url, secret_names)
    known = _URLS.get(url)  # (remembered's own first look, without its call)
    if known is SAME:
        return url, 0
    if known is not None:
        return known
    return remembered("url", url, _scrub_url)


_URLS = table("url")


def _scrub_url(url: str, secret_names: frozenset[str] = NO_NAMES) -> tuple[str, int]:
    if url[:5].lower() == "data:":
        head, comma, body = url.partition(",")
        if not comma:
            return url, 0
        return f"{head},[redacted:{len(body)} chars]", 1
    count = 0
    base, hash_sign, fragment = url.partition("#")
    before_query, question, query = base.partition("?")
    scheme, authority, path = "", "", before_query
    match = _AUTHORITY.match(before_query)
    if match:
        scheme, authority = match.group(1), match.group(2)
        path = before_query[match.end():]
        userinfo, at, hostport = authority[2:].rpartition("@")
        if at and userinfo:
            authority = f"//{URL_MARKER}@{hostport}"
            count += 1
    path, found = scrub_strong_tokens(path)
    count += found
    if question:
        query, found = _redact_params(query, secret_names)
        count += found
    if hash_sign:
        fragment, found = _redact_fragment(fragment, secret_names)
        count += found
    return f"{scheme}{authority}{path}{question}{query}{hash_sign}{fragment}", count


def _redact_params(text: str, secret_names: frozenset[str]) -> tuple[str, int]:
    """``a=1&token=x`` → ``a=1&token=[redacted]``; token-looking values masked too."""
    count = 0
    parts = text.split("&")
    for i, part in enumerate(parts):
        name, sep, value = part.partition("=")
        if not (sep and value):
            continue
        plain = unquote_plus(value)
        if secret_param(unquote_plus(name), secret_names, plain):
            parts[i] = f"{name}={URL_MARKER}"
            count += 1
            continue
        # read as sent (decoded): an encoded URL's "%2F" glues its words into one long run
        _, found = scrub_value_tokens(plain)
        if found:
            parts[i] = f"{name}={TOKEN_MARKER}"
            count += 1
    return "&".join(parts), count


def _redact_fragment(fragment: str, secret_names: frozenset[str]) -> tuple[str, int]:
    if "=" in fragment:
        return _redact_params(fragment, secret_names)
    _, found = scrub_value_tokens(unquote_plus(fragment))
    return (TOKEN_MARKER, 1) if found else (fragment, 0)


def scrub_urls_in_text(text: str, secret_names: frozenset[str] = NO_NAMES,
                       rest: Any = None) -> tuple[str, int]:
    """Every absolute URL in ``text`` scrubbed; ``rest(piece) -> (piece, n)`` (if given)
    scrubs the text between them."""
    if not text:
        return text, 0
    count = 0
    pieces: list[str] = []
    at = 0
    if "://" in text or "data:" in text:
        for match in URL_IN_TEXT.finditer(text):
            between = text[at:match.start()]
            if rest is not None and between:
                between, found = rest(between)
                count += found
            pieces.append(between)
            clean, found = scrub_url(match.group(0), secret_names)
            pieces.append(clean)
            count += found
            at = match.end()
    tail = text[at:]
    if rest is not None and tail:
        tail, found = rest(tail)
        count += found
    pieces.append(tail)
    return "".join(pieces), count


def scrub_url_fields(value: Any, secret_names: frozenset[str] = NO_NAMES) -> Any:
    """A copy of a JSON-like ``value`` with every URL in it scrubbed: strings under a
    URL-valued key whole, every other string's absolute URLs."""
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            if isinstance(item, str) and key in URL_KEYS:
                out[key] = scrub_url(item, secret_names)[0]
            else:
                out[key] = scrub_url_fields(item, secret_names)
        return out
    if isinstance(value, list):
        return [scrub_url_fields(item, secret_names) for item in value]
    if isinstance(value, tuple):
        return tuple(scrub_url_fields(item, secret_names) for item in value)
    if isinstance(value, str):
        return scrub_urls_in_text(value, secret_names)[0]
    return value
