"""Delta between two snapshots of one channel, and :func:`apply_delta` for clients.

A snapshot here is the part of a reply a client keeps: for an outline ``combinedTree``,
the two maps, ``frames`` and ``focus`` (:data:`SNAPSHOT_PARTS`); for DOM text ``domtext``
and ``elements`` (:data:`DOM_PARTS`). Its hash is the SHA-256 of their RFC 8785 canonical JSON. A
delta has two faces:

- for the machine, ``edits``: positional line edits ``[start, delete_count, new_lines]``
  on the base's text lines (ascending, non-overlapping); for an outline ``maps``:
  set/remove patches of the two maps, ``frames``: ``{length, set: {index: record}}`` and
  ``focus``: ``{value}`` when they changed; for DOM text ``elements``: ``{order, set}``
  (the new order of element indices, and the records that are new or changed). Applying
  them to the base gives the new snapshot exactly; the new hash checks it.
- for the model, ``changes`` and ``text``: each added, removed or changed line with its id,
  the fields that changed (name, value, state) and the lines above it that place it.

Lines are matched by key (the node id; ref-less compact lines and markers have keys too),
keeping the longest run of keys in the same order; every other line is added or removed.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from axsnap_host.models.canonical import sha256_hash
from axsnap_host.pipeline.delta.line_keys import dom_line_keys
from axsnap_host.pipeline.outline.text import indent, split_indent

SNAPSHOT_PARTS = ("combinedTree", "combinedXpathMap", "combinedUrlMap", "frames", "focus")
DOM_PARTS = ("domtext", "elements")
ALL_PARTS = SNAPSHOT_PARTS + DOM_PARTS
TEXT_PARTS = ("combinedTree", "domtext")  # the lines a delta edits, one per channel
MAP_PARTS = ("combinedXpathMap", "combinedUrlMap")
INDENT = "  "
CONTEXT_LINES = 4  # ancestors shown to place a change


class DeltaError(ValueError):
    """The delta does not apply to this base (another base, or a corrupt delta)."""


def snapshot_parts(result: dict[str, Any]) -> dict[str, Any]:
    """The parts of an outline or DOM result that a delta reproduces."""
    return {part: result[part] for part in ALL_PARTS if part in result}


def text_part(result: dict[str, Any]) -> str:
    """The name of the result's text part: ``domtext`` for DOM text, else ``combinedTree``."""
    return "domtext" if "domtext" in result else "combinedTree"


def snapshot_hash(result: dict[str, Any], as_is: bool = False) -> str:
    """``sha256:<hex>`` of the snapshot parts' RFC 8785 canonical JSON (what the side panel
    and any JavaScript client compute: see :mod:`axsnap_host.models.canonical`); ``as_is``:
    the parts were checked plain as they are (canonical ``sha256_hash``)."""
    return sha256_hash(snapshot_parts(result), as_is=as_is)


def split_lines(text: str) -> list[str]:
    return text.split("\n") if text else []


class LineInfo(NamedTuple):
    """What the diff knows of one line: its key and the fields a change is reported in.
    (A tuple: a large outline has tens of thousands of them.)"""

    key: str
    name: str = ""
    value: str | None = None
    state: tuple[str, ...] = ()
    ref: bool = True


@dataclass
class Snapshot:
    """A snapshot as the host keeps it for the next delta."""

    snapshot_id: str
    hash: str
    parts: dict[str, Any]
    lines: list[str]
    # None: DOM text's lines, keyed when a diff reads them (line_keys.py, one a line)
    info: list[LineInfo] | None = field(default_factory=list)

    def line_info(self) -> list[LineInfo]:
        """Each line's :class:`LineInfo` (DOM text's made from its lines now)."""
        if self.info is None:
            return [LineInfo(key) for key in dom_line_keys(self.lines)]
        return self.info

    def approx_bytes(self) -> int:
        """Rough memory held (Python objects): text, per-line records, map entries."""
        maps = sum(len(k) + len(v) + 120 for part in MAP_PARTS
                   for k, v in (self.parts.get(part) or {}).items())
        infos = len(self.lines if self.info is None else self.info)  # (as if made: the same)
        return sum(len(line) + 60 for line in self.lines) + 220 * infos + maps


