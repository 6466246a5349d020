"""A dashboard read from its figures (issue 31, design note 274).

A dashboard shows one system's state in panels of different kinds, and figures are what each
panel holds: figures put up front, each under its few words ("RPS" "4.3", "Failures" "8%" in a
load test's top bar; a stat tile; a status row "Uptime" "2h 14m"), charts, and rows of figures
(a report's table of days and hits, "01 Nov 2026" "41" "42" "1.00 MB"; a request's timings;
an account tree's lines, "Donations" "−312.00"). Figures in panels of two of those kinds, or
three tables of figures or more (a web log's report: its months, days, hours and hosts), are a
dashboard's: its tables and lists are its parts, not a list page's records.

One table of figures alone is one list of measured things (a web log's report of every host
or every page), and a page asking for a password, taking a card, selling products or telling
a long text is no dashboard whatever figures it shows. A title naming another kind of page
says what the page is ("Simple Tables": a template's tables of sample figures; "Email": a
mailbox beside its folders' counts).
"""

from __future__ import annotations

from collections.abc import Callable

from axsnap_host.semantic.keywords import title_kinds
from axsnap_host.semantic.page_features import Features

# Figures up front: this many boxes or table rows of a few words and a figure.
UP_FRONT = 2
# Rows of figures: one table holding three or more, or this many list items each a line of a
# label and its figure.
FIGURE_ITEMS = 4
# A report of tables: this many tables of figures are its panels on their own.
REPORT_TABLES = 3
SIGNAL = "stats:figures in panels of two kinds, or 3+ tables of figures (a dashboard)"
WEIGHT = 0.45


def figure_kinds(f: Features) -> int:
    """How many kinds of panel show figures: up front, in a chart, in rows."""
    up_front = max(f.figure_labels, f.figure_tiles, f.stat_rows) >= UP_FRONT
    rows = f.figure_tables >= 1 or f.figure_items >= FIGURE_ITEMS
    return up_front + (f.charts >= 1) + rows


def figure_panels(f: Features, shop: bool) -> bool:
    """Figures in panels of two kinds or more, or three tables of figures or more, on a page
    that asks no password or card, sells nothing, tells no long text and whose title names no
    other kind of page."""
    if f.passwords or f.card_fields or shop or f.long_blocks >= 3:
        return False
    if title_kinds(f.title) - {"dashboard"}:
        return False
    return figure_kinds(f) >= 2 or f.figure_tables >= REPORT_TABLES


def fire_figure_panels(fire: Callable[[str, str, float, bool], None], f: Features,
                       shop: bool) -> bool:
    """Fires the dashboard signal of figures in panels; whether it fired."""
    panels = figure_panels(f, shop)
    fire("dashboard", SIGNAL, WEIGHT, panels)
    return panels
