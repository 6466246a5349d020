"""A chart drawn in the page, as the page type counts it (``Features.charts``): a canvas or an
svg the size of a figure, out of the page's chrome and of links and buttons (a logo is an svg
too), no icon in a line of text (an unsized svg in a ``<span>`` is drawn 300 by 150), and no
slide (an svg holding a heading: Marp's decks draw each slide's HTML in a foreignObject, a
page of text; a diagram's labels are no headings; design note 346). The walker's tally counts
alike over the whole page (``tally_graphs.js drawnCharts``)."""

from __future__ import annotations

from axsnap_host.semantic.facts import Node, PageFacts

# Inline elements: an svg straight in one is an icon in a line of text, no chart.
INLINE = frozenset({"a", "em", "strong", "b", "i", "u", "span", "font", "small", "sup", "sub",
                    "code", "abbr", "cite", "q", "mark", "time"})
# A figure's size: this many square pixels, or a canvas of some size (a script draws and sizes
# it: a sparkline too).
FIGURE_AREA = 15000
CANVAS_LEAST = (40, 20)
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Nodes looked at under an svg for a heading.
SLIDE_LOOK = 400


def drawn_chart(node: Node, facts: PageFacts, above: list[Node], chrome: bool) -> bool:
    """Whether ``node`` (its ancestors ``above``, nearest first) is a chart drawn in the page."""
    tag = node.tag
    if tag not in ("svg", "canvas") or chrome:
        return False
    figure = node.area >= FIGURE_AREA or (tag == "canvas" and node.box[2] >= CANVAS_LEAST[0]
                                          and node.box[3] >= CANVAS_LEAST[1])
    return (figure and not any(a.tag in ("a", "button") for a in above)
            and not (above and above[0].tag in INLINE)
            and not (tag == "svg" and slide(node, facts)))


def slide(svg: Node, facts: PageFacts) -> bool:
    """An svg holding a heading: a slide drawn as HTML, no chart."""
    todo, seen = list(svg.children), 0
    while todo and seen < SLIDE_LOOK:
        node = facts.nodes[todo.pop()]
        if node.tag in HEADINGS:
            return True
        todo.extend(node.children)
        seen += 1
    return False
