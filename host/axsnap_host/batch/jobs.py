"""The pages of a batch: URLs from a file, each with a stable folder name (its slug)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Job:
    url: str
    slug: str


def slug_for(url: str) -> str:
    """A readable, filesystem-safe folder name that is unique per URL (a hash suffix)."""
    parts = urlsplit(url)
    query = f"_{parts.query}" if parts.query else ""
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", f"{parts.hostname or ''}{parts.path}{query}")
    readable = readable.strip("._-")[:60] or "page"
    return f"{readable}-{hashlib.sha256(url.encode()).hexdigest()[:10]}"


def read_urls(path: Path) -> list[str]:
    """One URL a line; blank lines and lines starting with ``#`` are skipped."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def make_jobs(urls: Iterable[str]) -> list[Job]:
    """One job per distinct URL, in the order given."""
    return [Job(url, slug_for(url)) for url in dict.fromkeys(u.strip() for u in urls if u)]