# -- diff ---------------------------------------------------------------------------------

def _stable_pairs(base_keys: Sequence[str], new_keys: Sequence[str]) -> list[tuple[int, int]]:
    """Matched (base index, new index) pairs, increasing in both: the longest such run of
    keys common to both (patience-style LIS over base positions, O(n log n))."""
    where: dict[str, int] = {}
    for i, key in enumerate(base_keys):
        where.setdefault(key, i)
    pairs = [(where[key], j) for j, key in enumerate(new_keys) if key in where]
    tails: list[int] = []  # base position ending the best run of each length
    tail_at: list[int] = []  # pair index of that tail
    back: list[int] = [-1] * len(pairs)
    for p, (i, _j) in enumerate(pairs):
        k = bisect.bisect_left(tails, i)
        if k == len(tails):
            tails.append(i)
            tail_at.append(p)
        else:
            tails[k] = i
            tail_at[k] = p
        back[p] = tail_at[k - 1] if k > 0 else -1
    out: list[tuple[int, int]] = []
    p = tail_at[-1] if tail_at else -1
    while p >= 0:
        out.append(pairs[p])
        p = back[p]
    out.reverse()
    return out


class _Outline:
    """An outline's lines with each line's depth and parent (the nearest line above it that
    is less deep: the line that contains it) read once a diff, in one pass down the lines as
    far as a change asks. The diff places every change by the lines that contain it; found by
    scanning up from each change, a page whose rows all change (a list re-rendered after an
    act) cost O(lines x changes): 4.1 s for 2,000 rows."""

    __slots__ = ("_depths", "_open", "_parents", "lines")

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self._depths = [-1] * len(lines)
        self._parents: list[int] = []  # of the lines read so far; -1: none contains it
        self._open: list[int] = []  # the lines that contain the next one, outermost first

    def depth(self, index: int) -> int:
        depth = self._depths[index]
        if depth < 0:
            depth = self._depths[index] = split_indent(self.lines[index])[0]
        return depth

    def parent(self, index: int) -> int:
        parents, open_ = self._parents, self._open
        for k in range(len(parents), index + 1):
            depth = self.depth(k)
            while open_ and self.depth(open_[-1]) >= depth:
                open_.pop()
            parents.append(open_[-1] if open_ else -1)
            open_.append(k)
        return parents[index]


def _bare_line(line: str) -> str:
    """The line's text without its indent (deep lines carry ``»N `` in it)."""
    return split_indent(line)[1].strip()


def _ancestors(outline: _Outline, index: int) -> list[int]:
    """Indices of the lines above ``index`` that contain it, nearest first, up to the first
    line at depth 0."""
    out: list[int] = []
    at = index
    while outline.depth(at) > 0 and (at := outline.parent(at)) >= 0:
        out.append(at)
    return out


def _context(outline: _Outline, index: int) -> list[str]:
    """Up to CONTEXT_LINES ancestor lines (text without indent), outermost first; the
    document's top line is left out when there are others."""
    lines = outline.lines
    above = _ancestors(outline, index)
    if len(above) > 1 and outline.depth(above[-1]) == 0:
        above = above[:-1]
    out = [_bare_line(lines[i]) for i in reversed(above[:CONTEXT_LINES])]
    if above and _bare(out[-1]) and above[0] + 1 < index:
        # "row" alone does not say which row: name it by its first line
        out[-1] += f" ({_bare_line(lines[above[0] + 1])})"
    return out


def _bare(text: str) -> bool:
    """A line with neither id nor name (``row``, ``listitem``): it places nothing."""
    return not text.startswith("[") and ": " not in text


