"""Which walker records are their own click targets, beyond the walker's reasons.

- An icon (a small box that shows a picture and no text, ``ic`` from the walker) acts when
  a click listener on it says so, or one on a close ancestor (a delegated handler: jQuery's
  ``$(list).on('click', '.reply', …)`` puts the listener on the list): ``delegated``.
- Inside an element that is a control only by a listener or by ``cursor: pointer`` (a list
  with a delegated handler, a toolbar styled as clickable), a descendant with its own
  listener, pointer or role is a target of its own (Reply and Forward, autocomplete
  suggestions); inside a real control (a button, a link) it stays part of that control.
- Such a container whose whole text is said by the targets inside it is dropped: its line
  would only repeat them run together; so is one the walker reported only as the ancestor of
  such targets (a listener it cannot see, no text of its own read).
- A scroll box (``scroll``) is listed, but is no control its content belongs to.

And how DOM text addresses a target: its CSS selector within its own document (' >>> '
crosses a shadow root), from the document's root or from the nearest ancestor whose ``#id``
is unique, down to it (:class:`Selectors`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from axsnap_host.pipeline.dom.walker_merge import Joined

# Reasons that make an element a control only by how it reacts, not by what it is.
WEAK_REASONS = frozenset({"pointer", "clickable", "label", "delegated"})
# Containers whose descendants with a listener, pointer or role are targets of their own:
# weak ones, and focusable lists (a menu widget's tabindex=0 list).
_HOLDING_REASONS = WEAK_REASONS | {"tabindex"}
# An ancestor this close with a click listener makes an icon a target.
DELEGATION_LEVELS = 4
_DOCUMENT_TAGS = frozenset({"html", "body"})
# The walker cuts texts at 120 characters: a text this long may be a cut one.
CLIPPED_TEXT = 100


def delegated(joined: Sequence[Joined], j: Joined) -> bool:
    """An icon record with a click-type listener on it or on a close ancestor (not the
    document's <html>/<body>, where every delegating framework listens)."""
    if not j.rec.get("ic"):
        return False
    node: Joined | None = j
    for _ in range(DELEGATION_LEVELS + 1):
        if node is None or node.tag in _DOCUMENT_TAGS:
            return False
        if node.clickable:
            return True
        parent = node.rec.get("p", -1)
        node = joined[parent] if isinstance(parent, int) and 0 <= parent < node.rid else None
    return False


def container_of(joined: Sequence[Joined], j: Joined, chosen: dict[int, list[str]],
                 memo: dict[int, int] | None = None) -> int:
    """The nearest chosen ancestor that holds ``j`` as part of it (scroll boxes do not),
    or -1. ``memo`` (one per ``chosen``, asked in document order: an ancestor's choice is
    made before its descendants ask) keeps each passed record's answer for the next ask."""
    p = j.rec.get("p", -1)
    path: list[int] = []
    found = -1
    while isinstance(p, int) and p >= 0:
        reasons = chosen.get(p)
        if reasons is not None and not _scroll_box(reasons):
            found = p
            break
        known = memo.get(p) if memo is not None else None
        if known is not None:
            found = known
            break
        path.append(p)
        p = joined[p].rec.get("p", -1)
    if memo is not None:
        for rid in path:
            memo[rid] = found
    return found


# A scroll box's reasons, focusable or not (a `<main tabindex=0>` scrolled by keys): no
# control its content belongs to (design note 277).
_SCROLL_BOX = frozenset({"scroll", "tabindex"})


def _scroll_box(reasons: Sequence[str]) -> bool:
    return "scroll" in reasons and set(reasons) <= _SCROLL_BOX


def part_of(reasons: Sequence[str], container_reasons: Sequence[str]) -> bool:
    """A record with only weak reasons inside a real control is part of that control."""
    return WEAK_REASONS.issuperset(reasons) and not _HOLDING_REASONS.issuperset(
        container_reasons)  # (no set made of either list)


def drop_repeating_containers(
    joined: Sequence[Joined], picked: list[tuple[Joined, list[str]]],
    chosen: dict[int, list[str]], ups: Sequence[int],
) -> list[tuple[Joined, list[str]]]:
    """Without the holding containers whose text is only their targets' text run together,
    and without the one icon of a target that has text (the icon is part of it). A label
    standing for its visually hidden checkbox or radio is that control, never a container:
    the switch or box drawn inside it is its icon, part of it (design note 295).
    ``chosen``: the picked records' reasons by record id; ``ups``: each picked record's
    :func:`container_of` among them (its ancestors, all chosen or not before it)."""
    said: dict[int, list[Joined]] = {}  # the targets in each container (their texts are
    # squashed below only for the containers whose own text is compared with them)
    icons: dict[int, list[int]] = {}
    for (j, reasons), up in zip(picked, ups, strict=True):
        if up < 0:
            continue
        inside = said.get(up)
        if inside is None:
            said[up] = [j]
        else:
            inside.append(j)
        if reasons == ["delegated"]:
            icons.setdefault(up, []).append(j.rid)
    dropped = set()
    for up, rids in icons.items():
        if len(rids) == 1 and len(said[up]) == 1 and (joined[up].rec.get("tx")
                                                      or _stands_for_control(joined[up])):
            dropped.add(rids[0])
            said.pop(up)
    for rid, parts in said.items():
        if not set(chosen[rid]) <= _HOLDING_REASONS or _stands_for_control(joined[rid]):
            continue
        rec = joined[rid].rec
        text = str(rec.get("tx") or "")
        own = _squash(text)
        inner = "".join([_squash(str(t.rec.get("tx") or "")) for t in parts])
        skeleton = not own and not rec.get("c")  # a listener the walker could not see
        if skeleton or own == inner or (len(text) >= CLIPPED_TEXT and inner.startswith(own)):
            dropped.add(rid)
    return [(j, reasons) for j, reasons in picked if j.rid not in dropped]


def _stands_for_control(j: Joined) -> bool:
    """A ``<label>`` whose checkbox or radio is visually hidden (the walker's ``hiddenControl``
    state): a person presses the label, so it is the control."""
    return j.tag == "label" and bool((j.rec.get("st") or {}).get("hiddenControl"))


def _squash(text: str) -> str:
    return "".join(text.split())


ID_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
POS_RE = re.compile(r"\[(\d+)\]$")
FOREIGN_STEP_RE = re.compile(r"^\*\[name\(\)='([^']+)'\]")  # tree.js foreignStep


class Selectors:
    """Each element's CSS selector within its own document; ' >>> ' crosses a shadow root.

    A selector is its parent's (from the document's root, or from the nearest ancestor
    with a unique ``#id``, down) followed by the element's own step, so each ancestor's is
    made once and kept (by the record, in one of two tables: whether an ``#id`` below it
    anchors the selector already; no key tuple a step, note 341): a whole page's 30k listed
    elements cost one step each, not one walk up to the root each."""

    def __init__(self, joined: list[Joined]) -> None:
        self._joined = joined
        # record id → (the selector down to it, its last token's kind: "" none yet, ">>>" a
        # shadow root's crossing, "part" a step); not anchored below, and anchored
        self._made: dict[int, tuple[str, str]] = {}
        self._made_anchored: dict[int, tuple[str, str]] = {}
        self._steps: dict[str, str] = {}  # a step's selector token: a page repeats its steps

    def of(self, j: Joined) -> str:
        joined, free, anchored_made = self._joined, self._made, self._made_anchored
        # up from j: each's table (by whether it is anchored below), record id, own tokens
        pending: list[tuple[dict[int, tuple[str, str]], int, list[str]]] = []
        node: Joined | None = j
        anchored = False
        found: tuple[str, str] | None = None
        while node is not None:
            table = anchored_made if anchored else free
            found = table.get(node.rid)
            if found is not None:
                break
            own: list[str] = []
            rec = node.rec
            step = str(rec.get("d") or rec.get("s") or "")
            if not anchored:
                attrs = rec.get("a") or {}
                ident = str(attrs.get("id", ""))
                if ident and rec.get("idu") and ID_RE.match(ident):
                    own.append(f"#{ident}")
                    anchored = True
                else:
                    token = self._steps.get(step)
                    if token is None:
                        token = self._steps[step] = _step_token(step)
                    own.append(token)
            if step.startswith("#shadow-root/"):
                own.append(">>>")
                anchored = False
            pending.append((table, node.rid, own))
            if rec.get("s") == "html":
                break  # a document's root: relative to that document
            parent = rec.get("dp", rec.get("p", -1))
            node = joined[parent] if isinstance(parent, int) and 0 <= parent < node.rid \
                else None
        text, kind = found if found is not None else ("", "")
        for table, rid, own in reversed(pending):
            for token in reversed(own):
                if token == ">>>":
                    text, kind = text + " >>> ", ">>>"
                else:
                    text, kind = text + (" > " if kind == "part" else "") + token, "part"
            table[rid] = (text, kind)
        return text


def _step_token(step: str) -> str:
    """``li:nth-of-type(3)`` for a walker step ``li[3]`` (its last part), ``div`` for ``div``;
    an SVG's or MathML's ``*[name()='foreignObject'][2]`` is ``foreignobject:nth-of-type(2)``
    (a type selector matches any case)."""
    last = step.rsplit("/", 1)[-1]
    match = POS_RE.search(last)
    named = FOREIGN_STEP_RE.match(last)
    tag = named.group(1).lower() if named else last.split("[", 1)[0]
    return f"{tag}:nth-of-type({match.group(1)})" if match else tag
