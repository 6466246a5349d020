"""Attention-ranked content: the text blocks a person reads first, top 50.

attention = 0.35 position + 0.25 area + 0.15 font + 0.25 tag semantics, each in 0–1:
position — closeness of the block's centre to the first screen's centre, with a bonus for
being on the first screen that falls from its top to its bottom; area — the block's box
against 3% of the viewport (a paragraph of a few lines is already big); font —
its font size against the page's largest; semantics — what the tag says (a heading or the
lead paragraph more than a table cell), discounted in navigation, header, footer, sidebar
and dialog regions (a cookie banner reads less than the article under it). In the main region the
page's title and the blocks of its body text (the container holding the most paragraphs of
prose; the container of the whole article when that one is a later section and the opening
paragraph after the title stands before it: a manual page's option list) come first, so
a story's paragraphs far down the page still rank above the teasers, menus and link lists
around them. Hidden blocks are dropped; text is redacted like every
other output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from axsnap_host.pipeline.redaction import scrub_text
from axsnap_host.semantic.facts import Node, PageFacts

TOP = 50
WEIGHTS = {"position": 0.35, "area": 0.25, "font": 0.15, "semantic": 0.25}
TAG_SEMANTICS = {"h1": 1.0, "h2": 0.85, "h3": 0.75, "h4": 0.6, "h5": 0.55, "h6": 0.5,
                 "p": 0.7, "blockquote": 0.65, "pre": 0.55, "li": 0.45, "figcaption": 0.5,
                 "dd": 0.45, "dt": 0.45, "td": 0.4, "th": 0.45, "caption": 0.5, "legend": 0.4,
                 "summary": 0.4}
REGION_FACTOR = {"main": 1.0, "form": 0.9, "sidebar": 0.6, "header": 0.5, "navigation": 0.4,
                 "footer": 0.35, "dialog": 0.3}
CHROME_TIER = {"sidebar": 1, "header": 2, "navigation": 2, "footer": 2, "dialog": 2}
LOOSE_TEXT_SEMANTICS = 0.3  # a <div> or <span> with text of its own
LOOSE_MIN_CHARS = 25
OWN_TEXT_CHARS = 25  # a block with this much text besides its links is prose with links in it
LEAD_SEMANTICS = 1.0  # an article's lead paragraph says as much as its title
LEAD_MIN_CHARS = 60
LEAD_CLASS = re.compile(r"\b(lead|lede|intro|standfirst|summary|dek)\b", re.I)
AREA_FULL = 0.03  # a block covering this fraction of the viewport has the full area score
BODY_PARAGRAPH_CHARS = 80  # a paragraph this long counts as prose for its container
PROSE_TAGS = frozenset({"p"})
READING_TAGS = frozenset({"h1", "h2", "h3", "h4", "p", "blockquote", "pre", "li", "dd"})
BODY_TAGS = frozenset({"p", "blockquote", "pre", "li", "dd", "figcaption", "h2", "h3", "h4",
                       "td", "div", "span"})
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4"})
TITLE_REPEAT_WORDS = 3  # a heading of this many words repeated as a paragraph's first words
_OWN_WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more
_SENTENCE_ENDS = (".", "!", "?", ":", "。", "！", "？", "：")


@dataclass
class Section:
    node: Node
    text: str
    region: str
    scores: dict[str, float]
    attention: float

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "tag": self.node.tag, "region": self.region,
                "bounds": [round(v) for v in self.node.box],
                "scores": {k: round(v, 3) for k, v in self.scores.items()},
                "attention": round(self.attention, 3)}


def _first_text_below(facts: PageFacts, node: Node) -> str:
    """The text of the first node with text under ``node`` (document order)."""
    todo = list(reversed(node.children))
    while todo:
        child = facts.nodes[todo.pop()]
        if child.text.strip():
            return child.text.strip()
        todo.extend(reversed(child.children))
    return ""


def _candidates(facts: PageFacts, hiding: list[list[str]], skip: set[int]) -> list[Node]:
    """Outermost visible text blocks, and loose text long enough to be read as a block.

    Loose text (a ``<div>`` or ``<body>`` with text of its own) is a block of its own but
    never holds the blocks under it; a loose text that starts with the words of what is under
    it is the walker's skeleton of those blocks (its first 120 characters), not text."""
    taken: set[int] = set()
    out: list[Node] = []
    skeletons: list[Node] = []
    holding_blocks = _holding_blocks(facts)
    for node in facts.nodes:
        parent = node.parent
        if parent in taken:
            taken.add(node.rid)  # inside a block already listed: its text is there
            continue
        if node.rid in skip or hiding[node.rid] or not node.text.strip():
            continue
        if node.box[2] <= 0 or node.box[3] <= 0:
            continue
        if node.block and node.rid in holding_blocks:
            # a layout cell or an item holding paragraphs: its blocks are listed, and its own
            # words (an item's sentence above its sub-list), when they make a paragraph
            own = _own_words(facts, node)
            if len(own) >= BODY_PARAGRAPH_CHARS and not node.reasons:
                out.append(replace(node, text=own))
            continue
        if node.children and all(facts.nodes[c].reasons for c in node.children) and (
                len(node.text) - sum(len(facts.nodes[c].text) for c in node.children
                                     if facts.nodes[c].text in node.text)
                < OWN_TEXT_CHARS) and not _heading_of_its_place(facts, node) and not (
                    _sentence_round_links(facts, node)):
            # a cell or item holding only controls: the controls say it (the controls' words
            # its text holds: the walker clips a block's text, not its links')
            continue
        if node.block:
            out.append(node)
            taken.add(node.rid)
        elif len(node.text) >= LOOSE_MIN_CHARS and not node.reasons:
            below = _first_text_below(facts, node)
            if not below or not node.text.strip().startswith(below[:20]) or _runs(node):
                out.append(node)
            else:
                skeletons.append(node)
    # A skeleton stands for its blocks only when none of them is listed on its own.
    holding: set[int] = set()
    for node in out:
        holding.update(a.rid for a in facts.ancestors(node))
    out += _innermost([node for node in skeletons if node.rid not in holding], facts)
    return sorted(out, key=lambda n: n.rid)