def _state_map(state: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in state:
        name, _, value = item.partition("=")
        out[name] = value if value else True
    return out


def _fields(old: LineInfo, new: LineInfo) -> dict[str, Any]:
    """What changed between two versions of a line: name, value, state ({name: [old,
    new]}, false for absent), or only its place (``moved``)."""
    fields: dict[str, Any] = {}
    if old.name != new.name:
        fields["name"] = [old.name, new.name]
    if old.value != new.value:
        fields["value"] = [old.value, new.value]
    before, after = _state_map(old.state), _state_map(new.state)
    states = {name: [before.get(name, False), after.get(name, False)]
              for name in sorted(set(before) | set(after)) if before.get(name) != after.get(name)}
    if states:
        fields["state"] = states
    return fields or {"line": True}


def _subtree_end(outline: _Outline, index: int, limit: int) -> int:
    depth = outline.depth(index)
    end = index + 1
    while end < limit and outline.depth(end) > depth:
        end += 1
    return end


def diff(base: Snapshot, new: Snapshot) -> dict[str, Any]:
    """The delta from ``base`` to ``new`` (see the module docstring), with
    ``changed_fraction``: the share of lines that are not unchanged."""
    old_lines, new_lines = base.lines, new.lines
    old_info, new_info = base.line_info(), new.line_info()
    old_outline, new_outline = _Outline(old_lines), _Outline(new_lines)
    pairs = _stable_pairs([x.key for x in old_info], [x.key for x in new_info])
    edits: list[list[Any]] = []
    changes: list[dict[str, Any]] = []
    unchanged = 0
    bi = nj = 0
    for i, j in [*pairs, (len(old_lines), len(new_lines))]:
        if bi < i or nj < j:
            edits.append([bi, i - bi, new_lines[nj:j]])
            changes.extend(_removed(old_outline, old_info, bi, i))
            changes.extend(_added(new_outline, new_info, nj, j))
        if i < len(old_lines):
            if old_lines[i] == new_lines[j]:
                unchanged += 1
            else:
                edits.append([i, 1, [new_lines[j]]])
                changes.append(_entry("changed", new_outline, new_info, j,
                                      fields=_fields(old_info[i], new_info[j]),
                                      was=_bare_line(old_lines[i])))
        bi, nj = i + 1, j + 1
    total = max(len(old_lines), len(new_lines), 1)
    delta: dict[str, Any] = {
        "base_snapshot_id": base.snapshot_id,
        "base_hash": base.hash,
        "hash": new.hash,
        "changed_fraction": round(1 - unchanged / total, 4),
        "counts": {op: sum(x.get("lines", 1) for x in changes if x["op"] == op)
                   for op in ("added", "removed", "changed")},
        "changes": changes,
        "edits": _merged(edits),
    }
    for part in MAP_PARTS:
        before, after = base.parts.get(part) or {}, new.parts.get(part) or {}
        patch: dict[str, Any] = {}
        changed = {k: v for k, v in after.items() if before.get(k) != v}
        gone = sorted(k for k in before if k not in after)
        if changed:
            patch["set"] = changed
        if gone:
            patch["remove"] = gone
        if patch:
            delta.setdefault("maps", {})[part] = patch
    frames = _frames_patch(base.parts.get("frames") or [], new.parts.get("frames") or [])
    if frames:
        delta["frames"] = frames
    if base.parts.get("focus") != new.parts.get("focus"):
        delta["focus"] = {"value": new.parts.get("focus")}
    if "elements" in base.parts or "elements" in new.parts:
        elements = _elements_patch(base.parts.get("elements") or [],
                                   new.parts.get("elements") or [])
        if elements:
            delta["elements"] = elements
    delta["text"] = render_changes(changes)
    return delta


def _elements_patch(before: list[dict[str, Any]], after: list[dict[str, Any]]
                    ) -> dict[str, Any] | None:
    """``{order, set}`` for DOM elements keyed by their index: ``order`` when the list of
    indices changed, ``set`` the records that are new or differ; None when equal."""
    old = {record.get("index"): record for record in before}
    changed = {str(record.get("index")): record for record in after
               if old.get(record.get("index")) != record}
    order = [record.get("index") for record in after]
    patch: dict[str, Any] = {}
    if order != [record.get("index") for record in before]:
        patch["order"] = order
    if changed:
        patch["set"] = changed
    return patch or None


def _frames_patch(before: list[Any], after: list[Any]) -> dict[str, Any] | None:
    """``{length, set: {index: frame}}`` for the frame records that differ, or None."""
    changed = {str(i): frame for i, frame in enumerate(after)
               if i >= len(before) or before[i] != frame}
    if not changed and len(before) == len(after):
        return None
    return {"length": len(after), "set": changed}


def _merged(edits: list[list[Any]]) -> list[list[Any]]:
    """Join edits that touch (a removal followed by a change of the next line)."""
    out: list[list[Any]] = []
    for start, count, lines in edits:
        if out and out[-1][0] + out[-1][1] == start:
            out[-1][1] += count
            out[-1][2] = out[-1][2] + lines
        else:
            out.append([start, count, list(lines)])
    return out


def _entry(op: str, outline: _Outline, info: Sequence[LineInfo], index: int,
           **extra: Any) -> dict[str, Any]:
    line = info[index]
    entry: dict[str, Any] = {"op": op, "id": None if line.key.startswith("…") else line.key,
                             "line": _bare_line(outline.lines[index]),
                             "context": _context(outline, index)}
    entry.update(extra)
    return entry


def _added(outline: _Outline, info: Sequence[LineInfo], start: int, end: int) -> list[
        dict[str, Any]]:
    """One entry per added subtree: its top line, and the lines below it (indented from
    it) when there are any."""
    out = []
    i = start
    while i < end:
        stop = _subtree_end(outline, i, end)
        entry = _entry("added", outline, info, i, lines=stop - i)
        if stop - i > 1:
            depth = outline.depth(i)
            entry["below"] = [indent(outline.depth(k) - depth - 1)
                              + _bare_line(outline.lines[k]) for k in range(i + 1, stop)]
        out.append(entry)
        i = stop
    return out


def _removed(outline: _Outline, info: Sequence[LineInfo], start: int, end: int) -> list[
        dict[str, Any]]:
    out = []
    i = start
    while i < end:
        stop = _subtree_end(outline, i, end)
        out.append(_entry("removed", outline, info, i, lines=stop - i))
        i = stop
    return out


def render_changes(changes: Sequence[dict[str, Any]]) -> str:
    """The changes as text for a model: ``+``/``-``/``~`` and the line, ``in:`` the lines
    that place it; an added subtree's lines follow, indented."""
    out: list[str] = []
    for change in changes:
        symbol = {"added": "+", "removed": "-", "changed": "~"}[change["op"]]
        head = f"{symbol} {change['line']}"
        if change["op"] == "removed" and change.get("lines", 1) > 1:
            head += f" (and {change['lines'] - 1} lines below)"
        if change["op"] == "changed":
            head += _fields_note(change.get("fields") or {}, change.get("was", ""))
        if change["context"]:
            head += "  in: " + " > ".join(change["context"])
        out.append(head)
        out.extend(f"{INDENT}{line}" for line in change.get("below", ()))
    return "\n".join(out)


def _fields_note(fields: dict[str, Any], was: str) -> str:
    notes = []
    for name, (old, new) in (fields.get("state") or {}).items():
        notes.append(f"+{name}" if old is False else f"-{name}" if new is False else
                     f"{name}: {old} → {new}")
    if "value" in fields:
        notes.append("value was " + json.dumps(fields["value"][0], ensure_ascii=False))
    if "name" in fields:
        notes.append("name was " + json.dumps(fields["name"][0], ensure_ascii=False))
    if fields.get("line"):
        notes.append(f"was: {was}")
    return f" ({'; '.join(notes)})" if notes else ""
