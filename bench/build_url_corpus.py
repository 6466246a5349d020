"""Build bench/url_corpus.jsonl: real link URLs from saved pages, plus planted secret URLs,
each labelled BEFORE the scrubber is measured on them (see bench_url_redaction.py).

Real links (``page``: the folder of mozilla/readability's test/test-pages at the commit
given, ab4027a8b376 for the committed file): every href/src/action/poster/cite of the 130
saved pages test/test-pages/*/source.html (news sites, blogs, four Wikipedia articles...),
relative ones resolved against http://127.0.0.1:8765/<page>/ as a page served from the
test server would be. A page's links are all dev or all held-out (``split``: 30% of the
pages held out, by a hash of the page name).

Labels. A real link is ``keep`` (it must come out unchanged) unless a parameter carries a
credential, by these rules fixed before any measurement: access tokens (``access_token``),
API keys (``api_key``, ``apikey``; ``key`` when its value is 16+ random-looking characters),
signatures of signed URLs (``sig``, ``signature``, Drupal's ``itok``, ``hash`` with 32+ hex
digits), session ids (``sid`` whose value mixes hex letters and digits, 12+ long), JWTs, and
``user:password@``. Those are ``redact`` with the secret values that must not survive.
Planted URLs are secret values put into real links under many names (the field redaction's
languages, tokens by form, userinfo, a GET form's own field name).

    python bench/build_url_corpus.py /path/to/readability/checkout COMMIT
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, quote, urljoin, urlsplit

OUT = Path(__file__).resolve().parent / "url_corpus.jsonl.gz"
ATTRS = {"href", "src", "action", "poster", "cite", "data-src", "data-href", "data-url"}
SKIP = ("javascript:", "mailto:", "data:", "#", "tel:", "about:")
MAX_PER_PAGE = 150  # links kept per page (the first ones; Wikipedia pages all of theirs)
HELD_OUT = 0.3


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.extend(v.strip() for k, v in attrs if k in ATTRS and v)


def split_of(key: str) -> str:
    digest = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return "heldout" if digest < HELD_OUT else "dev"


_HEX_AND_DIGIT = re.compile(r"^(?=.*\d)(?=.*[a-f])[0-9a-f]{12,}$", re.I)
_RANDOM16 = re.compile(r"^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{16,}$")
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}")


def real_label(url: str) -> tuple[str, list[str], str]:
    """(label, secret values, why) by the rules in the module doc."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "keep", [], ""
    secrets: list[str] = []
    whys: list[str] = []
    if "@" in parts.netloc and ":" in parts.netloc.split("@")[0]:
        secrets.append(parts.netloc.split("@")[0].split(":", 1)[1])
        whys.append("userinfo")
    for part in (parts.query, parts.fragment):
        for name, value in parse_qsl(part, keep_blank_values=True):
            low = name.lower()
            secret = (
                low in ("access_token", "api_key", "apikey", "sig", "signature", "itok")
                or (low == "key" and _RANDOM16.match(value) is not None)
                or (low == "hash" and re.fullmatch(r"[0-9a-f]{32,}", value) is not None)
                or (low == "sid" and _HEX_AND_DIGIT.match(value) is not None)
                or _JWT.search(value) is not None
            )
            if secret and len(value) >= 3:
                secrets.append(value)
                whys.append(low)
    return ("redact" if secrets else "keep"), secrets, ",".join(whys)


def real_links(checkout: Path, commit: str) -> list[dict[str, object]]:
    names = subprocess.run(["git", "-C", str(checkout), "ls-tree", "-r", "--name-only", commit],
                           capture_output=True, text=True, check=True).stdout.split()
    out: list[dict[str, object]] = []
    for path in sorted(n for n in names if re.match(r"test/test-pages/.+/source\.html$", n)):
        page = path.removeprefix("test/test-pages/").removesuffix("/source.html").replace("/", "_")
        html = subprocess.run(["git", "-C", str(checkout), "show", f"{commit}:{path}"],
                              capture_output=True, check=True).stdout.decode("utf-8", "replace")
        parser = _Links()
        try:
            parser.feed(html)
        except Exception:
            continue
        base = f"http://127.0.0.1:8765/{page}/"
        seen: set[str] = set()
        cap = 10_000 if page.startswith("wikipedia") else MAX_PER_PAGE
        for link in parser.found:
            if link.startswith(SKIP) or len(link) > 2000:
                continue
            url = "https:" + link if link.startswith("//") else (
                link if "://" in link[:12] else urljoin(base, link))
            if url in seen or len(seen) >= cap:
                continue
            seen.add(url)
            label, secrets, why = real_label(url)
            out.append({"kind": "real", "page": page, "split": split_of(page), "url": url,
                        "label": label, "secrets": secrets, "why": why})
    return out


