"""Which names and labels name a secret, in several languages: one set of rules for form
fields (``redaction.secret_kind``) and for URL parameters (``url_scrub``).

:func:`kind_from_words` reads labels, names, ids and placeholders ("Mật khẩu",
"Kennwort", "card number"); :func:`secret_param` adds the names a URL parameter carries a
secret under that no label would use (``sid``, ``sig``, ``X-Amz-Signature``, ``mk``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

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
            r"password", r"passwort", r"\bpasswd\b", r"\bpwd\b", r"\bpw\b", r"\bpword\b",
            r"\bpass ?code\b",
            r"\bpin\b", r"contraseña", r"contrasena", r"mot de passe", r"\bmdp\b",
            r"mật khẩu", r"mat khau", r"\bmatkhau\b", r"\bmima\b", r"密码", r"密碼", r"비밀번호",
            r"パスワード", r"пароль",
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


def normalize(text: str) -> str:
    """Lower case, camelCase split, separators turned into spaces."""
    return _SEPARATORS.sub(" ", _CAMEL.sub(" ", text)).lower().strip()


def kind_from_words(texts: Iterable[str]) -> str | None:
    """The most specific secret kind any of ``texts`` names, or None."""
    found: set[str] = set()
    for text in texts:
        if not text:
            continue
        normalized = normalize(text)
        for kind, pattern in _KIND_PATTERNS:
            if pattern.search(normalized):
                found.add(kind)
    for kind, _ in _KIND_PATTERNS:  # report the most specific kind
        if kind in found:
            return kind
    return None


# A URL parameter is secret when its name holds one of these anywhere...
_SECRET_PARAM_PARTS = ("token", "secret", "passw", "session", "signature", "apikey",
                       "credential", "jwt", "sessid", "private", "authorization")
# ...or one of these as a whole word (split on anything but letters and digits): names a
# parameter gets that no field label would ("mk" is Vietnamese sites' short "mật khẩu").
_SECRET_PARAM_WORDS = frozenset({"auth", "code", "sig", "pwd", "pass", "otp", "cookie",
                                 "pin", "ticket", "saml", "samlresponse", "assertion", "hmac",
                                 "mk", "pw", "passcode", "pword", "cvv", "cvc", "cvv2", "csc",
                                 "mfa", "totp", "2fa", "mdp", "senha", "mima", "kennwort",
                                 "sifre"})
# Words that name ids as often as secrets (slashdot's story ``sid=03/01/24/1440207``, a
# widget's ``key=NANOWDGT01``): secret only when the value looks random (:func:`_random`).
_ID_OR_SECRET_WORDS = frozenset({"sid", "key"})
# Names of a URL's signature when the value is one (32+ hex digits): ``hash``.
_SIGNATURE_WORDS = frozenset({"hash"})
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
_HEX32 = re.compile(r"[0-9a-fA-F]{32,}")


def _random(value: str) -> bool:
    """12+ characters mixing letters and digits: a key or a session id, not a number."""
    return len(value) >= 12 and any(c.isdigit() for c in value) \
        and any(c.isalpha() for c in value)


def secret_param(name: str, page_secret_names: frozenset[str] = frozenset(),
                 value: str | None = None) -> bool:
    """Whether a query/fragment parameter named ``name`` carries a secret: by the field
    rules (any language), the parameter words, or because the page has a secret field of
    that name (``page_secret_names``, lower case: a GET form puts the typed value there).
    ``value`` (if known) decides the names that are as often ids (``sid``, ``key``)."""
    lowered = name.lower().strip()
    if not lowered:
        return False
    if lowered in page_secret_names:
        return True
    if any(part in lowered for part in _SECRET_PARAM_PARTS):
        return True
    words = {word for word in _WORD_SPLIT.split(lowered) if word}
    if words & _SECRET_PARAM_WORDS or kind_from_words((name,)) is not None:
        return True
    if words & _ID_OR_SECRET_WORDS:
        return value is None or _random(value)
    if words & _SIGNATURE_WORDS:
        return value is not None and _HEX32.fullmatch(value) is not None
    return False
