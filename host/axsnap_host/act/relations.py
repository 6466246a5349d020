"""Relational targets: an element named by what it is near or inside.

``'"Reply" near "Kanesha"'`` or ``'"retweet" in "@jolie"'`` (the anchor is quoted; the
words before ``near`` / ``in`` / ``inside`` / ``within`` are an ordinary query), or the
structured ``{"query": "Reply", "near": "Kanesha"}`` / ``{"query": ..., "inside": ...}``.

The anchor is found among every visible text the walker saw (not only interactive
elements: a sender's name, a user handle, a row's label), best match only. The query's
candidates are the resolver's matches within its margin of the best. Each candidate is
then placed against the anchor, on the capture's structure first and its geometry second:

1. a candidate inside the anchor's element comes first;
2. then the one sharing the deepest container with the anchor (same card, row, list item:
   the longest common XPath prefix, in the same frame);
3. ``near`` only: then the shortest gap between the two boxes (0 when they touch).

``in`` never breaks a tie by distance: two candidates in the same innermost container are
``ambiguous_target``. ``near`` calls two candidates equally close when their gaps differ
by less than ``TIE_PX`` (or ``TIE_RATIO`` of the nearer): ``ambiguous_target`` too.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Literal

from axsnap_host.act.resolver import (
    MARGIN,
    MIN_SCORE,
    Decision,
    Scored,
    nearest,
    similarity,
)
from axsnap_host.act.wording import normalize
from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.walker_merge import frame_ordinals, joined_records

RelationKind = Literal["near", "in"]
TIE_PX = 4.0
TIE_RATIO = 0.1
_RELATIONAL = re.compile(
    r"^(?P<query>.+?)\s+(?P<kind>near|next\s+to|in|inside|within)\s+"
    r"[\"“'‘](?P<anchor>[^\"“”'‘’]+)[\"”'’]\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Relation:
    kind: RelationKind
    anchor: str


def split_relation(text: str) -> tuple[str, Relation | None]:
    """``'"Reply" near "Kanesha"'`` → ``('"Reply"', Relation("near", "Kanesha"))``; a
    query without a quoted anchor after near/in/inside/within stays as it is."""
    match = _RELATIONAL.match(text.strip())
    if not match or not match.group("query").strip():
        return text, None
    word = " ".join(match.group("kind").lower().split())
    kind: RelationKind = "near" if word in ("near", "next to") else "in"
    return match.group("query").strip(), Relation(kind, match.group("anchor").strip())


@dataclass(frozen=True, slots=True)
class Anchor:
    frame: int  # frame ordinal, as element records number frames
    xpath: str
    box: tuple[float, float, float, float]  # x, y, width, height in page CSS pixels
    score: float


def find_anchors(capture: RawCapture, text: str) -> list[Anchor]:
    """The visible texts that say ``text`` best (within the resolver's margin). A text that
    says it exactly, punctuation included ("@orci", not the word "Orci." in a post), wins."""
    wanted = normalize(text)
    verbatim = " ".join(text.split()).casefold()
    exact: list[Anchor] = []
    joined = joined_records(capture)
    ordinals = frame_ordinals(capture, joined)
    walker = capture.walker or {}
    viewport = (capture.layout or {}).get("cssLayoutViewport") or {}
    scroll_x = float(viewport.get("pageX", (walker.get("scroll") or {}).get("x", 0)) or 0)
    scroll_y = float(viewport.get("pageY", (walker.get("scroll") or {}).get("y", 0)) or 0)
    found: list[Anchor] = []
    for j in joined:
        said = j.rec.get("tx") or j.rec.get("hint") or (j.rec.get("a") or {}).get("aria-label")
        rect = j.rec.get("r")
        if not said or not j.rec.get("vis") or not isinstance(rect, list) or len(rect) != 4:
            continue
        score = similarity(wanted, normalize(str(said)))
        if score >= MIN_SCORE:
            box = (rect[0] + scroll_x, rect[1] + scroll_y, rect[2], rect[3])
            found.append(Anchor(ordinals.get(j.frame, 0), j.xpath, box, score))
            if " ".join(str(said).split()).casefold() == verbatim:
                exact.append(found[-1])
    if exact:
        return exact
    if not found:
        return []
    best = max(a.score for a in found)
    return [a for a in found if best - a.score < MARGIN]


def _steps(xpath: str) -> list[str]:
    return [s for s in xpath.split("/") if s]


def _placement(rec: dict[str, Any], anchor: Anchor) -> tuple[int, int, float] | None:
    """(inside the anchor, depth of the shared container, distance), or None when the two
    are in different frames."""
    if int(rec.get("frame") or 0) != anchor.frame:
        return None
    mine, theirs = _steps(str(rec.get("xpath") or "")), _steps(anchor.xpath)
    shared = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        shared += 1
    inside = int(shared == len(theirs) and len(mine) > len(theirs))
    rect = rec.get("rect") or {}
    x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
    w, h = float(rect.get("width", 0)), float(rect.get("height", 0))
    ax, ay, aw, ah = anchor.box
    dx = max(0.0, ax - (x + w), x - (ax + aw))
    dy = max(0.0, ay - (y + h), y - (ay + ah))
    return inside, shared, math.hypot(dx, dy)


@dataclass(slots=True)
class Placed:
    scored: Scored
    inside: int
    depth: int
    distance: float


def place(ranked: list[Scored], anchors: list[Anchor]) -> list[Placed]:
    """The query's candidates (within the margin of its best), each at its best placement
    against any anchor, best placed first."""
    if not ranked or ranked[0].score < MIN_SCORE:
        return []
    top = ranked[0].score
    placed: list[Placed] = []
    for s in ranked:
        if top - s.score >= MARGIN:
            break
        spots = [p for p in (_placement(s.record, a) for a in anchors) if p is not None]
        if spots:
            inside, depth, distance = max(spots, key=lambda p: (p[0], p[1], -p[2]))
            placed.append(Placed(s, inside, depth, round(distance, 1)))
    placed.sort(key=lambda p: (-p.inside, -p.depth, p.distance))
    return placed


def decide_related(ranked: list[Scored], anchors: list[Anchor], kind: RelationKind) -> Decision:
    """One element, or a refusal: ``not_found`` when the query or the anchor finds nothing
    (or no candidate shares a frame with the anchor), ``ambiguous`` when the best two are
    placed alike (see the module doc)."""
    placed = place(ranked, anchors)
    if not placed:
        return Decision("not_found", None, nearest("", ranked))
    best = placed[0]
    tied = [p for p in placed if (p.inside, p.depth) == (best.inside, best.depth) and (
        kind == "in" or p.distance - best.distance < max(TIE_PX, TIE_RATIO * best.distance))]
    if len(tied) > 1:
        return Decision("ambiguous", None, [p.scored for p in tied[:8]])
    return Decision("unique", best.scored, [best.scored])


def text_holders(records: list[dict[str, Any]], anchors: list[Anchor]) -> list[Scored]:
    """The elements of the row, card or item that holds a text no element says ("Item
    100": the row's Archive button): the ones sharing the deepest container with the text,
    best anchor first. Empty when the text shares no container deeper than the page's
    body with any element."""
    best: tuple[int, int] | None = None
    held: list[Scored] = []
    for anchor in anchors:
        for rec in records:
            spot = _placement(rec, anchor)
            if spot is None:
                continue
            key = (spot[0], spot[1])
            if best is None or key > best:
                best, held = key, []
            if key == best:
                held.append(Scored(rec, round(anchor.score * 0.9, 3), "text"))
    if best is None or best[1] < 3:
        return []
    return held