# names a secret is sent under, in the field redaction's languages and the usual API forms
PLANTED_NAMES = [
    "password", "passwd", "pwd", "pw", "pass", "passcode", "pin", "otp", "totp", "mfa", "2fa",
    "cvv", "cvc", "csc", "card_number", "ccnum", "contrasena", "contraseña", "kennwort",
    "passwort", "mdp", "mot_de_passe", "senha", "mk", "matkhau", "mat_khau", "mima",
    "wachtwoord", "haslo", "parola", "salasana", "lösenord", "sifre", "пароль", "密码",
    "비밀번호", "パスワード", "token", "access_token", "id_token", "refresh_token",
    "api_key", "apikey", "client_secret", "secret", "session", "sessionid", "jsessionid",
    "PHPSESSID", "auth", "authorization", "code", "sig", "signature", "X-Amz-Signature",
    "hmac", "jwt", "ticket", "SAMLResponse", "key", "credential", "private_key", "pin_code",
    "verification_code", "one_time_code", "security_code", "userPassword", "loginPwd",
    "new_password", "confirmPassword", "user[password]", "oauth_token", "auth_code",
]
# forms a token has whatever its parameter is called
TOKEN_FORMS = {
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwiZXhwIjoxNzAwMDAwMDAwfQ.Sg3kP9vR2mX8wT1y",
    "stripe": "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "github": "ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ",
    "aws": "AKIAIOSFODNN7EXAMPLE",
    "google": "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
    "random": "Zk3pQ9vR2mX8wT1yL6nB4cF7hJ0sD5aGqW2e",
}


def planted(real: list[dict[str, object]]) -> list[dict[str, object]]:
    rng = random.Random(28)
    bases = [str(r["url"]) for r in real if r["label"] == "keep"
             and str(r["url"]).startswith("http") and "#" not in str(r["url"])]
    out: list[dict[str, object]] = []

    def add(url: str, secret: str, why: str, names: list[str] | None = None) -> None:
        item: dict[str, object] = {"kind": "planted", "split": split_of(f"planted:{why}:{url}"),
                                   "url": url, "label": "redact", "secrets": [secret],
                                   "why": why}
        if names:
            item["page_secret_names"] = names
        out.append(item)

    for i, name in enumerate(PLANTED_NAMES):
        secret = f"S3cret-{i:03d}-typed"
        base = rng.choice(bases)
        joiner = "&" if "?" in base else "?"
        add(f"{base}{joiner}{quote(name)}={secret}", secret, f"query:{name}")
        add(f"{rng.choice(bases)}#state=ok&{quote(name)}={secret}", secret, f"fragment:{name}")
    for form, token in TOKEN_FORMS.items():
        for innocuous in ("state", "t", "x", "ref"):
            base = rng.choice(bases)
            joiner = "&" if "?" in base else "?"
            add(f"{base}{joiner}{innocuous}={token}", token, f"value:{form}")
        add(f"{rng.choice(bases)}#{token}", token, f"bare_fragment:{form}")
    for form in ("jwt", "stripe", "github"):
        parts = urlsplit(rng.choice(bases))
        add(f"{parts.scheme}://{parts.netloc}/reset/{TOKEN_FORMS[form]}", TOKEN_FORMS[form],
            f"path:{form}")
    for i in range(12):
        parts = urlsplit(rng.choice(bases))
        secret = f"pa55-{i}-word"
        add(f"{parts.scheme}://ann:{secret}@{parts.netloc}{parts.path}", secret, "userinfo")
    for i, field in enumerate(["f3", "q2", "field_7", "input1", "x", "login_b"]):
        secret = f"Typed-{i}-Secret"
        add(f"http://127.0.0.1:8765/login?user=ann&{field}={secret}", secret,
            "page_field_name", names=[field])
    return out


def main() -> int:
    checkout, commit = Path(sys.argv[1]), sys.argv[2]
    real = real_links(checkout, commit)
    items = real + planted(real)
    with gzip.open(OUT, "wt", encoding="utf-8") as handle:
        for item in items:
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{OUT}: {len(real)} real links ({sum(r['label'] == 'redact' for r in real)} with a "
          f"secret), {len(items) - len(real)} planted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
