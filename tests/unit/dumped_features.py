"""Page-type ``Features`` the extension read from spent corpus pages (``bench/semantic_pooled.py
dump``: one JSON line per page and read), kept under tests/fixtures/ for the rules' unit tests."""

from __future__ import annotations

import json
from pathlib import Path

from axsnap_host.semantic.classify import Features, classify

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def dumped(fixture: str, name: str, read: str = "first") -> Features:
    """The ``Features`` of ``name``'s ``read`` ("first" or "whole") in ``fixture``."""
    for line in (FIXTURES / fixture).read_text("utf-8").splitlines():
        row = json.loads(line)
        if (row["name"], row["read"]) == (name, read):
            return Features(**row["features"])
    raise KeyError(f"{name} ({read}) is not in {fixture}")


def signals(f: Features) -> set[str]:
    """The signals the rules fire on ``f``."""
    return {str(s["signal"]) for s in classify(f)[2]}
