"""Reading outline text in tests: lines parsed by the caller's pattern, and a line's
ancestors by indentation (two spaces a level)."""

from __future__ import annotations

from typing import Any


def ancestors(lines: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """The lines above ``lines[index]`` that hold it, nearest first (each needs ``depth``)."""
    out: list[dict[str, Any]] = []
    depth = lines[index]["depth"]
    for line in reversed(lines[:index]):
        if line["depth"] < depth:
            out.append(line)
            depth = line["depth"]
    return out