def _innermost(skeletons: list[Node], facts: PageFacts) -> list[Node]:
    """The skeletons left once wrappers are dropped: a skeleton holding another that starts
    with its words is one text in nested boxes (a header's six wrapper <div>s around one menu,
    each with the menu's first 120 characters): the innermost stands for it."""
    by_rid = {node.rid: node for node in skeletons}
    wrappers: set[int] = set()
    for node in skeletons:
        words = node.text.strip()
        for above in facts.ancestors(node):
            outer = by_rid.get(above.rid)
            if outer is not None and words.startswith(outer.text.strip()[:20]):
                wrappers.add(outer.rid)
    return [node for node in skeletons if node.rid not in wrappers]


def _heading_of_its_place(facts: PageFacts, node: Node) -> bool:
    """A heading whose every link leads to a place on this page (a manual's chapter title
    linking back to its contents, a permalink's "¶"): the heading a person reads, titling
    what follows it, not a control pointing elsewhere (a teaser's headline leads away)."""
    return node.tag in HEADING_TAGS and all(
        facts.nodes[c].tag == "a" and facts.nodes[c].place_here for c in node.children)


def _sentence_round_links(facts: PageFacts, node: Node) -> bool:
    """A paragraph whose short sentence holds its links ("First, <a>install behave</a>."): a
    word of its own besides them, and the sentence's end. A person reads a sentence there; a
    cell or item of controls ("<a>Edit</a> | <a>Delete</a>") says nothing of its own."""
    if node.tag != "p":
        return False
    rest = node.text
    for child in node.children:
        said = facts.nodes[child].text.strip()
        if said:
            rest = rest.replace(said, " ", 1)
    return bool(_OWN_WORD.search(rest)) and node.text.rstrip().endswith(_SENTENCE_ENDS)


def _own_words(facts: PageFacts, node: Node) -> str:
    """The text of a block holding other blocks without theirs ("" when one of them is not
    found in it: the walker clipped the block's text)."""
    text = node.text
    todo = list(node.children)
    while todo:
        child = facts.nodes[todo.pop()]
        if child.block and child.text.strip():
            said = child.text.strip()
            if said not in text:
                return ""
            text = text.replace(said, " ", 1)
        else:
            todo.extend(child.children)
    return " ".join(text.split())


def _holding_blocks(facts: PageFacts) -> set[int]:
    """Nodes with a text block under them: a table cell laying out a whole story, a list
    item holding paragraphs. Taken as one block, they would swallow every block under them
    (the walker gives a block its first 600 characters)."""
    out: set[int] = set()
    for node in facts.nodes:
        if not (node.block and node.text.strip()):
            continue
        parent = node.parent
        while 0 <= parent < len(facts.nodes) and parent not in out:
            out.add(parent)
            parent = facts.nodes[parent].parent
    return out


