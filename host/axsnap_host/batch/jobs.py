"""The pages of a batch: URLs from a file, each with a stable folder name (its slug).

A list may come from anywhere: every line is checked before anything starts. A line that is
not text (a non-UTF-8 byte), not a URL (``http://[::1``) or not an http(s) URL
(``javascript:``, ``ftp:``, ``file:`` unless allowed) is refused with its line number and
why (:class:`RefusedLine`); the other lines run.

What a batch shows of a URL (``results.jsonl``, the folder names, the CLI) is its scrubbed
form (``pipeline/url_scrub.py``): a password in a URL's query does not become a file name.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from axsnap_host.models.errors import ErrorCode
from axsnap_host.pipeline.url_scrub import scrub_url

WEB_SCHEMES = ("http", "https")
LINE_SHOWN_MAX = 120  # characters of a refused line shown


@dataclass(frozen=True)
class Job:
    url: str  # as given: what the browser loads
    slug: str
    shown: str = ""  # scrubbed: what results.jsonl and the CLI show ("" → url)

    @property
    def shown_url(self) -> str:
        return self.shown or self.url


@dataclass(frozen=True)
class RefusedLine:
    """A line of a URL list that is not run, and why."""

    line: int
    text: str  # the line as far as it could be read, scrubbed and cut
    code: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason} ({self.code}): {self.text}"


def slug_for(url: str) -> str:
    """A readable, filesystem-safe folder name that is unique per URL (a hash suffix), made
    from the scrubbed URL only."""
    shown = scrub_url(url)[0]
    parts = urlsplit(shown) if _splits(shown) else None
    if parts is not None:
        query = f"_{parts.query}" if parts.query else ""
        readable = f"{parts.hostname or ''}{parts.path}{query}"
    else:
        readable = shown
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", readable.replace("[redacted]", "_"))
    readable = readable.strip("._-")[:60] or "page"
    return f"{readable}-{hashlib.sha256(shown.encode()).hexdigest()[:10]}"


def _splits(url: str) -> bool:
    try:
        urlsplit(url).hostname  # noqa: B018 (raises on a bad IPv6 host or port)
        urlsplit(url).port  # noqa: B018
    except ValueError:
        return False
    return True


def check_url(url: str, schemes: tuple[str, ...] = WEB_SCHEMES) -> tuple[str, str] | None:
    """Why ``url`` is not run — (error code, reason) — or None when it may be."""
    if not _splits(url):
        return ErrorCode.INVALID_MESSAGE, "not a URL (its host or port cannot be read)"
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in schemes:
        allowed = ", ".join(f"{s}:" for s in schemes)
        shown = f"{scheme}:" if scheme else "no scheme"
        return ErrorCode.NOT_ALLOWED, f"{shown} URLs are not read from a list (only {allowed})"
    if scheme in WEB_SCHEMES and not parts.hostname:
        return ErrorCode.INVALID_MESSAGE, "an http(s) URL without a host"
    return None


def read_url_lines(path: Path, schemes: tuple[str, ...] = WEB_SCHEMES
                   ) -> tuple[list[str], list[RefusedLine]]:
    """The URLs of a list file (one a line; blank lines and ``#`` comments skipped) and the
    lines refused."""
    urls: list[str] = []
    refused: list[RefusedLine] = []
    for number, raw in enumerate(Path(path).read_bytes().splitlines(), start=1):
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as err:
            text = raw.decode("utf-8", errors="replace").strip()
            refused.append(RefusedLine(number, _shown(text), ErrorCode.INVALID_MESSAGE,
                                       f"not UTF-8 text (byte {err.start + 1})"))
            continue
        if not line or line.startswith("#"):
            continue
        why = check_url(line, schemes)
        if why is not None:
            refused.append(RefusedLine(number, _shown(line), why[0], why[1]))
            continue
        urls.append(line)
    return urls, refused


def _shown(text: str) -> str:
    return scrub_url(text)[0][:LINE_SHOWN_MAX]


def read_urls(path: Path) -> list[str]:
    """One URL a line; blank lines, ``#`` comments and refused lines skipped."""
    return read_url_lines(path)[0]


def make_jobs(urls: Iterable[str]) -> list[Job]:
    """One job per distinct URL, in the order given. Two URLs that differ only in a secret
    scrub to one name: the later ones get ``-2``, ``-3``... (stable for the same list)."""
    jobs: list[Job] = []
    seen: dict[str, int] = {}
    for url in dict.fromkeys(u.strip() for u in urls if u and u.strip()):
        slug = slug_for(url)
        seen[slug] = seen.get(slug, 0) + 1
        if seen[slug] > 1:
            slug = f"{slug}-{seen[slug]}"
        jobs.append(Job(url, slug, scrub_url(url)[0]))
    return jobs
