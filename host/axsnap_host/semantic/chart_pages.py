"""Charts as what a page shows (issue 31): a chart beside a table is a dashboard's panel, and
three charts or more with no products or results among them are a page of graphs, a
monitoring console's node or category (design note 260): their boxes are the graphs' panels
and the console's menu of categories no list page's items, so the list signals stand down.

The charts are the walker's tally's: canvases and svgs the size of a figure, and pictures a
server drew for a period (extension/lib/walker/src/tally_graphs.js).
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.page_features import Features

Fire = Callable[[str, str, float, bool], None]


def fire_charts(fire: Fire, f: Features, shop: bool) -> tuple[bool, bool]:
    """(a chart beside a table, a page of graphs), each fired for the dashboard."""
    # A chart beside a table, or beside rows with checkboxes: a dashboard's panels without
    # tiles (a table of records, a list page, a mailbox, has no chart beside it).
    charted = f.charts >= 1 and (f.tables >= 1 or f.row_checkboxes >= 4)
    fire("dashboard", "stats:a chart beside a table", 0.3, charted)
    # (a search's results with a sparkline a product, a shop's products: their charts are theirs)
    graphs = f.charts >= 3 and not shop and f.prices < 4 and f.result_blocks < 5
    fire("dashboard", "stats:3+ charts", 0.45, graphs)
    return charted, graphs
