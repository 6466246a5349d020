"""DOM text's line keys: what its delta matches lines by, made when a delta reads them.

An outline's lines carry their keys from the build (the node ids). DOM text's are read off
each line (``[12] <button> …`` is element 12) by :func:`dom_line_keys`; a whole page's DOM
text is 30-45k lines, 30 ms of the read, so a DOM snapshot is kept with its lines only and
its keys are made when a diff first needs them (a delta against it, or from it): a read
that asks for no delta, the usual one, never makes them (design note 136). The keys are the
same whenever they are made: they follow from the lines alone.
"""

from __future__ import annotations

from collections.abc import Iterable


def dom_line_key(line: str) -> str:
    """``e<index>`` for an element line (``[12] <button> …``), ``h:<label>`` for a header
    line (``[URL: …]``), else ``t:`` and the line itself."""
    if line.startswith("["):
        head = line[1:].split("]", 1)[0]
        if head.isdigit():
            return f"e{head}"
        label = head.split(":", 1)[0]
        if label != head:
            return f"h:{label}"
    return f"t:{line}"


def unique_keys(keys: Iterable[str]) -> list[str]:
    """Keys with a repeat numbered (``t:``, ``t:#2``): the diff matches lines by key."""
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        seen[key] = seen.get(key, 0) + 1
        out.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return out


def dom_line_keys(lines: Iterable[str]) -> list[str]:
    """Each DOM text line's key, in order (one a line)."""
    return unique_keys(dom_line_key(line) for line in lines)
