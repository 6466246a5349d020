"""The walker's semantic-mode records as plain nodes: tag, role, text, box, styles, hiding.

The walker (extension/lib/walker/src/, ``semantic: true``) reports landmarks, text blocks and
interactive elements with their facts; the DOM channel's join (pipeline/dom/walker_merge.py)
gives them their backendNodeId and frame. Boxes here are in main-document CSS pixels (the
viewport box plus the scroll offset), as the DOM channel's ``rect``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from axsnap_host.models.capture import RawCapture
from axsnap_host.pipeline.dom.walker_merge import frame_ordinals, join
from axsnap_host.pipeline.hidden import hiding_reasons

_CHROME_TAGS = frozenset({"nav", "header", "footer", "aside"})
_CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary"})


@dataclass(slots=True)
class Node:
    rid: int
    parent: int
    tag: str
    attrs: dict[str, str]
    text: str
    box: tuple[float, float, float, float]  # page coordinates (x, y, w, h)
    frame: int = 0  # frame ordinal
    backend_node_id: int | None = None
    reasons: list[str] = field(default_factory=list)  # why it may be interactive (walker)
    hidden_by: list[str] = field(default_factory=list)  # walker: boxes hiding it
    font_size: float = 0.0
    font_size_known: bool = False
    font_weight: int = 400
    color: str = ""
    background: str = ""
    block: bool = False
    labelled_by: str = ""
    value: str | None = None
    filled: bool | None = None
    checked: bool | None = None
    disabled: bool = False
    in_viewport: bool = False
    covered: bool = False  # centre hit-tested to another element (under a modal)
    zero_box: bool = False
    ax_name: str = ""
    position: str = ""  # "fixed" / "sticky" (walker, semantic mode)
    layout: bool = False  # a layout block the walker reported for its box alone
    off_window: bool = False  # a page landmark beyond the read's window, for its region alone
    place_here: bool = False  # a link to a place on this page (walker: tally_contents.js)
    children: list[int] = field(default_factory=list)

    @property
    def role(self) -> str:
        return self.attrs.get("role", "").split(" ")[0].lower()

    @property
    def in_page_chrome(self) -> bool:
        """Whether this node is the page's chrome: its navigation, header, footer or a side
        column (by tag or landmark role); a field there is the site's, not the page's."""
        return self.tag in _CHROME_TAGS or self.role in _CHROME_ROLES

    @property
    def hiding(self) -> list[str]:
        """Why a person cannot read this node's text (empty: in plain sight)."""
        return hiding_reasons(inherited=self.hidden_by, font_size=self.font_size if self.text
                              and self.font_size_known else None, color=self.color,
                              background=self.background, zero_box=self.zero_box)

    @property
    def area(self) -> float:
        return max(0.0, self.box[2]) * max(0.0, self.box[3])


@dataclass
class PageFacts:
    url: str
    title: str
    nodes: list[Node]
    viewport: tuple[float, float]  # width, height (CSS px)
    scroll: tuple[float, float]
    page_size: tuple[float, float]  # scrollable width, height
    frames: list[dict[str, Any]]  # walker frames (url, ordinal, owner rid)
    semantic_mode: bool
    joined: list[Any] = field(default_factory=list)  # walker_merge.Joined, by node rid
    # The walker's tally of the whole top document (lib/walker/src/tally.js pageTally): counts
    # of fields, list items, prose, tables and alike rows, and the labels several controls share.
    tally: dict[str, Any] = field(default_factory=dict)

    def ancestors(self, node: Node) -> list[Node]:
        out: list[Node] = []
        p = node.parent
        while 0 <= p < len(self.nodes):
            out.append(self.nodes[p])
            p = self.nodes[p].parent
        return out


def _float(value: Any, default: float = 0.0) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def page_facts(capture: RawCapture) -> PageFacts:
    """Every walker record of the capture as a :class:`Node`, in document order."""
    walker = capture.walker or {}
    joined = join(capture)
    ordinals = frame_ordinals(capture, joined)
    layout_vp = (capture.layout or {}).get("cssLayoutViewport") or {}
    wscroll = walker.get("scroll") or {}
    sx = _float(layout_vp.get("pageX", wscroll.get("x", 0)))
    sy = _float(layout_vp.get("pageY", wscroll.get("y", 0)))
    vp = walker.get("viewport") or {}
    nodes: list[Node] = []
    for j in joined:
        rec = j.rec
        r = rec.get("r") or [0, 0, 0, 0]
        parent = rec.get("p", -1)
        node = Node(
            rid=j.rid,
            parent=parent if isinstance(parent, int) else -1,
            tag=j.tag,
            attrs={str(k): str(v) for k, v in (rec.get("a") or {}).items()},
            text=str(rec.get("tx") or ""),
            box=(_float(r[0]) + sx, _float(r[1]) + sy, _float(r[2]), _float(r[3])),
            frame=ordinals.get(j.frame, 0),
            backend_node_id=j.backend_node_id,
            reasons=[] if rec.get("ow") else  # (a landmark beyond the window acts on nothing)
            [str(c) for c in rec.get("c") or []] + (["clickable"] if j.clickable else []),
            hidden_by=[str(h) for h in rec.get("hx") or []],
            font_size_known="fs" in rec,
            font_size=_float(rec.get("fs")),
            font_weight=int(_float(rec.get("fw"), 400)),
            color=str(rec.get("col") or ""),
            background=str(rec.get("bg") or ""),
            block=bool(rec.get("blk")),
            labelled_by=str(rec.get("lb") or ""),
            value=str(rec["val"]) if "val" in rec else None,
            filled=bool(rec["filled"]) if "filled" in rec else None,
            checked=bool(rec["chk"]) if "chk" in rec else None,
            disabled=bool(rec.get("dis")),
            in_viewport=bool(rec.get("inv")),
            covered=rec.get("top") == 0,
            zero_box=rec.get("hid") == "size",
            ax_name=j.ax_name or "",
            position=str(rec.get("pos") or ""),
            layout=bool(rec.get("lay")),
            off_window=bool(rec.get("ow")),
            place_here=bool(rec.get("ph")),
        )
        nodes.append(node)
    for node in nodes:
        if 0 <= node.parent < len(nodes):
            nodes[node.parent].children.append(node.rid)
    frames = [{"url": str(f.get("url", "")), "ordinal": ordinals.get(i, 0),
               "owner": f.get("owner", -1)} for i, f in enumerate(walker.get("frames") or [])]
    return PageFacts(
        url=capture.tab.url or str(walker.get("url", "")),
        title=capture.tab.title or str(walker.get("title", "")),
        nodes=nodes,
        viewport=(_float(vp.get("w")), _float(vp.get("h"))),
        scroll=(sx, sy),
        page_size=(_float(wscroll.get("w")), _float(wscroll.get("h"))),
        frames=frames,
        semantic_mode=any("fs" in j.rec or "hx" in j.rec for j in joined),
        joined=joined,
        tally=found if isinstance(found := walker.get("tally"), dict) else {},
    )
