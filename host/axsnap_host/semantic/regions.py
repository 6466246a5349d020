"""Regions: header, navigation, main, sidebar, footer, dialog, form — landmarks first.

A node belongs to the region of its nearest landmark ancestor (``<header>``/banner,
``<nav>``/navigation, ``<main>``/main, ``<aside>``/complementary, ``<footer>``/contentinfo,
``<dialog>``/dialog/``aria-modal``, ``<form>``/form/search, and a cookie or consent banner
as a dialog). A node under no landmark is placed by the layout block it is in (its
outermost container that is not page-sized: a top bar, a side column, a panel, a modal),
else by its own box: a band at the top of the page is the header, one at the bottom the
footer, a narrow column at a side the sidebar, a fixed box clear of the page's sides a
dialog, the rest main. Each region has its bounds and, once the elements are named, their
semantic ids. A window read also hears of the page landmarks beyond its window (the walker's
``ow`` records): what of the window lies in one keeps that region on a scroll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from axsnap_host.semantic.facts import Node, PageFacts

_ROLE_KINDS = {"banner": "header", "navigation": "navigation", "main": "main",
               "complementary": "sidebar", "contentinfo": "footer", "dialog": "dialog",
               "alertdialog": "dialog", "form": "form", "search": "form"}
_TAG_KINDS = {"header": "header", "nav": "navigation", "main": "main", "aside": "sidebar",
              "footer": "footer", "dialog": "dialog", "form": "form"}
_SECTIONING = frozenset({"article", "section", "main", "aside", "nav"})
_BANNER = re.compile(r"cookie|consent|gdpr|privacy-banner", re.IGNORECASE)
HEADER_BAND = 140.0  # px from the top of the page
FOOTER_BAND = 220.0  # px from the bottom
SIDE_COLUMN = 0.28  # fraction of the page width


@dataclass
class Region:
    id: str
    kind: str
    source: str  # "landmark" | "layout"
    label: str = ""
    box: list[float] = field(default_factory=list)  # x, y, w, h
    elements: list[str] = field(default_factory=list)
    # False for a landmark beyond the read's window until something in the window lies in it:
    # such a region is no fact of what the read shows (its kind is no page feature)
    reached: bool = True

    def grow(self, box: tuple[float, float, float, float]) -> None:
        if box[2] <= 0 or box[3] <= 0:
            return
        if not self.box:
            self.box = list(box)
            return
        x0, y0 = min(self.box[0], box[0]), min(self.box[1], box[1])
        x1 = max(self.box[0] + self.box[2], box[0] + box[2])
        y1 = max(self.box[1] + self.box[3], box[1] + box[3])
        self.box = [x0, y0, x1 - x0, y1 - y0]

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "kind": self.kind, "source": self.source, "label": self.label,
                "bounds": [round(v) for v in self.box] if self.box else None,
                "elements": list(self.elements)}


def landmark_kind(node: Node, facts: PageFacts) -> str | None:
    """The region kind a node opens, or None."""
    role = node.role
    if role in _ROLE_KINDS:
        return _ROLE_KINDS[role]
    if node.attrs.get("aria-modal") == "true" or (node.tag == "dialog" and "open" in node.attrs):
        return "dialog"
    kind = _TAG_KINDS.get(node.tag)
    if kind in ("header", "footer") and any(a.tag in _SECTIONING for a in facts.ancestors(node)):
        return None  # an article's own header/footer is no page landmark
    if kind == "dialog" and "open" not in node.attrs:
        return None
    if kind is None and _banner(node, facts):
        return "dialog"
    return kind


def _banner(node: Node, facts: PageFacts) -> bool:
    """A cookie or consent banner, by its class or id: a box no taller than the screen. The id
    of a ``<section>`` or ``<article>`` is the anchor of its heading ("getting-to-know-
    cookiecutter", "chocolate-chip-cookies"), which names what it says, no banner."""
    marks = node.attrs.get("class", "")
    if node.tag not in ("section", "article"):
        marks += " " + node.attrs.get("id", "")
    screen = facts.viewport[1] if facts.viewport[1] > 0 else 757.0
    return bool(_BANNER.search(marks)) and node.box[3] <= screen


def layout_kind(box: tuple[float, float, float, float], facts: PageFacts) -> str:
    """Where a box sits on the page, for nodes under no landmark."""
    width = max(facts.page_size[0], facts.viewport[0], 1.0)
    height = max(facts.page_size[1], facts.viewport[1], 1.0)
    x, y, w, h = box
    if y + h <= HEADER_BAND and w >= 0.4 * width:
        return "header"
    if y >= height - FOOTER_BAND and height > 2 * FOOTER_BAND:
        return "footer"
    narrow = 0 < w <= SIDE_COLUMN * width and h >= 150
    if narrow and (x + w <= SIDE_COLUMN * width or x >= (1 - SIDE_COLUMN) * width):
        return "sidebar"
    return "main"


def layout_block(node: Node, facts: PageFacts) -> Node | None:
    """The outermost container of ``node`` (itself included) that is not page-sized: the
    block of the page's layout it belongs to."""
    width = max(facts.page_size[0], facts.viewport[0], 1.0)
    height = max(facts.page_size[1], facts.viewport[1], 1.0)
    chain = [node, *facts.ancestors(node)]
    for candidate in reversed(chain):
        if candidate.tag in ("html", "body") or candidate.box[2] <= 0 or candidate.box[3] <= 0:
            continue
        page_sized = (candidate.box[2] >= 0.95 * width
                      and candidate.box[3] >= 0.6 * max(height, facts.viewport[1]))
        if not page_sized:
            return candidate
    return None


def _floating(block: Node, facts: PageFacts) -> bool:
    """A fixed box clear of the viewport's sides: a modal or a popup."""
    x, y, w, _ = block.box
    vw = facts.viewport[0] or 1280.0
    return (block.position == "fixed" and x > 8 and x + w < vw - 8 and y - facts.scroll[1] > 8
            and w <= 0.8 * vw)


def _on_screen(block: Node, facts: PageFacts) -> tuple[float, float, float, float]:
    """A layout block's box where a person places it: a fixed or stuck bar rides the screen, so
    its place is the screen's (a fixed top bar is the header after a scroll, as before it);
    the page's own blocks keep their page box."""
    x, y, w, h = block.box
    if block.position in ("fixed", "sticky"):
        y -= facts.scroll[1]
    return x, y, w, h


def assign_regions(facts: PageFacts) -> tuple[list[str], dict[str, Region]]:
    """(region id per node, regions by id in the order they were found)."""
    regions: dict[str, Region] = {}
    counts: dict[str, int] = {}
    region_of: list[str] = [""] * len(facts.nodes)
    landmark_of: list[str] = [""] * len(facts.nodes)

    def new_region(kind: str, source: str, label: str = "") -> Region:
        counts[kind] = counts.get(kind, 0) + 1
        rid = kind if counts[kind] == 1 else f"{kind}_{counts[kind]}"
        region = Region(rid, kind, source, label)
        regions[rid] = region
        return region

    for node in facts.nodes:  # 1. landmarks
        parent = node.parent
        inherited = landmark_of[parent] if 0 <= parent < len(facts.nodes) else ""
        kind = landmark_kind(node, facts)
        if kind is not None:
            label = node.attrs.get("aria-label", "") or node.labelled_by
            region = new_region(kind, "landmark", label)
            region.grow(node.box)
            region.reached = not node.off_window  # (numbered in document order all the same)
            landmark_of[node.rid] = region.id
        else:
            landmark_of[node.rid] = inherited
    first_of_kind: dict[str, Region] = {}
    for region in regions.values():
        first_of_kind.setdefault(region.kind, region)
    for node in facts.nodes:  # 2. layout, for what no landmark holds
        if landmark_of[node.rid]:
            region_of[node.rid] = landmark_of[node.rid]
            if not node.off_window:
                regions[region_of[node.rid]].reached = True
            continue
        block = layout_block(node, facts)
        if block is not None and _floating(block, facts):
            lk = "dialog"
        else:
            lk = layout_kind(_on_screen(block, facts) if block is not None else node.box, facts)
        placed = first_of_kind.get(lk)
        if placed is None:
            placed = first_of_kind[lk] = new_region(lk, "layout")
        if node.text or node.reasons:
            placed.grow(node.box)
        region_of[node.rid] = placed.id
    # Regions nobody ended up in (only wrappers) are dropped by the caller.
    return region_of, regions
