"""Every repository path the docs name exists: a file moved or renamed without its docs
fails here. Paths are the backticked ones (`host/axsnap_host/models/options.py`,
`lib/capture/capture.js`) and the targets of relative Markdown links; the JSON Schemas'
descriptions are checked too, since they reach users."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Where a path may be written from: the repository, the extension, the host package.
BASES = (ROOT, ROOT / "extension", ROOT / "host" / "axsnap_host", ROOT / "host")
DOCS = [ROOT / "README.md", ROOT / "bench" / "README.md",
        *sorted((ROOT / "docs").rglob("*.md"))]
SCHEMAS = sorted((ROOT / "schemas").rglob("*.json"))
_CODE = re.compile(r"`([^`\s]+)`")
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
_SCHEMA_PATH = re.compile(r"\b((?:extension|host|lib|pipeline|render|tests|scripts)/[\w./-]+\.\w+)")
_NOT_A_PATH = re.compile(r"[*{}<>$~:=|,()\[\]@'\"]|\.\.\.|…")


def _exists(token: str) -> bool | None:
    """True/False for a path under one of the bases; None for something that is no path."""
    token = token.rstrip("/.").removeprefix("./")
    if "/" not in token or token.startswith("/") or _NOT_A_PATH.search(token):
        return None
    if re.search(r"\.[A-Z]\w*$", token):  # a dotted name: models/errors.ErrorReply
        return None
    first = token.split("/", 1)[0]
    roots = [base for base in BASES if (base / first).exists()]
    if not roots:
        return None
    return any((base / token).exists() for base in roots)


def _dead_paths(text: str, *, patterns: tuple[re.Pattern[str], ...]) -> list[str]:
    return sorted({token for pattern in patterns for token in pattern.findall(text)
                   if _exists(token) is False})


def test_paths_named_in_the_docs_exist() -> None:
    dead = {}
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        missing = _dead_paths(text, patterns=(_CODE,))
        for target in _LINK.findall(text):
            if "://" not in target and not target.startswith("mailto:") \
                    and not (doc.parent / target).exists():
                missing.append(target)
        if missing:
            dead[str(doc.relative_to(ROOT))] = missing
    assert not dead, f"paths named in the docs that do not exist: {dead}"


def test_paths_named_in_the_schemas_exist() -> None:
    dead = {}
    for schema in SCHEMAS:
        missing = _dead_paths(schema.read_text(encoding="utf-8"), patterns=(_SCHEMA_PATH,))
        if missing:
            dead[str(schema.relative_to(ROOT))] = missing
    assert not dead, f"paths named in the JSON Schemas that do not exist: {dead}"


def test_a_dead_path_is_found() -> None:
    assert _dead_paths("see `host/axsnap_host/nothing_here.py`", patterns=(_CODE,)) == [
        "host/axsnap_host/nothing_here.py"]
    assert _dead_paths("see `host/axsnap_host/models/options.py`", patterns=(_CODE,)) == []
    assert _dead_paths("`format: 'a/b'` and `and/or`", patterns=(_CODE,)) == []
