"""Does the compact outline keep the page's words? Compact lines checked against the full
outline of the same document, from the two texts alone.

A compact line may stand for one node of the full outline or for a run of sibling text
nodes joined into one line. It is faithful when:

- ``[id] role: name …``: the full outline's line of that id has the same name (or, for a
  control the full outline leaves unnamed, the text lines inside it say that name);
- ``"text"``: some run of consecutive sibling text lines of the full outline says exactly
  these words, whitespace aside (a seam may hold a space or none);
- ``role: name`` without id (a named container, a structure line): the full outline has a
  line of that role and name.

Whitespace is normalised (collapsed for whole lines, ignored at seams), nothing else: a
word cut out of a sentence or a word that is not the page's is a difference. From text
alone a line that is only the first part of a run (``Enter "Ann`` without its ``".``) or
two blocks run together cannot be told from a faithful line (blocks are in the DOM, not in
the outline): the end-to-end tests check those against the page's own text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

_FULL = re.compile(r"^(?P<indent> *)\[(?P<id>[^\]]+)\] (?P<role>[^:]+?)(?:: (?P<name>.*))?$")
_COMPACT_ID = re.compile(r"^ *\[(?P<id>[^\]]+)\] (?P<rest>.*)$")
_TEXT_ROLES = frozenset({"StaticText", "text"})


@dataclass
class _Line:
    depth: int
    role: str
    name: str


def _squash(text: str) -> str:
    return "".join(text.split())


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _parse_full(full: str) -> tuple[list[_Line], dict[str, int]]:
    lines: list[_Line] = []
    by_id: dict[str, int] = {}
    for raw in full.splitlines():
        match = _FULL.match(raw)
        if not match:
            continue  # a budget marker
        by_id[match["id"]] = len(lines)
        lines.append(_Line(len(match["indent"]) // 2, match["role"], match["name"] or ""))
    return lines, by_id


def _says(rest: str, role: str, name: str) -> bool:
    """``rest`` (``role: name = "v" [state]`` of a compact line) starts with role and name."""
    head = f"{role}: {name}" if name else role
    rest, head = _collapse(rest), _collapse(head)
    return rest == head or rest.startswith((head + " = ", head + " ["))


def _inner_text(lines: list[_Line], index: int) -> str:
    depth = lines[index].depth
    words = []
    for line in lines[index + 1:]:
        if line.depth <= depth:
            break
        if line.role in _TEXT_ROLES:
            words.append(line.name)
    return _squash("".join(words))


def _run_says(lines: list[_Line], starts: dict[str, list[int]], text: str) -> bool:
    target = _squash(text)
    if not target:
        return True
    for start in starts.get(target[:1], ()):
        said = ""
        depth = lines[start].depth
        for line in lines[start:]:
            if line.depth != depth or line.role not in _TEXT_ROLES:
                break
            said += _squash(line.name)
            if not target.startswith(said):
                break
            if said == target:
                return True
    return False


def changed_lines(full: str, compact: str) -> list[str]:
    """The compact lines whose words are not the full outline's (see the module doc)."""
    lines, by_id = _parse_full(full)
    starts: dict[str, list[int]] = {}
    for i, line in enumerate(lines):
        if line.role in _TEXT_ROLES and _squash(line.name):
            starts.setdefault(_squash(line.name)[:1], []).append(i)
    named = {(line.role, _collapse(line.name)) for line in lines}
    out = []
    for raw in compact.splitlines():
        body = raw.strip()
        if not body or body.startswith("…"):
            continue
        if body.startswith('"'):
            ok = _run_says(lines, starts, json.loads(body))
        elif match := _COMPACT_ID.match(raw):
            index = by_id.get(match["id"])
            if index is None:
                ok = False
            else:
                line = lines[index]
                inner = "" if line.name else _inner_text(lines, index)
                ok = _says(match["rest"], line.role, line.name) or bool(
                    inner and _squash(match["rest"]).startswith(_squash(f"{line.role}:{inner}")))
        else:
            role, _, name = body.partition(": ")
            ok = not name or any(_says(body, r, n) for r, n in named if r == role)
        if not ok:
            out.append(raw)
    return out