def _runs(node: Node) -> list[str]:
    """The paragraphs of a body written in <br> runs (the walker joins them by "\n\n" in a
    <div>'s or a cell's text: lib/walker/src/semantic.js), [] for any other node."""
    if node.tag == "pre" or node.block or "\n\n" not in node.text:
        return []
    return [part for part in node.text.split("\n\n") if part.strip()]


def _paragraphs(section: Section) -> list[Section]:
    """A <pre>'s paragraphs (the walker keeps its blank lines as "\n\n") and a body's <br>
    runs, each a section of its own with the block's box and scores: a plain-text document's
    abstract is a paragraph, not the tail of its header; an old blog's post is paragraphs."""
    if "\n\n" not in section.text or (section.node.tag != "pre" and not _runs(section.node)):
        return [section]
    return [Section(section.node, part, section.region, section.scores, section.attention)
            for part in section.text.split("\n\n") if part.strip()]


def _lead(nodes: list[Node]) -> int:
    """The lead paragraph: marked as one, else the first real paragraph after the first
    <h1> (a byline or a date line is too short to be it). -1 if none."""
    for node in nodes:
        if node.tag == "p" and LEAD_CLASS.search(node.attrs.get("class", "")):
            return node.rid
    seen_title = False
    for node in nodes:
        if node.tag == "h1":
            seen_title = True
        elif seen_title and node.tag == "p" and len(node.text) >= LEAD_MIN_CHARS:
            return node.rid
    return -1


def _lead_beside(facts: PageFacts, lead: int, title: int, region_of: list[str],
                 region_kind: dict[str, str]) -> bool:
    """The lead paragraph, marked as one, is the story's when it sits beside the story's
    title (the same parent) in the main region, though its body's container does not hold it
    (a standfirst between the headline and the share bar)."""
    if lead < 0 or title < 0:
        return False
    node = facts.nodes[lead]
    return (node.parent == facts.nodes[title].parent and bool(
        LEAD_CLASS.search(node.attrs.get("class", "")))
        and REGION_FACTOR.get(region_kind.get(region_of[lead], "main"), 1.0) >= 1.0)


def _body(facts: PageFacts, hiding: list[list[str]]) -> int:
    """The container of the page's body text: each visible paragraph of prose credits its
    parent with its length and its grandparent with half (a story's paragraphs share a parent
    or two; a teaser's one paragraph is alone), and the container with the most credit wins.
    -1 when the page has fewer than three such paragraphs."""
    credit: dict[int, float] = {}
    paragraphs = 0
    for node in facts.nodes:
        if hiding[node.rid]:
            continue
        runs = [len(r.strip()) for r in _runs(node) if len(r.strip()) >= BODY_PARAGRAPH_CHARS]
        if len(runs) >= 2:  # a body of <br> runs: its paragraphs' container is the node
            paragraphs += len(runs)
            credit[node.rid] = credit.get(node.rid, 0.0) + sum(runs)
            continue
        if node.tag not in PROSE_TAGS or len(node.text.strip()) < BODY_PARAGRAPH_CHARS:
            continue
        paragraphs += 1
        weight = float(len(node.text.strip()))
        parent = node.parent
        if 0 <= parent < len(facts.nodes):
            credit[parent] = credit.get(parent, 0.0) + weight
            grand = facts.nodes[parent].parent
            if 0 <= grand < len(facts.nodes):
                credit[grand] = credit.get(grand, 0.0) + weight / 2
    if paragraphs < 3 or not credit:
        return -1
    return max(credit, key=lambda rid: (credit[rid], -rid))


def _article(facts: PageFacts, body: int, lead: int, region_of: list[str],
             region_kind: dict[str, str]) -> int:
    """The container of the whole article when the body's container holds one of its
    sections only: a manual page's option list outweighs its DESCRIPTION, yet a person reads
    the opening first. The opening is the first paragraph after the title (``_lead``); when it
    comes before the body's container, in the same main region, outside it, the body is the
    nearest container holding both (the sections' common parent, not the page's chrome). The
    body's container as it is when the opening is in it, after it, or in another region."""
    if body < 0 or lead < 0 or lead > body:
        return body
    opening = facts.nodes[lead]
    if region_of[lead] != region_of[body] or REGION_FACTOR.get(
            region_kind.get(region_of[body], "main"), 1.0) < 1.0:
        return body
    holding = {a.rid for a in facts.ancestors(opening)}
    for above in facts.ancestors(facts.nodes[body]):
        if above.rid in holding:
            return above.rid
    return body


