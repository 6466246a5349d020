"""Redaction: mask secrets before anything leaves the host.

Two tools, used by every output (SnapshotV1 here, DOM text and elements in the DOM channel):

- :func:`secret_kind` decides whether a form field holds a secret (password, one-time
  code, token, card number, CVV) from its tag, input type, ``autocomplete``, and the names,
  ids, labels and placeholders around it, in several languages. Its value is then replaced
  by :func:`mask`, which still says whether the field was filled.
- :func:`scrub_text` masks secret-looking substrings in any free text: JWTs, provider keys
  (``sk-``, ``ghp_``, ``AKIA``...), long hex or base64 tokens, Luhn-valid card numbers, and
  the secret parts of the absolute URLs it holds.
- :func:`scrub_url` does the same for a URL (absolute or relative): the values of
  secret-looking query and fragment parameters (``?q=shoes&session_token=[redacted]``),
  ``user:pass@`` credentials, and the body of a ``data:`` URL, keeping the rest usable.

Which element is a secret field is decided once per capture in ``secrets.py``, with
:func:`secret_kind`; outputs never call it themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote_plus

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

# Words that name a secret field, checked in this order (the more specific kind first:
# "card security code" is a CVV, "one-time password" is an OTP). Matched on a normalized
# text: lower case, camelCase split, separators turned into spaces.
_KIND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "cvv",
        (
            r"\bcvv2?\b", r"\bcvc2?\b", r"\bcsc\b", r"security code",
            r"card verification", r"código de seguridad", r"codigo de seguridad",
            r"cryptogramme", r"prüfnummer", r"pruefnummer", r"安全码", r"보안 ?코드",
            r"セキュリティ ?コード", r"mã bảo mật",
        ),
    ),
    (
        "otp",
        (
            r"\botp\b", r"\btotp\b", r"\b2fa\b", r"\bmfa\b", r"one ?time", r"verification code",
            r"auth(?:entication|entication)? code", r"\bsms code\b", r"2 step", r"two factor",
            r"código de verificación", r"codigo de verificacion", r"code de vérification",
            r"bestätigungscode", r"verifizierungscode", r"mã xác (?:nhận|thực)", r"mã otp",
            r"验证码", r"驗證碼", r"인증 ?번호", r"인증 ?코드", r"確認コード", r"認証コード",
            r"ワンタイム",
        ),
    ),
    (
        "card",
        (
            r"card ?number", r"\bcc ?num(?:ber)?\b", r"\bccnum\b", r"credit ?card", r"debit card",
            r"número de (?:la )?tarjeta", r"numero de (?:la )?tarjeta",
            r"numéro de (?:la )?carte", r"kartennummer", r"số thẻ", r"卡号", r"卡號",
            r"카드 ?번호", r"カード番号",
        ),
    ),
    (
        "password",
        (
            r"password", r"passwort", r"\bpasswd\b", r"\bpwd\b", r"\bpass ?code\b",
            r"\bpin\b", r"contraseña", r"contrasena", r"mot de passe", r"\bmdp\b",
            r"mật khẩu", r"mat khau", r"密码", r"密碼", r"비밀번호", r"パスワード", r"пароль",
            r"\bsenha\b", r"wachtwoord", r"hasło", r"haslo", r"\bparola\b", r"lösenord",
            r"salasana", r"\bkennwort\b", r"şifre", r"كلمة المرور", r"סיסמה",
        ),
    ),
    (
        "token",
        (
            r"\btoken\b", r"api ?key", r"\bapikey\b", r"access ?key",
            r"private ?key", r"client secret", r"\bbearer\b", r"auth ?key", r"session ?key",
            r"secret ?key", r"\bsecret\w*", r"令牌", r"密钥", r"토큰", r"トークン",
        ),
    ),
)
_KIND_PATTERNS = tuple(
    (kind, re.compile("|".join(f"(?:{w})" for w in words))) for kind, words in _KIND_WORDS
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SEPARATORS = re.compile(r"[\s_\-.:\[\]/]+")
# Attributes whose text names the field (the value itself is never looked at).
_NAMING_ATTRIBUTES = ("name", "id", "aria-label", "placeholder", "title", "data-testid", "label")
_TEXT_INPUT_TYPES = frozenset(
    {"", "text", "password", "tel", "number", "search", "email", "url"}
)


def _normalize(text: str) -> str:
    return _SEPARATORS.sub(" ", _CAMEL.sub(" ", text)).lower().strip()


def _kind_from_words(texts: Iterable[str]) -> str | None:
    found: set[str] = set()
    for text in texts:
        if not text:
            continue
        normalized = _normalize(text)
        for kind, pattern in _KIND_PATTERNS:
            if pattern.search(normalized):
                found.add(kind)
    for kind, _ in _KIND_PATTERNS:  # report the most specific kind
        if kind in found:
            return kind
    return None


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
    return _kind_from_words(texts)


def mask(value: str | None) -> str:
    """A marker for a masked value that says whether it was filled, and nothing else."""
    return FILLED if value else EMPTY


# --- free text -------------------------------------------------------------------------

_TOKEN_PATTERNS = (
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
    # long hex with digits and letters (API tokens, session ids, hashes used as secrets)
    r"\b(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{32,}\b",
    # long base64 / base64url runs that mix digits and both cases
    r"(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[a-z])"
    r"(?=[A-Za-z0-9+/_-]*[A-Z])[A-Za-z0-9+/_-]{40,}={0,2}",
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


# scrub_text's and scrub_url's answers by text: pure functions of it, asked for every name of
# every read, and a re-read of a page asks the same names again. Bounded (emptied when
# full); the texts it holds are the host's own rows' (a tab's delta base keeps them too).
_SCRUBBED: dict[tuple[str, str], tuple[str, int]] = {}
_SCRUBBED_MAX = 120_000
_SCRUBBED_TEXT_MAX = 1_000  # characters: longer texts are scrubbed every time


def _remembered(kind: str, text: str, scrub: Any) -> tuple[str, int]:
    """``scrub(text)``, memoized under (kind, text) in _SCRUBBED."""
    key = (kind, text)
    known = _SCRUBBED.get(key)
    if known is not None:
        return known
    found = scrub(text)
    if len(text) <= _SCRUBBED_TEXT_MAX:
        if len(_SCRUBBED) >= _SCRUBBED_MAX:
            _SCRUBBED.clear()
        _SCRUBBED[key] = found
    return found


def scrub_text(text: str) -> tuple[str, int]:
    """Mask secret-looking substrings; returns (text, number of substrings masked)."""
    if not text:
        return text, 0
    return _remembered("text", text, _scrub_text)


def _scrub_text(text: str) -> tuple[str, int]:
    count = 0
    if "://" in text or "data:" in text:

        def url(match: re.Match[str]) -> str:
            nonlocal count
            clean, found = _redact_url_parts(match.group(0))
            count += found
            return clean

        text = _URL_IN_TEXT.sub(url, text)
    text, found = _scrub_tokens(text)
    return text, count + found


def _scrub_tokens(text: str) -> tuple[str, int]:
    """Card numbers and tokens (the free-text rules without the URL one)."""
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


# --- URLs ------------------------------------------------------------------------------

URL_MARKER = "[redacted]"
# A parameter is secret when its name holds one of these anywhere...
_SECRET_PARAM_PARTS = ("token", "secret", "passw", "session", "signature", "apikey",
                       "credential", "jwt", "sessid", "private", "authorization", "cookie")
# ...or one of these as a whole word (split on anything but letters and digits).
_SECRET_PARAM_WORDS = frozenset({"key", "auth", "code", "sig", "sid", "pwd", "pass", "otp",
                                 "pin", "ticket", "saml", "samlresponse", "assertion", "hmac"})
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
# A data: URL in text runs to the end of its line (its body may hold spaces: a page's
# title is its data: URL when it has none).
_URL_IN_TEXT = re.compile(r"\b(?:https?|wss?|ftp)://[^\s\"'<>]+|\bdata:[^\s,\"'<>]*,[^\n]*")
_USERINFO = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*://)([^/?#@]*)@")
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "poster", "cite", "ping",
                            "background", "longdesc", "data", "srcset", "data-href",
                            "data-url", "data-src"})


def secret_param(name: str) -> bool:
    """Whether a query/fragment parameter name looks like it carries a secret."""
    lowered = name.lower()
    if any(part in lowered for part in _SECRET_PARAM_PARTS):
        return True
    return any(word in _SECRET_PARAM_WORDS for word in _WORD_SPLIT.split(lowered) if word)


def _redact_params(text: str) -> tuple[str, int]:
    """``a=1&token=x`` → ``a=1&token=[redacted]``; other text left as it is."""
    if "=" not in text:
        return text, 0
    count = 0
    parts = text.split("&")
    for i, part in enumerate(parts):
        name, sep, value = part.partition("=")
        if sep and value and secret_param(unquote_plus(name)):
            parts[i] = f"{name}={URL_MARKER}"
            count += 1
    return "&".join(parts), count


def _redact_url_parts(url: str) -> tuple[str, int]:
    count = 0
    if url[:5].lower() == "data:":
        head, comma, body = url.partition(",")
        if not comma:
            return url, 0
        return f"{head},[redacted:{len(body)} chars]", 1
    match = _USERINFO.match(url)
    if match and match.group(2):
        url = f"{match.group(1)}{URL_MARKER}@{url[match.end():]}"
        count += 1
    base, hash_sign, fragment = url.partition("#")
    path, question, query = base.partition("?")
    if question:
        query, found = _redact_params(query)
        count += found
    if hash_sign:
        fragment, found = _redact_params(fragment)
        count += found
    return f"{path}{question}{query}{hash_sign}{fragment}", count


def scrub_url(url: str) -> tuple[str, int]:
    """A URL (absolute or relative) with its secrets masked; returns (url, pieces masked)."""
    if not url:
        return url, 0
    return _remembered("url", url, _scrub_url)


def _scrub_url(url: str) -> tuple[str, int]:
    url, count = _redact_url_parts(url)
    url, found = _scrub_tokens(url)  # a token in the path
    return url, count + found


# Roles whose value a person types.
TEXT_ENTRY_ROLES = frozenset(
    {"textbox", "searchbox", "combobox", "spinbutton", "TextField", "textField", "TextArea"}
)
