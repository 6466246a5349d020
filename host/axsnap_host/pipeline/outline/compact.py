"""Compact, filter and depth: fewer outline lines, each still placed in its tree.

``compact`` keeps the lines that say something — controls (with their ref), headings,
named images and cells, text, named containers, anything with a value or a state — and
the ancestors that place them. Ancestors kept only for placement are structure: they lose
their id (no agent acts on an unnamed row), and a structure line is folded away when it
is a pure wrapper (a label, a generic element, an unnamed group) or holds a single line.
A cell or row whose name only repeats the lines under it loses the name the same way.
Text inside an unnamed control becomes its name. Sibling text lines that the DOM shows to be
one run of inline text (one sentence split by inline markup: ``Enter "<b>Ann</b>" into``)
become one line, joined exactly as the page has them (``seam``), punctuation included.

Compact drops lines; it never changes the words of a line it keeps: a kept line's text is
the full outline's text of its node (or of the run of nodes it joins), and text that repeats
a control's name is dropped only as a whole line, never cut out of a run.

``filter="interactive"`` keeps the controls and their ancestors; ``depth`` keeps the top
levels and puts a marker where lines were cut. All three return fresh records with their
``depth`` and ``parent`` recomputed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Sequence

from axsnap_host.pipeline.outline.elision import elide
from axsnap_host.pipeline.outline.lines import OutlineLine

# Kinds that keep their ref in compact lines.
REF_KINDS = frozenset({"interactive", "heading", "image", "cell"})
# Kinds that are kept for their own sake in compact mode.
SAYING_KINDS = REF_KINDS | {"text", "container", "document"}
# Unnamed wrappers folded away in compact mode even when they hold several lines.
WRAPPER_ROLES = frozenset({
    "LabelText", "generic", "none", "presentation", "group", "Section", "Figcaption",
    "div", "span", "label", "section", "Pre", "emphasis", "strong", "time", "code",
    "cell", "gridcell", "MenuListPopup", "rowgroup", "Legend",
})
# Named-by-content roles: their name is their text, often all said by the lines below.
_NAMED_BY_CONTENT = frozenset({"cell", "gridcell", "columnheader", "rowheader", "row",
                               "listitem", "paragraph", "LabelText", "div", "span",
                               "generic", "label", "Figcaption", "caption", "term",
                               "definition"})
TEXT_ROLE = "text"
# An <iframe> keeps its id: frames[].ownerId names it.
FRAME_OWNER_ROLES = frozenset({"Iframe", "IframePresentational"})
_TEXT_NODE_ROLES = frozenset({"StaticText", "text"})
# How the text of the second line follows the first in one inline run ("" or " "), or None.
Seam = Callable[[str, str], "str | None"]


def rebuild(lines: Sequence[OutlineLine], keep: Sequence[bool]) -> list[OutlineLine]:
    """The kept lines, each under its nearest kept ancestor (depth = kept ancestors)."""
    out: list[OutlineLine] = []
    new_index = [-1] * len(lines)
    for i, line in enumerate(lines):
        parent = line.parent
        while parent >= 0 and new_index[parent] < 0:
            parent = lines[parent].parent
        if not keep[i]:
            continue
        up = new_index[parent] if parent >= 0 else -1
        depth = out[up].depth + 1 if up >= 0 else 0
        copy = dataclasses.replace(line, depth=depth, parent=up)
        new_index[i] = len(out)
        out.append(copy)
    return out


def with_ancestors(lines: Sequence[OutlineLine], wanted: Sequence[bool]) -> list[bool]:
    """``wanted`` plus every ancestor of a wanted line."""
    keep = list(wanted)
    for i in range(len(lines) - 1, -1, -1):
        if keep[i] and lines[i].parent >= 0:
            keep[lines[i].parent] = True
    return keep


def filter_interactive(lines: Sequence[OutlineLine]) -> list[OutlineLine]:
    """Controls and their ancestors (a frame's root included)."""
    wanted = [line.kind == "interactive" or line.parent < 0 for line in lines]
    return rebuild(lines, with_ancestors(lines, wanted))


def says_something(line: OutlineLine) -> bool:
    return line.kind in SAYING_KINDS or line.value is not None or bool(line.state)


def compact(lines: Sequence[OutlineLine], seam: Seam | None = None) -> list[OutlineLine]:
    """Compact lines (see the module docstring); the top line always stays. ``seam`` says
    which sibling text lines are one run of inline text; without it none are joined."""
    lines = join_text_runs(lines, seam) if seam is not None else list(lines)
    n = len(lines)
    said = _text_said_by_controls(lines)
    own = [(says_something(line) and i not in said) or line.parent < 0
           for i, line in enumerate(lines)]
    keep = with_ancestors(lines, own)
    children: list[list[int]] = [[] for _ in range(n)]
    for i, line in enumerate(lines):
        if keep[i] and line.parent >= 0:
            children[line.parent].append(i)
    repeats = _names_said_below(lines, keep, children)
    shown = list(keep)
    renamed: dict[str, tuple[str, tuple[str, ...]]] = {}  # control key → its inner text
    for i, line in enumerate(lines):
        if not keep[i] or line.parent < 0:
            continue
        only = children[i]
        if line.kind == "interactive" and not line.name and _text_leaves(lines, only, children):
            for j in only:  # an unnamed control labelled by the text inside it
                shown[j] = False
            renamed[line.key] = (" ".join(lines[j].name for j in only),
                                 tuple(k for j in only for k in (lines[j].key, *lines[j].joined)))
        if line.value is not None or line.state:
            continue
        placement_only = (line.kind == "structure" and not own[i]) or i in repeats
        if placement_only and (line.role in WRAPPER_ROLES or len(only) <= 1):
            shown[i] = False  # folded: its lines move up a level
    repeated_keys = {lines[i].key for i in repeats}
    out = rebuild(lines, shown)
    for line in out:
        if line.key in repeated_keys:
            line.name, line.kind = "", "structure"
        if line.key in renamed:
            line.name, line.joined = renamed[line.key]
        line.ref = line.kind in REF_KINDS or line.role in FRAME_OWNER_ROLES
        if line.kind == "text":
            line.role = TEXT_ROLE
    return out


def join_text_runs(lines: Sequence[OutlineLine], seam: Seam) -> list[OutlineLine]:
    """Each run of sibling text lines (adjacent, childless, one inline run by ``seam``) as
    one line: the first line's record with the run's text, ``joined`` naming the others.
    A run of punctuation alone stays decorative; punctuation in a run is its text."""
    n = len(lines)
    has_children = [False] * n
    for line in lines:
        if line.parent >= 0:
            has_children[line.parent] = True
    last_child: dict[int, int] = {}  # parent → its latest child line so far
    head: list[int] = list(range(n))  # line → the first line of its run
    text: dict[int, list[str]] = {}
    for i, line in enumerate(lines):
        before = last_child.get(line.parent)
        last_child[line.parent] = i
        if not _joinable(line, has_children[i]) or before is None:
            continue
        if not _joinable(lines[before], has_children[before]):
            continue
        gap = seam(lines[before].key, line.key)
        if gap is None:
            continue
        first = head[before]
        head[i] = first
        text.setdefault(first, [lines[first].name]).extend((gap, line.name))
    if not text:
        return list(lines)
    keep = [head[i] == i for i in range(n)]
    members: dict[int, list[int]] = {}
    for i in range(n):
        members.setdefault(head[i], []).append(i)
    out = rebuild(lines, keep)
    by_key = {line.key: line for line in out}
    for first, parts in text.items():
        line = by_key[lines[first].key]
        line.name = "".join(parts).strip()
        line.joined = tuple(lines[j].key for j in members[first][1:])
        if any(lines[j].kind == "text" for j in members[first]):
            line.kind = "text"
    return out


def _joinable(line: OutlineLine, has_children: bool) -> bool:
    return line.role in _TEXT_NODE_ROLES and not has_children and not line.is_marker


def _text_leaves(lines: Sequence[OutlineLine], kids: Sequence[int],
                 children: Sequence[Sequence[int]]) -> bool:
    """``kids`` are one or more text lines with nothing under them."""
    return bool(kids) and all(lines[j].kind == "text" and not children[j] for j in kids)


def _text_said_by_controls(lines: Sequence[OutlineLine]) -> set[int]:
    """Text (and image) lines that repeat what a line near them says: a control's label
    next to it, text or an icon inside a control, a heading's or a group's own text."""
    out: set[int] = set()
    names_by_parent: dict[int, set[str]] = {}
    for line in lines:
        if line.kind == "interactive" and line.name:
            names_by_parent.setdefault(line.parent, set()).add(_squash(line.name))
    inside: list[str | None] = []  # per line: what the nearest control ancestor says
    named: list[str] = []  # per line: the name of the nearest named line (itself included)
    for i, line in enumerate(lines):
        above = inside[line.parent] if line.parent >= 0 else None
        label = named[line.parent] if line.parent >= 0 else ""
        if line.kind == "interactive":
            inside.append(_squash(f"{line.name} {line.value or ''}"))
        else:
            inside.append(above)
        named.append(_squash(line.name) if line.name and line.kind != "text" else label)
        if line.kind not in ("text", "image"):
            continue
        text = _squash(line.name)
        beside = line.kind == "text" and _within_any(text, names_by_parent.get(line.parent, ()))
        parent_value = lines[line.parent].value if line.parent >= 0 else None
        held = parent_value is not None and _squash(parent_value) == text
        if beside or held or label == text or (above and text in above):
            out.add(i)
    return out


def _within_any(text: str, names: Collection[str]) -> bool:
    """``text`` is a sibling control's whole name or a part of it ("Order paint" beside
    "Done: Order paint"); one- and two-letter texts only count when equal."""
    if text in names:
        return True
    return len(text) >= _MIN_CONTAINED and any(text in name for name in names)


_MIN_CONTAINED = 3


def _names_said_below(lines: Sequence[OutlineLine], keep: Sequence[bool],
                      children: Sequence[Sequence[int]]) -> set[int]:
    """Kept lines whose name is exactly the text of the kept lines below them."""
    out: set[int] = set()
    for i, line in enumerate(lines):
        if not keep[i] or not line.name or not children[i] or line.role not in _NAMED_BY_CONTENT:
            continue
        target = _squash(line.name)
        said: list[str] = []
        size = 0
        stack = list(reversed(children[i]))
        while stack and size <= len(target):
            j = stack.pop()
            words = _squash(lines[j].name) + _squash(lines[j].value or "")
            said.append(words)
            size += len(words)
            stack.extend(reversed(children[j]))
        if not stack and "".join(said) == target:
            out.add(i)
    return out


def _squash(text: str) -> str:
    return "".join(text.split()).casefold()


def cut_depth(lines: Sequence[OutlineLine], depth: int) -> tuple[list[OutlineLine], int]:
    """The lines of the top ``depth`` levels, a marker where lines were cut; and how many
    were cut."""
    return elide(lines, [line.depth < depth for line in lines], lambda _dropped: "depth limit")