def _without_title(text: str, heading: str) -> str:
    """A body paragraph that opens with the heading above it, word for word (a blog post's
    first line repeating its title): the paragraph after those words, when a paragraph is
    left; else ``text`` as it is. Words that go on in lower case continue the sentence the
    heading's words begin ("The Rust Standard Library is the foundation of ..." under "The
    Rust Standard Library"): a person reads them as its subject, no repeated title."""
    title = heading.strip()
    if len(title.split()) < TITLE_REPEAT_WORDS or not text.startswith(title):
        return text
    rest = text[len(title):].lstrip()
    if rest[:1].islower():
        return text
    return rest if len(rest) >= LEAD_MIN_CHARS else text


def _own_prose(node: Node, body: int) -> bool:
    """The body's container itself with a paragraph's length of text of its own (a page of
    loose text and ``<p>`` breaks: the text before its first ``<p>`` is its first paragraph)."""
    return node.rid == body and len(node.text.strip()) >= BODY_PARAGRAPH_CHARS


def rank_content(facts: PageFacts, region_of: list[str], region_kind: dict[str, str],
                 hiding: list[list[str]], skip: set[int], redact: bool) -> list[Section]:
    """The top blocks by attention (ties: document order)."""
    nodes = _candidates(facts, hiding, skip)
    if not nodes:
        return []
    vw, vh = facts.viewport if facts.viewport[0] > 0 else (1280.0, 757.0)
    cx, cy = vw / 2, vh / 2
    diagonal = (vw ** 2 + vh ** 2) ** 0.5
    largest = max((n.font_size for n in nodes), default=0.0) or 16.0
    lead = _lead(nodes)
    body = _article(facts, _body(facts, hiding), lead, region_of, region_kind)
    in_body: set[int] = set()  # the title and the blocks of the body text
    sections: list[Section] = []
    heading = ""  # the last heading before the node
    for node in nodes:
        x, y, w, h = node.box
        nx, ny = x + w / 2, min(y + h / 2, y + vh / 2)  # a tall block: its first screen
        distance = ((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5
        first_screen = max(0.0, 1 - max(y, 0.0) / vh)  # on the first screen, read top down
        position = 0.5 * max(0.0, 1 - distance / diagonal) + 0.5 * first_screen
        area = min(1.0, (node.area / (AREA_FULL * vw * vh)) ** 0.5)
        font = min(1.0, (node.font_size or 16.0) / largest)
        region = region_of[node.rid]
        factor = REGION_FACTOR.get(region_kind.get(region, "main"), 1.0)
        tag_weight = LEAD_SEMANTICS if node.rid == lead else TAG_SEMANTICS.get(
            node.tag, LOOSE_TEXT_SEMANTICS)
        semantic = tag_weight * factor
        scores = {"position": position, "area": area, "font": font, "semantic": semantic}
        attention = sum(WEIGHTS[k] * v for k, v in scores.items())
        readable = node.tag in BODY_TAGS or bool(_runs(node)) or _own_prose(node, body)
        if body >= 0 and factor >= 1.0 and (node.tag == "h1" or (readable and (
                node.rid == body or any(a.rid == body for a in facts.ancestors(node))))):
            in_body.add(node.rid)
        text = scrub_text(node.text)[0] if redact else node.text
        if node.tag in HEADING_TAGS:
            heading = text
        elif node.rid in in_body:
            text = _without_title(text, heading)
        sections += _paragraphs(Section(node, text, region, scores, attention))
    # The page's own text before its chrome, whatever the attention: an article's body above
    # its navigation, banners and footer; in the main region its title and body text before
    # the teasers and link lists around them, the body in reading order after its title and
    # lead, so its first paragraphs are read first; attention orders every other tier.
    title = min((rid for rid in in_body if facts.nodes[rid].tag == "h1"), default=-1)
    if _lead_beside(facts, lead, title, region_of, region_kind):
        in_body.add(lead)  # a story's lead sits with its title, outside its body's container
    first = {title: -2, lead: -1} if lead in in_body else {title: -2}

    def order(s: Section) -> tuple[int, bool, int, int, float, int]:
        tier = CHROME_TIER.get(region_kind.get(s.region, "main"), 0)
        if body >= 0 and s.node.rid in in_body:
            if s.node.tag in READING_TAGS or s.node.rid in first or _runs(s.node) or \
                    _own_prose(s.node, body):
                return tier, False, 0, first.get(s.node.rid, s.node.rid), 0.0, s.node.rid
            # an infobox's cells, a caption: after the prose, by attention
            return tier, False, 1, 0, -round(s.attention, 6), s.node.rid
        return tier, body >= 0, 0, 0, -round(s.attention, 6), s.node.rid

    sections.sort(key=order)
    return sections[:TOP]
